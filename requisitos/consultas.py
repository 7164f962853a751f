"""Leituras do banco para as regras: a tabela da SEFAZ de um exercício (Art. 2º, IV)."""

from datetime import date
from decimal import Decimal

from django.db.models import Count, OuterRef, Q, Subquery

from requisitos.models import Municipio, ValorAdicionado
from requisitos.parametros import ParametrosLegais
from requisitos.regras import MediaVA, media_va_menores


class TabelaVAIncompleta(ValueError):
    """Não há valores adicionados suficientes importados para o exercício."""


def valores_do_exercicio(exercicio: int) -> dict[int, Decimal]:
    linhas = ValorAdicionado.objects.filter(exercicio=exercicio).values_list(
        "municipio__codigo_ibge", "valor"
    )
    return dict(linhas)


def media_va_do_exercicio(exercicio: int, parametros: ParametrosLegais) -> MediaVA:
    """Média dos N municípios de menor VA no exercício, a partir da tabela importada da
    SEFAZ (nunca digitada caso a caso). Levanta TabelaVAIncompleta se faltarem dados."""
    valores = valores_do_exercicio(exercicio)
    n = parametros.n_menores_va
    if len(valores) < n:
        raise TabelaVAIncompleta(
            f"Não há valores adicionados suficientes para o exercício de {exercicio}: "
            f"{len(valores)} importados, são necessários pelo menos {n}. "
            "Importe a tabela da SEFAZ desse exercício."
        )
    return media_va_menores(valores, n, exercicio)


def exercicio_encerrado(data: date) -> int:
    """O último exercício encerrado antes da data: o exercício financeiro é o ano civil
    (Lei nº 4.320/1964, art. 34), e o da data ainda não se encerrou."""
    return data.year - 1


def tabela_do_exercicio(exercicio: int) -> tuple[dict[int, Decimal], list[str]]:
    """Numa consulta, a tabela da SEFAZ do exercício sobre os municípios que existiam nele
    (instalados até o fim dele, ou sem data de instalação registrada): os valores por código
    IBGE e os nomes dos que não têm valor importado."""
    va = ValorAdicionado.objects.filter(municipio=OuterRef("pk"), exercicio=exercicio)
    linhas = (
        Municipio.objects.filter(
            Q(instalado_em__isnull=True) | Q(instalado_em__lte=date(exercicio, 12, 31))
        )
        .annotate(va=Subquery(va.values("valor")[:1]))
        .order_by("nome")
        .values_list("codigo_ibge", "nome", "va")
    )
    valores, sem_va = {}, []
    for codigo, nome, valor in linhas:
        if valor is None:
            sem_va.append(nome)
        else:
            valores[codigo] = valor
    return valores, sem_va


def exercicios_disponiveis(parametros: ParametrosLegais) -> list[int]:
    """Exercícios com municípios suficientes para calcular a média, do mais recente."""
    return list(
        ValorAdicionado.objects.values("exercicio")
        .annotate(total=Count("id"))
        .filter(total__gte=parametros.n_menores_va)
        .order_by("-exercicio")
        .values_list("exercicio", flat=True)
    )


def ultimo_exercicio_encerrado(parametros: ParametrosLegais, ano_corrente: int) -> int | None:
    """Art. 2º, IV: o último exercício encerrado (anterior a `ano_corrente`) cuja tabela da
    SEFAZ está importada com municípios bastantes para a média; None se nenhum tem."""
    return next((e for e in exercicios_disponiveis(parametros) if e < ano_corrente), None)


# Quem importa a tabela, dito a quem não tem acesso à administração do sistema.
COMO_IMPORTAR_A_TABELA = (
    "Quem a importa é o suporte técnico do sistema, com o comando "
    "“manage.py importar_valor_adicionado ARQUIVO.csv” (veja o README); avise-o."
)
