"""Os PDFs levam as fontes do projeto (documentos/fontes/), não as da máquina: o mesmo
documento sai com as mesmas fontes, as mesmas linhas e o mesmo texto numa máquina sem
nenhuma fonte instalada (Fontconfig sem pastas de fontes)."""

import io
import json
import subprocess
import sys

from django.test import override_settings
from pypdf import PdfReader

from documentos.pdf import Autenticacao, render_pdf
from tests.ambiente import RAIZ

CONTEXTO = {"rotulo": "Conferência das fontes", "processo": {"protocolo": "0001/2026"}}
AUTENTICACAO = {
    "codigo": "7K2M-Q9XD-4TNB-A0PZ",
    "sha256_conteudo": "0" * 64,
    "emitido_em": "18/09/2026 às 14:05",
}

# Renderiza e descreve o PDF: as fontes embutidas e o texto de cada página.
DESCREVER = """
import io, json, sys
from pypdf import PdfReader
def descrever(pdf):
    leitor = PdfReader(io.BytesIO(pdf))
    fontes = set()
    for pagina in leitor.pages:
        for fonte in pagina["/Resources"]["/Font"].values():
            fontes.add(str(fonte.get_object()["/BaseFont"]).split("+")[-1])
    return {"fontes": sorted(fontes), "paginas": [p.extract_text() for p in leitor.pages]}
"""


def _descrever(pdf: bytes) -> dict:
    escopo: dict = {}
    exec(DESCREVER, escopo)
    return escopo["descrever"](pdf)


def _pdf() -> bytes:
    with override_settings(URL_PUBLICA="https://emancipacao.al.mt.gov.br"):
        return render_pdf(
            "pdf/documento_demonstracao.html", CONTEXTO, autenticacao=Autenticacao(**AUTENTICACAO)
        )


def test_pdf_embute_so_as_fontes_liberation_do_projeto():
    descricao = _descrever(_pdf())

    # As famílias do @font-face de pdf/base.html: nenhuma fonte do sistema entra.
    assert descricao["fontes"] == [
        "ALMT-Mono",
        "ALMT-Mono-Bold",
        "ALMT-Sans",
        "ALMT-Serif",
        "ALMT-Serif-Bold",
        "ALMT-Serif-Italic",
    ]
    assert "Código de verificação: 7K2M-Q9XD-4TNB-A0PZ" in descricao["paginas"][0]


def test_sem_nenhuma_fonte_no_sistema_o_pdf_sai_igual(tmp_path):
    """Um Fontconfig sem pasta de fontes nenhuma, como numa máquina mínima."""
    (tmp_path / "fonts.conf").write_text(
        f"<?xml version='1.0'?><fontconfig><cachedir>{tmp_path}/cache</cachedir></fontconfig>"
    )
    programa = (
        DESCREVER
        + "import django\ndjango.setup()\n"
        + "from django.test import override_settings\n"
        + "from documentos.pdf import Autenticacao, render_pdf\n"
        + "with override_settings(URL_PUBLICA='https://emancipacao.al.mt.gov.br'):\n"
        + f"    pdf = render_pdf('pdf/documento_demonstracao.html', {CONTEXTO!r}, "
        + f"autenticacao=Autenticacao(**{AUTENTICACAO!r}))\n"
        + "print(json.dumps(descrever(pdf)))\n"
    )

    feito = subprocess.run(
        [sys.executable, "-c", programa],
        cwd=RAIZ,
        env={
            "PATH": "/usr/bin:/bin",
            "FONTCONFIG_FILE": str(tmp_path / "fonts.conf"),
            "DJANGO_SETTINGS_MODULE": "emancipacao.settings",
            "DJANGO_SECRET_KEY": "chave-somente-para-testes",
            "EMANCIPACAO_URL_PUBLICA": "https://emancipacao.al.mt.gov.br",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert feito.returncode == 0, feito.stderr
    assert json.loads(feito.stdout.splitlines()[-1]) == _descrever(_pdf())


def test_codigo_e_data_nunca_se_partem_nas_colunas_estreitas_do_extrato():
    pdf = render_pdf(
        "pdf/extrato.html",
        {
            "processo": {"protocolo": "0001/2026", "ultima_movimentacao": "2026-09-18"},
            "andamentos": [],
            "documentos": [
                {
                    "titulo": "Parecer",
                    "codigo": "7K2M-Q9XD-4TNB-A0PZ",
                    "emitido_em": "2026-09-18",
                    "versao": 1,
                }
            ],
            "data_documento": "2026-09-18",
            "emitente": {"nome": "Presidente da CRT"},
        },
        minuta=True,
    )
    linhas = PdfReader(io.BytesIO(pdf)).pages[0].extract_text().splitlines()

    assert "Parecer 7K2M-Q9XD-4TNB-A0PZ 18/09/2026 1" in linhas
