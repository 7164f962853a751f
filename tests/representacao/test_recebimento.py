"""Receber na CRT decidido pelos dados (Art. 15 e 16): recusado com a lista exata do que
falta, permitido quando a lista do Art. 15 está completa e a representação é válida; a
diligência já vem com o que falta; os dados por tipo em nova versão; a cópia integral
(Art. 19, § 1º) com as peças da representação, cada uma com o hash conferido."""

from pathlib import Path
from unittest import mock

import pytest
from django.core.cache import caches

from documentos.copia_integral import pecas_do_processo
from processos.models import AtoRecusado
from processos.services import motivos_indisponivel
from requisitos.models import Municipio
from tests.processos.construtores import (
    DADOS,
    formulario_do_ato,
    praticar,
    protocolar,
    recarregar,
)
from tests.representacao.construtores import juntar, juntar_obrigatorios, semear_assinaturas


@pytest.fixture(autouse=True)
def sem_pdf():
    with mock.patch("processos.services.emitir_documentos_do_ato"):
        yield


def _receber(processo, usuario):
    """Pelo serviço, sem os construtores completarem a representação."""
    from django.utils import timezone

    from processos.services import praticar_ato

    return praticar_ato(
        processo_id=processo.pk,
        nome_ato="receber_na_crt",
        usuario=usuario,
        data_ato=timezone.localdate(),
        dados=dict(DADOS["receber_na_crt"][""]),
    )


def test_recebimento_recusado_lista_exatamente_o_que_falta(operador):
    processo = protocolar(operador)
    juntar(processo, operador, "requerimento")
    juntar(processo, operador, "justificativa")
    semear_assinaturas(processo, operador, 99)

    with pytest.raises(AtoRecusado) as erro:
        _receber(processo, operador)

    mensagem = str(erro.value)
    assert "Requerimento" not in mensagem and "Justificativa" not in mensagem
    for falta in (
        "Falta: Mapa e memorial descritivo do território do novo município (Art. 15, II).",
        "Falta: Mapa e memorial descritivo dos municípios de origem (Art. 15, III).",
        "Falta: Fotografias do centro urbano (indústria, comércio, agropecuária) (Art. 15, V).",
        "Representação inválida (Art. 13): 99 assinaturas aptas; o mínimo é 100. Falta 1 "
        "assinatura.",
    ):
        assert falta in mensagem
    assert recarregar(processo).estado == "protocolada"
    assert processo.andamentos.count() == 1


def test_recebimento_permitido_com_a_lista_completa_e_cem_assinaturas(operador):
    processo = protocolar(operador)
    juntar_obrigatorios(processo, operador)
    semear_assinaturas(processo, operador, 100)

    assert motivos_indisponivel(recarregar(processo), "receber_na_crt") == []
    assert _receber(processo, operador).estado_destino == "em_instrucao"


def test_documento_anulado_volta_a_faltar(operador):
    from representacao.documentos import anular_documento

    processo = protocolar(operador)
    documentos = juntar_obrigatorios(processo, operador)
    semear_assinaturas(processo, operador, 100)
    anular_documento(documento_id=documentos[0].pk, usuario=operador, justificativa="Ilegível.")

    motivos = motivos_indisponivel(recarregar(processo), "receber_na_crt")

    assert motivos == ["Falta: Requerimento com as assinaturas dos eleitores (Art. 15, I)."]


def test_pagina_mostra_o_botao_desabilitado_e_o_que_falta(client, operador):
    processo = protocolar(operador)
    client.force_login(operador)

    html = client.get(f"/processos/{processo.slug}/").content.decode()

    secao = html[html.index('id="validade-representacao"') :]
    assert "Ainda não pode ser recebida na CRT (Art. 15 e 16):" in secao
    assert "Justificativa socioeconômica (Art. 15, IV)" in secao
    assert "Faltam 100 assinaturas." in secao
    assert "Declaro" not in html


def test_formulario_do_recebimento_nao_tem_declaracoes(client, operador):
    processo = protocolar(operador)
    client.force_login(operador)

    html = client.get(f"/processos/{processo.slug}/atos/receber-na-crt/").content.decode()

    assert "Declaro" not in html
    assert "Este ato não está disponível agora" in html
    resposta = client.post(
        f"/processos/{processo.slug}/atos/receber-na-crt/",
        formulario_do_ato(processo, "receber_na_crt"),
    )
    assert resposta.status_code == 400
    assert recarregar(processo).estado == "protocolada"


def test_diligencia_vem_preenchida_com_o_que_falta(client, operador):
    processo = protocolar(operador)
    juntar_obrigatorios(processo, operador)
    client.force_login(operador)

    html = client.get(f"/processos/{processo.slug}/atos/baixar-em-diligencia/").content.decode()

    assert "Representação inválida (Art. 13): 0 assinaturas aptas" in html
    assert "Comissão pró-emancipação" in html  # a quem a CRT pede: os representantes


