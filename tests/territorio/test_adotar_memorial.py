"""Art. 15, II: a CRT revisa o rascunho do memorial gerado do mapa e o adota por um ato (o
texto final editável, a versão gravada com o SHA-256 do texto e o do mapa de onde saiu); o
parecer cita o adotado; depois do Decreto Legislativo não se adota outro (Art. 19, § 3º)."""

import hashlib

import pytest
from django.utils.html import escape

from processos.models import Andamento, Processo
from requisitos.models import Municipio
from territorio.memorial.adocao import citar_no_pl
from territorio.models import ConferenciaTerritorial, MemorialAdotado
from tests.representacao.construtores import juntar

from .test_documentos_do_territorio import instruido_com, midia, parecer_preliminar  # noqa: F401
from .test_mapa_do_processo import CODIGOS, SOBRE_A_E_B, mapa, processo_de_a_e_b

pytestmark = pytest.mark.django_db

TEXTO = "Começa no vértice P1, de coordenadas 54°50'00\" W e 11°57'00\" S.\n\nSegue..."


def com_mapa(servidor, estado: str | None = None):
    processo = processo_de_a_e_b(servidor)
    documento = juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    if estado:
        Processo.objects.filter(pk=processo.pk).update(estado=estado)  # atalho
    return processo, documento


def url(processo) -> str:
    return f"/processos/{processo.slug}/memorial/adotar/"


def adotar(client, processo, texto=TEXTO, **extra):
    pagina = client.get(url(processo))
    conferencia = pagina.context["form"].initial["conferencia"]
    versao = pagina.context["form"].fields["versao_vista"].initial
    dados = {"texto": texto, "conferencia": conferencia, "versao_vista": versao, **extra}
    return client.post(url(processo), dados)


def test_antes_do_decreto_adota(client, servidor, malha):
    processo, documento = com_mapa(servidor, "pdl_em_tramitacao")
    client.force_login(servidor)
    pagina = client.get(url(processo)).content.decode()
    rascunho = ConferenciaTerritorial.objects.get(documento=documento).memorial_rascunho
    assert escape(rascunho.splitlines()[0]) in pagina  # o rascunho vem no campo, para revisar
    assert adotar(client, processo).status_code == 302
    adotado = MemorialAdotado.objects.get()
    assert adotado.versao == 1 and adotado.texto == TEXTO and adotado.editado
    assert adotado.sha256 == hashlib.sha256(TEXTO.encode()).hexdigest()
    assert adotado.sha256_do_mapa == documento.sha256
    andamento = Andamento.objects.get(ato="adotar_memorial")
    assert andamento.usuario == servidor and adotado.andamento == andamento
    assert andamento.dados["sha256_do_memorial"] == adotado.sha256
    html = client.get(f"/processos/{processo.slug}/").content.decode()
    assert "Adotado pela CRT — versão 1" in html and "Adotar memorial descritivo" in html


def test_adotar_de_novo_grava_outra_versao_e_a_anterior_fica(client, servidor, malha):
    processo, _ = com_mapa(servidor)
    client.force_login(servidor)
    adotar(client, processo)
    rascunho = ConferenciaTerritorial.objects.get().memorial_rascunho
    assert adotar(client, processo, texto=rascunho).status_code == 302
    assert list(MemorialAdotado.objects.values_list("versao", "editado")) == [
        (2, False),
        (1, True),
    ]


def test_depois_do_decreto_nao_se_adota_outro(client, servidor, malha):
    processo, _ = com_mapa(servidor, "decreto_publicado")
    client.force_login(servidor)
    resposta = adotar(client, processo)
    assert resposta.status_code == 400
    assert "Art. 19, § 3º" in resposta.content.decode()
    assert not MemorialAdotado.objects.exists()
    assert not Andamento.objects.filter(ato="adotar_memorial").exists()
    html = client.get(f"/processos/{processo.slug}/").content.decode()
    assert "data-adotar-memorial" not in html


