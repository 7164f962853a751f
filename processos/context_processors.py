from processos.papeis import papeis_do_usuario


def papeis(request):
    return {"papeis": papeis_do_usuario(request.user)}