def test_extincao_a_requerimento_recebe_com_a_maioria_do_eleitorado(client, operador, sorriso):
    processo = protocolar(operador, tipo="extincao", nome="Sorriso", municipios=[sorriso])
    juntar_obrigatorios(processo, operador)
    semear_assinaturas(processo, operador, 151)
    destino = Municipio.objects.create(codigo_ibge=5106224, nome="Nova Ubiratã")
    client.force_login(operador)
    url = f"/processos/{processo.slug}/representacao/"

    sem_fonte = client.post(
        url,
        {
            "fundamento_extincao": "III",
            "eleitores_municipio": "300",
            "municipios_destino": [destino.pk],
            "versao_vista": "0",
        },
    )
    assert sem_fonte.status_code == 400
    assert "informe o eleitorado do município, com fonte e data" in sem_fonte.content.decode()
    assert not processo.dados_representacao.exists()

    resposta = client.post(
        url,
        {
            "fundamento_extincao": "III",
            "eleitores_municipio": "300",
            "eleitores_fonte": "TRE-MT",
            "eleitores_data": "30/06/2026",
            "municipios_destino": [destino.pk],
            "versao_vista": "0",
        },
    )
    assert resposta.status_code == 302
    assert motivos_indisponivel(recarregar(processo), "receber_na_crt") == []

    client.post(
        url,
        {
            "fundamento_extincao": "III",
            "eleitores_municipio": "400",
            "eleitores_fonte": "TRE-MT",
            "eleitores_data": "30/07/2026",
            "municipios_destino": [destino.pk],
            "versao_vista": "1",
        },
    )
    assert processo.dados_representacao.count() == 2  # a anterior fica
    assert "Faltam 50 assinaturas." in " ".join(
        motivos_indisponivel(recarregar(processo), "receber_na_crt")
    )


@pytest.mark.parametrize(
    ("dados", "mensagem"),
    [
        (
            {"camara_membros": "11", "camara_votos_favoraveis": "12", "camara_sessao": "1"},
            "Os votos favoráveis não podem exceder os membros.",
        ),
        (
            {"camara_membros": "0", "camara_votos_favoraveis": "0", "camara_sessao": "1"},
            "A Câmara Municipal tem ao menos um membro.",
        ),
        (
            {"camara_membros": "onze", "camara_votos_favoraveis": "8", "camara_sessao": "1"},
            "Informe um número inteiro.",
        ),
        ({"camara_membros": "11", "camara_votos_favoraveis": "8"}, "Este campo é obrigatório."),
    ],
)
def test_dados_da_camara_ruins_sao_recusados_sem_gravar(client, operador, sorriso, dados, mensagem):
    processo = protocolar(
        operador, tipo="alteracao_nome", nome="Sorriso do Norte", municipios=[sorriso]
    )
    client.force_login(operador)

    resposta = client.post(
        f"/processos/{processo.slug}/representacao/", dados | {"versao_vista": "0"}
    )

    assert resposta.status_code == 400
    assert mensagem in resposta.content.decode()
    assert not processo.dados_representacao.exists()


def test_dados_nao_se_alteram_depois_do_recebimento(client, operador, sorriso):
    processo = protocolar(
        operador, tipo="alteracao_nome", nome="Sorriso do Norte", municipios=[sorriso]
    )
    praticar(processo, operador, "receber_na_crt")
    client.force_login(operador)

    resposta = client.post(
        f"/processos/{processo.slug}/representacao/",
        {"camara_membros": "11", "camara_votos_favoraveis": "11", "camara_sessao": "9"},
    )

    assert resposta.status_code == 403
    assert processo.dados_representacao.count() == 1


def test_copia_integral_traz_os_documentos_vigentes_e_a_lista_de_signatarios(operador):
    processo = protocolar(operador)
    juntar_obrigatorios(processo, operador)
    juntar(processo, operador, "justificativa", nome="justificativa-revista.pdf", substitui=1)
    semear_assinaturas(processo, operador, 3)

    titulos = [p.titulo for p in pecas_do_processo(processo)]

    assert (
        "Justificativa socioeconômica — arquivo 1: justificativa-revista.pdf (versão 2)" in titulos
    )
    assert not any("justificativa.pdf (versão 1)" in t for t in titulos)
    assert "Lista dos signatários da representação (3) — Art. 13" in titulos
    # Os cinco do Art. 15 e a certidão do IBGE que o construtor junta (Art. 6º, § 1º).
    assert len([t for t in titulos if "(versão" in t]) == 6


def test_copia_integral_recusa_documento_alterado_no_disco(operador):
    processo = protocolar(operador)
    documento = juntar(processo, operador, "requerimento")
    Path(documento.arquivo.path).write_bytes(b"%PDF-1.4 adulterado")

    with pytest.raises(AtoRecusado, match="não confere com o SHA-256"):
        pecas_do_processo(processo)


def _consultas_da_pagina(client, processo) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as consultas:
        assert client.get(f"/processos/{processo.slug}/").status_code == 200
    return len(consultas)


def test_pagina_do_processo_tem_consultas_constantes_com_mais_assinaturas(client, operador):
    pequeno, grande = protocolar(operador), protocolar(operador)
    for processo in (pequeno, grande):
        juntar_obrigatorios(processo, operador)
    semear_assinaturas(pequeno, operador, 100)  # os dois válidos: mesma situação na página
    semear_assinaturas(grande, operador, 5000)
    client.force_login(operador)
    _consultas_da_pagina(client, pequeno)  # aquece caches de sessão e de papéis
    caches["portal"].clear()  # os trechos da página guardados por processo: os dois frios

    frio = _consultas_da_pagina(client, pequeno), _consultas_da_pagina(client, grande)
    quente = _consultas_da_pagina(client, pequeno), _consultas_da_pagina(client, grande)
    assert frio[0] == frio[1]
    assert quente[0] == quente[1] < frio[0]
