"""Roda as medições e imprime os números:
`python -m bench [parecer|copia|copia_grande [PÁGINAS ...]|emissoes [TAMANHO ...]|lista|...]`."""

import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "emancipacao.settings")
os.environ.setdefault("DJANGO_SECRET_KEY", "somente-medicoes")
os.environ.setdefault("EMANCIPACAO_URL_PUBLICA", "http://127.0.0.1:8000")

import django  # noqa: E402

django.setup()

from bench import documentos  # noqa: E402

if __name__ == "__main__":
    numeros = [int(a) for a in sys.argv[1:] if a.isdigit()]
    escolhidos = {a for a in sys.argv[1:] if not a.isdigit()}
    escolhidos = escolhidos or {"parecer", "copia", "lista", "assinaturas"}
    if "emissoes_um" in escolhidos:
        # Uma emissão só, no processo de `bench.emissoes` (o nome dela não é outra medição).
        import json

        from bench import emissoes

        escolhida = next(a for a in sys.argv[1:] if a in emissoes.TAMANHOS)
        print(json.dumps(emissoes.medir(escolhida, numeros[0])))
        sys.exit(0)
    if "parecer" in escolhidos:
        documentos.medir_parecer()
    if "copia" in escolhidos:
        documentos.medir_copia_integral()
    if "copia_grande" in escolhidos:
        from bench import copia_grande

        copia_grande.main(numeros)
    if "copia_grande_um" in escolhidos:
        import json

        from bench import copia_grande

        print(json.dumps(copia_grande.medir(numeros[0])))
    if "emissoes" in escolhidos:
        from bench import emissoes

        emissoes.main(numeros)
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
