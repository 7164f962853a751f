"""As certidões trazem os números (Art. 2º, § 2º; Art. 7º, parágrafo único): cada órgão
certifica o que o ofício lhe pede, para a área e para cada município de origem remanescente;
a avaliação do Art. 2º e o Projeto de Lei leem esses números — ninguém os redigita."""

import io
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

from documentos.emissao import minuta
from instrucao import avaliacao, certidoes
from instrucao import documentos as instrucao_documentos
from instrucao.models import Certidao, FiguraCertidao
from instrucao.services import registrar_resposta, retificar_certidao
from processos.models import AtoRecusado
from requisitos.models import Municipio, ValorAdicionado
from tests.processos.construtores import (
    ANO_VA,
    FIGURAS_ART2,
    avancar,
    certidao_pdf,
    dados_certidao,
    praticar,
    processo_no_estado,
    protocolar,
    recarregar,
    responder_oficios,
)


def _aguardando(operador, **campos):
    return processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False, **campos
    )


def _oficio(processo, orgao):
    return processo.oficios.vigentes().select_related("processo").get(orgao=orgao)


def _dois_municipios():
    sorriso, _ = Municipio.objects.get_or_create(codigo_ibge=5107925, defaults={"nome": "Sorriso"})
    tapurah, _ = Municipio.objects.get_or_create(codigo_ibge=5108006, defaults={"nome": "Tapurah"})
    return sorriso, tapurah


def _com_tapurah(**tapurah) -> dict:
    """FIGURAS_ART2 com um segundo município de origem, Tapurah, cujos números vêm de
    `tapurah` (por padrão, atende a tudo)."""
    base = {"codigo_ibge": 5108006, "nome": "Tapurah", "populacao": 9000, "eleitores": 5000}
    base |= {"casas_centro_urbano": 900, "valor_adicionado": Decimal("90000000")} | tapurah
    return FIGURAS_ART2 | {"remanescentes": [*FIGURAS_ART2["remanescentes"], base]}


# --- o que cada órgão certifica -------------------------------------------------------------


def test_cada_orgao_certifica_so_os_seus_numeros_para_a_area_e_cada_remanescente(operador):
    sorriso, tapurah = _dois_municipios()
    processo = _aguardando(operador, municipios=[sorriso, tapurah])

    pedidos = {
        orgao: [(u.chave, u.campos) for u in certidoes.unidades_pedidas(processo, orgao)]
        for orgao in ("cartografia", "tre", "sefaz")
    }

    cartografia = ("populacao", "casas_centro_urbano", "continuidade_territorial", "area_km2")
    assert pedidos["cartografia"] == [
        ("area", cartografia),
        ("m5107925", cartografia),
        ("m5108006", cartografia),
    ]
    assert pedidos["tre"] == [
        ("area", ("eleitores",)),
        ("m5107925", ("eleitores",)),
        ("m5108006", ("eleitores",)),
    ]
    # Art. 7º, V: a parcela do ICMS é de cada município de origem, não da área.
    assert pedidos["sefaz"] == [
        ("area", ("valor_adicionado",)),
        ("m5107925", ("valor_adicionado", "participacao_icms")),
        ("m5108006", ("valor_adicionado", "participacao_icms")),
    ]


def test_resposta_grava_os_numeros_de_cada_unidade_com_inteiros_e_decimal(operador):
    sorriso, tapurah = _dois_municipios()
    processo = _aguardando(operador, municipios=[sorriso, tapurah])
    figuras = _com_tapurah()

    responder_oficios(processo, operador, figuras=figuras)

    sefaz = Certidao.objects.get(oficio__processo=processo, oficio__orgao="sefaz")
    assert sefaz.exercicio == ANO_VA
    gravadas = {
        f.chave: f
        for f in FiguraCertidao.objects.filter(certidao__oficio__processo=processo, certidao=sefaz)
    }
    assert gravadas["area"].valor_adicionado == Decimal("5500000.01")
    assert gravadas["m5108006"].valor_adicionado == Decimal("90000000")
    assert gravadas["m5108006"].participacao_icms == Decimal("12.5")
    assert gravadas["m5108006"].municipio == tapurah
    cartografia = FiguraCertidao.objects.get(
        certidao__oficio__processo=processo, certidao__oficio__orgao="cartografia", chave="area"
    )
    assert (cartografia.populacao, cartografia.casas_centro_urbano) == (4000, 201)
    assert cartografia.continuidade_territorial is True
    assert isinstance(cartografia.area_km2, Decimal)


