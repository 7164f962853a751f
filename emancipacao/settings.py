"""Configuração única. Toda diferença entre implantações é uma variável de ambiente
(ver `.env.example`), lida pelos auxiliares de `emancipacao.env`, que falham alto."""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from emancipacao.env import env_bool, env_int, env_list, env_str, env_url

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
    "axes",
    "csp",
    "requisitos",
    "processos",
    "instrucao",
    "representacao",
    "plebiscito",
    "territorio",
    "documentos",
    "lei",
    "acompanhamento",
    "operacao",
    "transparencia",
    "painel",
    "demonstracao",
]

MIDDLEWARE = [
    # O primeiro: banco, armazenamento ou Redis fora do ar é 503, e não 500 (emancipacao.erros).
    "emancipacao.erros.ServicoIndisponivelMiddleware",
    # O que a view agenda para depois da resposta entregue (emancipacao.depois_da_resposta).
    "emancipacao.depois_da_resposta.DepoisDaRespostaMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Logo depois do SecurityMiddleware: os cabeçalhos de segurança (a CSP incluída, montada
    # uma vez) valem para toda resposta, inclusive as que os middlewares abaixo produzem
    # sozinhos (413, 429 do bloqueio).
    "emancipacao.seguranca.CabecalhosSegurancaMiddleware",
    # Antes do CSRF, que é o primeiro a ler o corpo: recusa o envio grande demais sem lê-lo.
    "emancipacao.limite_envio.LimiteEnvioMiddleware",
    # Antes da sessão (que consultaria o banco com o cookie) e depois do limite (os formulários
    # só são lidos com o handler dele posto): o caractere nulo vira 400 (emancipacao.entrada).
    "emancipacao.entrada.EntradaMiddleware",
    # Sem EMANCIPACAO_URL_PUBLICA (só em desenvolvimento local), o endereço da requisição.
    "emancipacao.url_publica.UrlPublicaMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Renova a sessão no máximo uma vez por minuto, em vez de gravá-la a cada requisição
    # (emancipacao.sessao): a expiração por inatividade, sem um UPDATE por página.
    "emancipacao.sessao.RenovacaoSessaoMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # O usuário com os papéis guardados na sessão, sem consultar os grupos a cada página.
    "processos.papeis.PapeisDaSessaoMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Por último, como pede o django-axes: transforma o bloqueio do login na página de 429.
    "axes.middleware.AxesMiddleware",
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
            # {% estatico %}: o endereço de um estático calculado uma vez (o base.html).
            "libraries": {"estaticos": "emancipacao.estaticos"},
        },
    },
]

WSGI_APPLICATION = "emancipacao.wsgi.application"

# Banco embutido (SQLite) por padrão; DATABASE_URL escolhe o PostgreSQL de produção.
# Variável vazia conta como ausente (nunca um banco fictício).
# Conexões persistentes fora do desenvolvimento: cada processo do gunicorn reaproveita a sua
# por DATABASE_CONN_MAX_AGE segundos (0 = uma por requisição), e o Django testa a conexão
# reaproveitada antes de usá-la (CONN_HEALTH_CHECKS): um PostgreSQL reiniciado custa uma
# reconexão, não um erro ao primeiro usuário.
CONN_MAX_AGE = env_int("DATABASE_CONN_MAX_AGE", 0 if DEBUG else 60)
if CONN_MAX_AGE < 0:
    raise ImproperlyConfigured("DATABASE_CONN_MAX_AGE não pode ser negativo (segundos).")
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=CONN_MAX_AGE,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # IMMEDIATE: cada transação toma o bloqueio de escrita ao começar, de modo que dois atos
    # simultâneos se enfileiram em vez de falharem com "database is locked".
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 30}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Sem o JIT do PostgreSQL: as consultas das páginas são curtas, e a compilação que ele
    # dispara quando a estimativa de custo passa do limiar custava mais que a consulta (27 de
    # 74 ms na lista ordenada pelo prazo a 50 mil processos). `?options=` na DATABASE_URL
    # substitui este padrão.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("options", "-c jit=off")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# O AxesStandaloneBackend vem primeiro: recusa o endereço ou usuário bloqueado antes de
