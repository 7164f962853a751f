"""A base das APIs públicas (os simuladores e os dados abertos): sem login e sem sessão (não
exigem o token CSRF), respostas em pt-BR e um limite de requisições por endereço, cada API
com o seu — estourado, 429 com Retry-After."""

from django.utils import translation
from rest_framework import exceptions, status
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView


class LimiteExcedido(exceptions.APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "limite_excedido"

    def __init__(self, espera: int, mensagem: str):
        super().__init__(detail=mensagem)
        # O exception_handler do DRF transforma `wait` no cabeçalho Retry-After (segundos).
        self.wait = espera


class APIPublica(APIView):
    authentication_classes = []
    permission_classes = [AllowAny]
    # A frase do 429, dita a quem estourou o limite desta API.
    mensagem_limite = ""

    def espera(self, request) -> int | None:
        """Segundos até a próxima requisição deste endereço, ou None dentro do limite."""
        raise NotImplementedError

    def dispatch(self, request, *args, **kwargs):
        with translation.override("pt-br"):
            return super().dispatch(request, *args, **kwargs)

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        espera = self.espera(request._request)
        if espera is not None:
            raise LimiteExcedido(espera, self.mensagem_limite)
