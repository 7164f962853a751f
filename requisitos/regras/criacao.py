"""Art. 2º: os requisitos da criação de município (I a VI) e do remanescente (§ 1º), com a
média do valor adicionado dos menores municípios (Art. 2º, IV)."""

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal

from requisitos import formatacao as fmt
from requisitos.aplicacao import DECLARADA, aplica
from requisitos.parametros import ParametrosLegais
from requisitos.regras.fontes import CARTOGRAFIA, CRT_IN_LOCO, SEFAZ, TRE
from requisitos.veredito import (
    MediaVA,
    Requisito,
    VereditoCriacao,
    VereditoRemanescente,
    exigir_nao_negativos,
    faltam,
    plural,
)


@dataclass(frozen=True)
class DadosRemanescente:
    """Números de um município de origem depois de perder a área (Art. 2º, § 1º)."""

    codigo_ibge: int
    populacao: int
    eleitores: int
    casas_centro_urbano: int
    valor_adicionado: Decimal
    nome: str = ""


@dataclass(frozen=True)
class DadosCriacao:
    populacao: int
    eleitores: int
    casas_centro_urbano: int
    valor_adicionado: Decimal
    media_va_menores: Decimal | MediaVA
    condicoes_instalacao: bool | None = None  # None: ainda não verificado pela CRT
    continuidade_territorial: bool | None = None  # None: ainda não apurado
    remanescentes: tuple[DadosRemanescente, ...] = ()


def _aviso_eleitores(eleitores: int, populacao: int) -> tuple[str, ...]:
    if eleitores <= populacao:
        return ()
    return (
        f"O número de eleitores ({fmt.inteiro(eleitores)}) é maior que a população "
        f"({fmt.inteiro(populacao)}). Confira os números nas certidões.",
    )


# --- Art. 2º, I a VI -------------------------------------------------------------------------


def _fundamento(inciso: str, remanescente: bool) -> str:
    return f"Art. 2º, § 1º, c/c {inciso}" if remanescente else f"Art. 2º, {inciso}"


@aplica(
    "Art. 2º, I",
    parametro="populacao_minima",
    testes=("tests.requisitos.test_regras_criacao.test_art_2_i_populacao_nao_inferior_a_4000",),
)
def avaliar_populacao(
    populacao: int, parametros: ParametrosLegais, remanescente: bool = False
) -> Requisito:
    """Art. 2º, I: população estimada não inferior a 4.000 habitantes."""
    minimo = parametros.populacao_minima
    atende = populacao >= minimo
    sujeito = "População restante" if remanescente else "População estimada"
    relacao = "não inferior a" if atende else "inferior ao mínimo de"
    return Requisito(
        inciso="I",
        descricao="População estimada (habitantes)",
        valor=populacao,
        limite=minimo,
        comparacao=">=",
        atende=atende,
        fundamento=_fundamento("I", remanescente),
        mensagem=f"{sujeito} de {plural(populacao, 'habitante', 'habitantes')}, "
        f"{relacao} {fmt.inteiro(minimo)}.",
        fonte=CARTOGRAFIA,
        falta="" if atende else faltam(minimo - populacao, "habitante", "habitantes"),
    )


