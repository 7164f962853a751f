"""Os papéis das matrizes de permissões (Art. 21 a 23) e a conferência de cada resposta."""

PAPEIS = ("anonimo", "servidor", "presidente", "mesa", "deputado", "sem_papel")
CRT = {"servidor", "presidente"}  # o Presidente faz tudo o que o servidor faz (§4)
PRES = {"presidente"}
MESA = {"mesa"}
LEITORES = {"servidor", "presidente", "mesa", "deputado"}

LOGIN = "login"


def confere(resposta, esperado):
    if esperado == LOGIN:
        assert resposta.status_code == 302
        assert resposta["Location"].startswith("/entrar/?next=")
    else:
        assert resposta.status_code == esperado
