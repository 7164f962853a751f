"""O resultado de uma votação do Plenário a partir dos votos (sem Django).

A LC 23/1992 não fixa quórum para as deliberações do Plenário nos processos territoriais
(Arts. 17, § 1º; 18, § 1º; 19; 20, § 2º): vale a regra geral das casas legislativas, a
maioria simples — mais votos favoráveis que contrários entre os presentes que votaram; as
abstenções não contam a favor nem contra (CF, art. 47, por simetria; Regimento Interno).
"""

from requisitos.aplicacao import aplica

APROVADO = "aprovado"
REJEITADO = "rejeitado"

EMPATE = (
    "Empate ({sim} × {nao}): registre a votação com o voto de desempate do Presidente da "
    "sessão; o sistema não decide um empate."
)


@aplica(
    "Art. 17, § 1º; Art. 18, § 1º; Art. 19; Art. 20, § 2º",
    descricao="O resultado de cada deliberação do Plenário é o dos votos registrados: "
    "maioria simples (favoráveis > contrários; abstenções não contam).",
    testes=("tests.requisitos.test_votacoes.test_resultado_pela_maioria_simples",),
    digitado="os votos da sessão, registrados pela Mesa no próprio ato (a fonte é a ata do "
    "Plenário, que o sistema não lê).",
    decisao="A lei não fixa quórum: maioria simples dos votos. O empate é recusado — a "
    "votação registrada inclui o voto de desempate do Presidente da sessão. Sem votos "
    "informados (votação simbólica), vale o resultado declarado.",
)
def resultado_da_votacao(sim: int, nao: int) -> str | None:
    """ "aprovado", "rejeitado" ou None no empate."""
    if sim > nao:
        return APROVADO
    if nao > sim:
        return REJEITADO
    return None


def contradicao(declarado: str, sim: int | None, nao: int | None, rotulos: dict) -> str | None:
    """A mensagem quando o resultado declarado contradiz os votos (None = coerente).
    `rotulos`: o texto de cada resultado no ato ("pela tramitação")."""
    if sim is None or nao is None:
        return None
    calculado = resultado_da_votacao(sim, nao)
    if calculado is None:
        return EMPATE.format(sim=sim, nao=nao)
    if calculado == declarado:
        return None
    return (
        f"Os votos ({sim} favoráveis × {nao} contrários) dão o resultado "
        f"“{rotulos[calculado]}”, e não “{rotulos[declarado]}” (maioria simples dos votos)."
    )
