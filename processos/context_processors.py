from django.urls import get_script_prefix, reverse
from django.utils.safestring import mark_safe

from processos.atos import ATOS
from processos.papeis import papeis_do_usuario

# Os endereços do menu do base.html, resolvidos uma vez por prefixo do site (o mesmo em todo
# pedido de um processo do servidor), em vez de um {% url %} por link em cada página. São
# rotas fixas, sem argumento nem dado de ninguém: já seguras para o HTML, sem escapar de novo
# a cada link.
ROTAS_DO_MENU = {
    "painel": "painel:painel",
    "lista": "painel:lista",
    "novo": "processos:novo",
    "portal": "transparencia:portal",
    "simuladores": "requisitos:simuladores",
    "api_docs": "requisitos:api_docs",
    "lei": "lei:lei",
    "entrar": "entrar",
    "sair": "sair",
    "admin": "admin:index",
}
_menus: dict[str, dict[str, str]] = {}


def papeis(request):
    # Uma resposta de erro produzida antes do AuthenticationMiddleware (Host fora de
    # ALLOWED_HOSTS: 400) não tem request.user — sem papéis, não um 500.
    meus = papeis_do_usuario(getattr(request, "user", None))
    return {
        "papeis": meus,
        "pode_protocolar": bool(meus & ATOS["protocolar"].papeis),
        "enderecos_menu": _enderecos_do_menu(),
    }


def _enderecos_do_menu() -> dict[str, str]:
    prefixo = get_script_prefix()
    menu = _menus.get(prefixo)
    if menu is None:
        menu = _menus[prefixo] = {
            nome: mark_safe(reverse(rota)) for nome, rota in ROTAS_DO_MENU.items()
        }
    return menu
