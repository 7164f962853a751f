# Imagem de produção: Python 3.11 no Debian 12 (bookworm), os pacotes do sistema que o
# WeasyPrint 70 usa e nada mais, e o app rodando como usuário sem privilégios.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# Os pacotes do perfil `execucao` de ferramentas/preparar.py: WeasyPrint (Pango, PangoFT2 e o
# subconjunto de fontes do HarfBuzz; GLib, HarfBuzz e Fontconfig vêm como dependências) e a
# DejaVu, reserva para o caractere que as fontes do projeto (documentos/fontes/) não têm.
# Fora do WeasyPrint, só o cliente do PostgreSQL 15, para `fazer_copia` e
# `ensaio_restauracao` (pg_dump, pg_restore).
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core \
        postgresql-client-15 \
    && rm -rf /var/lib/apt/lists/*

# Usuário sem privilégios; a pasta dos arquivos guardados é dele (o volume nomeado herda o
# dono na primeira montagem). O código fica com o root: o app não consegue alterá-lo.
RUN useradd --system --uid 10001 --user-group --create-home --home-dir /home/emancipacao \
        --shell /usr/sbin/nologin emancipacao \
    && install -d -o emancipacao -g emancipacao /var/lib/emancipacao/media

WORKDIR /app
# As dependências primeiro (camada reaproveitada enquanto elas não mudam), nas versões
# travadas do perfil de execução — as mesmas de `make run`.
COPY pyproject.toml ./
COPY dependencias/execucao.txt dependencias/
RUN pip install -c dependencias/execucao.txt .
COPY . .
RUN DJANGO_SECRET_KEY=somente-para-o-collectstatic EMANCIPACAO_URL_PUBLICA=https://invalid python manage.py collectstatic --no-input

USER emancipacao
ENV DJANGO_MEDIA_ROOT=/var/lib/emancipacao/media \
    GUNICORN_WORKERS=3 \
    GUNICORN_TIMEOUT=120
EXPOSE 8000
# Pede /saude/ (banco alcançável) ao gunicorn local, sem carregar o Django.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
    CMD ["python", "-m", "operacao.sonda"]
# Processos reciclados a cada ~1000 requisições: a memória de PDFs grandes não se acumula.
CMD ["sh", "-c", "exec gunicorn emancipacao.wsgi --bind 0.0.0.0:8000 --workers \"$GUNICORN_WORKERS\" --timeout \"$GUNICORN_TIMEOUT\" --max-requests 1000 --max-requests-jitter 100 --access-logfile -"]
