"""O sistema como o benchmark de carga o mede: os settings de `emancipacao` com uma URL a
mais (`bench.piso_interno_urls`), a página interna vazia.

    DJANGO_SETTINGS_MODULE=bench.piso_interno gunicorn emancipacao.wsgi
"""

from emancipacao.settings import *  # noqa: F403

ROOT_URLCONF = "bench.piso_interno_urls"
