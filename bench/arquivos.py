"""Memória de pico de um processo do servidor ao receber cada arquivo hostil e cada arquivo
legítimo dentro do limite de tamanho: `python -m bench.arquivos [caso ...]`. Meta: < 200 MB.

Cada caso sobe um gunicorn novo com um só processo (worker síncrono), num SQLite descartável
preparado aqui; aquece o processo com as páginas do envio; manda o arquivo pela tela de
verdade — os documentos do Art. 15, como a CRT (o limite de 25 MB), e os PDFs também ao
/validar/, como o anônimo (60 MB) —; e lê o pico de memória do processo (VmHWM, em
/proc/<pid>/status), antes e depois do envio. Os arquivos hostis são os dos testes
(tests/documentos/arquivos_hostis.py): pequenos no disco, enormes ao serem lidos.
"""

import os
import re
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
import zlib
from pathlib import Path

PASTA = Path(tempfile.mkdtemp(prefix="bench-arquivos-"))
AMBIENTE = {
    "DJANGO_SETTINGS_MODULE": "emancipacao.settings",
    "DJANGO_SECRET_KEY": "somente-medicoes",
    "EMANCIPACAO_URL_PUBLICA": "http://127.0.0.1:8000",
    "DJANGO_DEBUG": "0",
    "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
    "DATABASE_URL": f"sqlite:///{PASTA / 'bench.sqlite3'}",
    "DJANGO_MEDIA_ROOT": str(PASTA / "midia"),
    "PYTHONWARNINGS": "ignore:No directory at",
    "DJANGO_LOG_LEVEL": "ERROR",
}
os.environ.update(AMBIENTE)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from PIL import Image  # noqa: E402

from bench.servidor import RAIZ, esperar_no_ar, filhos, porta_livre  # noqa: E402
from tests.documentos import arquivos_hostis as hostis  # noqa: E402

META_MB = 200
ART15 = "art15"
VALIDAR = "validar"


def _imagem(tamanho, formato: str, ruido: bool = False, **opcoes) -> bytes:
    figura = (
        Image.effect_noise(tamanho, 64).convert("RGB")
        if ruido
        else Image.new("RGB", tamanho, (30, 120, 60))
    )
    saida = PASTA / "imagem.tmp"
    figura.save(saida, formato, **opcoes)
    return saida.read_bytes()