def test_o_formulario_de_cada_orgao_pede_exatamente_os_seus_numeros(client, servidor, operador):
    processo = _aguardando(operador)
    client.force_login(servidor)

    tre = client.get(
        f"/processos/{processo.slug}/oficios/{_oficio(processo, 'tre').pk}/resposta/"
    ).content.decode()
    sefaz = client.get(
        f"/processos/{processo.slug}/oficios/{_oficio(processo, 'sefaz').pk}/resposta/"
    ).content.decode()

    assert 'name="area__eleitores"' in tre and 'name="m5107925__eleitores"' in tre
    assert "populacao" not in tre and "valor_adicionado" not in tre and "exercicio" not in tre
    assert 'name="exercicio"' in sefaz and 'name="m5107925__participacao_icms"' in sefaz
    assert 'name="area__participacao_icms"' not in sefaz
    assert "eleitores" not in sefaz


def test_resposta_pela_tela_com_separador_de_milhar_e_parcial(client, servidor, operador):
    """Uma resposta parcial é aceita e mostrada como parcial, com o que falta."""
    processo = _aguardando(operador)
    oficio = _oficio(processo, "cartografia")
    client.force_login(servidor)

    resposta = client.post(
        f"/processos/{processo.slug}/oficios/{oficio.pk}/resposta/",
        {
            "respondido_em": "01/12/2026",
            "certidao": certidao_pdf(),
            "numero_certidao": "45/2026-CART",
            "data_certidao": "01/12/2026",
            "area__populacao": "5.200",
            "area__casas_centro_urbano": "240",
            "area__continuidade_territorial": "sim",
            "area__area_km2": "310,5",
        },
        follow=True,
    )

    html = resposta.content.decode()
    area = FiguraCertidao.objects.get(certidao__oficio=oficio, chave="area")
    assert (area.populacao, area.area_km2) == (5200, Decimal("310.500"))
    assert not FiguraCertidao.objects.filter(certidao__oficio=oficio, chave="m5107925").exists()
    assert "Resposta parcial" in html
    assert "Certidão nº 45/2026-CART" in html
    assert "Falta: população estimada (Art. 2º, I) de Sorriso após o desmembramento" in html


@pytest.mark.parametrize(
    ("campo", "valor", "mensagem"),
    [
        ("area__populacao", "-1", "O número não pode ser negativo."),
        ("area__populacao", "muitos", "Informe um número inteiro (por exemplo, 5.200)."),
        ("area__area_km2", "0", "A área, em km², deve ser maior que zero."),
        ("m5107925__area_km2", "12,3456", "Use no máximo 3 casas decimais."),
        ("data_certidao", "31/12/2099", "não pode ser futura"),
    ],
)
def test_numero_invalido_volta_ao_formulario_sem_gravar_nada(
    campo, valor, mensagem, client, servidor, operador, settings
):
    processo = _aguardando(operador)
    oficio = _oficio(processo, "cartografia")
    client.force_login(servidor)
    dados = {
        "respondido_em": "01/12/2026",
        "certidao": certidao_pdf(),
        "numero_certidao": "45/2026",
        "data_certidao": "01/12/2026",
        "area__populacao": "5200",
    } | {campo: valor}

    resposta = client.post(f"/processos/{processo.slug}/oficios/{oficio.pk}/resposta/", dados)

    assert resposta.status_code == 400
    assert mensagem in resposta.content.decode()
    assert not Certidao.objects.filter(oficio=oficio).exists()
    assert recarregar(processo).oficios.get(pk=oficio.pk).respondido_em is None
    assert not list(Path(settings.MEDIA_ROOT).rglob("*.pdf"))


def test_numeros_de_orgao_que_nao_foram_pedidos_sao_recusados(operador):
    processo = _aguardando(operador)
    oficio = _oficio(processo, "tre")
    dados = dados_certidao(oficio, area={"eleitores": 800, "populacao": 4000})

    with pytest.raises(AtoRecusado, match="não certifica população estimada"):
        registrar_resposta(
            oficio_id=oficio.pk, usuario=operador, respondido_em=dados.data, certidao=dados
        )

    assert not Certidao.objects.exists()
    assert _oficio(processo, "tre").respondido_em is None


def test_numero_negativo_pelo_servico_e_recusado(operador):
    processo = _aguardando(operador)
    oficio = _oficio(processo, "tre")
    dados = dados_certidao(oficio, area={"eleitores": -5})

    with pytest.raises(AtoRecusado, match="não pode ser negativo"):
        registrar_resposta(
            oficio_id=oficio.pk, usuario=operador, respondido_em=dados.data, certidao=dados
        )
    assert not Certidao.objects.exists()


