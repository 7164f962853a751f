"""Quem assina cada tipo de documento: a vaga de cada signatário (o campo do PDF, o rótulo e os
papéis que podem ocupá-la) e, por último, o selo da Assembleia. Os campos de todas as vagas são
criados na emissão (documentos.assinatura.campos)."""

from dataclasses import dataclass

from documentos.assinatura.campos import CAMPO_DO_SELO
from processos.papeis import OPERADORES, PRESIDENTE


@dataclass(frozen=True)
class Vaga:
    campo: str
    rotulo: str
    papeis: frozenset[str]


# O parecer de mérito (Art. 16) fala pela Comissão: o relator que o redigiu, o Presidente
# (Art. 21) e um membro. Cada pessoa ocupa uma vaga só.
SIGNATARIOS: dict[str, tuple[Vaga, ...]] = {
    "parecer_merito": (
        Vaga("relator", "Relator(a)", OPERADORES),
        Vaga("presidente", "Presidente da CRT", frozenset({PRESIDENTE})),
        Vaga("membro", "Membro da Comissão", OPERADORES),
    ),
}


def vagas(tipo: str) -> tuple[Vaga, ...]:
    return SIGNATARIOS.get(tipo, ())


def campos_da_emissao(tipo: str) -> list[str]:
    """Os campos criados ao emitir: o de cada vaga e o do selo, que vem por último."""
    declaradas = vagas(tipo)
    return [*(v.campo for v in declaradas), CAMPO_DO_SELO] if declaradas else []
