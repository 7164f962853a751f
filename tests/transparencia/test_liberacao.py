"""Art. 23: o Presidente da CRT, ou o Deputado autor no processo que apresentou, libera ao
público um documento interno ou os detalhes internos (resumo e justificativas), com
justificativa; a liberação é um Andamento e se revoga do mesmo modo, ficando o histórico.
O que não é público por natureza nem liberado continua 404 ao público."""

import pytest
from django.utils import timezone

from processos.models import Andamento, AtoRecusado
from processos.versao import versao_do_processo
from tests.processos.construtores import JUSTIFICATIVA, praticar, protocolar, recarregar
from tests.transparencia.conftest import documento, protocolar_por_deputado
from transparencia.models import DETALHES, Liberacao
from transparencia.services import ItemConferido

HOJE = timezone.localdate


def url_ato(processo, slug):
    return f"/processos/{processo.slug}/atos/{slug}/"


def post_ato(processo, item, justificativa="Interesse público na informação."):
    return {
        "data_ato": HOJE().strftime("%d/%m/%Y"),
        "estado_esperado": processo.estado,
        # A versão do processo que a página mostraria agora (processos.versao).
        "ultimo_andamento": versao_do_processo(processo.pk),
        "item": item,
        "justificativa": justificativa,
    }


def liberar(processo, usuario, item, **kw):
    return praticar(processo, usuario, "liberar_informacao", dados={"item": item}, **kw)


def revogar(processo, usuario, item, **kw):
    return praticar(processo, usuario, "revogar_liberacao", dados={"item": item}, **kw)


def publico(client, doc):
    return client.get(f"/portal/documentos/{doc.codigo}/")


# --- liberar e revogar um documento interno ------------------------------------------------


def test_oficio_liberado_pelo_presidente_fica_publico_e_revogado_volta_a_404(
    client, operador, presidente
):
    processo = protocolar(operador)
    oficio = documento(processo, "oficio", "Ofício nº 7/2026 ao TRE")
    pagina = f"/portal/processos/{processo.slug}/"
    assert publico(client, oficio).status_code == 404
    assert oficio.codigo not in client.get(pagina).content.decode()

    andamento = liberar(processo, presidente, oficio.codigo)

    baixado = publico(client, oficio)
    assert baixado.status_code == 200 and baixado["Content-Type"] == "application/pdf"
    html = client.get(pagina).content.decode()
    assert "Informações liberadas (Art. 23)" in html
    assert "Ofício nº 7/2026 ao TRE" in html and oficio.codigo in html
    api = client.get(f"/api/v1/processos/{processo.slug}/").json()
    assert oficio.codigo in [d["codigo_verificacao"] for d in api["documentos"]]
    assert (andamento.ato, andamento.usuario, andamento.dados) == (
        "liberar_informacao",
        presidente,
        {"item": oficio.codigo},
    )
    assert andamento.justificativa == JUSTIFICATIVA
    assert andamento.estado_origem == andamento.estado_destino == "protocolada"

    revogacao = revogar(processo, presidente, oficio.codigo)

    assert publico(client, oficio).status_code == 404
    assert oficio.codigo not in client.get(pagina).content.decode()
    api = client.get(f"/api/v1/processos/{processo.slug}/").json()
    assert oficio.codigo not in [d["codigo_verificacao"] for d in api["documentos"]]
    # O histórico fica: as duas linhas da trilha e a liberação com a sua revogação.
    atos = list(processo.andamentos.values_list("ato", flat=True)[:2])
    assert atos == ["revogar_liberacao", "liberar_informacao"]
    linha = Liberacao.objects.get(processo=processo)
    assert (linha.andamento, linha.revogacao, linha.documento) == (andamento, revogacao, oficio)
    assert recarregar(processo).estado == "protocolada"


def test_documento_revogado_pode_ser_liberado_de_novo_numa_nova_linha(client, presidente):
    processo = protocolar(presidente)
    extrato = documento(processo, "extrato")
    liberar(processo, presidente, extrato.codigo)
    revogar(processo, presidente, extrato.codigo)

    liberar(processo, presidente, extrato.codigo)

    assert publico(client, extrato).status_code == 200
    assert Liberacao.objects.filter(processo=processo).count() == 2
    assert Liberacao.objects.vigentes().filter(processo=processo).count() == 1


