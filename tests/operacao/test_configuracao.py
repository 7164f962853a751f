"""As diferenças de implantação ditas pelo ambiente (STYLE 16): conexões persistentes,
e-mail e armazenamento dos arquivos, lidas por um processo novo como em produção."""

import pytest
from django.db import connection

from tests.ambiente import configuracao_com
from tests.operacao.auxiliares import configuracoes, erro_de_configuracao

SQLITE = {"DATABASE_URL": "sqlite:////tmp/emancipacao-teste-config.sqlite3"}
S3 = "storages.backends.s3.S3Storage"


def test_producao_usa_conexoes_persistentes_com_teste_de_saude():
    lidas = configuracoes("DATABASES", DJANGO_DEBUG="0", **SQLITE)

    banco = lidas["DATABASES"]["default"]
    assert banco["CONN_MAX_AGE"] == 60
    assert banco["CONN_HEALTH_CHECKS"] is True


def test_postgresql_sem_jit_por_padrao_e_a_url_pode_mudar():
    postgres = {"DATABASE_URL": "postgres://u@127.0.0.1:5432/b"}
    banco = configuracoes("DATABASES", **postgres)["DATABASES"]["default"]
    assert banco["OPTIONS"]["options"] == "-c jit=off"

    postgres["DATABASE_URL"] += "?options=-c%20jit%3Don"
    banco = configuracoes("DATABASES", **postgres)["DATABASES"]["default"]
    assert banco["OPTIONS"]["options"] == "-c jit=on"


@pytest.mark.so_postgresql
@pytest.mark.django_db
def test_conexao_do_app_no_postgresql_tem_o_jit_desligado():
    with connection.cursor() as cursor:
        cursor.execute("SHOW jit")
        assert cursor.fetchone()[0] == "off"


def test_desenvolvimento_abre_uma_conexao_por_requisicao():
    lidas = configuracoes("DATABASES", DJANGO_DEBUG="1", **SQLITE)

    assert lidas["DATABASES"]["default"]["CONN_MAX_AGE"] == 0


def test_tempo_das_conexoes_vem_do_ambiente():
    lidas = configuracoes("DATABASES", DATABASE_CONN_MAX_AGE="300", **SQLITE)

    assert lidas["DATABASES"]["default"]["CONN_MAX_AGE"] == 300


@pytest.mark.parametrize(
    ("valor", "mensagem"),
    [("-1", "DATABASE_CONN_MAX_AGE não pode ser negativo"), ("um", "número inteiro")],
)
def test_tempo_de_conexao_invalido_impede_a_inicializacao(valor, mensagem):
    assert mensagem in erro_de_configuracao(DATABASE_CONN_MAX_AGE=valor, **SQLITE)


# --- e-mail -----------------------------------------------------------------------------------


