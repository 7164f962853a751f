"""A avaliação do Art. 2º lê as certidões (Art. 2º, § 2º): a fonte de cada número, o § 1º
por remanescente, o parecer de mérito recusado sem algum número, e as versões — a
retificação cria uma versão nova e o parecer emitido congela a que usou."""

from decimal import Decimal

import pytest

from instrucao import avaliacao
from instrucao.models import Certidao
from instrucao.services import retificar_certidao
from processos.models import AtoRecusado
from requisitos.models import ValorAdicionado
from tests.instrucao.construtores import aguardando, com_tapurah, dois_municipios, oficio_do_orgao
from tests.processos.construtores import (
    ANO_VA,
    dados_certidao,
    praticar,
    recarregar,
    responder_oficios,
)

# --- a avaliação lê as certidões -------------------------------------------------------------


def test_avaliacao_do_art_2_e_montada_das_respostas_com_a_fonte_de_cada_linha(operador):
    processo = aguardando(operador)
    responder_oficios(processo, operador)

    avaliado = avaliacao.avaliar(recarregar(processo))

    assert avaliado.completa and avaliado.veredito.atende
    valores = {r.inciso: r.valor for r in avaliado.veredito.requisitos}
    assert valores["I"] == 4000 and valores["II"] == 800 and valores["III"] == 201
    assert valores["IV"] == Decimal("5500000.01")
    assert avaliado.fonte("I").oficio.orgao == "cartografia"
    assert avaliado.fonte("II").oficio.orgao == "tre"
    assert avaliado.fonte("IV").oficio.orgao == "sefaz"
    assert avaliado.fonte("II", "m5107925").oficio.orgao == "tre"


def test_paragrafo_1_falha_so_pelo_remanescente_que_nao_atende(operador):
    """Art. 2º, § 1º: Tapurah, depois de perder a área, fica com 3.999 habitantes (I)."""
    sorriso, tapurah = dois_municipios()
    processo = aguardando(operador, municipios=[sorriso, tapurah])
    responder_oficios(processo, operador, figuras=com_tapurah(populacao=3999))

    veredito = avaliacao.avaliar(recarregar(processo)).veredito

    area = [r for r in veredito.requisitos if r.inciso != "§ 1º"]
    assert all(r.atende for r in area if r.inciso in ("I", "II", "III", "IV", "V", "VI"))
    por_municipio = {r.nome: r.atende for r in veredito.remanescentes}
    assert por_municipio == {"Sorriso": True, "Tapurah": False}
    assert not veredito.atende


def test_paragrafo_1_atende_com_o_remanescente_no_limite(operador):
    """Art. 2º, I c/c § 1º: 4.000 habitantes no remanescente bastam ("não inferior a")."""
    sorriso, tapurah = dois_municipios()
    processo = aguardando(operador, municipios=[sorriso, tapurah])
    responder_oficios(processo, operador, figuras=com_tapurah(populacao=4000, eleitores=800))

    assert avaliacao.avaliar(recarregar(processo)).veredito.atende


def test_parecer_sem_algum_numero_e_recusado_dizendo_qual_falta(operador, presidente):
    processo = aguardando(operador)
    responder_oficios(processo, operador, orgaos=("cartografia", "sefaz"))
    praticar_concluir = processo  # o TRE não respondeu: as certidões nem se concluem
    avaliado = avaliacao.avaliar(recarregar(praticar_concluir))

    assert not avaliado.completa
    assert (
        "Falta eleitores (Art. 2º, II) de Área a desmembrar — Nova Fronteira do Norte — "
        "Tribunal Regional Eleitoral (TRE)." in avaliado.faltas
    )