def test_resposta_a_oficio_de_outro_processo_e_404(client, servidor, operador):
    processo = _aguardando(operador)
    outro = _aguardando(operador, nome="Serra Azul", sede="Serra Azul")
    oficio_do_outro = _oficio(outro, "tre")
    client.force_login(servidor)

    resposta = client.post(
        f"/processos/{processo.slug}/oficios/{oficio_do_outro.pk}/resposta/",
        {"respondido_em": "01/12/2026", "certidao": certidao_pdf()},
    )

    assert resposta.status_code == 404
    assert not Certidao.objects.exists()


def test_eleitores_acima_da_populacao_sao_aceitos_mas_sinalizados(operador):
    processo = _aguardando(operador)
    responder_oficios(processo, operador, figuras=FIGURAS_ART2 | {"eleitores": 4001})

    avaliado = avaliacao.avaliar(recarregar(processo))

    assert avaliado.completa
    assert any("eleitores (4001) acima da população (4000)" in a for a in avaliado.avisos)


# --- a avaliação lê as certidões -------------------------------------------------------------


def test_avaliacao_do_art_2_e_montada_das_respostas_com_a_fonte_de_cada_linha(operador):
    processo = _aguardando(operador)
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
    sorriso, tapurah = _dois_municipios()
    processo = _aguardando(operador, municipios=[sorriso, tapurah])
    responder_oficios(processo, operador, figuras=_com_tapurah(populacao=3999))

    veredito = avaliacao.avaliar(recarregar(processo)).veredito

    area = [r for r in veredito.requisitos if r.inciso != "§ 1º"]
    assert all(r.atende for r in area if r.inciso in ("I", "II", "III", "IV", "V", "VI"))
    por_municipio = {r.nome: r.atende for r in veredito.remanescentes}
    assert por_municipio == {"Sorriso": True, "Tapurah": False}
    assert not veredito.atende


def test_paragrafo_1_atende_com_o_remanescente_no_limite(operador):
    """Art. 2º, I c/c § 1º: 4.000 habitantes no remanescente bastam ("não inferior a")."""
    sorriso, tapurah = _dois_municipios()
    processo = _aguardando(operador, municipios=[sorriso, tapurah])
    responder_oficios(processo, operador, figuras=_com_tapurah(populacao=4000, eleitores=800))

    assert avaliacao.avaliar(recarregar(processo)).veredito.atende


def test_parecer_sem_algum_numero_e_recusado_dizendo_qual_falta(operador, presidente):
    processo = _aguardando(operador)
    responder_oficios(processo, operador, orgaos=("cartografia", "sefaz"))
    praticar_concluir = processo  # o TRE não respondeu: as certidões nem se concluem
    avaliado = avaliacao.avaliar(recarregar(praticar_concluir))

    assert not avaliado.completa
    assert (
        "Falta eleitores (Art. 2º, II) de Área a desmembrar — Nova Fronteira do Norte — "
        "Tribunal Regional Eleitoral (TRE)." in avaliado.faltas
    )


def test_parecer_de_merito_recusado_quando_a_resposta_e_parcial(operador, presidente):
    processo = _aguardando(operador)
    responder_oficios(processo, operador)
    tre = _oficio(processo, "tre")
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
    processo = _aguardando(operador)
    responder_oficios(processo, operador)
    praticar(recarregar(processo), operador, "concluir_certidoes")
    ValorAdicionado.objects.filter(exercicio=ANO_VA).delete()

    with pytest.raises(
        AtoRecusado, match=f"A tabela do valor adicionado da SEFAZ de {ANO_VA} está incompleta"
    ):
        praticar(recarregar(processo), presidente, "emitir_parecer_merito", "favoravel")


def test_parecer_favoravel_recusado_quando_um_remanescente_nao_atende(operador, presidente):
    sorriso, tapurah = _dois_municipios()
    processo = _aguardando(operador, municipios=[sorriso, tapurah])
    responder_oficios(processo, operador, figuras=_com_tapurah(casas_centro_urbano=200))
    praticar(recarregar(processo), operador, "concluir_certidoes")

    with pytest.raises(AtoRecusado, match=r"Tapurah \(remanescente, Art. 2º, § 1º, c/c III\)"):
        praticar(recarregar(processo), presidente, "emitir_parecer_merito", "favoravel")

    contrario = praticar(recarregar(processo), presidente, "emitir_parecer_merito", "contrario")
    assert contrario.dados["avaliacao_art2"]["atende"] is False


