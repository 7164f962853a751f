"""Os atos que registram uma votação do Plenário e o resultado que cada um declara.

O resultado declarado (a escolha do formulário, ou o próprio ato: "Aprovar PL") tem de ser o
dos votos, quando os votos são informados (requisitos.votacoes: maioria simples). Lida por
`praticar_ato` e pelo formulário do ato (o erro no campo dos votos).
"""

from requisitos.votacoes import APROVADO, REJEITADO, contradicao

# ato: (o dado que diz o resultado, ou o resultado que o próprio ato é; rótulos)
VOTACOES: dict[str, tuple[str, dict[str, str]]] = {
    "deliberar_arquivamento": (
        "resultado",
        {APROVADO: "arquivamento aprovado", REJEITADO: "arquivamento rejeitado"},
    ),
    "deliberar_plenario": (
        "resultado",
        {APROVADO: "pela tramitação", REJEITADO: "pelo arquivamento"},
    ),
    "rejeitar_pdl": (REJEITADO, {APROVADO: "PDL aprovado", REJEITADO: "PDL rejeitado"}),
    "aprovar_pl": (
        APROVADO,
        {APROVADO: "Projeto de Lei aprovado", REJEITADO: "Projeto de Lei rejeitado"},
    ),
    "rejeitar_pl": (
        REJEITADO,
        {APROVADO: "Projeto de Lei aprovado", REJEITADO: "Projeto de Lei rejeitado"},
    ),
}


def _inteiro(valor) -> int | None:
    if isinstance(valor, bool):
        return None
    try:
        return int(valor)
    except (TypeError, ValueError):
        return None


def erro_dos_votos(nome_ato: str, dados: dict) -> str | None:
    """Por que os votos contradizem o resultado do ato (None = coerentes ou sem votos)."""
    if nome_ato not in VOTACOES:
        return None
    fonte, rotulos = VOTACOES[nome_ato]
    declarado = dados.get(fonte) if fonte not in rotulos else fonte
    if declarado not in rotulos:
        return None
    return contradicao(
        declarado, _inteiro(dados.get("votos_sim")), _inteiro(dados.get("votos_nao")), rotulos
    )
