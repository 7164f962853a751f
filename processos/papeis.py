"""Papéis (LC 23/1992, Art. 21 a 23), como grupos do Django criados por migração.

Um papel é um código curto; `papeis_do_usuario` devolve os do usuário, e as regras de acesso
de cada URL e de cada ato (ver `processos.atos`) são escritas em termos desses códigos.

Os papéis do usuário da sessão ficam guardados na própria sessão (`PapeisDaSessaoMiddleware`),
que toda página interna já lê: o pedido comum não consulta grupos nem o exercício da
Presidência. O guardado vale só no dia em que foi calculado (o exercício da Presidência é
por datas, Art. 21: muda à meia-noite sem que nada seja gravado), por no máximo
`VALIDADE_SEGUNDOS`, e é apagado de todas as sessões do usuário quando mudam os seus grupos,
um grupo ou um exercício da Presidência (`invalidar_papeis`, ligado aos sinais em
`processos.apps`).
"""

import time

from django.conf import settings
from django.contrib import auth
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Exists
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.module_loading import import_string

from emancipacao.sessao import CHAVE as CHAVE_RENOVACAO

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

CHAVE_SESSAO = "_papeis"
# Rede de segurança da invalidação: um pedido do mesmo usuário em andamento durante a
# invalidação pode regravar a sessão com os papéis que leu antes dela; eles valem então no
# máximo até este prazo depois de calculados (o mesmo minuto da renovação da sessão).
VALIDADE_SEGUNDOS = 60


def papeis_do_usuario(user) -> frozenset[str]:
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    cache = getattr(user, "_papeis_cache", None)
    if cache is not None:
        return cache
    # Uma consulta só: os grupos do usuário e, junto, se ele está em exercício da
    # Presidência hoje (Art. 21: na ausência do Presidente, fala pela Comissão o membro em
    # exercício). O usuário da sessão já vem com eles (PapeisDaSessaoMiddleware).
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
    """O `ModelBackend` do Django. Os papéis vêm da sessão (`PapeisDaSessaoMiddleware`); o
    nome fica porque as sessões abertas guardam o caminho do backend que as autenticou."""


def _usuario_com_papeis(request):
    user = auth.get_user(request)
    if not user.is_authenticated:
        return user
    guardado = request.session.get(CHAVE_SESSAO)
    if (
        guardado
        and guardado.get("usuario") == user.pk
        and guardado.get("dia") == timezone.localdate().isoformat()
        and 0 <= int(time.time()) - guardado.get("em", 0) < VALIDADE_SEGUNDOS
    ):
        user._papeis_cache = frozenset(guardado["papeis"])
    else:
        guardar_na_sessao(request.session, user)
    return user


def guardar_na_sessao(sessao, user) -> None:
    """Calcula os papéis e os guarda na sessão. A sessão, modificada, é gravada na resposta
    — o que também a renova (emancipacao.sessao): uma gravação só, não duas, por minuto."""
    agora = int(time.time())
    user._papeis_cache = None
    sessao[CHAVE_SESSAO] = {
        "usuario": user.pk,
        "dia": timezone.localdate().isoformat(),
        "em": agora,
        "papeis": sorted(papeis_do_usuario(user)),
    }
    sessao[CHAVE_RENOVACAO] = agora


def ao_entrar(sender, request, user, **kwargs) -> None:
    """No login (sinal `user_logged_in`): os papéis já vão na sessão nova, gravada no login."""
    guardar_na_sessao(request.session, user)


class PapeisDaSessaoMiddleware:
    """Logo depois do AuthenticationMiddleware: o `request.user` (ainda preguiçoso — as
    páginas públicas em cache nem leem a sessão) chega às views com os papéis da sessão."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if hasattr(request, "session"):
            request.user = SimpleLazyObject(lambda: _usuario_com_papeis(request))
        return self.get_response(request)


def invalidar_papeis(usuarios=None) -> None:
    """Apaga os papéis guardados nas sessões abertas dos `usuarios` (ids; None: de todos):
    o próximo pedido de cada um os calcula de novo.

    Percorre as sessões do banco: é raro (mudança de grupo ou de exercício da Presidência) e
    as sessões são as dos servidores da Casa, não as dos visitantes."""
    alvo = None if usuarios is None else {int(u) for u in usuarios}
    # Já, na transação de quem muda (desfeita com ela, só custa um recálculo), e de novo
    # depois do commit: um pedido que recalculou no meio, ainda com os papéis antigos,
    # também perde o que guardou.
    _apagar_das_sessoes(alvo)
    transaction.on_commit(lambda: _apagar_das_sessoes(alvo))


def _apagar_das_sessoes(alvo: set[int] | None) -> None:
    loja = import_string(f"{settings.SESSION_ENGINE}.SessionStore")
    if not hasattr(loja, "get_model_class"):
        # Sessões fora do banco não se percorrem; vale o prazo de VALIDADE_SEGUNDOS.
        return
    modelo = loja.get_model_class()
    for sessao in modelo.objects.filter(expire_date__gt=timezone.now()).iterator():
        dados = sessao.get_decoded()
        guardado = dados.get(CHAVE_SESSAO)
        if guardado is None or (alvo is not None and guardado.get("usuario") not in alvo):
            continue
        del dados[CHAVE_SESSAO]
        modelo.objects.filter(pk=sessao.pk).update(session_data=loja().encode(dados))


def tem_papel(user, *papeis: str) -> bool:
    return bool(papeis_do_usuario(user) & set(papeis))


def exigir_leitor(request) -> None:
    """As páginas internas de leitura: a CRT, a Mesa e os Deputados (Art. 22: vista)."""
    if not tem_papel(request.user, *LEITORES):
        raise PermissionDenied("Área restrita à CRT, à Mesa e aos Deputados.")


def e_equipe(user) -> bool:
    """Servidores, Presidente e Mesa: quem pratica atos."""
    return tem_papel(user, SERVIDOR, PRESIDENTE, MESA)


# Receptores dos sinais (ligados em `processos.apps`): o que muda os papéis de alguém.


def ao_mudar_grupos_do_usuario(sender, instance, action, reverse, pk_set, **kwargs) -> None:
    if not reverse:
        # user.groups.add/remove/clear: o usuário é a instância.
        if action in ("post_add", "post_remove", "post_clear"):
            invalidar_papeis([instance.pk])
    elif action in ("post_add", "post_remove"):
        # group.user_set.add/remove: os usuários vêm em pk_set.
        invalidar_papeis(pk_set)
    elif action == "pre_clear":
        # group.user_set.clear(): quem está no grupo, lido antes de sair dele.
        invalidar_papeis(list(instance.user_set.values_list("pk", flat=True)))


def ao_mudar_grupo_ou_exercicio(sender, **kwargs) -> None:
    """Um grupo renomeado ou apagado, um exercício da Presidência criado, mudado ou apagado
    (o membro pode ter mudado também): raro, e vale para todas as sessões."""
    invalidar_papeis()
