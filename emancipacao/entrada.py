"""Entrada que nenhuma tela aceita, recusada com 400 antes de chegar às views.

O caractere nulo ("\\x00", "%00" na URL) não é texto: o PostgreSQL recusa qualquer consulta
que o contenha, e o que viria de um código de documento, de uma busca ou de um filtro do
admin terminaria em erro 500. Confere-se o caminho, a query string e os cookies de toda
requisição, e os campos dos formulários (urlencoded ou multipart) dos POST.

O middleware fica antes do SessionMiddleware: um cookie de sessão com NUL levaria a sessão a
consultar o banco na volta da resposta (SESSION_SAVE_EVERY_REQUEST), já depois desta recusa.
Os formulários são conferidos no `process_view`, que roda depois do `process_view` do limite
de tamanho (emancipacao.limite_envio, acima na lista), que precisa pôr o seu handler antes de
o corpo ser lido; o Django lê o corpo uma vez só, e o CSRF logo abaixo o leria de qualquer
modo. Os nomes dos arquivos enviados o próprio Django já limpa (tira os não imprimíveis).
"""

from emancipacao.erros import pagina_de_erro

NUL = "\x00"
FORMULARIOS = {"application/x-www-form-urlencoded", "multipart/form-data"}
MENSAGEM_NUL = (
    "O endereço ou o formulário contém um caractere nulo (NUL), que nenhum campo aceita. "
    "Confira o que foi digitado ou colado."
)


def _tem_nul(pares) -> bool:
    return any(NUL in chave or any(NUL in v for v in valores) for chave, valores in pares)


def recusar(request):
    return pagina_de_erro(request, status=400, template="400.html", mensagem=MENSAGEM_NUL)


class EntradaMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        cookies = ((nome, [valor]) for nome, valor in request.COOKIES.items())
        # Sem query string, nada a decodificar: o pedido comum não monta o request.GET aqui.
        consulta = request.META.get("QUERY_STRING") and _tem_nul(request.GET.lists())
        if NUL in request.path_info or consulta or _tem_nul(cookies):
            return recusar(request)
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        formulario = request.method == "POST" and request.content_type in FORMULARIOS
        if formulario and _tem_nul(request.POST.lists()):
            return recusar(request)
        return None