def test_texto_vazio_ou_mapa_mudado_recusa_sem_gravar(client, servidor, malha):
    processo, documento = com_mapa(servidor)
    client.force_login(servidor)
    assert adotar(client, processo, texto="   ").status_code == 400
    pagina = client.get(url(processo))
    conferencia = pagina.context["form"].initial["conferencia"]
    versao = pagina.context["form"].fields["versao_vista"].initial
    # Um mapa novo juntado depois que a página abriu: o rascunho mostrado é do anterior.
    juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "novo.geojson", substitui=1)
    dados = {"texto": TEXTO, "conferencia": conferencia, "versao_vista": versao}
    resposta = client.post(url(processo), dados)
    assert resposta.status_code == 400 and "recarregue a página" in resposta.content.decode()
    assert not MemorialAdotado.objects.exists()


@pytest.mark.parametrize("papel", ["mesa", "deputado"])
def test_so_a_crt_adota(client, request, servidor, malha, papel):
    processo, _ = com_mapa(servidor)
    client.force_login(request.getfixturevalue(papel))
    assert client.get(url(processo)).status_code == 403
    assert client.post(url(processo), {"texto": TEXTO}).status_code == 403
    assert not MemorialAdotado.objects.exists()


def test_anonimo_vai_ao_login(client, servidor, malha):
    processo, _ = com_mapa(servidor)
    assert client.get(url(processo)).status_code == 302


def test_pl_cita_o_memorial_adotado(client, servidor, malha):
    processo, _ = com_mapa(servidor)
    assert citar_no_pl(processo, {}) is None  # nenhum adotado: nada a citar
    client.force_login(servidor)
    adotar(client, processo)
    citado = citar_no_pl(processo, {})
    adotado = MemorialAdotado.objects.get()
    assert citado.como_dados()["memorial_adotado"] == {
        "versao": 1,
        "sha256": adotado.sha256,
        "sha256_do_mapa": adotado.sha256_do_mapa,
    }


def test_parecer_cita_o_memorial_adotado(client, servidor, presidente, malha, midia):  # noqa: F811
    processo = processo_de_a_e_b(servidor)
    instruido_com(processo, servidor, SOBRE_A_E_B)
    client.force_login(servidor)
    adotar(client, processo)
    adotado = MemorialAdotado.objects.get()
    pdf = parecer_preliminar(processo, servidor, presidente)
    assert "Memorial descritivo adotado pela Comissão (Art. 15, II): versão 1" in pdf
    assert adotado.sha256[:32] in pdf.replace(" ", "")


def test_o_pl_traz_em_anexo_o_memorial_que_o_ato_citou(
    client,
    servidor,
    presidente,
    malha,
    midia,  # noqa: F811
):
    """Art. 15, II e Art. 19, § 3º: o PDF do projeto de lei traz o memorial adotado, com a
    versão que o ato `apresentar_pl` gravou."""
    from tests.documentos.auxiliares import sem_espacos, texto
    from tests.processos.construtores import PASSADO, praticar, processo_no_estado

    origens = Municipio.objects.filter(codigo_ibge__in=[CODIGOS["A"], CODIGOS["B"]])
    processo = processo_no_estado(servidor, "criacao", "pdl_em_tramitacao", municipios=origens)
    juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    client.force_login(servidor)
    adotar(client, processo)
    Processo.objects.filter(pk=processo.pk).update(estado="elaboracao_pl")  # atalho
    Andamento.objects.create(  # o parecer que aprovou o plebiscito, que o PL exige
        processo=processo,
        ato="emitir_parecer_resultado",
        estado_origem="resultado_em_analise",
        estado_destino="elaboracao_pl",
        usuario=presidente,
        data_ato=PASSADO,
        dados={"conclusao": "favoravel", "apuracao": {"aprovado": True}},
    )
    andamento = praticar(Processo.objects.get(pk=processo.pk), presidente, "apresentar_pl")
    assert andamento.dados["memorial_adotado"]["versao"] == 1
    pdf = sem_espacos(texto(processo.documentos.get(tipo="pl").arquivo.path))
    # O título do anexo sai em maiúsculas (CSS do PDF).
    assert sem_espacos("ANEXO — MEMORIAL DESCRITIVO ADOTADO (VERSÃO 1)") in pdf
    assert sem_espacos(TEXTO.splitlines()[0]) in pdf