@aplica(
    "Art. 2º, II",
    parametro="percentual_eleitores",
    testes=(
        "tests.requisitos.test_regras_criacao.test_art_2_ii_eleitores_nao_inferiores_a_20_por_cento",
    ),
)
def avaliar_eleitores(
    eleitores: int, populacao: int, parametros: ParametrosLegais, remanescente: bool = False
) -> Requisito:
    """Art. 2º, II (LC 31/1994): eleitores não inferiores a 20 % da população, comparados
    como `eleitores × 100 ≥ 20 × população`. O limite exibido é o menor número inteiro de
    eleitores que atende."""
    percentual = parametros.percentual_eleitores
    minimo = -(-percentual * populacao // 100)  # teto, em inteiros
    atende = eleitores * 100 >= percentual * populacao
    proporcao = fmt.percentual(eleitores, populacao)
    relacao = "não inferior a" if atende else "inferior a"
    return Requisito(
        inciso="II",
        descricao=f"Eleitores (mínimo de {percentual} % da população)",
        valor=eleitores,
        limite=minimo,
        comparacao=">=",
        atende=atende,
        fundamento=_fundamento("II", remanescente),
        mensagem=f"{plural(eleitores, 'eleitor', 'eleitores')} para "
        f"{plural(populacao, 'habitante', 'habitantes')} ({proporcao} da população), "
        f"{relacao} {percentual} %.",
        fonte=TRE,
        falta=""
        if atende
        else f"Seriam necessários pelo menos {plural(minimo, 'eleitor', 'eleitores')} "
        f"(faltam {fmt.inteiro(minimo - eleitores)}).",
    )


@aplica(
    "Art. 2º, III",
    parametro="casas_minimas",
    testes=("tests.requisitos.test_regras_criacao.test_art_2_iii_casas_superior_a_200",),
)
def avaliar_casas(
    casas: int, parametros: ParametrosLegais, remanescente: bool = False
) -> Requisito:
    """Art. 2º, III: centro urbano já constituído com número de casas superior a 200
    (estritamente maior: 200 casas não bastam)."""
    limite = parametros.casas_minimas
    atende = casas > limite
    relacao = ", superior a" if atende else "; a lei exige mais de"
    return Requisito(
        inciso="III",
        descricao="Casas no centro urbano",
        valor=casas,
        limite=limite,
        comparacao=">",
        atende=atende,
        fundamento=_fundamento("III", remanescente),
        mensagem=f"Centro urbano com {plural(casas, 'casa', 'casas')}{relacao} "
        f"{fmt.inteiro(limite)}.",
        fonte=CARTOGRAFIA,
        falta="" if atende else faltam(limite + 1 - casas, "casa", "casas"),
    )


def _descrever_media(media: Decimal | MediaVA) -> tuple[Decimal, str]:
    if isinstance(media, MediaVA):
        ano = f" em {media.exercicio}" if media.exercicio else ""
        return media.media, f"dos {media.n} municípios de menor VA do Estado{ano}"
    return media, "dos municípios de menor VA do Estado"


@aplica(
    "Art. 2º, IV",
    testes=(
        "tests.requisitos.test_regras_criacao.test_art_2_iv_va_igual_a_media_exata_da_tabela_nao_basta",
    ),
)
def avaliar_valor_adicionado(
    valor: Decimal, media: Decimal | MediaVA, remanescente: bool = False
) -> Requisito:
    """Art. 2º, IV (LC 130/2003): VA do último exercício superior (estritamente) à média dos
    10 municípios do Estado com menor VA no mesmo período."""
    atende = media.superada_por(valor) if isinstance(media, MediaVA) else valor > media
    media_exibida, de_quem = _descrever_media(media)
    relacao = "superior à" if atende else "não superior à"
    return Requisito(
        inciso="IV",
        descricao="Valor adicionado no último exercício (R$)",
        valor=valor,
        limite=media_exibida,
        comparacao=">",
        atende=atende,
        fundamento=_fundamento("IV", remanescente),
        mensagem=f"Valor adicionado de {fmt.reais(valor)}, {relacao} média de "
        f"{fmt.reais(media_exibida)} {de_quem}.",
        fonte=SEFAZ,
        falta=""
        if atende
        else f"O valor adicionado precisaria ser superior a {fmt.reais(media_exibida)}.",
    )


def _requisito_verificado(
    inciso: str, descricao: str, valor: bool | None, textos: tuple[str, str, str], fonte: str
) -> Requisito:
    """Requisitos de sim/não (Art. 2º, V e VI). `textos`: atende, não atende, pendente."""
    atende = valor is True
    mensagem = textos[0] if atende else textos[1] if valor is False else textos[2]
    return Requisito(
        inciso=inciso,
        descricao=descricao,
        valor=valor,
        limite=True,
        comparacao="=",
        atende=atende,
        fundamento=f"Art. 2º, {inciso}",
        mensagem=mensagem,
        fonte=fonte,
        falta="" if atende else f"Apuração favorável por: {fonte}.",
    )


@aplica(
    "Art. 2º, V; Art. 2º, § 2º",
    modo=DECLARADA,
    descricao="A CRT registra, no ato “Registrar visita in loco”, se há condições para "
    "instalar a Prefeitura, a Câmara e o Judiciário; a regra lê esse registro.",
    testes=("tests.requisitos.test_regras_criacao.test_art_2_v_condicoes_de_instalacao",),
)
def avaliar_condicoes_instalacao(condicoes: bool | None) -> Requisito:
    """Art. 2º, V: condições apropriadas para a instalação da Prefeitura, da Câmara Municipal
    e o funcionamento do Judiciário, verificadas pela CRT in loco (Art. 2º, § 2º)."""
    return _requisito_verificado(
        "V",
        "Condições para instalar Prefeitura, Câmara e Judiciário",
        condicoes,
        (
            "Condições apropriadas para a instalação da Prefeitura, da Câmara Municipal e "
            "o funcionamento do Judiciário.",
            "Sem condições apropriadas para a instalação da Prefeitura, da Câmara Municipal "
            "ou o funcionamento do Judiciário.",
            "Ainda não verificado: depende da visita in loco da Comissão de Revisão Territorial.",
        ),
        CRT_IN_LOCO,
    )


@aplica(
    "Art. 2º, VI",
    descricao="A continuidade territorial do novo município e de cada município de origem é "
    "o que a certidão da Cartografia atesta (um número da resposta ao ofício); a regra a lê.",
    testes=("tests.requisitos.test_regras_criacao.test_art_2_vi_continuidade_territorial",),
)
def avaliar_continuidade_territorial(continuidade: bool | None) -> Requisito:
    """Art. 2º, VI: mapa e memorial descritivo demonstrando a continuidade territorial do
    município de origem e do município em criação."""
    return _requisito_verificado(
        "VI",
        "Mapa e memorial descritivo com continuidade territorial",
        continuidade,
        (
            "Mapa e memorial descritivo demonstram a continuidade territorial do novo "
            "município e do(s) município(s) de origem.",
            "Mapa e memorial descritivo não demonstram a continuidade territorial.",
            "Ainda não apurado: depende do mapa e do memorial descritivo.",
        ),
        CARTOGRAFIA,
    )


def _incisos_i_a_iv(dados, media, parametros, remanescente=False) -> tuple[Requisito, ...]:
    exigir_nao_negativos(
        populacao=dados.populacao,
        eleitores=dados.eleitores,
        casas_centro_urbano=dados.casas_centro_urbano,
        valor_adicionado=dados.valor_adicionado,
    )
    return (
        avaliar_populacao(dados.populacao, parametros, remanescente),
        avaliar_eleitores(dados.eleitores, dados.populacao, parametros, remanescente),
        avaliar_casas(dados.casas_centro_urbano, parametros, remanescente),
        avaliar_valor_adicionado(dados.valor_adicionado, media, remanescente),
    )


@aplica(
    "Art. 2º, § 1º",
    testes=(
        "tests.requisitos.test_regras_criacao.test_art_2_paragrafo_1_avalia_cada_municipio_de_origem",
    ),
)
def avaliar_remanescente(
    dados: DadosRemanescente, media: Decimal | MediaVA, parametros: ParametrosLegais
) -> VereditoRemanescente:
    """Art. 2º, § 1º: o município de origem, depois de perder a área, continua a atender
    os incisos I a IV (os números vêm das certidões sobre o remanescente)."""
    requisitos = _incisos_i_a_iv(dados, media, parametros, remanescente=True)
    return VereditoRemanescente(
        codigo_ibge=dados.codigo_ibge,
        atende=all(r.atende for r in requisitos),
        requisitos=requisitos,
        nome=dados.nome,
        avisos=_aviso_eleitores(dados.eleitores, dados.populacao),
    )


def _requisito_paragrafo_1(remanescentes: tuple[VereditoRemanescente, ...]) -> Requisito:
    falham = [r.nome or str(r.codigo_ibge) for r in remanescentes if not r.atende]
    total = len(remanescentes)
    if not total:
        mensagem = "Informe os números de cada município de origem após o desmembramento."
    elif falham:
        mensagem = "Perderiam os requisitos dos incisos I a IV: " + ", ".join(falham) + "."
    else:
        mensagem = "Todo município de origem continua a atender os incisos I a IV."
    atende = bool(total) and not falham
    return Requisito(
        inciso="§ 1º",
        descricao="Municípios de origem que continuam a atender os incisos I a IV",
        valor=total - len(falham),
        limite=total,
        comparacao="=",
        atende=atende,
        fundamento="Art. 2º, § 1º",
        mensagem=mensagem,
        fonte=CARTOGRAFIA + ", " + TRE + " e " + SEFAZ,
        falta=""
        if atende
        else "Cada município de origem precisa continuar a atender os incisos I a IV.",
    )


@aplica(
    "Art. 2º",
    testes=(
        "tests.requisitos.test_regras_criacao.test_criacao_atende_quando_todos_os_incisos_e_o_paragrafo_1_atendem",
    ),
)
def avaliar_criacao_municipio(dados: DadosCriacao, parametros: ParametrosLegais) -> VereditoCriacao:
    """Art. 2º, I a VI, e § 1º sobre cada município de origem remanescente: requisitos
    "indispensáveis" — a criação só atende se todas as linhas atenderem."""
    media = dados.media_va_menores
    remanescentes = tuple(avaliar_remanescente(r, media, parametros) for r in dados.remanescentes)
    requisitos = (
        *_incisos_i_a_iv(dados, media, parametros),
        avaliar_condicoes_instalacao(dados.condicoes_instalacao),
        avaliar_continuidade_territorial(dados.continuidade_territorial),
        _requisito_paragrafo_1(remanescentes),
    )
    return VereditoCriacao(
        atende=all(r.atende for r in requisitos),
        requisitos=requisitos,
        parametros=parametros.como_dict(),
        avisos=_aviso_eleitores(dados.eleitores, dados.populacao),
        remanescentes=remanescentes,
        media_va=media if isinstance(media, MediaVA) else None,
    )


@aplica(
    "Art. 2º, IV",
    parametro="n_menores_va",
    testes=(
        "tests.requisitos.test_regras_outras.test_media_va_usa_os_n_menores_e_os_nomeia_do_menor_ao_maior",
    ),
)
def media_va_menores(
    valores: Mapping[int, Decimal], n: int, exercicio: int | None = None
) -> MediaVA:
    """Art. 2º, IV: média do VA dos `n` municípios de menor VA, a partir da tabela da SEFAZ
    de todos os municípios do Estado no exercício. Empates no n-ésimo lugar não mudam a média
    (os valores empatados são iguais); a ordem entre eles segue o código IBGE."""
    if n < 1:
        raise ValueError("A quantidade de municípios deve ser pelo menos 1.")
    if len(valores) < n:
        raise ValueError(f"A tabela tem {len(valores)} municípios; são necessários pelo menos {n}.")
    exigir_nao_negativos(**{str(codigo): valor for codigo, valor in valores.items()})
    menores = tuple(sorted(valores.items(), key=lambda item: (item[1], item[0]))[:n])
    soma = sum((valor for _, valor in menores), Decimal(0))
    media = (soma / n).quantize(fmt.CENTAVO, rounding=ROUND_HALF_EVEN)
    return MediaVA(media=media, soma=soma, municipios=menores, exercicio=exercicio)
