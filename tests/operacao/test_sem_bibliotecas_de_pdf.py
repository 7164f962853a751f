"""Uma máquina sem as bibliotecas do WeasyPrint (Pango): o sistema carrega, migra e serve; o
`manage.py check` avisa com a linha de instalação; quem pede um PDF recebe o 503 em pt-BR.

O processo filho enxerga um pacote `weasyprint` que falha ao importar como o verdadeiro falha
sem o Pango (OSError do dlopen): o código do projeto é o de sempre."""

import subprocess
import sys
import textwrap

from tests.ambiente import RAIZ

FALHA_DO_DLOPEN = (
    "raise OSError(\"cannot load library 'libgobject-2.0-0': libgobject-2.0-0: cannot open "
    'shared object file: No such file or directory")\n'
)


def _sem_pango(tmp_path, *argumentos: str) -> subprocess.CompletedProcess:
    falso = tmp_path / "falso" / "weasyprint"
    falso.mkdir(parents=True, exist_ok=True)
    (falso / "__init__.py").write_text(FALHA_DO_DLOPEN)
    return subprocess.run(
        [sys.executable, *argumentos],
        cwd=RAIZ,
        env={
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(falso.parent),
            "DJANGO_SETTINGS_MODULE": "emancipacao.settings",
            "DJANGO_SECRET_KEY": "chave-somente-para-testes",
            "EMANCIPACAO_URL_PUBLICA": "https://emancipacao.al.mt.gov.br",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'banco.sqlite3'}",
            "DJANGO_MEDIA_ROOT": str(tmp_path / "media"),
        },
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_check_avisa_e_migrate_funciona_sem_o_pango(tmp_path):
    check = _sem_pango(tmp_path, "manage.py", "check")
    migrate = _sem_pango(tmp_path, "manage.py", "migrate", "--no-input", "-v", "0")

    assert check.returncode == 0, check.stderr
    assert "documentos.W001" in check.stderr
    assert "A geração de PDF está indisponível neste servidor" in check.stderr
    assert "apt-get install libpango-1.0-0 libpangoft2-1.0-0" in check.stderr
    assert migrate.returncode == 0, migrate.stderr


def test_pedido_de_pdf_sem_o_pango_e_503_em_portugues(tmp_path):
    assert _sem_pango(tmp_path, "manage.py", "migrate", "--no-input", "-v", "0").returncode == 0
    assert _sem_pango(tmp_path, "manage.py", "createcachetable").returncode == 0
    pedido = textwrap.dedent(
        """
        import django
        django.setup()
        from django.test import Client
        from documentos.models import Documento
        cliente = Client(HTTP_HOST="localhost")
        pagina = cliente.get("/lei/")
        pdf = cliente.post("/lei/pdf/")
        print(pagina.status_code, pdf.status_code, pdf["Retry-After"], Documento.objects.count())
        print(pdf.content.decode())
        """
    )

    feito = _sem_pango(tmp_path, "-c", pedido)

    assert feito.returncode == 0, feito.stderr
    situacao, corpo = feito.stdout.split("\n", 1)
    assert situacao == "200 503 300 0"
    assert "A geração de PDF está indisponível neste servidor" in corpo
    assert "Nada foi gravado" in corpo
    assert "Traceback" not in corpo
