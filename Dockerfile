FROM python:3.11-slim-bookworm
RUN apt-get update && apt-get install -y --no-install-recommends \
      fonts-liberation fonts-dejavu-core libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml ./
RUN pip install --no-cache-dir .
COPY . .
RUN DJANGO_SECRET_KEY=build python manage.py collectstatic --no-input
CMD ["sh", "-c", "python manage.py migrate --no-input && python manage.py createcachetable && python manage.py carregar_municipios && gunicorn emancipacao.wsgi -b 0.0.0.0:8000 -w 3"]