def test_parecer_grava_a_avaliacao_os_numeros_e_as_certidoes_usadas(operador, presidente):
    processo = _aguardando(operador)
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
    processo = _aguardando(operador)
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
    processo = _aguardando(operador)
    responder_oficios(processo, operador)
    tre = _oficio(processo, "tre")

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
    processo = _aguardando(operador)
    responder_oficios(processo, operador)
    praticar(recarregar(processo), operador, "concluir_certidoes")
    andamento = praticar(recarregar(processo), presidente, "emitir_parecer_merito", "favoravel")
    tre = _oficio(processo, "tre")

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
    processo = _aguardando(operador)
    responder_oficios(processo, operador)
    praticar(recarregar(processo), operador, "concluir_certidoes")
    client.force_login(presidente)
    url = f"/processos/{processo.slug}/atos/emitir-parecer-merito/"
    formulario = client.get(url).context["form"]
    vistas = formulario.initial["certidoes_vistas"]
    tre = _oficio(processo, "tre")
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
    processo = _aguardando(operador)
    responder_oficios(processo, operador)
    praticar(recarregar(processo), operador, "concluir_certidoes")
    client.force_login(presidente)

    html = client.get(f"/processos/{processo.slug}/atos/emitir-parecer-merito/").content.decode()

    assert "Atende</strong> a todos os requisitos indispensáveis" in html
    assert "Certidão nº TRE-" in html
    for campo in ("populacao", "eleitores", "casas_centro_urbano", "valor_adicionado"):
        assert f'name="{campo}' not in html and 'name="rem_' not in html


def test_pagina_mostra_a_previa_parcial_e_depois_completa(client, servidor, operador):
    processo = _aguardando(operador)
    client.force_login(servidor)
    responder_oficios(processo, operador, orgaos=("cartografia",))

    parcial = client.get(f"/processos/{processo.slug}/").content.decode()
    responder_oficios(processo, operador)
    completa = client.get(f"/processos/{processo.slug}/").content.decode()

    assert 'data-avaliacao="parcial"' in parcial
    assert "Falta: aguardando a certidão do TRE" in parcial
    assert 'data-avaliacao="completa"' in completa


# --- o Projeto de Lei (Art. 7º, V) -------------------------------------------------------------


def test_pl_sem_a_parcela_do_icms_de_um_municipio_e_recusado(operador, presidente):
    processo = processo_no_estado(operador, "criacao", "elaboracao_pl")
    sefaz = processo.oficios.get(orgao="sefaz")
    FiguraCertidao.objects.filter(certidao__oficio=sefaz, chave="m5107925").update(
        participacao_icms=None
    )

    with pytest.raises(
        AtoRecusado, match=r"Art. 7º, V\), certificada pela SEFAZ; falta a de Sorriso"
    ):
        praticar(processo, presidente, "apresentar_pl")


def test_art7_v_pl_grava_e_imprime_a_parcela_de_cada_origem_sem_total(operador, presidente):
    """Art. 7º, V: cada parcela incide sobre o índice do seu próprio município de origem;
    12,5 % de um índice e 3,25 % de outro não somam 15,75 % de coisa alguma."""
    sorriso, tapurah = _dois_municipios()
    processo = protocolar(operador, municipios=[sorriso, tapurah])
    processo = avancar(processo, operador, "aguardando_certidoes")
    tapurah_icms = _com_tapurah()
    responder_oficios(processo, operador, figuras=tapurah_icms)
    sefaz = processo.oficios.get(orgao="sefaz")
    FiguraCertidao.objects.filter(certidao__oficio=sefaz, chave="m5108006").update(
        participacao_icms=Decimal("3.25")
    )
    processo = avancar(processo, operador, "elaboracao_pl")

    andamento = praticar(processo, presidente, "apresentar_pl")

    assert [p["percentual"] for p in andamento.dados["participacoes_icms"]] == [
        "12.500000",
        "3.250000",
    ]
    assert "participacao_icms_total" not in andamento.dados
    # O PL como se lê (a mesma peça que a emissão grava, aqui como minuta).
    pl = " ".join(
        p.extract_text()
        for p in PdfReader(io.BytesIO(minuta(instrucao_documentos.pl(andamento)))).pages
    )
    pl = "".join(pl.split())
    assert "Sorriso12,5%" in pl and "Tapurah3,25%" in pl
    assert "15,75" not in pl and "Total" not in pl
    assert "Percentualdoíndicedopróprio" in pl
