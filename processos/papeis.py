"""Papéis (DOMAIN §4; LC 23/1992, Art. 21 a 23), como grupos do Django criados por migração.

Um papel é um código curto; `papeis_do_usuario` devolve os do usuário, e as regras de acesso
de cada URL e de cada ato (ver `processos.atos`) são escritas em termos desses códigos.
"""

from django.db.models import Exists
from django.utils import timezone

SERVIDOR = "servidor"
PRESIDENTE = "presidente"
MESA = "mesa"
DEPUTADO = "deputado"

GRUPOS = {
    SERVIDOR: "Servidor da CRT",
    PRESIDENTE: "Presidente da CRT",
    MESA: "Secretaria da Mesa",
    DEPUTADO: "Deputado",
}
PAPEL_DO_GRUPO = {nome: papel for papel, nome in GRUPOS.items()}

# Quem opera processos (cria, junta documentos, instrui) — o Presidente faz tudo o que o
# servidor faz (DOMAIN §4).
OPERADORES = frozenset({SERVIDOR, PRESIDENTE})
# Quem vê todos os processos na área interna.
LEITORES = frozenset({SERVIDOR, PRESIDENTE, MESA, DEPUTADO})


def papeis_do_usuario(user) -> frozenset[str]:
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    cache = getattr(user, "_papeis_cache", None)
    if cache is not None:
        return cache
    # Uma consulta só: os grupos do usuário e, junto, se ele está em exercício da
    # Presidência hoje (Art. 21: na ausência do Presidente, fala pela Comissão o membro em
    # exercício). Feita em toda página da área interna, antes da view.
    grupos = user.groups.annotate(em_exercicio=_em_exercicio_da_presidencia(user))
    papeis = set()
    em_exercicio = False
    for nome, exercicio in grupos.values_list("name", "em_exercicio"):
        em_exercicio = em_exercicio or exercicio
        if nome in PAPEL_DO_GRUPO:
            papeis.add(PAPEL_DO_GRUPO[nome])
    if SERVIDOR in papeis and em_exercicio:
        papeis.add(PRESIDENTE)
    user._papeis_cache = frozenset(papeis)
    return user._papeis_cache


def _em_exercicio_da_presidencia(user) -> Exists:
    from processos.models import ExercicioPresidencia

    hoje = timezone.localdate()
    return Exists(ExercicioPresidencia.objects.vigentes(hoje).filter(membro=user.pk))


def tem_papel(user, *papeis: str) -> bool:
    return bool(papeis_do_usuario(user) & set(papeis))


def e_equipe(user) -> bool:
    """Servidores, Presidente e Mesa: quem pratica atos."""
    return tem_papel(user, SERVIDOR, PRESIDENTE, MESA)
