"""Art. 2º, I a VI, e § 1º — tabelas de fronteira, dos dois lados de cada limite."""

from decimal import Decimal

import pytest

from requisitos.parametros import ParametrosLegais
from requisitos.regras import (
    DadosCriacao,
    DadosRemanescente,
    avaliar_casas,
    avaliar_criacao_municipio,
    avaliar_eleitores,
    avaliar_populacao,
    avaliar_valor_adicionado,
    media_va_menores,
)

P = ParametrosLegais()
MEDIA = Decimal("1000000.00")


def remanescente(codigo=5106240, **mudancas) -> DadosRemanescente:
    dados = {
        "codigo_ibge": codigo,
        "populacao": 20000,
        "eleitores": 15000,
        "casas_centro_urbano": 5000,
        "valor_adicionado": Decimal("90000000.00"),
        "nome": "Nova Ubiratã",
    }
    dados.update(mudancas)
    return DadosRemanescente(**dados)


def criacao(**mudancas) -> DadosCriacao:
    dados = {
        "populacao": 5000,
        "eleitores": 1500,
        "casas_centro_urbano": 400,
        "valor_adicionado": Decimal("2000000.00"),
        "media_va_menores": MEDIA,
        "condicoes_instalacao": True,
        "continuidade_territorial": True,
        "remanescentes": (remanescente(),),
    }
    dados.update(mudancas)
    return DadosCriacao(**dados)


def linha(veredito, inciso):
    return next(r for r in veredito.requisitos if r.inciso == inciso)


@pytest.mark.parametrize(
    ("populacao", "atende"), [(0, False), (3999, False), (4000, True), (4001, True)]
)
def test_art_2_i_populacao_nao_inferior_a_4000(populacao, atende):
    requisito = avaliar_populacao(populacao, P)
    assert requisito.atende is atende
    assert (requisito.valor, requisito.limite, requisito.comparacao) == (populacao, 4000, ">=")
    assert requisito.fundamento == "Art. 2º, I"


def test_art_2_i_diz_quantos_habitantes_faltam():
    requisito = avaliar_populacao(3999, P)
    assert (
        requisito.mensagem == "População estimada de 3.999 habitantes, inferior ao mínimo de 4.000."
    )
    assert requisito.falta == "Falta 1 habitante."


@pytest.mark.parametrize(
    ("eleitores", "populacao", "atende"),
    [
        (1999, 10000, False),  # 19,99 %
        (2000, 10000, True),  # 20 %
        (2001, 10000, True),
        (814, 4071, False),  # 19,995 %: exibido truncado, 19,99 %
        (815, 4071, True),  # 20,02 %
        (410, 4071, False),  # Santo Antônio do Leste, 1995: 10,07 %
        (0, 0, True),  # o inciso I é que recusa
    ],
)
def test_art_2_ii_eleitores_nao_inferiores_a_20_por_cento(eleitores, populacao, atende):
    requisito = avaliar_eleitores(eleitores, populacao, P)
    assert requisito.atende is atende
    assert requisito.fundamento == "Art. 2º, II"


def test_art_2_ii_limite_e_o_menor_numero_de_eleitores_que_atende():
    requisito = avaliar_eleitores(814, 4071, P)
    assert requisito.limite == 815  # teto de 20 % × 4.071 = 814,2
    assert "19,99 %" in requisito.mensagem
    assert requisito.falta == "Seriam necessários pelo menos 815 eleitores (faltam 1)."


def test_art_2_ii_santo_antonio_do_leste_recusado_em_1995():
    requisito = avaliar_eleitores(410, 4071, P)
    assert requisito.mensagem == (
        "410 eleitores para 4.071 habitantes (10,07 % da população), inferior a 20 %."
    )


@pytest.mark.parametrize(("casas", "atende"), [(199, False), (200, False), (201, True)])
def test_art_2_iii_casas_superior_a_200(casas, atende):
    requisito = avaliar_casas(casas, P)
    assert requisito.atende is atende
    assert (requisito.limite, requisito.comparacao) == (200, ">")


def test_art_2_iii_com_200_casas_falta_uma():
    assert avaliar_casas(200, P).falta == "Falta 1 casa."


@pytest.mark.parametrize(
    ("valor", "atende"),
    [
        (Decimal("999999.99"), False),
        (Decimal("1000000.00"), False),  # igual à média não basta
        (Decimal("1000000.01"), True),
    ],
)
def test_art_2_iv_va_superior_a_media_informada(valor, atende):
    requisito = avaliar_valor_adicionado(valor, MEDIA)
    assert requisito.atende is atende
    assert (requisito.limite, requisito.comparacao) == (MEDIA, ">")


def test_art_2_iv_va_igual_a_media_da_tabela_nao_basta_mesmo_com_dizima():
    # média de 1, 1, 2 = 1,333...; exibida 1,33. VA 1,33 e 1,3333 não superam; 1,34 supera.
    media = media_va_menores({1: Decimal(1), 2: Decimal(1), 3: Decimal(2)}, 3, 2023)
    assert media.media == Decimal("1.33")
    assert not avaliar_valor_adicionado(Decimal("1.33"), media).atende
    assert not avaliar_valor_adicionado(Decimal("1.3333"), media).atende
    assert avaliar_valor_adicionado(Decimal("1.34"), media).atende


def test_art_2_iv_va_igual_a_media_exata_da_tabela_nao_basta():
    valores = {codigo: Decimal(codigo) for codigo in range(1, 21)}
    media = media_va_menores(valores, 10, 2023)
    assert media.media == Decimal("5.50")
    assert not avaliar_valor_adicionado(Decimal("5.50"), media).atende
    assert avaliar_valor_adicionado(Decimal("5.51"), media).atende