def test_pelo_formulario_do_ato_o_presidente_libera_e_ve_a_mensagem(client, presidente):
    processo = protocolar(presidente)
    copia = documento(processo, "copia_integral", "Cópia integral autenticada")
    client.force_login(presidente)

    formulario = client.get(url_ato(processo, "liberar-informacao"))
    resposta = client.post(
        url_ato(processo, "liberar-informacao"), post_ato(processo, copia.codigo)
    )

    html = formulario.content.decode()
    assert formulario.status_code == 200
    assert "Fundamento: LC 23/1992, Art. 23" in html and "O processo permanece em" in html
    assert "Cópia integral autenticada" in html
    assert resposta.status_code == 302
    pagina = client.get(resposta["Location"]).content.decode()
    assert "Liberar informação ao público: ato registrado." in pagina
    assert "Vigente" in pagina and "Interesse público na informação." in pagina
    client.logout()
    assert publico(client, copia).status_code == 200


# --- detalhes internos: resumo e justificativas ---------------------------------------------


def test_detalhes_liberados_mostram_resumo_e_justificativas_e_revogados_somem(
    client, presidente, deputada_autora
):
    processo = protocolar_por_deputado(presidente, deputada_autora)
    praticar(
        processo, presidente, "baixar_em_diligencia", justificativa="Falta o mapa do distrito."
    )
    pagina = f"/portal/processos/{processo.slug}/"
    resumo = "Resumo interno: a comunidade de Vale do Arinos pede a emancipação."
    assert resumo not in client.get(pagina).content.decode()

    liberar(processo, deputada_autora, "detalhes")

    html = client.get(pagina).content.decode()
    assert resumo in html and "Falta o mapa do distrito." in html
    api = client.get(f"/api/v1/processos/{processo.slug}/").json()
    assert api["detalhes_liberados"]["resumo"] == resumo
    assert [j["texto"] for j in api["detalhes_liberados"]["justificativas"]][-1] == (
        "Falta o mapa do distrito."
    )

    revogar(processo, deputada_autora, "detalhes")

    html = client.get(pagina).content.decode()
    assert resumo not in html and "Falta o mapa do distrito." not in html
    api = client.get(f"/api/v1/processos/{processo.slug}/").json()
    assert api["detalhes_liberados"] is None
    assert (
        processo.andamentos.filter(ato__in=["liberar_informacao", "revogar_liberacao"]).count() == 2
    )


@pytest.mark.parametrize("digitado", ["detalhes", " DETALHES "])
def test_o_item_gravado_e_o_conferido_e_a_revogacao_o_le_de_volta(presidente, digitado):
    """O Andamento guarda o item como foi conferido (sem espaços nem caixa do que foi
    digitado), e a revogação encontra a liberação por ele."""
    processo = protocolar(presidente)
    liberacao = liberar(processo, presidente, digitado)
    assert ItemConferido.de_andamento(liberacao) == ItemConferido(DETALHES)

    revogacao = revogar(processo, presidente, digitado)

    assert ItemConferido.de_andamento(revogacao) == ItemConferido(DETALHES)
    assert Liberacao.objects.get(processo=processo).revogacao == revogacao


# --- quem pode (Art. 23): o Presidente; o Deputado só no processo de que é autor ------------


@pytest.mark.parametrize("slug", ["liberar-informacao", "revogar-liberacao"])
def test_deputado_autor_acessa_o_ato_e_outro_deputado_recebe_403(
    client, slug, presidente, deputado, deputada_autora
):
    processo = protocolar_por_deputado(presidente, deputada_autora)
    liberar(processo, presidente, "detalhes")  # a revogação precisa de uma liberação
    andamentos = processo.andamentos.count()
    item = "detalhes" if slug.startswith("revogar") else documento(processo, "oficio").codigo

    client.force_login(deputado)
    assert client.get(url_ato(processo, slug)).status_code == 403
    assert client.post(url_ato(processo, slug), post_ato(processo, item)).status_code == 403
    assert processo.andamentos.count() == andamentos

    client.force_login(deputada_autora)
    assert client.get(url_ato(processo, slug)).status_code == 200
    assert client.post(url_ato(processo, slug), post_ato(processo, item)).status_code == 302
    assert processo.andamentos.first().usuario == deputada_autora


@pytest.mark.parametrize("papel", ["servidor", "mesa", "deputado", "sem_papel"])
def test_quem_nao_e_presidente_nem_autor_recebe_403_e_nada_e_gravado(
    client, request, papel, presidente
):
    processo = protocolar(presidente)
    oficio = documento(processo, "oficio")
    client.force_login(request.getfixturevalue(papel))

    get = client.get(url_ato(processo, "liberar-informacao"))
    post = client.post(url_ato(processo, "liberar-informacao"), post_ato(processo, oficio.codigo))

    assert (get.status_code, post.status_code) == (403, 403)
    assert not Liberacao.objects.exists()
    assert not processo.andamentos.filter(ato="liberar_informacao").exists()
    client.logout()
    assert publico(client, oficio).status_code == 404