# conferir a senha, de modo que nem a senha certa entra durante o bloqueio.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # O ModelBackend do Django, com os papéis lidos junto com o usuário da sessão.
    "processos.papeis.BackendComPapeis",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # Nomes da instituição e palavras locais são as primeiras que um atacante tenta.
    {"NAME": "emancipacao.senhas.NomesLocaisValidator"},
]

# Só pt-BR: sem o LocaleMiddleware, nenhuma página muda de língua pelo Accept-Language do
# navegador (as mensagens do próprio Django incluídas).
LANGUAGE_CODE = "pt-br"
TIME_ZONE = "America/Cuiaba"
USE_I18N = True
USE_TZ = True
USE_THOUSAND_SEPARATOR = True
# Tradução pt-BR do que o django-axes mostra no admin (o pacote não traz a sua).
LOCALE_PATHS = [BASE_DIR / "locale"]

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env_str("DJANGO_MEDIA_ROOT", str(BASE_DIR / "media")))
# As senhas dos usuários de demonstração (modo local; demonstracao.senhas), fora do git.
SENHAS_DEMONSTRACAO = BASE_DIR / ".senhas-demonstracao"
# Arquivos guardados (documentos emitidos, certidões, documentos do Art. 15): no disco, em
# MEDIA_ROOT, por padrão; com EMANCIPACAO_S3_BUCKET, num armazenamento compatível com S3
# (MinIO, Ceph, AWS), para vários servidores web partilharem os mesmos arquivos.
S3_BUCKET = env_str("EMANCIPACAO_S3_BUCKET", "")
if S3_BUCKET:
    S3_ENDPOINT = env_str("EMANCIPACAO_S3_ENDPOINT", "")
    ARMAZENAMENTO = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": S3_BUCKET,
            "endpoint_url": S3_ENDPOINT or None,
            "region_name": env_str("EMANCIPACAO_S3_REGIAO", "") or None,
            # Sem as chaves, o boto3 procura as credenciais no ambiente (papel da máquina).
            "access_key": env_str("EMANCIPACAO_S3_ACCESS_KEY_ID", "") or None,
            "secret_key": env_str("EMANCIPACAO_S3_SECRET_ACCESS_KEY", "") or None,
            "location": env_str("EMANCIPACAO_S3_PREFIXO", ""),
            # Servidores próprios (MinIO...) endereçam o bucket no caminho, não no nome.
            "addressing_style": "path" if S3_ENDPOINT else None,
            # Documento emitido é imutável: um nome repetido ganha sufixo, nunca sobrescreve
            # (como no disco); os arquivos são privados e só saem pelo app, conferidos.
            "file_overwrite": False,
            "default_acl": None,
            "querystring_auth": True,
        },
    }
else:
    # O disco local, sem arquivo pela metade quando ele enche (emancipacao.armazenamento).
    ARMAZENAMENTO = {"BACKEND": "emancipacao.armazenamento.ArmazenamentoLocal"}