def test_sem_servidor_smtp_as_mensagens_vao_ao_console():
    lidas = configuracoes("EMAIL_BACKEND", "DEFAULT_FROM_EMAIL", DJANGO_DEBUG="0", **SQLITE)

    assert lidas["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    assert "ALMT" in lidas["DEFAULT_FROM_EMAIL"]


def test_em_desenvolvimento_o_console_mesmo_com_servidor_smtp():
    lidas = configuracoes("EMAIL_BACKEND", DJANGO_DEBUG="1", EMAIL_HOST="smtp.al", **SQLITE)

    assert lidas["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"


def test_producao_com_servidor_smtp_envia_por_smtp_com_starttls():
    lidas = configuracoes(
        "EMAIL_BACKEND",
        "EMAIL_HOST",
        "EMAIL_PORT",
        "EMAIL_HOST_USER",
        "EMAIL_HOST_PASSWORD",
        "EMAIL_USE_TLS",
        "EMAIL_USE_SSL",
        "DEFAULT_FROM_EMAIL",
        "SERVER_EMAIL",
        DJANGO_DEBUG="0",
        EMAIL_HOST="smtp.al.mt.gov.br",
        EMAIL_HOST_USER="emancipacao",
        EMAIL_HOST_PASSWORD="segredo",
        DEFAULT_FROM_EMAIL="CRT <crt@al.mt.gov.br>",
        **SQLITE,
    )

    assert lidas == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "smtp.al.mt.gov.br",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "emancipacao",
        "EMAIL_HOST_PASSWORD": "segredo",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
        "DEFAULT_FROM_EMAIL": "CRT <crt@al.mt.gov.br>",
        "SERVER_EMAIL": "CRT <crt@al.mt.gov.br>",
    }


def test_smtp_por_ssl_na_porta_465():
    lidas = configuracoes(
        "EMAIL_PORT",
        "EMAIL_USE_TLS",
        "EMAIL_USE_SSL",
        EMAIL_HOST="smtp.al",
        EMAIL_PORT="465",
        EMAIL_USE_TLS="0",
        EMAIL_USE_SSL="1",
        **SQLITE,
    )

    assert lidas == {"EMAIL_PORT": 465, "EMAIL_USE_TLS": False, "EMAIL_USE_SSL": True}


def test_backend_de_email_explicito_prevalece():
    lidas = configuracoes(
        "EMAIL_BACKEND",
        EMAIL_HOST="smtp.al",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        **SQLITE,
    )

    assert lidas["EMAIL_BACKEND"] == "django.core.mail.backends.locmem.EmailBackend"


def test_tls_e_ssl_juntos_impedem_a_inicializacao():
    mensagem = erro_de_configuracao(EMAIL_USE_TLS="1", EMAIL_USE_SSL="1", **SQLITE)

    assert "EMAIL_USE_TLS (STARTTLS, porta 587) e EMAIL_USE_SSL (porta 465) se excluem" in mensagem


# --- armazenamento ----------------------------------------------------------------------------


def test_arquivos_no_disco_por_padrao():
    lidas = configuracoes("STORAGES", "MEDIA_ROOT", DJANGO_MEDIA_ROOT="/srv/midia", **SQLITE)

    assert lidas["STORAGES"]["default"] == {
        "BACKEND": "emancipacao.armazenamento.ArmazenamentoLocal"
    }
    assert lidas["MEDIA_ROOT"] == "/srv/midia"


def test_com_bucket_os_arquivos_vao_ao_s3_sem_sobrescrever_nem_publicar():
    lidas = configuracoes(
        "STORAGES",
        EMANCIPACAO_S3_BUCKET="emancipacao",
        EMANCIPACAO_S3_ENDPOINT="http://minio:9000",
        EMANCIPACAO_S3_ACCESS_KEY_ID="chave",
        EMANCIPACAO_S3_SECRET_ACCESS_KEY="segredo",
        EMANCIPACAO_S3_REGIAO="sa-east-1",
        EMANCIPACAO_S3_PREFIXO="producao",
        **SQLITE,
    )

    padrao = lidas["STORAGES"]["default"]
    assert padrao["BACKEND"] == S3
    assert padrao["OPTIONS"] == {
        "bucket_name": "emancipacao",
        "endpoint_url": "http://minio:9000",
        "region_name": "sa-east-1",
        "access_key": "chave",
        "secret_key": "segredo",
        "location": "producao",
        "addressing_style": "path",
        "file_overwrite": False,
        "default_acl": None,
        "querystring_auth": True,
    }
    # Os estáticos continuam no próprio app (WhiteNoise), qualquer que seja o armazenamento.
    assert lidas["STORAGES"]["staticfiles"]["BACKEND"].startswith("whitenoise.")


def test_s3_da_aws_sem_endpoint_nem_chaves_usa_as_credenciais_do_ambiente():
    lidas = configuracoes("STORAGES", EMANCIPACAO_S3_BUCKET="emancipacao", **SQLITE)

    opcoes = lidas["STORAGES"]["default"]["OPTIONS"]
    assert opcoes["endpoint_url"] is None
    assert opcoes["access_key"] is None
    assert opcoes["secret_key"] is None
    assert opcoes["addressing_style"] is None


AVISO_404 = "__import__('logging').getLogger('django.request').warning('Not Found: /x/')"


def test_nivel_do_log_vale_para_os_avisos_do_django():
    """O 404 (aviso do logger django.request, de nível próprio) sai no nível padrão e some
    com DJANGO_LOG_LEVEL=ERROR (o benchmark mede o 404 milhares de vezes)."""
    padrao = configuracao_com(AVISO_404, **SQLITE)
    assert padrao.returncode == 0, padrao.stderr
    assert "Not Found: /x/" in padrao.stderr

    so_erros = configuracao_com(AVISO_404, DJANGO_LOG_LEVEL="ERROR", **SQLITE)
    assert so_erros.returncode == 0, so_erros.stderr
    assert "Not Found: /x/" not in so_erros.stderr