def test_anonimo_e_levado_ao_login(client, presidente):
    processo = protocolar(presidente)

    resposta = client.get(url_ato(processo, "liberar-informacao"))

    assert resposta.status_code == 302 and resposta["Location"].startswith("/entrar/?next=")


def test_o_servico_recusa_deputado_que_nao_e_o_autor_sem_gravar_nada(
    presidente, deputado, deputada_autora
):
    """A regra vale no próprio ato, e não só na tela: o serviço chamado direto também."""
    processo = protocolar_por_deputado(presidente, deputada_autora)
    antes = Andamento.objects.count()

    with pytest.raises(AtoRecusado, match="o Deputado autor no processo que apresentou"):
        liberar(processo, deputado, "detalhes")

    assert Andamento.objects.count() == antes
    assert not Liberacao.objects.exists()
    assert recarregar(processo).ultima_movimentacao == processo.ultima_movimentacao


def test_botao_do_ato_aparece_ao_presidente_e_ao_autor_e_nao_a_outro_deputado(
    client, presidente, deputado, deputada_autora
):
    processo = protocolar_por_deputado(presidente, deputada_autora)
    link = f'href="{url_ato(processo, "liberar-informacao")}"'

    vistas = {}
    for usuario in (presidente, deputada_autora, deputado):
        client.force_login(usuario)
        vistas[usuario.username] = (
            link in client.get(f"/processos/{processo.slug}/").content.decode()
        )

    assert vistas == {"bruno": True, "fabia": True, "davi": False}


# --- o que não se libera ---------------------------------------------------------------------


def test_documento_de_outro_processo_nao_se_libera_por_este(client, presidente):
    processo = protocolar(presidente)
    outro = protocolar(presidente, nome="Outro Distrito")
    alheio = documento(outro, "oficio")

    with pytest.raises(AtoRecusado, match="Escolha um documento interno deste processo"):
        liberar(processo, presidente, alheio.codigo)

    assert publico(client, alheio).status_code == 404
    assert not Liberacao.objects.exists()


@pytest.mark.parametrize("item", ["", "NADA-NADA-NADA-NADA", "parecer"])
def test_item_inexistente_ou_publico_por_natureza_e_recusado(item, presidente):
    processo = protocolar(presidente)
    parecer = documento(processo, "parecer_preliminar")
    item = parecer.codigo if item == "parecer" else item

    with pytest.raises(AtoRecusado):
        liberar(processo, presidente, item)

    assert not processo.andamentos.filter(ato="liberar_informacao").exists()


def test_o_ja_liberado_nao_se_libera_de_novo_e_o_nao_liberado_nao_se_revoga(presidente):
    processo = protocolar(presidente)
    liberar(processo, presidente, "detalhes")

    with pytest.raises(AtoRecusado):
        liberar(processo, presidente, "detalhes")
    oficio = documento(processo, "oficio")
    with pytest.raises(AtoRecusado, match="Escolha uma informação liberada"):
        revogar(processo, presidente, oficio.codigo)

    assert Liberacao.objects.count() == 1


def test_sem_liberacao_vigente_a_revogacao_esta_indisponivel_e_diz_por_que(client, presidente):
    processo = protocolar(presidente)
    client.force_login(presidente)

    with pytest.raises(AtoRecusado, match="Não há informação liberada neste processo"):
        revogar(processo, presidente, "detalhes")
    html = client.get(url_ato(processo, "revogar-liberacao")).content.decode()

    assert "Este ato não está disponível agora: Não há informação liberada" in html


def test_justificativa_e_obrigatoria(client, presidente):
    processo = protocolar(presidente)
    client.force_login(presidente)

    resposta = client.post(
        url_ato(processo, "liberar-informacao"), post_ato(processo, "detalhes", justificativa="")
    )

    assert resposta.status_code == 400
    assert not Liberacao.objects.exists()
    with pytest.raises(AtoRecusado, match="exige justificativa"):
        liberar(processo, presidente, "detalhes", justificativa="  ")


def test_liberacao_vale_tambem_no_processo_arquivado(client, presidente):
    processo = protocolar(presidente)
    praticar(processo, presidente, "arquivar", dados={"motivo": "desistencia"})
    oficio = documento(processo, "oficio")

    liberar(processo, presidente, oficio.codigo)

    assert recarregar(processo).estado == "arquivado"
    assert publico(client, oficio).status_code == 200
