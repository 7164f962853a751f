"""Art. 13: a nova representação sobre um processo arquivado é protocolada ligada a ele — o
arquivado, do mesmo tipo e com os mesmos municípios de origem —, e as páginas (interna e
pública) mostram a ligação nas duas direções."""

from unittest import mock

import pytest

from documentos.models import Documento
from processos.models import AtoRecusado, FormaEncaminhamento, Processo
from processos.services import DadosProtocolo, motivos_indisponivel, protocolar_processo
from requisitos.models import Municipio
from tests.documentos.auxiliares import paginas_texto, sem_espacos
from tests.processos.construtores import (
    PASSADO,
    avancar,
    praticar,
    protocolar_variante,
    recarregar,
)
from tests.processos.test_concorrencia import _em_paralelo, transacional

SEM_PDF = "processos.services.emitir_documentos_do_ato"


@pytest.fixture(autouse=True)
def sem_pdf(request):
    """Os PDFs dos atos são conferidos em tests/documentos; aqui, a ligação e as páginas (o
    teste do comprovante emite o dele)."""
    if "comprovante_real" in request.fixturenames:
        yield
        return
    with mock.patch(SEM_PDF):
        yield


def arquivado_pelo_plenario(operador):
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "deliberacao_plenario")
    praticar(processo, operador, "deliberar_plenario", "rejeitado")
    return recarregar(processo)


def _novo(client, anterior: str, municipios, **dados):
    base = {
        "tipo": "criacao",
        "nome_proposto": "Nova Fronteira do Norte",
        "sede_proposta": "Nova Fronteira do Norte",
        "forma_encaminhamento": "comunidade",
        "representantes": "Comissão pró-emancipação",
        "data_leitura_expediente": PASSADO.strftime("%d/%m/%Y"),
        "municipios_origem": [m.pk for m in municipios],
        "processo_anterior": anterior,
    }
    return client.post("/processos/novo/", base | dados)


def test_liga_a_nova_representacao_ao_arquivado(client, operador):
    arquivado = arquivado_pelo_plenario(operador)
    data = f"{arquivado.andamentos.first().data_ato:%d/%m/%Y}"
    client.force_login(operador)

    resposta = _novo(client, arquivado.protocolo, arquivado.municipios_origem.all())

    assert resposta.status_code == 302
    novo = Processo.objects.get(processo_anterior=arquivado)
    assert novo.andamentos.get(ato="protocolar").dados["processo_anterior"] == arquivado.protocolo
    linha = f'Processo anterior (arquivado):</dt> <dd class="d-inline">{arquivado.protocolo}</dd>'
    assert linha in client.get(f"/processos/{novo.slug}/").content.decode()  # a linha do tempo
    frase = (
        f"Nova representação sobre o processo arquivado Nº {arquivado.protocolo} "
        f"(arquivado em {data} por decisão do Plenário)"
    )
    for prefixo in ("/processos/", "/portal/processos/"):
        pagina, outra = f"{prefixo}{novo.slug}/", f"{prefixo}{arquivado.slug}/"
        html = client.get(pagina).content.decode()
        assert f'href="{outra}">{frase}</a>' in html
        html = client.get(outra).content.decode()
        assert f'href="{pagina}">Nova representação: Nº {novo.protocolo}</a>' in html


def test_o_comprovante_de_protocolo_nomeia_o_processo_arquivado(client, operador, comprovante_real):
    with mock.patch(SEM_PDF):
        arquivado = arquivado_pelo_plenario(operador)
    client.force_login(operador)

    _novo(client, arquivado.protocolo, arquivado.municipios_origem.all())

    novo = Processo.objects.get(processo_anterior=arquivado)
    comprovante = Documento.objects.get(processo=novo, tipo="comprovante_protocolo")
    texto = sem_espacos(" ".join(paginas_texto(comprovante.arquivo.path)))
    frase = f"Nova representação sobre o processo arquivado nº {arquivado.protocolo} (Art. 13)"
    assert sem_espacos(frase) in texto


def test_recusa_processo_anterior_nao_arquivado(client, operador):
    em_curso = protocolar_variante(operador, "criacao")
    client.force_login(operador)

    resposta = _novo(client, em_curso.protocolo, em_curso.municipios_origem.all())

    assert resposta.status_code == 400
    assert f"O processo nº {em_curso.protocolo} não está arquivado" in resposta.content.decode()
    assert Processo.objects.count() == 1


def test_recusa_processo_anterior_de_outros_municipios(client, operador):
    arquivado = arquivado_pelo_plenario(operador)
    client.force_login(operador)

    resposta = _novo(
        client,
        arquivado.protocolo,
        [Municipio.objects.create(codigo_ibge=5100999, nome="Vizinho do Sul")],
    )

    assert resposta.status_code == 400
    assert "a nova representação trata dos mesmos municípios de origem" in (
        resposta.content.decode()
    )
    assert not Processo.objects.filter(processo_anterior=arquivado).exists()