@pytest.mark.parametrize(
    ("condicoes", "atende", "trecho"),
    [
        (True, True, "Condições apropriadas"),
        (False, False, "Sem condições"),
        (None, False, "visita"),
    ],
)
def test_art_2_v_condicoes_de_instalacao(condicoes, atende, trecho):
    veredito = avaliar_criacao_municipio(criacao(condicoes_instalacao=condicoes), P)
    requisito = linha(veredito, "V")
    assert requisito.atende is atende
    assert trecho in requisito.mensagem
    assert veredito.atende is atende


@pytest.mark.parametrize(("continuidade", "atende"), [(True, True), (False, False), (None, False)])
def test_art_2_vi_continuidade_territorial(continuidade, atende):
    veredito = avaliar_criacao_municipio(criacao(continuidade_territorial=continuidade), P)
    assert linha(veredito, "VI").atende is atende
    assert linha(veredito, "VI").fundamento == "Art. 2º, VI"
    assert veredito.atende is atende


def test_criacao_atende_quando_todos_os_incisos_e_o_paragrafo_1_atendem():
    veredito = avaliar_criacao_municipio(criacao(), P)
    assert veredito.atende
    assert [r.inciso for r in veredito.requisitos] == ["I", "II", "III", "IV", "V", "VI", "§ 1º"]
    assert [r.fundamento for r in veredito.requisitos][:3] == [
        "Art. 2º, I",
        "Art. 2º, II",
        "Art. 2º, III",
    ]
    assert veredito.parametros == P.como_dict()


def test_art_2_paragrafo_1_recusa_quando_so_o_remanescente_perde_populacao():
    veredito = avaliar_criacao_municipio(
        criacao(remanescentes=(remanescente(populacao=3999, eleitores=1000),)), P
    )
    assert all(r.atende for r in veredito.requisitos if r.inciso != "§ 1º")
    assert not veredito.atende
    paragrafo = linha(veredito, "§ 1º")
    assert not paragrafo.atende
    assert paragrafo.mensagem == "Perderiam os requisitos dos incisos I a IV: Nova Ubiratã."
    (origem,) = veredito.remanescentes
    assert not origem.atende
    assert [(r.inciso, r.atende) for r in origem.requisitos] == [
        ("I", False),
        ("II", True),
        ("III", True),
        ("IV", True),
    ]
    assert origem.requisitos[0].fundamento == "Art. 2º, § 1º, c/c I"


@pytest.mark.parametrize(
    ("mudanca", "inciso"),
    [
        ({"eleitores": 3999}, "II"),  # 19,995 % de 20.000
        ({"casas_centro_urbano": 200}, "III"),
        ({"valor_adicionado": MEDIA}, "IV"),
    ],
)
def test_art_2_paragrafo_1_cada_inciso_no_remanescente(mudanca, inciso):
    veredito = avaliar_criacao_municipio(criacao(remanescentes=(remanescente(**mudanca),)), P)
    assert not veredito.atende
    (origem,) = veredito.remanescentes
    assert [r.inciso for r in origem.requisitos if not r.atende] == [inciso]


def test_art_2_paragrafo_1_avalia_cada_municipio_de_origem():
    # Boa Esperança do Norte: de Nova Ubiratã e de Sorriso.
    veredito = avaliar_criacao_municipio(
        criacao(
            remanescentes=(
                remanescente(5106240),
                remanescente(5107925, nome="Sorriso", casas_centro_urbano=150),
            )
        ),
        P,
    )
    assert [(r.codigo_ibge, r.atende) for r in veredito.remanescentes] == [
        (5106240, True),
        (5107925, False),
    ]
    assert linha(veredito, "§ 1º").mensagem.endswith(": Sorriso.")
    assert (linha(veredito, "§ 1º").valor, linha(veredito, "§ 1º").limite) == (1, 2)


def test_art_2_paragrafo_1_sem_remanescentes_nao_pode_ser_dado_por_atendido():
    veredito = avaliar_criacao_municipio(criacao(remanescentes=()), P)
    assert not veredito.atende
    assert "Informe os números de cada município de origem" in linha(veredito, "§ 1º").mensagem


def test_eleitores_acima_da_populacao_sao_aceitos_mas_sinalizados():
    veredito = avaliar_criacao_municipio(criacao(eleitores=6000), P)
    assert linha(veredito, "II").atende
    assert veredito.avisos == (
        "O número de eleitores (6.000) é maior que a população (5.000). "
        "Confira os números nas certidões.",
    )


def test_parametros_em_vigor_mudam_o_limite():
    novos = ParametrosLegais(populacao_minima=5000, casas_minimas=300)
    assert not avaliar_populacao(4999, novos).atende
    assert avaliar_populacao(5000, novos).atende
    assert not avaliar_casas(300, novos).atende
    assert avaliar_criacao_municipio(criacao(), novos).parametros["populacao_minima"] == 5000


@pytest.mark.parametrize(
    "mudanca",
    [{"populacao": -1}, {"eleitores": -5}, {"valor_adicionado": Decimal("-0.01")}],
)
def test_regra_recusa_numeros_negativos(mudanca):
    with pytest.raises(ValueError):
        avaliar_criacao_municipio(criacao(**mudanca), P)


@pytest.mark.parametrize("valor", [4000.0, True, "4000"])
def test_regra_recusa_float_bool_e_texto(valor):
    with pytest.raises(TypeError):
        avaliar_criacao_municipio(criacao(populacao=valor), P)
