"""Portal público de transparência (UX, tela 6): sem login, só o que é público.

Art. 23: a linha do tempo pública não traz justificativas, dados registrados nem nomes; os
documentos públicos por natureza (pareceres, PDL, PL) podem ser baixados, os demais não —
e a URL pública de um documento interno responde 404, sem revelar que ele existe."""

import hashlib

import pytest
from django.core.files.base import ContentFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from documentos import emissao
from documentos.codigo import novo_codigo
from documentos.copia_integral import emitir_copia_integral
from documentos.models import Documento
from processos.atos import ATOS
from processos.estados import Estado
from processos.models import Processo
from requisitos.models import Municipio
from tests.processos.construtores import (
    DADOS,
    JUSTIFICATIVA,
    PASSADO,
    PDF_MINIMO,
    avancar,
    protocolar,
)


def _documento(processo, tipo: str, *, substitui=None) -> Documento:
    """Documento gravado direto no banco, sem o WeasyPrint (o que se testa é o acesso)."""
    return Documento.objects.create(
        codigo=novo_codigo(),
        tipo=tipo,
        titulo=f"{tipo} v{substitui.versao + 1 if substitui else 1}",
        serie=f"{tipo}-{processo.pk if processo else 'avulso'}",
        versao=substitui.versao + 1 if substitui else 1,
        substitui=substitui,
        processo=processo,
        arquivo=ContentFile(PDF_MINIMO, name="doc.pdf"),
        sha256=hashlib.sha256(PDF_MINIMO).hexdigest(),
        sha256_conteudo="0" * 64,
        tamanho=len(PDF_MINIMO),
        paginas=1,
        emitido_em=timezone.now(),
        emitente_nome="Otávio Operador",
    )


def test_anonimo_ve_a_lista_com_link_para_a_pagina_publica(client, operador):
    processo = protocolar(operador, nome="Vila Serena do Xingu")

    resposta = client.get("/portal/")

    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert processo.protocolo in html and "Vila Serena do Xingu" in html
    assert f'href="/portal/processos/{processo.slug}/"' in html
    assert f'href="/processos/{processo.slug}/"' not in html
    assert 'name="aguardando"' not in html


def test_anonimo_ve_a_pagina_publica_do_processo(client, operador):
    processo = protocolar(operador, nome="Vila Serena do Xingu", sede="Vila Serena do Xingu")

    resposta = client.get(f"/portal/processos/{processo.slug}/")

    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert f"Processo nº {processo.protocolo} — Criação do Município de Vila Serena" in html
    assert 'aria-current="step"' in html
    assert Estado.PROTOCOLADA.label in html


def test_linha_do_tempo_publica_mostra_ato_e_estado_sem_justificativa_dados_ou_nomes(
    client, operador
):
    processo = avancar(protocolar(operador), operador, "visita_realizada")

    html = client.get(f"/portal/processos/{processo.slug}/").content.decode()

    assert ATOS["receber_na_crt"].rotulo in html
    assert ATOS["registrar_visita"].rotulo in html
    assert Estado.VISITA_REALIZADA.label in html
    assert timezone.localdate().strftime("%d/%m/%Y") in html
    assert JUSTIFICATIVA not in html
    visita = DADOS["registrar_visita"][""]
    for texto in (visita["relatorio_circunstanciado"], visita["membros_presentes"]):
        assert texto not in html
    assert "Otávio Operador" not in html and "otavio" not in html


def test_documentos_publicos_listados_e_baixados_sem_login_e_os_internos_nao(
    client, operador, emissao_real
):
    processo = avancar(protocolar(operador), operador, "aguardando_certidoes")
    extrato = emissao.emitir_extrato(processo, usuario=operador)
    copia = emitir_copia_integral(processo, usuario=operador)
    parecer = Documento.objects.get(processo=processo, tipo="parecer_preliminar")
    oficios = list(Documento.objects.filter(processo=processo, tipo="oficio"))
    assert oficios

    html = client.get(f"/portal/processos/{processo.slug}/").content.decode()
    download = client.get(f"/portal/documentos/{parecer.codigo}/")

    assert parecer.codigo in html and f"/validar/?codigo={parecer.codigo}" in html
    assert f'href="/portal/documentos/{parecer.codigo}/"' in html
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert b"".join(download.streaming_content).startswith(b"%PDF")
    for interno in [*oficios, extrato, copia]:
        assert interno.codigo not in html
        assert client.get(f"/portal/documentos/{interno.codigo}/").status_code == 404


def test_so_a_versao_vigente_de_cada_serie_aparece_no_portal(client, operador):
    processo = protocolar(operador)
    antiga = _documento(processo, "parecer_merito")
    vigente = _documento(processo, "parecer_merito", substitui=antiga)

    html = client.get(f"/portal/processos/{processo.slug}/").content.decode()

    assert vigente.codigo in html
    assert antiga.codigo not in html


def test_documento_publico_sem_processo_nao_e_servido_pelo_portal(client, operador):
    avulso = _documento(None, "pl")

    assert client.get(f"/portal/documentos/{avulso.codigo}/").status_code == 404


