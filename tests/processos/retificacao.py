"""Apoio aos testes de retificar dados: o formulário como vem preenchido e o retrato do que
uma retificação recusada não pode ter mudado."""

from tests.processos.construtores import dados_atuais, formulario_do_ato, recarregar

URL = "/processos/{}/atos/retificar-dados/"


def postar(client, processo, **campos):
    """O formulário como vem preenchido (os dados atuais), com `campos` alterados."""
    post = formulario_do_ato(processo, "retificar_dados", **(dados_atuais(processo) | campos))
    return client.post(URL.format(processo.slug), post)


def retrato(processo) -> dict:
    """Tudo o que uma retificação recusada não pode ter mudado."""
    processo = recarregar(processo)
    return {
        "estado": processo.estado,
        "nome": processo.nome_proposto,
        "sede": processo.sede_proposta,
        "municipios": sorted(processo.municipios_origem.values_list("codigo_ibge", flat=True)),
        "areas": (processo.area_movida_km2, processo.area_total_km2),
        "divisas": processo.divisas,
        "memorial": processo.memorial_descritivo,
        "andamentos": processo.andamentos.count(),
    }
