"""A análise escrita por quem emite o parecer sobre o resultado, diante da conclusão
calculada (sem Django).

A conclusão do parecer (Art. 20, § 1º) vem do veredito calculado dos números registrados; o
texto livre da "Análise" é do autor e sai no PDF como tal. Quando ele usa as palavras da
conclusão oposta ("arquivamento" num plebiscito aprovado, "prosseguimento" num rejeitado),
o ato pede a confirmação de quem emite: nenhum documento selado diz duas coisas sem que o
autor o tenha visto. As palavras são um aviso, não uma proibição ("não foi aprovado" também
as contém).
"""

import unicodedata

# Radicais (sem acento, em minúsculas) das palavras que afirmam cada conclusão. Decisão: não
# entram "aprovado" nem "contrários", que a análise de qualquer resultado usa ("não foi
# aprovado", "os votos contrários").
DO_ARQUIVAMENTO = ("arquiv", "rejeit", "reprov")
DO_PROSSEGUIMENTO = ("prosseg", "favoravel", "aprovou")


def _sem_acento(texto: str) -> str:
    decomposto = unicodedata.normalize("NFKD", texto.casefold())
    return "".join(c for c in decomposto if not unicodedata.combining(c))


def palavras_da_conclusao_oposta(texto: str, aprovado: bool) -> list[str]:
    """Os radicais da conclusão oposta à calculada que o texto contém (vazia = nenhum)."""
    normalizado = _sem_acento(texto)
    opostas = DO_ARQUIVAMENTO if aprovado else DO_PROSSEGUIMENTO
    return [radical for radical in opostas if radical in normalizado]


def aviso(aprovado: bool, achadas: list[str]) -> str:
    conclusao = "pelo prosseguimento" if aprovado else "pelo arquivamento"
    resultado = "aprovado" if aprovado else "rejeitado"
    return (
        f"A análise usa palavras da conclusão oposta ({', '.join(achadas)}…), mas o plebiscito "
        f"foi {resultado} sob a regra vigente e o parecer concluirá {conclusao} (Art. 20, "
        "§ 1º). Revise o texto ou marque “Confirmo a análise” para emiti-lo assim."
    )
