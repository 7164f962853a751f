from processos.atos import ATOS
from processos.papeis import papeis_do_usuario


def papeis(request):
    # Uma resposta de erro produzida antes do AuthenticationMiddleware (Host fora de
    # ALLOWED_HOSTS: 400) não tem request.user — sem papéis, não um 500.
    meus = papeis_do_usuario(getattr(request, "user", None))
    return {"papeis": meus, "pode_protocolar": bool(meus & ATOS["protocolar"].papeis)}
