"""Os números que as certidões atestam (Art. 2º, § 2º; Art. 7º, parágrafo único): o que cada
órgão certifica para cada unidade do processo e a leitura dos números vigentes — a última
versão da resposta ao ofício vigente de cada órgão. Ninguém redigita esses números: a
avaliação do Art. 2º (`instrucao.avaliacao`) e o Projeto de Lei leem daqui."""

from dataclasses import dataclass, field
from decimal import Decimal

from instrucao.models import Certidao, FiguraCertidao, Orgao
from processos import leitura
from processos.estados import Tipo

AREA = FiguraCertidao.AREA

ROTULOS = {
    "populacao": "população estimada (Art. 2º, I)",
    "eleitores": "eleitores (Art. 2º, II)",
    "casas_centro_urbano": "casas no centro urbano (Art. 2º, III)",
    "valor_adicionado": "valor adicionado (Art. 2º, IV)",
    "continuidade_territorial": "continuidade territorial (Art. 2º, VI)",
    "area_km2": "área em km²",
    "participacao_icms": "parcela do índice do ICMS que passa ao novo município (Art. 7º, V)",
}
INTEIROS = frozenset({"populacao", "eleitores", "casas_centro_urbano"})
DECIMAIS = frozenset({"valor_adicionado", "area_km2", "participacao_icms"})
BOOLEANOS = frozenset({"continuidade_territorial"})

# O que cada órgão certifica, por tipo de processo, para a área (a nova, ou o município a
# extinguir) e para cada município de origem remanescente (Art. 2º, § 1º; Art. 10, I: na
# extinção, de novo os números de I a IV do próprio município; Art. 8º: na revisão de
# limites, só a Cartografia — a continuidade e as áreas).
PEDIDOS: dict[str, dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    # tipo: {órgão: (campos da área, campos de cada remanescente)}
    Tipo.CRIACAO: {
        Orgao.CARTOGRAFIA: (
            ("populacao", "casas_centro_urbano", "continuidade_territorial", "area_km2"),
            ("populacao", "casas_centro_urbano", "continuidade_territorial", "area_km2"),
        ),
        Orgao.TRE: (("eleitores",), ("eleitores",)),
        Orgao.SEFAZ: (("valor_adicionado",), ("valor_adicionado", "participacao_icms")),
    },
    Tipo.EXTINCAO: {
        Orgao.CARTOGRAFIA: (("populacao", "casas_centro_urbano"), ()),
        Orgao.TRE: (("eleitores",), ()),
        Orgao.SEFAZ: (("valor_adicionado",), ()),
    },
    Tipo.REVISAO_LIMITES: {
        Orgao.CARTOGRAFIA: (
            ("continuidade_territorial", "area_km2"),
            ("continuidade_territorial", "area_km2"),
        ),
    },
}


@dataclass(frozen=True)
class Unidade:
    """Uma unidade sobre a qual o órgão certifica números."""

    chave: str  # "area" ou "m<código IBGE>"
    nome: str
    municipio: object = None  # requisitos.Municipio, nos remanescentes
    campos: tuple[str, ...] = ()

    @property
    def e_area(self) -> bool:
        return self.chave == AREA


def unidades_pedidas(processo, orgao: str) -> list[Unidade]:
    """As unidades e os campos que o ofício a `orgao` pede neste processo."""
    pedidos = PEDIDOS.get(processo.tipo, {}).get(orgao)
    if not pedidos:
        return []
    da_area, do_remanescente = pedidos
    origens = list(processo.municipios_origem.all())
    if processo.tipo == Tipo.EXTINCAO:
        nome = origens[0].nome if origens else "o município"
        return [Unidade(AREA, f"{nome} (município a extinguir)", campos=da_area)]
    unidades = [Unidade(AREA, f"Área a desmembrar — {processo.nome_proposto}", campos=da_area)]
    if do_remanescente:
        unidades += [
            Unidade(f"m{m.codigo_ibge}", f"{m.nome} após o desmembramento", m, do_remanescente)
            for m in origens
        ]
    return unidades


def pede_exercicio(processo, orgao: str) -> bool:
    """A SEFAZ diz o exercício do valor adicionado (o "último exercício" do Art. 2º, IV)."""
    return orgao == Orgao.SEFAZ and bool(unidades_pedidas(processo, orgao))


@dataclass(frozen=True)
class Numero:
    """Um número certificado e a certidão de onde vem."""

    valor: object
    certidao: Certidao


@dataclass
class Figuras:
    """Os números vigentes do processo: por unidade e campo, o valor e a certidão."""

    numeros: dict[tuple[str, str], Numero] = field(default_factory=dict)
    exercicio: int | None = None
    certidao_exercicio: Certidao | None = None
    certidoes: list[Certidao] = field(default_factory=list)

    def valor(self, chave: str, campo: str):
        numero = self.numeros.get((chave, campo))
        return None if numero is None else numero.valor

    def fonte(self, chave: str, campo: str) -> Certidao | None:
        numero = self.numeros.get((chave, campo))
        return None if numero is None else numero.certidao


