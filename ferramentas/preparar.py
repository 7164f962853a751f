"""Prepara a máquina para os dois comandos do README: `make run` e `make test`.

Roda com o python3 do sistema, antes de existir o .venv: só a biblioteca padrão.

1. Pacotes do sistema (Debian 12, Ubuntu 24.04): confere cada um com o dpkg; o que falta é
   instalado pelo apt-get quando se é root ou há sudo sem senha; senão para em segundos, com
   a linha exata a rodar, antes de criar qualquer coisa.
2. O ambiente Python (.venv): um .venv sem a marca de pronto, sem pip ou de outra versão do
   Python é apagado e refeito — uma instalação interrompida nunca pede `make clean`.
3. As dependências Python, nas versões travadas em `dependencias/<perfil>.txt`, com o
   progresso na tela. O perfil `execucao` instala só o que servir precisa; `testes`, também
   as ferramentas dos testes; `bench` (o `make bench-carga`), o de testes e o gerador de
   carga HTTP (wrk).

`python3 ferramentas/preparar.py travar` regrava as travas a partir do pyproject.toml.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
VENV = RAIZ / ".venv"
TRAVAS = RAIZ / "dependencias"
# Os perfis das dependências Python (cada um com a sua trava em dependencias/).
PERFIS = ("execucao", "testes")
# Cada perfil da linha de comando: o alvo do make que o chama, os grupos de pacotes do
# sistema e o perfil das dependências Python.
ALVOS = {
    "execucao": ("run", ("execucao",), "execucao"),
    "testes": ("test", ("execucao", "testes"), "testes"),
    "bench": ("bench-carga", ("execucao", "testes", "bench"), "testes"),
}

# O que cada pacote do sistema faz aqui (o README repete esta lista).
PACOTES = {
    "execucao": {
        "python3-venv": "cria o .venv (o Debian separa o venv e o pip do python3)",
        "libpango-1.0-0": "composição de texto dos PDFs (WeasyPrint)",
        "libpangoft2-1.0-0": "fontes dos PDFs pelo Fontconfig (WeasyPrint)",
        "libharfbuzz-subset0": "subconjunto das fontes embutidas nos PDFs (WeasyPrint)",
        # As fontes dos PDFs vêm do projeto (documentos/fontes/); a DejaVu só supre o
        # caractere que elas não têm (um nome em outra escrita, um símbolo raro).
        "fonts-dejavu-core": "fonte de reserva dos PDFs e das páginas no Chromium",
    },
    "testes": {
        "chromium": "navegador dos testes de interface (Playwright, sem baixar navegador)",
        "libatomic1": "o driver do Playwright (o Chromium não a traz)",
        "postgresql-client": "pg_dump e pg_restore dos testes de cópia de segurança",
        "docker-compose": "`docker-compose config` confere o docker-compose.yml",
        "softhsm2": "o token PKCS#11 de teste no lugar do token A3 ou do HSM do selo",
    },
    "bench": {
        "wrk": "a carga HTTP do benchmark contra o piso F (make bench-carga, bench.contra_f)",
    },
}


def pacotes_do_perfil(perfil: str) -> list[str]:
    return [nome for grupo in ALVOS[perfil][1] for nome in PACOTES[grupo]]


# --- 1. pacotes do sistema --------------------------------------------------------------------


def pacotes_faltando(nomes: list[str]) -> list[str] | None:
    """Os pacotes não instalados, pela base do dpkg; None fora de um sistema com dpkg."""
    if not shutil.which("dpkg-query"):
        return None
    consulta = subprocess.run(
        ["dpkg-query", "-W", "-f=${Package} ${db:Status-Abbrev}\n", *nomes],
        capture_output=True,
        text=True,
    )
    instalados = {
        linha.split()[0].split(":")[0]
        for linha in consulta.stdout.splitlines()
        if linha.split()[1:2] == ["ii"]
    }
    return [nome for nome in nomes if nome not in instalados]


def e_ubuntu() -> bool:
    os_release = Path("/etc/os-release")
    return os_release.exists() and "ID=ubuntu" in os_release.read_text()


def linha_de_instalacao(faltam: list[str]) -> str:
    return "apt-get install -y --no-install-recommends " + " ".join(faltam)


def como_instalar() -> list[str] | None:
    """O prefixo para rodar o apt-get: só o ambiente como root, `sudo -n` com sudo sem
    senha; None quando não há como (o sudo também limpa o ambiente: vai no `env`)."""
    sem_perguntas = ["env", "DEBIAN_FRONTEND=noninteractive"]
    if os.geteuid() == 0:
        return sem_perguntas
    if shutil.which("sudo"):
        teste = subprocess.run(["sudo", "-n", "true"], capture_output=True)
        if teste.returncode == 0:
            return ["sudo", "-n", *sem_perguntas]
    return None


def garantir_pacotes(perfil: str) -> bool:
    """Instala o que falta; False (com a mensagem) quando não há como instalar."""
    nomes = pacotes_do_perfil(perfil)
    if e_ubuntu() and "chromium" in nomes:
        # No Ubuntu 24.04 o Chromium é um snap (o pacote deb só aponta para ele).
        nomes.remove("chromium")
        if not (shutil.which("chromium") or Path("/snap/bin/chromium").exists()):
            print("Falta o Chromium para `make test`: sudo snap install chromium", file=sys.stderr)
            return False
    faltam = pacotes_faltando(nomes)
    if faltam is None:
        aviso(
            "sistema sem dpkg: confira você mesmo os pacotes do README "
            f"({', '.join(pacotes_do_perfil(perfil))})"
        )
        return True
    if not faltam:
        passo("pacotes do sistema: todos presentes")
        return True
    prefixo = como_instalar()
    if prefixo is None:
        print(
            f"\nFaltam pacotes do sistema para `make {ALVOS[perfil][0]}`"
            f": {' '.join(faltam)}.\nRode como root (ou com sudo) e repita o comando:\n\n"
            f"    sudo {linha_de_instalacao(faltam)}\n",
            file=sys.stderr,
        )
        return False
    passo(f"pacotes do sistema: instalando {' '.join(faltam)} (apt-get; 1 a 3 min)")
    print("   lendo as listas de pacotes (apt-get update)", flush=True)
    rodar([*prefixo, "apt-get", "update", "-q"], LeitorApt())
    rodar(
        [*prefixo, *linha_de_instalacao(faltam).split(), "-q", "-o", "Dpkg::Use-Pty=0"],
        LeitorApt(),
    )
    return True


# --- 2. o .venv ----------------------------------------------------------------------------


def versao_do_python(python: Path | str) -> str | None:
    """ "3.11" do interpretador com pip importável; None se ele não roda ou não tem pip."""
    try:
        feito = subprocess.run(
            [str(python), "-c", "import pip, sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except OSError:
        return None
    return feito.stdout.strip() if feito.returncode == 0 else None


def venv_pronto(venv: Path = VENV) -> bool:
    """Pronto = criado até o fim (a marca só é escrita depois), com pip, no mesmo Python."""
    if not (venv / ".pronto").exists():
        return False
    return versao_do_python(venv / "bin" / "python") == "{}.{}".format(*sys.version_info[:2])


def garantir_venv(venv: Path = VENV) -> None:
    if venv_pronto(venv):
        passo(f"ambiente Python: {venv.name} pronto")
        return
    if venv.exists():
        passo(f"ambiente Python: {venv.name} incompleto ou de outro Python; refazendo")
        shutil.rmtree(venv)
    else:
        passo(f"ambiente Python: criando {venv.name}")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    if versao_do_python(venv / "bin" / "python") is None:
        raise SystemExit(f"O {venv.name} foi criado sem pip: falta o pacote python3-venv?")
    (venv / ".pronto").write_text(sys.version.split()[0] + "\n")


# --- 3. as dependências Python ---------------------------------------------------------------


def dependencias_declaradas(perfil: str) -> list[str]:
    projeto = tomllib.loads((RAIZ / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    deps = list(projeto["dependencies"])
    if perfil == "testes":
        deps += projeto["optional-dependencies"]["dev"]
    return deps


def trava(perfil: str) -> Path:
    return TRAVAS / f"{perfil}.txt"


def impressao_digital(perfil: str) -> str:
    """Muda quando muda o pyproject.toml ou a trava do perfil: então se instala de novo."""
    resumo = hashlib.sha256((RAIZ / "pyproject.toml").read_bytes())
    resumo.update(trava(perfil).read_bytes())
    return resumo.hexdigest()


def marca(perfil: str, venv: Path) -> Path:
    return venv / f".dependencias-{perfil}"


def dependencias_em_dia(perfil: str, venv: Path = VENV) -> bool:
    # O perfil de testes contém o de execução.
    candidatos = PERFIS[PERFIS.index(perfil) :]
    return any(
        marca(p, venv).exists() and marca(p, venv).read_text() == impressao_digital(p)
        for p in candidatos
    )


def instalar_dependencias(perfil: str, venv: Path = VENV) -> None:
    if dependencias_em_dia(perfil, venv):
        passo("dependências Python: em dia")
        return
    total = sum(1 for linha in trava(perfil).read_text().splitlines() if "==" in linha)
    passo(f"dependências Python: {total} pacotes ({perfil}; 1 a 3 min na primeira vez)")
    inicio = time.monotonic()
    rodar(
        [
            str(venv / "bin" / "python"),
            *("-m", "pip", "install", "--disable-pip-version-check", "--progress-bar", "off"),
            *("-c", str(trava(perfil))),
            *dependencias_declaradas(perfil),
        ],
        LeitorPip(total),
    )
    marca(perfil, venv).write_text(impressao_digital(perfil))
    passo(f"dependências Python: instaladas em {time.monotonic() - inicio:.0f} s")


def travar() -> None:
    """Regrava dependencias/<perfil>.txt: a resolução do pip para o pyproject.toml, num
    .venv descartável, com cada pacote na versão exata que o pip escolheu."""
    TRAVAS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as pasta:
        python = Path(pasta, "venv", "bin", "python")
        subprocess.run([sys.executable, "-m", "venv", str(python.parent.parent)], check=True)
        for perfil in PERFIS:
            relatorio = Path(pasta, f"{perfil}.json")
            subprocess.run(
                [
                    *(str(python), "-m", "pip", "install", "--dry-run", "--ignore-installed"),
                    *("--quiet", "--report", str(relatorio)),
                    *dependencias_declaradas(perfil),
                ],
                check=True,
            )
            itens = json.loads(relatorio.read_text())["install"]
            versoes = sorted(
                f"{i['metadata']['name'].lower()}=={i['metadata']['version']}" for i in itens
            )
            trava(perfil).write_text(
                f"# Versões exatas do perfil `{perfil}` (restrições do pip, -c). Gerado por\n"
                "# `python3 ferramentas/preparar.py travar` a partir do pyproject.toml.\n"
                + "\n".join(versoes)
                + "\n"
            )
            print(f"{trava(perfil).relative_to(RAIZ)}: {len(versoes)} pacotes")


# --- saída: o que está sendo feito e quanto falta ------------------------------------------


def passo(texto: str) -> None:
    print(f"== {texto}", flush=True)


def aviso(texto: str) -> None:
    print(f"== aviso: {texto}", flush=True)


class Progresso:
    """ "[ 40/210] nome": no terminal, uma linha reescrita a cada item; num log (CI), uma a
    cada dez itens — quem olha vê quanto falta sem ler centenas de linhas."""

    def __init__(self, rotulo: str, total: int = 0):
        self.rotulo, self.total, self.feitos = rotulo, total, 0
        self.terminal = sys.stdout.isatty()

    def avancar(self, nome: str) -> None:
        self.feitos += 1
        total = max(self.total, self.feitos)
        linha = f"   {self.rotulo} [{self.feitos:>3}/{total}] {nome}"
        if self.terminal:
            print("\r" + linha[:79].ljust(79), end="", flush=True)
        elif self.feitos % 10 == 0 or self.feitos == self.total:
            print(linha, flush=True)

    def fim(self, texto: str = "") -> None:
        if self.terminal and self.feitos:
            print()
        if texto:
            print(f"   {texto}", flush=True)


class LeitorApt:
    """Os pacotes baixados e configurados pelo apt-get, contados contra o total que ele
    anuncia ("210 newly installed")."""

    def __init__(self):
        self.baixando = Progresso("baixando")
        self.configurando = Progresso("configurando")

    def __call__(self, linha: str) -> None:
        if " newly installed" in linha:
            total = int(linha.split(" newly installed")[0].split()[-1])
            self.baixando.total = self.configurando.total = total
        elif linha.startswith("Need to get"):
            print(f"   {linha.strip()}", flush=True)
        elif linha.startswith("Get:") and self.baixando.total:
            # "Get:12 http://deb.debian.org/debian bookworm/main amd64 systemd amd64 252…"
            self.baixando.avancar(linha.split()[4])
        elif linha.startswith("Setting up "):
            if self.baixando.feitos and not self.configurando.feitos:
                self.baixando.fim()
            self.configurando.avancar(linha.split()[2].split(":")[0])

    def fim(self) -> None:
        self.configurando.fim()


class LeitorPip:
    """Cada pacote resolvido contra o total da trava, e o passo da instalação."""

    # "Processing" é o pacote achado num arquivo local (um cache de wheels, --find-links).
    RESOLVIDO = ("Collecting ", "Processing ", "Requirement already satisfied: ")

    def __init__(self, total: int):
        self.progresso = Progresso("resolvendo", total)

    def __call__(self, linha: str) -> None:
        if linha.startswith(self.RESOLVIDO):
            nome = linha.split(" ", 1)[1].removeprefix("already satisfied: ").split(" ")[0]
            if nome.endswith(".whl"):
                nome = Path(nome).name.split("-")[0]
            self.progresso.avancar(nome)
        elif linha.startswith("Installing collected packages:"):
            quantos = len(linha.split(":", 1)[1].split(","))
            self.progresso.fim(f"instalando {quantos} pacotes no .venv…")

    def fim(self) -> None:
        pass


def rodar(comando: list[str], leitor) -> None:
    """Roda mostrando o progresso que o leitor tira da saída; no erro, a saída inteira."""
    processo = subprocess.Popen(
        comando, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    saida = []
    for linha in processo.stdout:
        saida.append(linha)
        leitor(linha.rstrip())
    leitor.fim()
    if processo.wait() != 0:
        sys.stderr.write("".join(saida[-60:]))
        raise SystemExit(f"Falhou: {' '.join(comando[:4])} … (saída acima)")


def main(argumentos: list[str]) -> int:
    if argumentos == ["travar"]:
        travar()
        return 0
    if len(argumentos) != 1 or argumentos[0] not in ALVOS:
        print(f"uso: {sys.argv[0]} {{{','.join(ALVOS)},travar}}", file=sys.stderr)
        return 2
    if sys.version_info[:2] not in ((3, 11), (3, 12)):
        print("O projeto pede Python 3.11 ou 3.12 (o python3 do Debian 12 ou do Ubuntu 24.04).")
        return 1
    perfil = argumentos[0]
    if not garantir_pacotes(perfil):
        return 1
    garantir_venv()
    instalar_dependencias(ALVOS[perfil][2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
