"""Art. 6º — toponímia: repetição no País, datas, palavras e declaração de pessoa viva."""

import pytest

from requisitos.municipios_br import MunicipioBR
from requisitos.parametros import ParametrosLegais
from requisitos.toponimia import (
    DECLARACAO_FEITA,
    DECLARACAO_PENDENTE,
    avaliar_toponimo,
    chave,
    designa_data,
    palavras_contadas,
)

P = ParametrosLegais()
VAZIA: tuple[MunicipioBR, ...] = ()


def regras(veredito) -> list[str]:
    return [p.regra for p in veredito.problemas]


@pytest.mark.parametrize(
    ("nome", "contadas"),
    [
        ("Santo Antônio do Leverger", 3),
        ("Pontes e Lacerda", 2),
        ("São José dos Quatro Marcos", 4),
        ("Vila Bela da Santíssima Trindade", 4),
        ("Conquista D'Oeste", 2),  # "d'" é partícula, "Oeste" conta
        ("Santa Bárbara d’Oeste", 3),
        ("Nossa Senhora do Livramento", 3),
        ("Bom Jesus do Araguaia", 3),
        ("Nova Brasilândia", 2),
        ("Porto Alegre do Norte", 3),
        ("Vila Rica às Margens do Rio", 4),
        ("Cuiabá", 1),
        # Decisão: o composto por hífen é uma palavra; del, de la, von, van são partículas.
        ("Nova Ji-Paraná do Sul", 3),
        ("São João del Rei", 3),
        ("Santa Rosa de la Sierra", 3),
        ("Colônia von Humboldt", 2),
        ("Porto van Dijk", 2),
        ("Barra entre Rios", 2),
        ("Santa Terezinha-do-Norte Sul", 3),
    ],
)
def test_art_6_conta_palavras_sem_as_particulas(nome, contadas):
    assert len(palavras_contadas(nome)) == contadas
    assert avaliar_toponimo(nome, P, VAZIA).palavras_contadas == contadas


@pytest.mark.parametrize(
    ("nome", "valido"),
    [
        ("Santo Antônio do Leverger", True),  # 3 palavras: o limite
        ("Pontes e Lacerda", True),
        ("São José dos Quatro Marcos", False),
        ("Vila Bela da Santíssima Trindade", False),
        ("Nova Ji-Paraná do Sul", True),  # o caso relatado: 3 palavras, não 4
        ("Nova Ji-Paraná do Sul Mato", False),
    ],
)
def test_art_6_no_maximo_tres_palavras(nome, valido):
    veredito = avaliar_toponimo(nome, P, VAZIA)
    assert veredito.valido is valido
    assert ("palavras" in regras(veredito)) is not valido


def test_art_6_mensagem_de_palavras_demais_lista_as_palavras():
    (problema,) = avaliar_toponimo("São José dos Quatro Marcos", P, VAZIA).problemas
    assert problema.mensagem == (
        "O nome tem 4 palavras (São, José, Quatro, Marcos), excluídas as partículas "
        "gramaticais; o Art. 6º permite no máximo 3."
    )


@pytest.mark.parametrize(
    "nome",
    [
        "Sete de Setembro",
        "Primeiro de Maio",
        "Treze de Maio",
        "Três de Maio",
        "Quinze de Novembro",
        "Vinte e Cinco de Julho",
        "1º de Maio",
        "7 de Setembro",
        "Sete Setembro",
        "Maio 13",
        "Novembro de 1889",
        "Vila 7/9",
        "três de março",
        "TREZE DE MAIO",
    ],
)
def test_art_6_recusa_datas(nome):
    assert designa_data(nome)
    veredito = avaliar_toponimo(nome, P, VAZIA)
    assert "data" in regras(veredito)
    assert not veredito.valido


@pytest.mark.parametrize(
    "nome",
    [
        "Rio de Janeiro",
        "Marcelândia",
        "Primavera do Leste",
        "Quatro Marcos",
        "Janeiro Novo",
        "Abril",
        "Sete Lagoas",
        "Dois Irmãos do Norte",
    ],
)
def test_art_6_nao_confunde_com_data(nome):
    assert not designa_data(nome)


def test_art_6_rio_de_janeiro_e_repeticao_mas_nao_data():
    veredito = avaliar_toponimo("Rio de Janeiro", P)
    assert regras(veredito) == ["repeticao"]
    assert [(m.nome, m.uf) for m in veredito.homonimos] == [("Rio de Janeiro", "RJ")]