def test_parecer_de_merito_recusado_quando_a_resposta_e_parcial(operador, presidente):
    processo = aguardando(operador)
    responder_oficios(processo, operador)
    tre = oficio_do_orgao(processo, "tre")
    sem_eleitores = dados_certidao(tre, area={"eleitores": None})
    retificar_certidao(
        oficio_id=tre.pk, usuario=operador, certidao=sem_eleitores, justificativa="Erro."
    )
    praticar(recarregar(processo), operador, "concluir_certidoes")

    with pytest.raises(AtoRecusado, match=r"Falta eleitores \(Art. 2º, II\) de Área"):
        praticar(recarregar(processo), presidente, "emitir_parecer_merito", "contrario")

    assert recarregar(processo).estado == "aguardando_parecer_merito"


def test_sem_a_tabela_da_sefaz_do_exercicio_certificado_o_parecer_e_recusado(operador, presidente):
    """Art. 2º, IV: a média é a do exercício que a certidão da SEFAZ diz (o último
    encerrado), nunca a de outro exercício: sem a tabela dele importada, não há média."""
    processo = aguardando(operador)
    responder_oficios(processo, operador)
    praticar(recarregar(processo), operador, "concluir_certidoes")
    ValorAdicionado.objects.filter(exercicio=ANO_VA).delete()

    with pytest.raises(
        AtoRecusado, match=f"A tabela do valor adicionado da SEFAZ de {ANO_VA} está incompleta"
    ):
        praticar(recarregar(processo), presidente, "emitir_parecer_merito", "favoravel")


def test_parecer_favoravel_recusado_quando_um_remanescente_nao_atende(operador, presidente):
    sorriso, tapurah = dois_municipios()
    processo = aguardando(operador, municipios=[sorriso, tapurah])
    responder_oficios(processo, operador, figuras=com_tapurah(casas_centro_urbano=200))
    praticar(recarregar(processo), operador, "concluir_certidoes")

    with pytest.raises(AtoRecusado, match=r"Tapurah \(remanescente, Art. 2º, § 1º, c/c III\)"):
        praticar(recarregar(processo), presidente, "emitir_parecer_merito", "favoravel")

    contrario = praticar(recarregar(processo), presidente, "emitir_parecer_merito", "contrario")
    assert contrario.dados["avaliacao_art2"]["atende"] is False


def test_parecer_grava_a_avaliacao_os_numeros_e_as_certidoes_usadas(operador, presidente):
    processo = aguardando(operador)
    responder_oficios(processo, operador)
    praticar(recarregar(processo), operador, "concluir_certidoes")

    andamento = praticar(recarregar(processo), presidente, "emitir_parecer_merito", "favoravel")

    dados = andamento.dados
    assert dados["avaliacao_art2"]["atende"] is True
    assert dados["figuras_art2"]["exercicio_va"] == ANO_VA
    assert dados["figuras_art2"]["unidades"]["area"]["populacao"] == "4000"
    assert dados["figuras_art2"]["unidades"]["area"]["valor_adicionado"] == "5500000.01"
    assert {c["orgao"] for c in dados["certidoes_art2"]} == {
        "Órgão Fazendário Estadual (SEFAZ)",
        "Órgão de Informação e Cartografia do Estado",
        "Tribunal Regional Eleitoral (TRE)",
    }
    assert all(len(c["sha256"]) == 64 for c in dados["certidoes_art2"])


def test_campos_antigos_de_numeros_digitados_no_parecer_nao_tem_efeito(operador, presidente):
    """Um POST forjado com os números do formulário antigo não muda a avaliação."""
    processo = aguardando(operador)
    responder_oficios(processo, operador)
    praticar(recarregar(processo), operador, "concluir_certidoes")

    andamento = praticar(
        recarregar(processo),
        presidente,
        "emitir_parecer_merito",
        dados={
            "conclusao": "contrario",
            "texto_parecer": "Parecer.",
            "figuras_art2": {"populacao": 1},
        },
    )

    assert andamento.dados["figuras_art2"]["unidades"]["area"]["populacao"] == "4000"


# --- versões e congelamento --------------------------------------------------------------------


