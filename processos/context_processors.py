from processos.atos import ATOS
from processos.papeis import papeis_do_usuario


def papeis(request):
    meus = papeis_do_usuario(request.user)
    return {"papeis": meus, "pode_protocolar": bool(meus & ATOS["protocolar"].papeis)}
