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
from instrucao.services import registrar_resposta
from processos.models import AtoRecusado
from tests.instrucao.construtores import aguardando, com_tapurah, dois_municipios, oficio_do_orgao
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

# --- o que cada órgão certifica -------------------------------------------------------------


def test_cada_orgao_certifica_so_os_seus_numeros_para_a_area_e_cada_remanescente(operador):
    sorriso, tapurah = dois_municipios()
    processo = aguardando(operador, municipios=[sorriso, tapurah])

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
    sorriso, tapurah = dois_municipios()
    processo = aguardando(operador, municipios=[sorriso, tapurah])
    figuras = com_tapurah()

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
    processo = aguardando(operador)
    client.force_login(servidor)

    tre = client.get(
        f"/processos/{processo.slug}/oficios/{oficio_do_orgao(processo, 'tre').pk}/resposta/"
    ).content.decode()
    sefaz = client.get(
        f"/processos/{processo.slug}/oficios/{oficio_do_orgao(processo, 'sefaz').pk}/resposta/"
    ).content.decode()

    assert 'name="area__eleitores"' in tre and 'name="m5107925__eleitores"' in tre
    assert "populacao" not in tre and "valor_adicionado" not in tre and "exercicio" not in tre
    assert 'name="exercicio"' in sefaz and 'name="m5107925__participacao_icms"' in sefaz
    assert 'name="area__participacao_icms"' not in sefaz
    assert "eleitores" not in sefaz


def test_resposta_pela_tela_com_separador_de_milhar_e_parcial(client, servidor, operador):
    """Uma resposta parcial é aceita e mostrada como parcial, com o que falta."""
    processo = aguardando(operador)
    oficio = oficio_do_orgao(processo, "cartografia")
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
    processo = aguardando(operador)
    oficio = oficio_do_orgao(processo, "cartografia")
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
    processo = aguardando(operador)
    oficio = oficio_do_orgao(processo, "tre")
    dados = dados_certidao(oficio, area={"eleitores": 800, "populacao": 4000})

    with pytest.raises(AtoRecusado, match="não certifica população estimada"):
        registrar_resposta(
            oficio_id=oficio.pk, usuario=operador, respondido_em=dados.data, certidao=dados
        )

    assert not Certidao.objects.exists()
    assert oficio_do_orgao(processo, "tre").respondido_em is None


def test_numero_negativo_pelo_servico_e_recusado(operador):
    processo = aguardando(operador)
    oficio = oficio_do_orgao(processo, "tre")
    dados = dados_certidao(oficio, area={"eleitores": -5})

    with pytest.raises(AtoRecusado, match="não pode ser negativo"):
        registrar_resposta(
            oficio_id=oficio.pk, usuario=operador, respondido_em=dados.data, certidao=dados
        )
    assert not Certidao.objects.exists()


def test_resposta_a_oficio_de_outro_processo_e_404(client, servidor, operador):
    processo = aguardando(operador)
    outro = aguardando(operador, nome="Serra Azul", sede="Serra Azul")
    oficio_do_outro = oficio_do_orgao(outro, "tre")
    client.force_login(servidor)

    resposta = client.post(
        f"/processos/{processo.slug}/oficios/{oficio_do_outro.pk}/resposta/",
        {"respondido_em": "01/12/2026", "certidao": certidao_pdf()},
    )

    assert resposta.status_code == 404
    assert not Certidao.objects.exists()


def test_eleitores_acima_da_populacao_sao_aceitos_mas_sinalizados(operador):
    processo = aguardando(operador)
    responder_oficios(processo, operador, figuras=FIGURAS_ART2 | {"eleitores": 4001})

    avaliado = avaliacao.avaliar(recarregar(processo))

    assert avaliado.completa
    assert any("eleitores (4001) acima da população (4000)" in a for a in avaliado.avisos)


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
    sorriso, tapurah = dois_municipios()
    processo = protocolar(operador, municipios=[sorriso, tapurah])
    processo = avancar(processo, operador, "aguardando_certidoes")
    tapurah_icms = com_tapurah()
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
