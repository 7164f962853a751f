"""Configuração única. Toda diferença entre implantações é uma variável de ambiente
(ver `.env.example`), lida pelos auxiliares de `emancipacao.env`, que falham alto."""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from emancipacao.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", False)
# Sem chave padrão fora do modo de desenvolvimento: produção precisa defini-la.
SECRET_KEY = env_str(
    "DJANGO_SECRET_KEY",
    "inseguro-somente-desenvolvimento-local" if DEBUG else None,
    dica="Em desenvolvimento local, use DJANGO_DEBUG=1 (o Makefile já o faz).",
)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "crispy_forms",
    "crispy_bootstrap5",
    "bootstrap",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "requisitos",
    "processos",
    "representacao",
    "plebiscito",
    "documentos",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Antes do CSRF, que é o primeiro a ler o corpo: recusa o envio grande demais sem lê-lo.
    "representacao.limite_envio.LimiteEnvioMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "emancipacao.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "processos.context_processors.papeis",
            ],
        },
    },
]

WSGI_APPLICATION = "emancipacao.wsgi.application"

# Banco embutido (SQLite) por padrão; DATABASE_URL escolhe o PostgreSQL de produção.
# Variável vazia conta como ausente (nunca um banco fictício).
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # IMMEDIATE: cada transação toma o bloqueio de escrita ao começar, de modo que dois atos
    # simultâneos se enfileiram em vez de falharem com "database is locked".
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 30}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "pt-br"
TIME_ZONE = "America/Cuiaba"
USE_I18N = True
USE_TZ = True
USE_THOUSAND_SEPARATOR = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env_str("DJANGO_MEDIA_ROOT", str(BASE_DIR / "media")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Os arquivos estáticos vêm de pacotes instalados e de static/; servidos pelo próprio app.
WHITENOISE_USE_FINDERS = True

LOGIN_URL = "entrar"
LOGIN_REDIRECT_URL = "processos:painel"
LOGOUT_REDIRECT_URL = "entrar"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "emancipacao",
    }
}

# Limite de uso dos simuladores públicos (páginas e API), por endereço do cliente, no formato
# do django-ratelimit ("120/m" = 120 por minuto). Usa o cache padrão.
SIMULADOR_LIMITE = env_str("SIMULADOR_LIMITE", "120/m")

# Tamanho máximo de cada arquivo enviado como documento do Art. 15, em MB (1 MB = 1.048.576
# bytes); recusado antes de o corpo da requisição ser lido (representacao.limite_envio).
UPLOAD_LIMITE_MB = env_int("EMANCIPACAO_UPLOAD_LIMITE_MB", 25)
if UPLOAD_LIMITE_MB < 1:
    raise ImproperlyConfigured("EMANCIPACAO_UPLOAD_LIMITE_MB deve ser de pelo menos 1 (MB).")

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "API de dados abertos — Emancipação de municípios (ALMT)",
    "DESCRIPTION": "Simuladores de requisitos da LC 23/1992-MT e dados públicos dos processos.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # As mesmas opções de regra e abrangência em mais de um serializador: um enum só.
    "ENUM_NAME_OVERRIDES": {
        "RegraPlebiscitoEnum": "plebiscito.serializers.OPCOES_REGRA",
        "AbrangenciaPlebiscitoEnum": "plebiscito.serializers.OPCOES_ABRANGENCIA",
    },
}

# Produção atrás de HTTPS: ative com DJANGO_SECURE=1.
SECURE = env_bool("DJANGO_SECURE", False)
SECURE_SSL_REDIRECT = SECURE
SESSION_COOKIE_SECURE = SECURE
CSRF_COOKIE_SECURE = SECURE
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 31536000 if SECURE else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE
SECURE_HSTS_PRELOAD = SECURE
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if SECURE else None
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# Endereço público usado nos documentos emitidos (rodapé e QR code de validação).
URL_PUBLICA = env_str("EMANCIPACAO_URL_PUBLICA", "http://127.0.0.1:8000")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "WARNING")},
}
