"""Papéis (LC 23/1992, Art. 21 a 23), como grupos do Django criados por migração.

Um papel é um código curto; `papeis_do_usuario` devolve os do usuário, e as regras de acesso
de cada URL e de cada ato (ver `processos.atos`) são escritas em termos desses códigos.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, F, OuterRef
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
# servidor faz (Art. 21).
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
    # exercício). O usuário da sessão já vem com eles (BackendComPapeis).
    grupos = user.groups.annotate(em_exercicio=_em_exercicio_da_presidencia(user.pk))
    nomes = set()
    em_exercicio = False
    for nome, exercicio in grupos.values_list("name", "em_exercicio"):
        em_exercicio = em_exercicio or exercicio
        nomes.add(nome)
    user._papeis_cache = _papeis(nomes, em_exercicio)
    return user._papeis_cache


def _papeis(nomes_dos_grupos, em_exercicio: bool) -> frozenset[str]:
    papeis = {PAPEL_DO_GRUPO[nome] for nome in nomes_dos_grupos if nome in PAPEL_DO_GRUPO}
    if SERVIDOR in papeis and em_exercicio:
        papeis.add(PRESIDENTE)
    return frozenset(papeis)


def _em_exercicio_da_presidencia(membro) -> Exists:
    from processos.registros import ExercicioPresidencia

    hoje = timezone.localdate()
    return Exists(ExercicioPresidencia.objects.vigentes(hoje).filter(membro=membro))


class BackendComPapeis(ModelBackend):
    """O `ModelBackend` do Django, que lê o usuário da sessão já com os seus papéis (issue
    13): toda página da área interna pergunta os papéis antes da view, e eles vêm na mesma
    consulta do usuário — uma linha por grupo (LEFT JOIN) e o exercício da Presidência —
    em vez de uma segunda consulta."""

    def get_user(self, user_id):
        usuarios = get_user_model()._default_manager
        linhas = list(
            usuarios.filter(pk=user_id).annotate(
                _grupo=F("groups__name"),
                _em_exercicio=_em_exercicio_da_presidencia(OuterRef("pk")),
            )
        )
        if not linhas or not self.user_can_authenticate(linhas[0]):
            return None
        user = linhas[0]
        user._papeis_cache = _papeis({u._grupo for u in linhas}, user._em_exercicio)
        return user


def tem_papel(user, *papeis: str) -> bool:
    return bool(papeis_do_usuario(user) & set(papeis))


def exigir_leitor(request) -> None:
    """As páginas internas de leitura: a CRT, a Mesa e os Deputados (Art. 22: vista)."""
    if not tem_papel(request.user, *LEITORES):
        raise PermissionDenied("Área restrita à CRT, à Mesa e aos Deputados.")


def e_equipe(user) -> bool:
    """Servidores, Presidente e Mesa: quem pratica atos."""
    return tem_papel(user, SERVIDOR, PRESIDENTE, MESA)