STORAGES = {
    "default": ARMAZENAMENTO,
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Os arquivos estáticos vêm de pacotes instalados e de static/; servidos pelo próprio app.
WHITENOISE_USE_FINDERS = True

LOGIN_URL = "entrar"
LOGIN_REDIRECT_URL = "painel:painel"
LOGOUT_REDIRECT_URL = "entrar"

# A sessão expira após DJANGO_SESSAO_MINUTOS sem uso: o prazo recomeça com o uso, e o
# computador esquecido logado fecha a sessão sozinho. A renovação grava a sessão no máximo
# uma vez por minuto (emancipacao.sessao.RenovacaoSessaoMiddleware): tolerância de 1 minuto.
SESSAO_MINUTOS = env_int("DJANGO_SESSAO_MINUTOS", 120)
if SESSAO_MINUTOS < 1:
    raise ImproperlyConfigured("DJANGO_SESSAO_MINUTOS deve ser de pelo menos 1 (minuto).")
SESSION_COOKIE_AGE = SESSAO_MINUTOS * 60
SESSION_SAVE_EVERY_REQUEST = False

# Login (django-axes): 5 falhas em 15 minutos com o mesmo usuário (de qualquer endereço),
# ou a partir do mesmo endereço (com qualquer usuário), bloqueiam novas tentativas por 15
# minutos a contar da última. As tentativas ficam no banco (compartilhadas entre os
# processos) e aparecem no admin, onde o administrador desbloqueia apagando a tentativa.
# A resposta é a página de 429 em pt-BR, com Retry-After.
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_LOCKOUT_CALLABLE = "emancipacao.seguranca.resposta_bloqueio"

# Quantos proxies reversos (nginx...) ficam na frente do app, cada um acrescentando ao
# X-Forwarded-For. 0 = o app recebe o cliente direto (REMOTE_ADDR). Errar para menos põe
# todos os clientes no endereço do proxy: um bloqueio de login passaria a valer para todos.
PROXIES_REVERSOS = env_int("DJANGO_PROXIES_REVERSOS", 0)
if PROXIES_REVERSOS < 0:
    raise ImproperlyConfigured("DJANGO_PROXIES_REVERSOS não pode ser negativo.")
AXES_CLIENT_IP_CALLABLE = "emancipacao.seguranca.endereco_do_cliente"
RATELIMIT_IP_META_KEY = "emancipacao.seguranca.endereco_do_cliente"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Cache compartilhado por todos os processos (gunicorn -w N): nele ficam os contadores dos
# limites de uso, que assim valem para o servidor inteiro. Padrão: uma tabela do próprio
# banco (`manage.py createcachetable`); com REDIS_URL, o Redis. O conteúdo das páginas do
# portal (transparencia.portal) fica num cache à parte ("portal"): um robô que percorra
# milhares de processos enche o portal, não expulsa os contadores dos limites.
# Com o Redis fora do ar, o lado público continua no ar: os limites de uso contam na memória
# de cada processo e o portal é montado do banco (emancipacao.cache.RedisComReserva). O
# tempo limite curto faz o processo desistir logo do Redis que não responde.
REDIS_URL = env_str("REDIS_URL", "")
REDIS_OPCOES = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "emancipacao.cache.RedisComReserva",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "emancipacao",
            "OPTIONS": REDIS_OPCOES,
        },
        "portal": {
            # O Redis com uma cópia em memória em cada processo (emancipacao.cache).
            "BACKEND": "emancipacao.cache.CachePortalRedis",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "emancipacao-portal",
            "OPTIONS": REDIS_OPCOES,
        },
    }
else:
    CACHES = {
        "default": {
            # O DatabaseCache do Django com incremento atômico (ver emancipacao.cache).
            "BACKEND": "emancipacao.cache.CacheBanco",
            "LOCATION": "emancipacao_cache",
            # Acima do limite, o Django apaga um terço das chaves, vencidas ou não: folga
            # para que contadores vivos não sejam descartados sob muitos endereços.
            "OPTIONS": {"MAX_ENTRIES": 50_000},
        },
        "portal": {
            # Gravação num comando só, o limite conferido de vez em quando e uma cópia em
            # memória em cada processo (emancipacao.cache).
            "BACKEND": "emancipacao.cache.CachePortal",
            "LOCATION": "emancipacao_cache_portal",
            # Uma entrada por processo e por busca da lista pública.
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        },
    }

# Limite de uso dos simuladores públicos (páginas e API), por endereço do cliente, no formato
# do django-ratelimit ("120/m" = 120 por minuto). Usa o cache padrão.
SIMULADOR_LIMITE = env_str("SIMULADOR_LIMITE", "120/m")

# Tamanho máximo de cada arquivo enviado como documento do Art. 15, em MB (1 MB = 1.048.576
# bytes); recusado antes de o corpo da requisição ser lido (emancipacao.limite_envio).
# Pasta da malha municipal do IBGE (GeoJSON + tabela de áreas) que o `make run` carrega;
# vazia, o sistema roda sem a conferência territorial e as telas dizem como carregar uma.
MALHA_IBGE = env_str("EMANCIPACAO_MALHA_IBGE", "")
# Onde `carregar_malha --baixar` busca o shapefile da Malha Municipal Digital do IBGE (o
# endereço oficial; outro só num espelho interno ou nos testes).
MALHA_IBGE_URL = env_str(
    "EMANCIPACAO_MALHA_IBGE_URL",
    "https://geoftp.ibge.gov.br/organizacao_do_territorio/malhas_territoriais/malhas_municipais",
)
# Onde `carregar_malha --baixar` e `carregar_populacao --baixar` buscam a população: a API
# SIDRA do IBGE (tabela 6579, estimativas da população); outro endereço só num espelho
# interno ou nos testes.
POPULACAO_IBGE_URL = env_str(
    "EMANCIPACAO_POPULACAO_IBGE_URL", "https://apisidra.ibge.gov.br/values"
)
UPLOAD_LIMITE_MB = env_int("EMANCIPACAO_UPLOAD_LIMITE_MB", 25)
if UPLOAD_LIMITE_MB < 1:
    raise ImproperlyConfigured("EMANCIPACAO_UPLOAD_LIMITE_MB deve ser de pelo menos 1 (MB).")
