#!/usr/bin/env python
import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "emancipacao.settings")
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        settings.INSTALLED_APPS  # noqa: B018 — lê a configuração já, para falhar com clareza
    except ImproperlyConfigured as exc:
        # Sem isso o Django esconde a causa atrás de "AppRegistryNotReady".
        sys.exit(f"Configuração incompleta: {exc}")
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
