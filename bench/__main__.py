"""Roda as medições e imprime os números:
`python -m bench [parecer|copia|copia_grande|lista|assinaturas|pdfa|assinatura_digital]`."""

import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "emancipacao.settings")
os.environ.setdefault("DJANGO_SECRET_KEY", "somente-medicoes")
os.environ.setdefault("EMANCIPACAO_URL_PUBLICA", "http://127.0.0.1:8000")

import django  # noqa: E402

django.setup()

from bench import documentos  # noqa: E402

if __name__ == "__main__":
    escolhidos = set(sys.argv[1:]) or {"parecer", "copia", "lista", "assinaturas"}
    if "parecer" in escolhidos:
        documentos.medir_parecer()
    if "copia" in escolhidos:
        documentos.medir_copia_integral()
    if "copia_grande" in escolhidos:
        from bench import copia_grande

        copia_grande.main()
    if "lista" in escolhidos:
        from bench import lista_processos

        lista_processos.main()
    if "pdfa" in escolhidos:
        from bench import pdfa

        pdfa.main()
    if "assinaturas" in escolhidos:
        from bench import importacao_assinaturas

        importacao_assinaturas.main()
    if "assinatura_digital" in escolhidos:
        from bench import assinatura

        assinatura.main()