# Tamanho máximo do corpo de qualquer outra requisição (formulários, JSON da API), em MB: o
# que passa disso é recusado com 413 antes de ser lido. As telas de envio de arquivo têm o
# seu próprio limite (@limitar_envio).
CORPO_LIMITE_MB = env_int("EMANCIPACAO_CORPO_LIMITE_MB", 2)
if CORPO_LIMITE_MB < 1:
    raise ImproperlyConfigured("EMANCIPACAO_CORPO_LIMITE_MB deve ser de pelo menos 1 (MB).")

# Assinaturas digitais (documentos.assinatura). O selo da Assembleia: o arquivo PKCS#12 do
# certificado institucional (ou o token, abaixo) e o PIN (ou um arquivo de segredo com ele) —
# nunca no banco. A autoridade de carimbo do tempo (RFC 3161) que o selo em PAdES B-LTA e as
# assinaturas B-T usam. Sem o arquivo nem o token, nada é selado e as páginas dizem que o selo
# não está instalado.
SELO_PKCS12 = env_str("EMANCIPACAO_SELO_PKCS12", "")
SELO_PIN = env_str("EMANCIPACAO_SELO_PIN", "")
SELO_PIN_ARQUIVO = env_str("EMANCIPACAO_SELO_PIN_ARQUIVO", "")
# O selo num token A3 ou num HSM (PKCS#11), em vez do arquivo: o módulo do fabricante, o token
# (pelo rótulo, ou pela posição do slot na lista do módulo: 0, 1, …) e o rótulo da chave e do
# certificado nele. O PIN do usuário do token é o do selo (acima). Com a biblioteca
# configurada, o PKCS#12 não é usado.
SELO_PKCS11_BIBLIOTECA = env_str("EMANCIPACAO_SELO_PKCS11_BIBLIOTECA", "")
SELO_PKCS11_TOKEN = env_str("EMANCIPACAO_SELO_PKCS11_TOKEN", "")
SELO_PKCS11_SLOT = env_int("EMANCIPACAO_SELO_PKCS11_SLOT", None)
if SELO_PKCS11_SLOT is not None and SELO_PKCS11_SLOT < 0:
    raise ImproperlyConfigured("EMANCIPACAO_SELO_PKCS11_SLOT é a posição do slot: 0, 1, 2, …")
