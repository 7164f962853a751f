"""Propriedades das regras (hypothesis): monotonia — aumentar um número nunca transforma um
requisito atendido em não atendido — e coerência entre o veredito e a comparação exata."""

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from requisitos.parametros import ParametrosLegais
from requisitos.regras import (
    DadosCriacao,
    avaliar_aprovacao_camara,
    avaliar_casas,
    avaliar_criacao_municipio,
    avaliar_distrito,
    avaliar_eleitores,
    avaliar_maioria_absoluta_eleitores,
    avaliar_populacao,
    avaliar_revisao_limites,
    avaliar_valor_adicionado,
    media_va_menores,
)
from requisitos.toponimia import chave, palavras_contadas

P = ParametrosLegais()
pessoas = st.integers(min_value=0, max_value=10**9)
acrescimo = st.integers(min_value=0, max_value=10**6)
reais = st.decimals(min_value=0, max_value=Decimal("1e15"), places=2)


@given(pessoas, acrescimo)
def test_art_2_i_mais_populacao_nunca_deixa_de_atender(populacao, mais):
    if avaliar_populacao(populacao, P).atende:
        assert avaliar_populacao(populacao + mais, P).atende


@given(pessoas, pessoas, acrescimo)
def test_art_2_ii_mais_eleitores_nunca_deixa_de_atender(eleitores, populacao, mais):
    if avaliar_eleitores(eleitores, populacao, P).atende:
        assert avaliar_eleitores(eleitores + mais, populacao, P).atende


@given(pessoas, pessoas)
def test_art_2_ii_o_limite_exibido_e_exatamente_o_menor_que_atende(eleitores, populacao):
    requisito = avaliar_eleitores(eleitores, populacao, P)
    assert requisito.atende is (eleitores >= requisito.limite)


@given(pessoas, acrescimo)
def test_art_2_iii_mais_casas_nunca_deixa_de_atender(casas, mais):
    if avaliar_casas(casas, P).atende:
        assert avaliar_casas(casas + mais, P).atende


@given(st.dictionaries(st.integers(1, 10**7), reais, min_size=10, max_size=40), reais, reais)
def test_art_2_iv_mais_va_nunca_deixa_de_atender_e_igual_a_media_nunca_basta(valores, valor, mais):
    media = media_va_menores(valores, 10)
    if avaliar_valor_adicionado(valor, media).atende:
        assert avaliar_valor_adicionado(valor + mais, media).atende
    assert not avaliar_valor_adicionado(media.soma / 10, media).atende


@given(pessoas, pessoas, pessoas, reais, reais, acrescimo)
def test_criacao_mais_de_tudo_nunca_perde_requisito(populacao, eleitores, casas, va, media, mais):
    def dados(extra):
        return DadosCriacao(
            populacao + extra, eleitores + extra, casas + extra, va + extra, media, True, True
        )

    antes = avaliar_criacao_municipio(dados(0), P).requisitos
    depois = avaliar_criacao_municipio(dados(mais), P).requisitos
    for r_antes, r_depois in zip(antes, depois, strict=True):
        if r_antes.atende and r_antes.inciso != "II":  # II depende da razão, não da soma
            assert r_depois.atende


@given(pessoas, pessoas, acrescimo)
def test_art_25_mais_habitacoes_e_populacao_nunca_deixam_de_atender(habitacoes, populacao, mais):
    if avaliar_distrito(habitacoes, populacao, P).atende:
        assert avaliar_distrito(habitacoes + mais, populacao + mais, P).atende


@given(
    st.decimals(min_value=Decimal("0.001"), max_value=Decimal("999999999"), places=3),
    st.fractions(min_value=0, max_value=1),
)
def test_art_8_dispensa_coincide_com_a_razao_exata(total, fracao):
    movida = (total * Decimal(fracao.numerator) / Decimal(fracao.denominator)).quantize(
        Decimal("0.001"), rounding="ROUND_DOWN"
    )
    veredito = avaliar_revisao_limites(movida, total, P)
    assert veredito.plebiscito_dispensado is (movida / total <= Decimal("0.2"))


@given(pessoas, acrescimo)
def test_art_10_iii_mais_assinaturas_nunca_deixa_de_atender(eleitores, mais):
    minimo = eleitores // 2 + 1
    assert avaliar_maioria_absoluta_eleitores(minimo + mais, eleitores).atende
    assert not avaliar_maioria_absoluta_eleitores(minimo - 1, eleitores).atende


@given(st.integers(1, 500), st.data())
def test_art_6_paragrafo_2_dois_tercos_exatos_em_inteiros(membros, data):
    votos = data.draw(st.integers(0, membros))
    assert avaliar_aprovacao_camara(votos, membros).atende is (3 * votos >= 2 * membros)


@given(st.text(alphabet="abcdeÁéíõç -'", min_size=1, max_size=40))
def test_toponimia_chave_e_idempotente_e_particulas_nao_contam(nome):
    assert chave(chave(nome)) == chave(nome)
    assert len(palavras_contadas(nome + " de da do")) == len(palavras_contadas(nome))