def _pdf_vetorial(megabytes: int) -> bytes:
    """Um mapa em PDF: páginas de desenho vetorial (razão de compressão ~2,5), ~`megabytes`."""
    pagina = b"".join(
        b"%d %d m %d %d l S\n" % (i * 37 % 9973, i * 91 % 9967, i * 53 % 9949, i * 17 % 9941)
        for i in range(400_000)
    )
    comprimida = zlib.compress(pagina, 6)
    return hostis.pdf_com_conteudos([comprimida] * max(1, megabytes * 1_000_000 // len(comprimida)))


def _pdf_paginas(paginas: int) -> bytes:
    return hostis.pdf_com_conteudos([zlib.compress(b"BT /F1 12 Tf (Folha) Tj ET")] * paginas)


# nome: (o que é, a tela, o nome do arquivo enviado, como montar)
CASOS = {
    "pdf_bomba": ("hostil", ART15, "mapa.pdf", lambda: hostis.pdf_bomba(30, 74)),
    "pdf_bomba_validar": ("hostil", VALIDAR, "copia.pdf", lambda: hostis.pdf_bomba(30, 74)),
    "pdf_indice_40mb": ("hostil", ART15, "mapa.pdf", lambda: hostis.pdf_com_indice_comprimido(40)),
    "pdf_100k_paginas": ("hostil", ART15, "mapa.pdf", lambda: _pdf_paginas(100_000)),
    "pdf_indice_1m_tabela": (
        "hostil",
        ART15,
        "mapa.pdf",
        lambda: hostis.pdf_de_indice_gigante(1_200_000),
    ),
    "pdf_indice_2m_fluxo": (
        "hostil",
        VALIDAR,
        "copia.pdf",
        lambda: hostis.pdf_de_indice_gigante(2_000_000, comprimido=True),
    ),
    "png_infla_50mb": ("hostil", ART15, "mapa.png", lambda: hostis.png_que_infla(50)),
    "png_100k_x_100k": (
        "hostil",
        ART15,
        "mapa.png",
        lambda: hostis.png(100_000, 100_000, zlib.compress(b"\0" * 1000)),
    ),
    "jpeg_progressivo_48mp": (
        "hostil",
        ART15,
        "foto.jpg",
        lambda: _imagem((8000, 6000), "JPEG", progressive=True),
    ),
    "kml_5m_elementos": ("hostil", ART15, "mapa.kml", lambda: hostis.kml_com_elementos(5_000_000)),
    "geojson_8m_listas": (
        "hostil",
        ART15,
        "mapa.json",
        lambda: hostis.geojson_de_listas(8_000_000),
    ),
    "pdf_5001_paginas": ("legítimo", ART15, "mapa.pdf", lambda: _pdf_paginas(5001)),
    "pdf_10000_paginas": ("legítimo", ART15, "mapa.pdf", lambda: _pdf_paginas(10_000)),
    "pdf_vetorial_24mb": ("legítimo", ART15, "mapa.pdf", lambda: _pdf_vetorial(24)),
    "pdf_vetorial_58mb_validar": ("legítimo", VALIDAR, "copia.pdf", lambda: _pdf_vetorial(58)),
    "jpeg_48mp": ("legítimo", ART15, "foto.jpg", lambda: _imagem((8000, 6000), "JPEG")),
    "jpeg_ruido_24mp": (
        "legítimo",
        ART15,
        "foto.jpg",
        lambda: _imagem((6000, 4000), "JPEG", ruido=True, quality=95),
    ),
    "png_48mp": ("legítimo", ART15, "foto.png", lambda: _imagem((8000, 6000), "PNG")),
    "png_ruido_8mp": ("legítimo", ART15, "foto.png", lambda: _imagem((3400, 2400), "PNG", True)),
    "geojson_190k_pontos": (
        "legítimo",
        ART15,
        "mapa.json",
        lambda: hostis.geojson_de_pontos(190_000),
    ),
    "kml_330k_pontos": ("legítimo", ART15, "mapa.kml", lambda: hostis.kml_de_pontos(330_000)),
}


def preparar_banco() -> dict:
    """Migra o SQLite, cria a CRT e um processo; devolve o cookie de sessão e a URL."""
    from django.contrib.auth.models import Group, User

    from processos.papeis import GRUPOS, SERVIDOR
    from tests.processos.construtores import protocolar

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    usuario = User.objects.create_user("bench", password=uuid.uuid4().hex)
    usuario.groups.add(Group.objects.get_or_create(name=GRUPOS[SERVIDOR])[0])
    processo = protocolar(usuario)
    cliente = Client()
    cliente.force_login(usuario)
    return {
        "sessao": cliente.cookies["sessionid"].value,
        "art15": f"/processos/{processo.slug}/documentos-art15/",
    }


def _vmhwm_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024


class Servidor:
    """Um gunicorn com um processo, no SQLite preparado."""

    def __enter__(self):
        self.porta = porta_livre()
        self.base = f"http://127.0.0.1:{self.porta}"
        self.processo = _subir_gunicorn(self.porta)
        esperar_no_ar(f"{self.base}/saude/", tentativas=150)
        self.worker = filhos(self.processo.pid)[0]
        return self

    def __exit__(self, *erro):
        self.processo.terminate()
        self.processo.wait(timeout=30)

    def pedir(self, caminho: str, *, cookies: dict, corpo: bytes | None = None, tipo=""):
        cabecalhos = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
        if tipo:
            cabecalhos["Content-Type"] = tipo
        pedido = urllib.request.Request(self.base + caminho, data=corpo, headers=cabecalhos)
        try:
            with _SEM_REDIRECIONAR.open(pedido, timeout=300) as resposta:
                return resposta.status, resposta.read().decode(errors="replace")
        except urllib.error.HTTPError as erro:
            return erro.code, erro.read().decode(errors="replace")


class _NaoSegue(urllib.request.HTTPRedirectHandler):
    """O 302 do envio aceito é a resposta medida; a página seguinte, não."""

    def redirect_request(self, *args, **kwargs):
        return None


_SEM_REDIRECIONAR = urllib.request.build_opener(_NaoSegue)


def _subir_gunicorn(porta: int):
    import subprocess

    comando = [sys.executable, "-m", "gunicorn", "emancipacao.wsgi", "-w", "1", "-k", "sync"]
    comando += ["-b", f"127.0.0.1:{porta}", "--timeout", "300", "--log-level", "warning"]
    ambiente = {**os.environ, **AMBIENTE, "PYTHONPATH": str(RAIZ)}
    return subprocess.Popen(comando, cwd=RAIZ, env=ambiente)


def _multipart(campos: dict, nome_arquivo: str, campo_arquivo: str, conteudo: bytes):
    fronteira = uuid.uuid4().hex
    partes = [
        f'--{fronteira}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
        for k, v in campos.items()
    ]
    partes.append(
        f'--{fronteira}\r\nContent-Disposition: form-data; name="{campo_arquivo}"; '
        f'filename="{nome_arquivo}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode()
    )
    corpo = b"".join(partes) + conteudo + f"\r\n--{fronteira}--\r\n".encode()
    return corpo, f"multipart/form-data; boundary={fronteira}"


def medir(nome: str, preparo: dict) -> dict:
    natureza, tela, nome_arquivo, montar = CASOS[nome]
    conteudo = montar()
    csrf = uuid.uuid4().hex
    cookies = {"csrftoken": csrf}
    if tela == ART15:
        cookies["sessionid"] = preparo["sessao"]
        caminho, campos = preparo["art15"], {"item": "mapa_territorio"}
        campo_arquivo = "arquivo"
    else:
        caminho, campos, campo_arquivo = "/validar/", {"codigo": "7K2M-Q9XD-4TNB-A0PZ"}, "arquivo"
    corpo, tipo = _multipart(
        {**campos, "csrfmiddlewaretoken": csrf}, nome_arquivo, campo_arquivo, conteudo
    )
    with Servidor() as servidor:
        servidor.pedir(caminho, cookies=cookies)  # aquece: a página, os modelos, a sessão
        antes = _vmhwm_mb(servidor.worker)
        inicio = time.perf_counter()
        status, html = servidor.pedir(caminho, cookies=cookies, corpo=corpo, tipo=tipo)
        segundos = time.perf_counter() - inicio
        pico = _vmhwm_mb(servidor.worker)
    return {
        "caso": nome,
        "natureza": natureza,
        "tela": tela,
        "mb_no_disco": len(conteudo) / 1_000_000,
        "status": status,
        "segundos": segundos,
        "rss_antes_mb": antes,
        "pico_mb": pico,
        "resposta": _mensagem(status, html),
    }


def _mensagem(status: int, html: str) -> str:
    if status == 302:
        return "aceito"
    achado = re.search(r"data-erro>([^<]+)|errorlist[^>]*><li>([^<]+)", html)
    return (achado.group(1) or achado.group(2))[:70] if achado else f"HTTP {status}"


def main(nomes: list[str]) -> None:
    preparo = preparar_banco()
    print(
        f"{'caso':28} {'natureza':9} {'tela':8} {'disco':>8} {'st':>4} {'s':>6} "
        f"{'antes':>7} {'pico':>7}  resposta"
    )
    acima = []
    for nome in nomes or list(CASOS):
        r = medir(nome, preparo)
        print(
            f"{r['caso']:28} {r['natureza']:9} {r['tela']:8} {r['mb_no_disco']:6.1f}MB "
            f"{r['status']:>4} {r['segundos']:6.2f} {r['rss_antes_mb']:5.0f}MB "
            f"{r['pico_mb']:5.0f}MB  {r['resposta']}",
            flush=True,
        )
        if r["pico_mb"] >= META_MB:
            acima.append(r["caso"])
    print(
        f"meta: pico < {META_MB} MB — "
        + (f"ACIMA: {', '.join(acima)}" if acima else "todos dentro")
    )


if __name__ == "__main__":
    main(sys.argv[1:])