@pytest.mark.parametrize(
    ("nome", "esperado"),
    [
        ("Sorriso", ("Sorriso", "MT")),
        ("sorriso", ("Sorriso", "MT")),
        ("CUIABA", ("Cuiabá", "MT")),
        ("Conquista d Oeste", ("Conquista D'Oeste", "MT")),
        ("Conquista-D'Oeste", ("Conquista D'Oeste", "MT")),
        ("Boa Esperança do Norte", ("Boa Esperança do Norte", "MT")),  # instalado em 2025
        ("Sete de Setembro", ("Sete de Setembro", "RS")),
        ("Embu-Guaçu", ("Embu-Guaçu", "SP")),
        ("Embu Guacu", ("Embu-Guaçu", "SP")),
    ],
)
def test_art_6_recusa_nome_repetido_no_pais_ignorando_acento_caixa_e_hifen(nome, esperado):
    veredito = avaliar_toponimo(nome, P)
    assert "repeticao" in regras(veredito)
    assert esperado in [(m.nome, m.uf) for m in veredito.homonimos]
    assert not veredito.valido


def test_art_6_repeticao_cita_municipios_com_uf():
    veredito = avaliar_toponimo("Iporá", P)
    assert {(m.nome, m.uf) for m in veredito.homonimos} == {("Iporá", "GO"), ("Iporã", "PR")}
    mensagem = next(p.mensagem for p in veredito.problemas if p.regra == "repeticao")
    assert "Iporá/GO" in mensagem and "Iporã/PR" in mensagem


@pytest.mark.parametrize(
    ("nome", "parecido"),
    [
        ("Iporam", ("Iporá", "GO")),
        ("Sorrizo", ("Sorriso", "MT")),
        ("Cuiabah", ("Cuiabá", "MT")),
        ("Santo Antônio Leverger", ("Santo Antônio do Leverger", "MT")),  # só a partícula
        ("Rondonopolis do", ("Rondonópolis", "MT")),
    ],
)
def test_art_6_nomes_parecidos_sao_aviso_e_nao_impedem(nome, parecido):
    veredito = avaliar_toponimo(nome, P)
    assert parecido in [(m.nome, m.uf) for m in veredito.semelhantes]
    assert veredito.homonimos == ()
    assert veredito.valido


@pytest.mark.parametrize(
    "nome", ["Nova Esperança do Xingu", "Vale do Rio Arinos", "Serra Azul do Norte"]
)
def test_art_6_aceita_nome_novo_sem_vedacao(nome):
    veredito = avaliar_toponimo(nome, P)
    assert veredito.valido
    assert veredito.problemas == ()
    assert veredito.homonimos == ()


def test_art_6_lista_nacional_vem_do_pacote_e_funciona_sem_banco():
    # Nenhum acesso ao banco neste teste (sem a marca django_db): a lista é do pacote.
    veredito = avaliar_toponimo("Várzea Grande", P)
    assert {(m.codigo_ibge, m.uf) for m in veredito.homonimos} == {(5108402, "MT"), (2211407, "PI")}


def test_art_6_lista_de_municipios_pode_ser_informada():
    lista = (MunicipioBR(1, "Vila Nova", "MT"),)
    assert not avaliar_toponimo("Vila-Nova", P, lista).valido
    assert avaliar_toponimo("Sorriso", P, lista).valido


def test_art_6_pessoa_viva_e_declaracao_nao_decisao_do_sistema():
    assert avaliar_toponimo("Serra Azul do Norte", P).declaracao_pessoa_viva == DECLARACAO_PENDENTE
    declarado = avaliar_toponimo("Serra Azul do Norte", P, declaracao_pessoa_viva=True)
    assert declarado.declaracao_pessoa_viva == DECLARACAO_FEITA


def test_art_6_limite_de_palavras_vem_dos_parametros():
    assert not avaliar_toponimo("Serra Azul do Norte", ParametrosLegais(max_palavras_nome=2)).valido


@pytest.mark.parametrize("nome", ["", "   ", "123", "--"])
def test_art_6_recusa_nome_sem_letras(nome):
    with pytest.raises(ValueError):
        avaliar_toponimo(nome, P)


def test_chave_ignora_acentos_caixa_hifen_apostrofo_e_espaco():
    assert chave("Santa Bárbara d'Oeste") == chave("SANTA BARBARA D OESTE") == "santabarbaradoeste"
