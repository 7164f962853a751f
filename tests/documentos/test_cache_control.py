"""Quem pode guardar uma cópia do documento servido (Cache-Control): os autos saem
"private, no-store" — nem o navegador guarda —, os públicos "no-cache" — a cópia é conferida
antes de ser usada de novo (a liberação do Art. 23 pode ser revogada). E a certidão pública do
simulador de distrito não grava um documento novo a cada pedido igual."""

import pytest

from documentos.models import Documento

pytestmark = pytest.mark.django_db

AUTOS, PUBLICO = "private, no-store", "no-cache"


@pytest.fixture
def parecer(construir):
    processo = construir(ate="emitir_parecer_preliminar")
    return Documento.objects.get(processo=processo, tipo="parecer_preliminar")


@pytest.mark.parametrize("quem", ["servidor", "deputado"])
def test_documento_dos_autos_nao_fica_em_cache_nenhum(client, request, parecer, quem):
    client.force_login(request.getfixturevalue(quem))

    resposta = client.get(f"/documentos/{parecer.codigo}/", {"baixar": "1"})

    assert resposta.status_code == 200 and resposta["Cache-Control"] == AUTOS


def test_minuta_do_extrato_nao_fica_em_cache_nenhum(client, servidor, parecer):
    client.force_login(servidor)

    resposta = client.get(f"/processos/{parecer.processo.slug}/documentos/extrato/minuta/")

    assert resposta.status_code == 200 and resposta["Cache-Control"] == AUTOS


def test_documento_do_portal_e_conferido_antes_de_ser_reusado(client, parecer):
    resposta = client.get(f"/portal/documentos/{parecer.codigo}/")

    assert resposta.status_code == 200 and resposta["Cache-Control"] == PUBLICO


def test_lei_anotada_e_conferida_antes_de_ser_reusada(client, media):
    resposta = client.post("/lei/pdf/")

    assert resposta.status_code == 200 and resposta["Cache-Control"] == PUBLICO


def test_certidao_de_distrito_igual_e_o_mesmo_documento_e_valida(client, media):
    dados = {"habitacoes_sede": "50", "populacao": "1001", "localidade": "Vila   Nova "}

    respostas = [client.post("/simulador/distrito/certidao/", dados) for _ in range(3)]
    outra = client.post("/simulador/distrito/certidao/", dados | {"localidade": "Vila Nova"})

    assert [r.status_code for r in respostas] == [200, 200, 200]
    assert respostas[0]["Cache-Control"] == PUBLICO
    documento = Documento.objects.get(tipo="certidao_distrito")
    assert outra["Content-Disposition"] == respostas[0]["Content-Disposition"]
    assert documento.codigo in respostas[2]["Content-Disposition"]
    validacao = client.get("/validar/", {"codigo": documento.codigo})
    assert validacao.status_code == 200 and documento.titulo in validacao.content.decode()


def test_certidao_de_distrito_com_outros_numeros_e_outro_documento(client, media):
    client.post("/simulador/distrito/certidao/", {"habitacoes_sede": "50", "populacao": "1001"})
    client.post("/simulador/distrito/certidao/", {"habitacoes_sede": "51", "populacao": "1001"})

    assert Documento.objects.filter(tipo="certidao_distrito").count() == 2
