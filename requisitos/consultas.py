"""Leituras do banco para as regras: a tabela da SEFAZ de um exercício (Art. 2º, IV)."""

from decimal import Decimal

from django.db.models import Count

from requisitos.models import ValorAdicionado
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