def test_retificacao_cria_versao_nova_que_a_avaliacao_le_e_a_anterior_fica(operador):
    processo = aguardando(operador)
    responder_oficios(processo, operador)
    tre = oficio_do_orgao(processo, "tre")

    nova = retificar_certidao(
        oficio_id=tre.pk,
        usuario=operador,
        certidao=dados_certidao(tre, area={"eleitores": 799}, numero="TRE-2"),
        justificativa="Certidão retificadora do TRE.",
    )

    assert (nova.versao, nova.substitui.versao) == (2, 1)
    assert Certidao.objects.filter(oficio=tre).count() == 2
    veredito = avaliacao.avaliar(recarregar(processo)).veredito
    ii = next(r for r in veredito.requisitos if r.inciso == "II")
    assert (ii.valor, ii.atende) == (799, False)  # 799 × 100 < 20 × 4.000


def test_emitido_o_parecer_os_numeros_nao_mudam_e_a_avaliacao_fica_como_foi(operador, presidente):
    processo = aguardando(operador)
    responder_oficios(processo, operador)
    praticar(recarregar(processo), operador, "concluir_certidoes")
    andamento = praticar(recarregar(processo), presidente, "emitir_parecer_merito", "favoravel")
    tre = oficio_do_orgao(processo, "tre")

    with pytest.raises(AtoRecusado, match="parecer de mérito já foi emitido"):
        retificar_certidao(
            oficio_id=tre.pk,
            usuario=operador,
            certidao=dados_certidao(tre, area={"eleitores": 1}),
            justificativa="Tentativa.",
        )

    assert Certidao.objects.filter(oficio=tre).count() == 1
    andamento.refresh_from_db()
    assert andamento.dados["avaliacao_art2"]["atende"] is True


def test_formulario_aberto_antes_de_uma_retificacao_e_recusado(client, operador, presidente):
    processo = aguardando(operador)
    responder_oficios(processo, operador)
    praticar(recarregar(processo), operador, "concluir_certidoes")
    client.force_login(presidente)
    url = f"/processos/{processo.slug}/atos/emitir-parecer-merito/"
    formulario = client.get(url).context["form"]
    vistas = formulario.initial["certidoes_vistas"]
    tre = oficio_do_orgao(processo, "tre")
    retificar_certidao(
        oficio_id=tre.pk,
        usuario=operador,
        certidao=dados_certidao(tre, numero="TRE-2"),
        justificativa="Retificação.",
    )

    resposta = client.post(
        url,
        {
            "data_ato": recarregar(processo).andamentos.first().data_ato.strftime("%d/%m/%Y"),
            "estado_esperado": "aguardando_parecer_merito",
            "conclusao": "favoravel",
            "texto_parecer": "Parecer.",
            "certidoes_vistas": vistas,
        },
    )

    assert "recarregue a página" in resposta.content.decode()
    assert recarregar(processo).estado == "aguardando_parecer_merito"


def test_formulario_do_parecer_mostra_a_tabela_e_nao_pede_numeros(client, operador, presidente):
    processo = aguardando(operador)
    responder_oficios(processo, operador)
    praticar(recarregar(processo), operador, "concluir_certidoes")
    client.force_login(presidente)

    html = client.get(f"/processos/{processo.slug}/atos/emitir-parecer-merito/").content.decode()

    assert "Atende</strong> a todos os requisitos indispensáveis" in html
    assert "Certidão nº TRE-" in html
    for campo in ("populacao", "eleitores", "casas_centro_urbano", "valor_adicionado"):
        assert f'name="{campo}' not in html and 'name="rem_' not in html


def test_pagina_mostra_a_previa_parcial_e_depois_completa(client, servidor, operador):
    processo = aguardando(operador)
    client.force_login(servidor)
    responder_oficios(processo, operador, orgaos=("cartografia",))

    parcial = client.get(f"/processos/{processo.slug}/").content.decode()
    responder_oficios(processo, operador)
    completa = client.get(f"/processos/{processo.slug}/").content.decode()

    assert 'data-avaliacao="parcial"' in parcial
    assert "Falta: aguardando a certidão do TRE" in parcial
    assert 'data-avaliacao="completa"' in completa