@leitura.por_pagina
def certidoes_vigentes(processo) -> list[Certidao]:
    """A última versão da resposta ao ofício vigente de cada órgão, na ordem dos ofícios.
    Na página do processo, tiradas dos ofícios já lidos pela seção "Ofícios e prazos"
    (`instrucao.situacao_dos_oficios`)."""
    return list(
        Certidao.objects.vigentes()
        .filter(oficio__processo=processo, oficio__reiteracoes__isnull=True)
        .select_related("oficio")
        .prefetch_related("figuras")
        .order_by("oficio__criado_em", "oficio_id")
    )


def figuras_vigentes(processo) -> Figuras:
    figuras = Figuras()
    for certidao in certidoes_vigentes(processo):
        figuras.certidoes.append(certidao)
        campos = {
            campo
            for unidade in unidades_pedidas(processo, certidao.oficio.orgao)
            for campo in unidade.campos
        }
        for figura in certidao.figuras.all():
            for campo in campos:
                valor = getattr(figura, campo)
                if valor is not None:
                    figuras.numeros[(figura.chave, campo)] = Numero(valor, certidao)
        if certidao.exercicio and certidao.oficio.orgao == Orgao.SEFAZ:
            figuras.exercicio = certidao.exercicio
            figuras.certidao_exercicio = certidao
    return figuras


def faltantes(processo, figuras: Figuras | None = None) -> list[str]:
    """Os números que nenhuma certidão vigente trouxe ainda, com o órgão que os certifica."""
    figuras = figuras or figuras_vigentes(processo)
    faltas = []
    for orgao in PEDIDOS.get(processo.tipo, {}):
        nome_orgao = Orgao(orgao).label
        if pede_exercicio(processo, orgao) and figuras.exercicio is None:
            faltas.append(f"Falta o exercício do valor adicionado — {nome_orgao}.")
        for unidade in unidades_pedidas(processo, orgao):
            for campo in unidade.campos:
                if figuras.valor(unidade.chave, campo) is None:
                    faltas.append(f"Falta {ROTULOS[campo]} de {unidade.nome} — {nome_orgao}.")
    return faltas


def avisos_de_plausibilidade(processo, figuras: Figuras) -> list[str]:
    """Valores aceitos, mas sinalizados: eleitores acima da população; parcelas do ICMS
    que somam mais de 100 %."""
    avisos = []
    for orgao in (Orgao.CARTOGRAFIA,):
        for unidade in unidades_pedidas(processo, orgao):
            populacao = figuras.valor(unidade.chave, "populacao")
            eleitores = figuras.valor(unidade.chave, "eleitores")
            if populacao is not None and eleitores is not None and eleitores > populacao:
                avisos.append(
                    f"{unidade.nome}: eleitores ({eleitores}) acima da população ({populacao}) "
                    "— confira as certidões da Cartografia e do TRE."
                )
    return avisos


def participacoes_icms(processo, figuras: Figuras | None = None) -> list[tuple[str, Decimal]]:
    """Art. 7º, V: a parcela do índice do ICMS de cada município de origem que passa ao
    novo município, da certidão da SEFAZ (vazia enquanto a SEFAZ não certificar)."""
    figuras = figuras or figuras_vigentes(processo)
    return [
        (u.municipio.nome, figuras.valor(u.chave, "participacao_icms"))
        for u in unidades_pedidas(processo, Orgao.SEFAZ)
        if "participacao_icms" in u.campos
        and figuras.valor(u.chave, "participacao_icms") is not None
    ]


def numeros_da_certidao(certidao: Certidao) -> dict[str, dict[str, object]]:
    """Os números de uma certidão por unidade, para o formulário da versão seguinte."""
    return {
        f.chave: {c: getattr(f, c) for c in ROTULOS if getattr(f, c) is not None}
        for f in certidao.figuras.all()
    }


def area_certificada_km2(processo) -> Decimal | None:
    """A área da unidade a desmembrar na certidão vigente da Cartografia (a conferência
    territorial a mostra ao lado da medida no mapa, sem substituí-la)."""
    return (
        FiguraCertidao.objects.filter(
            certidao__oficio__processo=processo,
            certidao__substituida_por__isnull=True,
            chave=AREA,
            area_km2__isnull=False,
        )
        .order_by("-certidao__registrada_em")
        .values_list("area_km2", flat=True)
        .first()
    )


def continuidade_certificada(processo) -> bool | None:
    """A continuidade territorial (Art. 2º, VI) na certidão vigente da Cartografia, para a
    prévia calculada do mapa aparecer ao lado dela, nunca no lugar."""
    return (
        FiguraCertidao.objects.filter(
            certidao__oficio__processo=processo,
            certidao__substituida_por__isnull=True,
            chave=AREA,
            continuidade_territorial__isnull=False,
        )
        .order_by("-certidao__registrada_em")
        .values_list("continuidade_territorial", flat=True)
        .first()
    )