def test_codigo_desconhecido_e_protocolo_malformado_ou_inexistente_dao_404(client, operador):
    protocolar(operador)

    assert client.get("/portal/documentos/ZZZZ-ZZZZ-ZZZZ-ZZZZ/").status_code == 404
    assert client.get("/portal/processos/3-2026/").status_code == 404
    assert client.get("/portal/processos/0003-26/").status_code == 404
    assert client.get("/portal/processos/9999-2026/").status_code == 404


def test_busca_por_texto_e_por_numero(client, operador):
    serena = protocolar(operador, nome="Vila Serena do Xingu")
    aurora = protocolar(operador, nome="Aurora do Araguaia")

    por_texto = client.get("/portal/", {"q": "serena"}).content.decode()
    por_numero = client.get("/portal/", {"q": aurora.protocolo}).content.decode()

    assert "Vila Serena do Xingu" in por_texto and "Aurora do Araguaia" not in por_texto
    assert f"/portal/processos/{serena.slug}/" in por_texto
    assert "Aurora do Araguaia" in por_numero and "Vila Serena do Xingu" not in por_numero


def test_busca_do_portal_so_procura_no_que_a_pagina_publica_mostra(client, operador):
    processo = protocolar(operador, nome="Vila Serena do Xingu", sede="Distrito Guarantã")
    Processo.objects.filter(pk=processo.pk).update(resumo="Pedido da comunidade ribeirinha.")

    def achou(url, termo):
        return "Vila Serena do Xingu" in client.get(url, {"q": termo}).content.decode()

    assert not achou("/portal/", "ribeirinha") and not achou("/portal/", "Guarantã")
    assert achou("/portal/", "Sorriso")  # município de origem, exibido na lista
    client.force_login(operador)
    assert achou("/processos/", "ribeirinha") and achou("/processos/", "Guarantã")


def _acrescentar(quantos: int, origens) -> None:
    inicio = Processo.objects.count() + 1
    processos = Processo.objects.bulk_create(
        [
            Processo(
                numero=i,
                ano=2026,
                tipo="criacao",
                estado="em_instrucao",
                nome_proposto=f"Nome {i}",
                sede_proposta=f"Nome {i}",
                forma_encaminhamento="comunidade",
                data_leitura_expediente=PASSADO,
            )
            for i in range(inicio, inicio + quantos)
        ]
    )
    Origem = Processo.municipios_origem.through
    Origem.objects.bulk_create(
        [Origem(processo_id=p.pk, municipio_id=m.pk) for p in processos for m in origens]
    )
    # Gravadas direto no banco: os nomes das origens copiados para a busca, como o ato faria.
    Processo.objects.filter(pk__in=[p.pk for p in processos]).guardar_nomes_das_origens()


def _consultas(client, url) -> int:
    with CaptureQueriesContext(connection) as contexto:
        resposta = client.get(url)
    assert resposta.status_code == 200
    return len(contexto)


@pytest.mark.parametrize("url", ["/portal/", "/portal/?q=Nome&estado=em_instrucao"])
def test_lista_do_portal_faz_as_mesmas_consultas_com_5_ou_60_processos(
    client, db, url, contadores_fora_do_banco
):
    origens = [
        Municipio.objects.create(codigo_ibge=5100000 + i, nome=f"Origem {i}") for i in (1, 2)
    ]
    _acrescentar(5, origens)
    com_5 = _consultas(client, url)

    _acrescentar(55, origens)
    com_60 = _consultas(client, url)

    assert Processo.objects.count() == 60
    assert com_60 == com_5


def test_busca_do_portal_tem_limite_por_endereco_com_429_em_portugues(client, db, settings):
    settings.SIMULADOR_LIMITE = "3/m"

    respostas = [client.get(f"/portal/?q=busca-{i}", REMOTE_ADDR="10.9.0.7") for i in range(4)]
    outro = client.get("/portal/?q=busca", REMOTE_ADDR="10.9.0.8")

    assert [r.status_code for r in respostas] == [200, 200, 200, 429]
    assert 1 <= int(respostas[3]["Retry-After"]) <= 60
    assert "Muitas buscas no portal" in respostas[3].content.decode()
    assert outro.status_code == 200
    # A lista de abertura, sem critério, não é busca: não conta.
    assert client.get("/portal/", REMOTE_ADDR="10.9.0.7").status_code == 200


@pytest.mark.parametrize(
    ("consulta", "erro"),
    [
        ("ano=-1e999999", "Escreva o número com todos os dígitos, sem expoente"),
        ("ano=0.5", "Informe um número inteiro. Este campo não aceita casas decimais."),
        ("ano=1987", "Certifique-se que este valor seja maior ou igual a 1988."),
        ("ano=NaN", "NaN e Infinity não são aceitos"),
        ("estado=voando", "Faça uma escolha válida."),
    ],
)
def test_busca_ilegivel_e_400_com_o_erro_no_campo_e_nenhum_processo(
    client, operador, consulta, erro
):
    protocolar(operador, nome="Vila Serena do Xingu")

    resposta = client.get(f"/portal/?{consulta}")

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert erro in html and "is-invalid" in html
    assert "Vila Serena do Xingu" not in html


def test_ano_na_faixa_busca_normalmente(client, operador):
    processo = protocolar(operador, nome="Vila Serena do Xingu")

    assert "Vila Serena do Xingu" in client.get(f"/portal/?ano={processo.ano}").text
    assert client.get("/portal/?ano=1988").status_code == 200
