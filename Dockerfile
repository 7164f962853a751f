# Imagem de produção: Python 3.11 no Debian 12 (bookworm), os pacotes do sistema que o
# WeasyPrint 70 usa e nada mais, e o app rodando como usuário sem privilégios.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# WeasyPrint (instalação por wheels no Debian ≥ 11): Pango, PangoFT2 e o subconjunto de
# fontes do HarfBuzz (GLib, HarfBuzz e Fontconfig vêm como dependências deles); as fontes
# Liberation e DejaVu que os templates de PDF pedem. Fora do WeasyPrint, só o cliente do
# PostgreSQL 15, para `fazer_copia` e `ensaio_restauracao` (pg_dump, pg_restore).
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 \
        fonts-liberation fonts-dejavu-core \
        postgresql-client-15 \
    && rm -rf /var/lib/apt/lists/*

# Usuário sem privilégios; a pasta dos arquivos guardados é dele (o volume nomeado herda o
# dono na primeira montagem). O código fica com o root: o app não consegue alterá-lo.
RUN useradd --system --uid 10001 --user-group --create-home --home-dir /home/emancipacao \
        --shell /usr/sbin/nologin emancipacao \
    && install -d -o emancipacao -g emancipacao /var/lib/emancipacao/media

WORKDIR /app
# As dependências primeiro (camada reaproveitada enquanto o pyproject.toml não muda).
COPY pyproject.toml ./
RUN pip install .
COPY . .
RUN DJANGO_SECRET_KEY=somente-para-o-collectstatic python manage.py collectstatic --no-input

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
