"""A preparação dos dois comandos (ferramentas/preparar.py): o .venv interrompido é refeito, as
travas concordam com o pyproject.toml e o progresso sai da saída real do apt e do pip.

O caminho inteiro — raiz Debian mínima, usuário sem sudo, root — é provado pelo .ci/run."""

import shutil
import sys
import tomllib

import pytest

from ferramentas import preparar
from tests.ambiente import RAIZ


def test_pacote_ausente_e_listado_e_o_instalado_nao():
    if preparar.pacotes_faltando([]) is None:
        pytest.skip("sistema sem dpkg")

    assert preparar.pacotes_faltando(["libc6", "pacote-que-nao-existe-em-lugar-algum"]) == [
        "pacote-que-nao-existe-em-lugar-algum"
    ]


def test_linha_de_instalacao_e_a_exata_do_apt_get():
    assert (
        preparar.linha_de_instalacao(["python3-venv", "chromium"])
        == "apt-get install -y --no-install-recommends python3-venv chromium"
    )


def test_perfil_de_testes_contem_o_de_execucao():
    execucao = preparar.pacotes_do_perfil("execucao")

    assert "python3-venv" in execucao and "chromium" not in execucao
    assert preparar.pacotes_do_perfil("testes")[: len(execucao)] == execucao
    assert {"chromium", "libatomic1"} <= set(preparar.pacotes_do_perfil("testes"))


def test_venv_interrompido_antes_do_fim_e_refeito(tmp_path, capsys):
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)  # o que `python3 -m venv` deixa sem o python3-venv

    assert not preparar.venv_pronto(venv)
    preparar.garantir_venv(venv)

    assert "incompleto ou de outro Python; refazendo" in capsys.readouterr().out
    assert preparar.venv_pronto(venv)
    assert preparar.versao_do_python(venv / "bin" / "python") == "{}.{}".format(
        *sys.version_info[:2]
    )


def test_venv_sem_pip_e_refeito_mesmo_com_a_marca(tmp_path):
    venv = tmp_path / ".venv"
    preparar.garantir_venv(venv)
    for pip in (venv / "lib").glob("python*/site-packages/pip"):
        shutil.rmtree(pip)

    assert not preparar.venv_pronto(venv)
    preparar.garantir_venv(venv)
    assert preparar.venv_pronto(venv)


def test_dependencias_em_dia_so_com_a_marca_da_trava_atual(tmp_path):
    venv = tmp_path / ".venv"
    venv.mkdir()

    assert not preparar.dependencias_em_dia("execucao", venv)
    preparar.marca("testes", venv).write_text(preparar.impressao_digital("testes"))
    assert preparar.dependencias_em_dia("execucao", venv)  # testes contém execução
    assert preparar.dependencias_em_dia("testes", venv)
    preparar.marca("testes", venv).write_text("trava-antiga")
    assert not preparar.dependencias_em_dia("testes", venv)


@pytest.mark.parametrize("perfil", preparar.PERFIS)
def test_trava_tem_cada_dependencia_do_pyproject_na_versao_fixada(perfil):
    projeto = tomllib.loads((RAIZ / "pyproject.toml").read_text())["project"]
    declaradas = projeto["dependencies"] + (
        projeto["optional-dependencies"]["dev"] if perfil == "testes" else []
    )
    travadas = dict(
        linha.split("==")
        for linha in preparar.trava(perfil).read_text().splitlines()
        if "==" in linha
    )

    for declarada in declaradas:
        nome, versao = declarada.split("==")
        nome = nome.split("[")[0].lower()
        assert travadas.get(nome) == versao, f"{declarada}: rode `make travar`"


def test_progresso_do_pip_conta_contra_o_total_da_trava(capsys):
    leitor = preparar.LeitorPip(total=20)
    for i in range(20):
        leitor(f"Collecting pacote{i}==1.0 (from x)\n")
    leitor("  Downloading pacote.whl (1 MB)\n")
    leitor("Installing collected packages: a, b, c\n")

    saida = capsys.readouterr().out

    assert "resolvendo [ 10/20] pacote9==1.0" in saida
    assert "resolvendo [ 20/20] pacote19==1.0" in saida
    assert "instalando 3 pacotes no .venv…" in saida


def test_progresso_do_apt_conta_contra_o_total_anunciado(capsys):
    leitor = preparar.LeitorApt()
    leitor("0 upgraded, 10 newly installed, 0 to remove and 0 not upgraded.\n")
    leitor("Need to get 211 MB of archives.\n")
    for i in range(10):
        leitor(f"Get:{i} http://deb.debian.org/debian bookworm/main amd64 lib{i} amd64 1.0 [9 kB]")
    for i in range(10):
        leitor(f"Setting up lib{i}:amd64 (1.0) ...\n")
    leitor.fim()

    saida = capsys.readouterr().out

    assert "Need to get 211 MB of archives." in saida
    assert "baixando [ 10/10] lib9" in saida
    assert "configurando [ 10/10] lib9" in saida


def test_perfil_do_bench_carga_e_o_de_testes_com_o_wrk(capsys):
    testes = preparar.pacotes_do_perfil("testes")

    assert preparar.pacotes_do_perfil("bench") == [*testes, "wrk"]
    assert "wrk" not in testes
    # As dependências Python do bench-carga são as dos testes (a mesma trava).
    assert preparar.ALVOS["bench"][2] == "testes"
    assert preparar.main(["outro"]) == 2
    assert "{execucao,testes,bench,travar}" in capsys.readouterr().err


def test_makefile_prepara_o_bench_carga_com_o_perfil_do_bench():
    makefile = (RAIZ / "Makefile").read_text()

    assert "bench-carga: preparar-bench\n" in makefile
    assert "\t@$(PYTHON) ferramentas/preparar.py bench\n" in makefile


def test_sem_como_instalar_o_bench_diz_o_alvo_e_a_linha_com_o_wrk(monkeypatch, capsys):
    monkeypatch.setattr(preparar, "e_ubuntu", lambda: False)
    monkeypatch.setattr(preparar, "pacotes_faltando", lambda nomes: ["wrk"])
    monkeypatch.setattr(preparar, "como_instalar", lambda: None)

    assert preparar.garantir_pacotes("bench") is False
    erro = capsys.readouterr().err
    assert "`make bench-carga`: wrk." in erro
    assert "sudo apt-get install -y --no-install-recommends wrk\n" in erro
