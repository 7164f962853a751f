"""Validador de senha: recusa as que contêm nomes da instituição e palavras locais.

São as primeiras que um atacante tenta contra a ALMT ("almt2026", "Assembleia1992",
"Cuiab@123"). A comparação ignora acentos, maiúsculas, espaços e pontuação, e lê também
os dígitos trocados por letras (4 → a, 3 → e, 0 → o, 1 → i ou l).
"""

import re
import unicodedata

from django.core.exceptions import ValidationError

# Já na forma comparada: sem acentos, minúsculas, só letras e dígitos.
PALAVRAS_LOCAIS = (
    "almt",
    "assembleia",
    "legislativa",
    "legislativo",
    "cuiaba",
    "matogrosso",
    "varzeagrande",
    "pantanal",
    "crt",
    "revisaoterritorial",
    "emancipacao",
    "emancipa",
    "municipio",
    "plebiscito",
    "deputado",
    "deputada",
    "senha",
    "password",
    "admin",
)
_TROCAS = {"4": "a", "@": "a", "3": "e", "0": "o", "5": "s", "$": "s", "7": "t"}


def _sem_acentos(texto: str) -> str:
    decomposto = unicodedata.normalize("NFKD", texto.casefold())
    return "".join(c for c in decomposto if not unicodedata.combining(c))


def _leituras(senha: str) -> set[str]:
    """A senha como o atacante a montou: literal e com os dígitos lidos como letras."""
    base = _sem_acentos(senha)
    literal = re.sub(r"[^a-z0-9]", "", base)
    trocada = "".join(_TROCAS.get(c, c) for c in base)
    leituras = {literal}
    for um in ("i", "l"):
        leituras.add(re.sub(r"[^a-z0-9]", "", trocada.replace("1", um)))
    return leituras


def palavra_local_em(senha: str) -> str | None:
    """A primeira palavra local contida na senha, ou None."""
    leituras = _leituras(senha)
    for palavra in PALAVRAS_LOCAIS:
        if any(palavra in leitura for leitura in leituras):
            return palavra
    return None


class NomesLocaisValidator:
    def validate(self, password, user=None):
        palavra = palavra_local_em(password)
        if palavra:
            raise ValidationError(
                "Esta senha contém “%(palavra)s”, um nome da instituição ou palavra local "
                "fácil de adivinhar. Escolha outra.",
                code="senha_com_palavra_local",
                params={"palavra": palavra},
            )

    def get_help_text(self):
        return (
            "Sua senha não pode conter nomes da instituição nem palavras locais "
            "(ALMT, Assembleia, Cuiabá, Mato Grosso, CRT, emancipação, senha…)."
        )
