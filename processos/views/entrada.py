"""A entrada no sistema: depois do login, cada um cai onde trabalha."""

from django.contrib.auth.views import LoginView
from django.urls import reverse

from processos.papeis import LEITORES, tem_papel


class Entrar(LoginView):
    """Sem `next`, quem tem papel na tramitação vai ao painel (LOGIN_REDIRECT_URL); quem só
    administra o sistema (equipe do admin, sem papel) vai ao índice do admin — o painel lhe
    diria "Acesso negado"."""

    def get_default_redirect_url(self):
        usuario = self.request.user
        if usuario.is_staff and not tem_papel(usuario, *LEITORES):
            return reverse("admin:index")
        return super().get_default_redirect_url()
