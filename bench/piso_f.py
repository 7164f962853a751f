"""O piso F: um projeto Django mínimo, inteiro neste módulo (settings, URLs, view e template),
contra o qual o benchmark de carga mede cada página na mesma rodada.

É o que qualquer página interna de um projeto Django faz e não tem como deixar de fazer: a
sessão e o usuário no MESMO PostgreSQL do sistema (as tabelas `django_session` e `auth_user`
dele), `login_required`, o CSRF e as mensagens, e um template base de ~1 KB com navegação,
`{% csrf_token %}` e as mensagens. Os middlewares e os processadores de contexto são os do
`startproject` do Django 5.2. Sobe em ~1 s:

    DATABASE_URL=… DJANGO_SETTINGS_MODULE=bench.piso_f gunicorn bench.piso_f:application
"""

import os

import dj_database_url
from django.contrib.auth.decorators import login_required
from django.core.wsgi import get_wsgi_application
from django.shortcuts import render
from django.urls import path

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "somente-piso-f")
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "testserver"]
ROOT_URLCONF = __name__
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
# O mesmo banco, com as mesmas opções de conexão do sistema (conexão persistente, sem o JIT).
DATABASES = {
    "default": dj_database_url.parse(
        os.environ["DATABASE_URL"], conn_max_age=60, conn_health_checks=True
    )
}
DATABASES["default"].setdefault("OPTIONS", {}).setdefault("options", "-c jit=off")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LANGUAGE_CODE = "pt-br"
TIME_ZONE = "America/Cuiaba"
USE_TZ = True
LOGIN_URL = "/entrar/"

BASE_HTML = """<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>{% block title %}Piso{% endblock %}</title>
<link rel="stylesheet" href="/static/piso.css"></head>
<body>
<header><nav aria-label="Navegação principal"><a href="/">Início</a>
<ul><li><a href="/painel/">Painel</a></li><li><a href="/processos/">Processos</a></li>
<li><a href="/portal/">Portal</a></li><li><a href="/lei/">A lei</a></li></ul>
<span>{{ user.get_full_name|default:user.username }}</span>
<form method="post" action="/sair/">{% csrf_token %}<button type="submit">Sair</button></form>
</nav></header>
<main>{% for message in messages %}<div class="alert alert-{{ message.tags }}">{{ message }}</div>
{% endfor %}{% block content %}<p>Página interna vazia.</p>{% endblock %}</main>
<footer>Piso F do benchmark de carga.</footer>
</body>
</html>
"""
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [("django.template.loaders.locmem.Loader", {"base.html": BASE_HTML})],
                )
            ],
        },
    }
]


@login_required
def pagina(request):
    return render(request, "base.html")


urlpatterns = [path("piso/", pagina)]


def __getattr__(nome):
    # O `application` do gunicorn, criado só quando pedido: este módulo é também o settings,
    # importado dentro do próprio django.setup().
    if nome == "application":
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", __name__)
        return get_wsgi_application()
    raise AttributeError(nome)