@pytest.mark.parametrize(
    ("anterior", "mensagem"),
    [
        ("9999/2026", "Não há processo com o protocolo nº 9999/2026."),
        ("abc", "Informe o processo anterior pelo número de protocolo, como 0001/2026."),
    ],
)
def test_recusa_processo_anterior_inexistente(client, operador, anterior, mensagem):
    arquivado = arquivado_pelo_plenario(operador)
    client.force_login(operador)

    resposta = _novo(client, anterior, arquivado.municipios_origem.all())

    assert resposta.status_code == 400
    assert mensagem in resposta.content.decode()
    assert Processo.objects.count() == 1


def test_recusa_processo_anterior_de_outro_tipo(client, operador):
    arquivado = arquivado_pelo_plenario(operador)
    client.force_login(operador)

    resposta = _novo(
        client, arquivado.protocolo, arquivado.municipios_origem.all(), tipo="alteracao_nome"
    )

    assert resposta.status_code == 400
    assert "é outro pedido, sem ligação" in resposta.content.decode()
    assert Processo.objects.count() == 1


def test_o_arquivado_recebe_uma_nova_representacao_so(client, operador):
    arquivado = arquivado_pelo_plenario(operador)
    client.force_login(operador)
    _novo(client, arquivado.protocolo, arquivado.municipios_origem.all())
    primeira = Processo.objects.get(processo_anterior=arquivado)

    resposta = _novo(client, arquivado.protocolo, arquivado.municipios_origem.all())

    assert f"já tem nova representação: nº {primeira.protocolo}" in resposta.content.decode()
    assert Processo.objects.count() == 2


def test_desarquivar_recusado_aponta_o_protocolo_com_o_campo_preenchido(client, operador):
    arquivado = arquivado_pelo_plenario(operador)
    endereco = f"/processos/novo/?anterior={arquivado.slug}"

    with pytest.raises(AtoRecusado) as erro:
        praticar(arquivado, operador, "desarquivar")

    assert endereco in str(erro.value)
    client.force_login(operador)
    assert f'href="{endereco}"' in client.get(f"/processos/{arquivado.slug}/").content.decode()
    html = client.get(endereco).content.decode()
    assert f'name="processo_anterior" value="{arquivado.protocolo}"' in html


@pytest.mark.so_postgresql
@transacional
def test_dois_protocolos_simultaneos_nao_se_ligam_ao_mesmo_arquivado(operador):
    arquivado = arquivado_pelo_plenario(operador)
    dados = DadosProtocolo(
        tipo="criacao",
        nome_proposto="Nova Fronteira do Norte",
        sede_proposta="Nova Fronteira do Norte",
        municipios_origem=list(arquivado.municipios_origem.all()),
        forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
        data_leitura_expediente=PASSADO,
        processo_anterior=arquivado.protocolo,
    )

    resultados = _em_paralelo(
        [lambda: protocolar_processo(usuario=operador, dados=dados) for _ in range(2)]
    )

    assert sorted(r[0] for r in resultados) == ["erro", "ok"]
    erro = next(r[1] for r in resultados if r[0] == "erro")
    assert isinstance(erro, AtoRecusado) and "já tem nova representação" in str(erro)
    assert Processo.objects.filter(processo_anterior=arquivado).count() == 1


def test_arquivado_com_nova_representacao_nao_reabre_pela_mesa_art_13(client, operador):
    """Art. 13: o pedido que seguiu na nova representação ligada ao arquivado não volta a correr
    também no arquivado; sem a nova representação, a Mesa reabre (o outro lado, com a decisão
    do Plenário, em tests/processos/test_reabertura.py)."""
    from tests.processos.test_reabertura import REABRIR, reabrir

    arquivado = arquivado_pelo_plenario(operador)
    assert motivos_indisponivel(arquivado, REABRIR) == []
    client.force_login(operador)
    _novo(client, arquivado.protocolo, arquivado.municipios_origem.all())
    nova = Processo.objects.get(processo_anterior=arquivado)
    andamentos = arquivado.andamentos.count()

    with pytest.raises(AtoRecusado) as erro:
        reabrir(recarregar(arquivado), operador)

    assert f"continua na nova representação {nova.protocolo} (Art. 13)" in str(erro.value)
    assert recarregar(arquivado).estado == "arquivado"
    assert arquivado.andamentos.count() == andamentos


def test_arquivado_pelo_presidente_com_nova_representacao_nao_se_desarquiva(client, operador):
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "em_instrucao")
    praticar(processo, operador, "arquivar", dados={"motivo": "desistencia"})
    assert motivos_indisponivel(recarregar(processo), "desarquivar") == []
    client.force_login(operador)
    _novo(client, processo.protocolo, processo.municipios_origem.all())

    (motivo,) = motivos_indisponivel(recarregar(processo), "desarquivar")

    assert "continua na nova representação" in motivo
