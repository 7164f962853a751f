"""Quem assina cada tipo de documento: a vaga de cada signatário (o campo do PDF, o rótulo e os
papéis que podem ocupá-la) e, por último, o selo da Assembleia. Os campos de todas as vagas são
criados na emissão (documentos.assinatura.campos)."""

from dataclasses import dataclass

from documentos.assinatura import CAMPO_DO_SELO
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


# O que o sistema emite por conta própria, sem signatário pessoa: leva só o selo da
# Assembleia, aplicado em segundo plano logo depois da emissão quando o selo está instalado.
# A cópia integral é a "cópia autenticada" do Art. 19, § 1º: autentica-a o selo.
SELO_NA_EMISSAO = frozenset(
    {"comprovante_protocolo", "certidao_distrito", "oficio", "copia_integral"}
)


def selado_na_emissao(tipo: str) -> bool:
    from documentos.assinatura import selo

    return tipo in SELO_NA_EMISSAO and selo.instalado()


def vagas(tipo: str) -> tuple[Vaga, ...]:
    return SIGNATARIOS.get(tipo, ())


def campos_da_emissao(tipo: str) -> list[str]:
    """Os campos criados ao emitir: o de cada vaga e o do selo, que vem por último."""
    declaradas = vagas(tipo)
    if declaradas:
        return [*(v.campo for v in declaradas), CAMPO_DO_SELO]
    return [CAMPO_DO_SELO] if selado_na_emissao(tipo) else []