SELO_PKCS11_ROTULO = env_str("EMANCIPACAO_SELO_PKCS11_ROTULO", "")
CARIMBO_DO_TEMPO_URL = env_str("EMANCIPACAO_CARIMBO_DO_TEMPO_URL", "")
# Buscar LCR/OCSP na rede ao validar uma assinatura; desligado, valem só as LCRs carregadas
# por `manage.py carregar_raizes_confiaveis` e as embutidas no próprio PDF.
ASSINATURA_BUSCAR_REVOGACAO = env_bool("EMANCIPACAO_ASSINATURA_BUSCAR_REVOGACAO", False)
# A API de assinatura do gov.br (ITI): o endereço e as credenciais do cliente que o governo
# federal cadastra para a Assembleia. Vazio, o adaptador gov.br fica desligado.
GOVBR_ASSINATURA_URL = env_str("EMANCIPACAO_GOVBR_ASSINATURA_URL", "")
GOVBR_AUTORIZACAO_URL = env_str("EMANCIPACAO_GOVBR_AUTORIZACAO_URL", "")
GOVBR_TOKEN_URL = env_str("EMANCIPACAO_GOVBR_TOKEN_URL", "")
GOVBR_CLIENT_ID = env_str("EMANCIPACAO_GOVBR_CLIENT_ID", "")
GOVBR_CLIENT_SECRET = env_str("EMANCIPACAO_GOVBR_CLIENT_SECRET", "")
# Provedor de assinatura em nuvem ICP-Brasil pela API do Cloud Signature Consortium (v2): a
# raiz do serviço (…/csc/v2/ e …/oauth2/ ficam abaixo dela) e o cliente OAuth2 registrado nele.
CSC_URL = env_str("EMANCIPACAO_CSC_URL", "")
CSC_CLIENT_ID = env_str("EMANCIPACAO_CSC_CLIENT_ID", "")
CSC_CLIENT_SECRET = env_str("EMANCIPACAO_CSC_CLIENT_SECRET", "")
# O escopo OAuth2 pedido ao provedor (CSC v2): "credential" — o signatário autoriza cada
# assinatura no próprio provedor —, ou "service" — credenciais com authMode "explicit": o
# sistema pede o PIN/OTP numa tela a cada assinatura e o troca pelo SAD.
CSC_ESCOPO = env_str("EMANCIPACAO_CSC_ESCOPO", "credential")
if CSC_ESCOPO not in ("credential", "service"):
    raise ImproperlyConfigured(
        'EMANCIPACAO_CSC_ESCOPO deve ser "credential" ou "service" (veja o provedor em nuvem).'
    )

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
    # Sem o selo do validador externo (validator.swagger.io): rede fechada e CSP 'self'.
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    # As mesmas opções de regra e abrangência em mais de um serializador: um enum só.
    "ENUM_NAME_OVERRIDES": {
        "RegraPlebiscitoEnum": "plebiscito.serializers.OPCOES_REGRA",
        "AbrangenciaPlebiscitoEnum": "plebiscito.serializers.OPCOES_ABRANGENCIA",
    },
}

# Produção atrás de HTTPS: ative com DJANGO_SECURE=1.
SECURE = env_bool("DJANGO_SECURE", False)
SECURE_SSL_REDIRECT = SECURE
# A sonda de saúde do contêiner fala HTTP direto com o gunicorn (emancipacao.saude).
SECURE_REDIRECT_EXEMPT = [r"^saude/$"]
SESSION_COOKIE_SECURE = SECURE
CSRF_COOKIE_SECURE = SECURE
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 31536000 if SECURE else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE
SECURE_HSTS_PRELOAD = SECURE
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if SECURE else None
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"

# Content-Security-Policy (django-csp): só recursos do próprio servidor, nenhum script nem
# estilo embutido no HTML (os templates não têm <script> nem style= inline; mantenha assim).
# data: em img-src: os ícones SVG do Bootstrap e do Swagger UI vêm embutidos no CSS.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
# Recursos do navegador que o sistema não usa ficam desligados para qualquer página.
PERMISSIONS_POLICY = (
    "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), "
    "gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"
)

# E-mail (avisos aos cidadãos que acompanham um processo): SMTP com EMAIL_HOST definido;
# sem ele, ou em desenvolvimento, as mensagens são impressas no console. EMAIL_BACKEND
# escolhe outro backend explicitamente.
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG or not EMAIL_HOST
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured(
        "EMAIL_USE_TLS (STARTTLS, porta 587) e EMAIL_USE_SSL (porta 465) se excluem: ative só um."
    )
# Um servidor SMTP que não responde não prende o processo por mais que isto (segundos).
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = env_str(
    "DEFAULT_FROM_EMAIL", "Emancipação de Municípios — ALMT <nao-responda@localhost>"
)
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Endereço público usado nos documentos emitidos (rodapé e QR code de validação) e nos e-mails:
# obrigatório em produção; em desenvolvimento local, sem ele, vem da requisição
# (emancipacao.url_publica).
URL_PUBLICA = env_url(
    "EMANCIPACAO_URL_PUBLICA",
    "" if DEBUG else None,
    dica="É o endereço (https://…) que os documentos, os QR codes de validação e os e-mails "
    "imprimem. Em desenvolvimento local (DJANGO_DEBUG=1) ele vem da requisição.",
)

# O nível vale também no handler: os avisos dos loggers do Django (404 em django.request),
# que têm nível próprio e chegam ao root por propagação, obedecem a DJANGO_LOG_LEVEL.
NIVEL_DO_LOG = env_str("DJANGO_LOG_LEVEL", "WARNING")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler", "level": NIVEL_DO_LOG}},
    "root": {"handlers": ["console"], "level": NIVEL_DO_LOG},
}
