"""A implantação como arquivos: o docker-compose.yml (pelo `docker compose config` onde ele
existe; senão lido como YAML), o Dockerfile e o .env.example, que lista toda variável lida.

Nenhuma imagem é construída nem executada aqui: os testes não têm rede para baixar
`python:3.11-slim-bookworm` nem `postgres:15`."""

import re
import shutil
import subprocess

import pytest
import yaml

from documentos.management.commands.processar_tarefas import (
    BATIMENTO_PADRAO as BATIMENTO_TAREFAS,
)
from ferramentas.preparar import PACOTES
from operacao.management.commands.agendador import BATIMENTO_PADRAO
from tests.operacao.auxiliares import RAIZ

COMPOSE = RAIZ / "docker-compose.yml"
MIDIA = "/var/lib/emancipacao/media"


@pytest.fixture(scope="module")
def servicos() -> dict:
    return yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"]


def _variaveis_do_exemplo() -> set[str]:
    texto = (RAIZ / ".env.example").read_text(encoding="utf-8")
    return set(re.findall(r"^([A-Z][A-Z0-9_]*)=", texto, flags=re.MULTILINE))


def _compose() -> list[str] | None:
    """O Docker Compose da máquina: o plugin (`docker compose`) ou o programa à parte."""
    if shutil.which("docker"):
        versao = subprocess.run(["docker", "compose", "version"], capture_output=True)
        if versao.returncode == 0:
            return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    return None


@pytest.mark.skipif(
    _compose() is None,
    reason="Sem o Docker Compose nesta máquina (apt-get install docker-compose); o arquivo "
    "é conferido como YAML pelos testes abaixo.",
)
def test_docker_compose_config_aceita_o_arquivo(tmp_path):
    shutil.copy(COMPOSE, tmp_path / "docker-compose.yml")
    exemplo = (RAIZ / ".env.example").read_text(encoding="utf-8")
    exemplo = exemplo.replace("POSTGRES_PASSWORD=\n", "POSTGRES_PASSWORD=teste\n")
    (tmp_path / ".env").write_text(exemplo, encoding="utf-8")

    feito = subprocess.run(
        [*_compose(), "config", "--quiet"], cwd=tmp_path, capture_output=True, text=True
    )

    assert feito.returncode == 0, feito.stderr


def test_docker_compose_recusa_subir_sem_a_senha_do_banco(tmp_path):
    if _compose() is None:
        pytest.skip("Sem o Docker Compose nesta máquina (apt-get install docker-compose).")
    shutil.copy(COMPOSE, tmp_path / "docker-compose.yml")
    shutil.copy(RAIZ / ".env.example", tmp_path / ".env")

    feito = subprocess.run(
        [*_compose(), "config", "--quiet"], cwd=tmp_path, capture_output=True, text=True
    )

    assert feito.returncode != 0
    assert "defina POSTGRES_PASSWORD no .env" in feito.stderr


def test_os_servicos_e_as_suas_sondas(servicos):
    assert set(servicos) == {"db", "preparacao", "web", "agendador", "tarefas", "redis"}
    for nome in ("db", "web", "agendador", "tarefas", "redis"):
        sonda = servicos[nome]["healthcheck"]
        assert sonda["test"][0] in ("CMD", "CMD-SHELL") and len(sonda["test"]) > 1, nome
        assert sonda["interval"] and sonda["timeout"] and sonda["retries"] >= 3, nome
    # Serviço de execução única: não se sonda o que termina sozinho.
    assert servicos["preparacao"]["healthcheck"] == {"disable": True}


def test_postgresql_15_com_volume_nomeado(servicos):
    db = servicos["db"]

    assert db["image"].startswith("postgres:15")
    assert "dados:/var/lib/postgresql/data" in db["volumes"]
    assert "pg_isready" in db["healthcheck"]["test"][1]
    volumes = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["volumes"]
    assert set(volumes) == {"dados", "midia"}


def test_preparacao_migra_uma_vez_antes_do_app(servicos):
    comando = " ".join(servicos["preparacao"]["command"])

    for passo in ("migrate --no-input", "createcachetable", "carregar_municipios"):
        assert passo in comando
    assert servicos["preparacao"]["restart"] == "no"
    for nome in ("web", "agendador", "tarefas"):
        dependencias = servicos[nome]["depends_on"]
        assert dependencias["db"]["condition"] == "service_healthy"
        assert dependencias["preparacao"]["condition"] == "service_completed_successfully"


def test_web_e_agendador_partilham_imagem_env_banco_e_arquivos(servicos):
    for nome in ("preparacao", "web", "agendador", "tarefas"):
        servico = servicos[nome]
        assert servico["build"] == "." and servico["env_file"] == ".env", nome
        assert servico["environment"]["DATABASE_URL"].endswith("@db:5432/emancipacao")
        assert servico["environment"]["DJANGO_MEDIA_ROOT"] == MIDIA
        assert f"midia:{MIDIA}" in servico["volumes"], nome


def test_sondas_do_web_e_do_agendador_sao_as_do_app(servicos):
    assert servicos["web"]["healthcheck"]["test"] == ["CMD", "python", "-m", "operacao.sonda"]
    assert servicos["agendador"]["command"] == ["python", "manage.py", "agendador"]
    # A sonda confere o mesmo arquivo que o agendador toca.
    assert servicos["agendador"]["healthcheck"]["test"][-2:] == ["--batimento", BATIMENTO_PADRAO]


def test_executor_das_tarefas_e_sondado_pelo_batimento_que_ele_toca(servicos):
    """A cópia integral é montada fora das requisições (Art. 19, § 1º): pelo serviço
    `tarefas`, que toca o arquivo a cada consulta à fila."""
    tarefas = servicos["tarefas"]
    assert tarefas["command"] == ["python", "manage.py", "processar_tarefas"]
    assert tarefas["healthcheck"]["test"][-4:] == [
        "--batimento",
        BATIMENTO_TAREFAS,
        "--idade",
        "1800",
    ]


def test_redis_so_com_o_perfil_de_escala(servicos):
    assert servicos["redis"]["profiles"] == ["redis"]


def test_toda_variavel_do_compose_esta_no_env_example():
    usadas = set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)", COMPOSE.read_text(encoding="utf-8")))

    assert usadas == {"POSTGRES_PASSWORD", "EMANCIPACAO_PORTA"}
    assert usadas <= _variaveis_do_exemplo()


def test_toda_variavel_lida_pelas_configuracoes_esta_no_env_example():
    texto = (RAIZ / "emancipacao" / "settings.py").read_text(encoding="utf-8")
    lidas = set(re.findall(r"env_(?:str|bool|int|list)\(\s*\"([A-Z0-9_]+)\"", texto))
    lidas |= set(re.findall(r"os\.environ(?:\.get\(|\[)\"([A-Z0-9_]+)\"", texto))

    assert {"DJANGO_SECRET_KEY", "DATABASE_URL", "EMAIL_HOST", "EMANCIPACAO_S3_BUCKET"} <= lidas
    assert lidas - _variaveis_do_exemplo() == set()


# --- Dockerfile -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dockerfile() -> str:
    return (RAIZ / "Dockerfile").read_text(encoding="utf-8")


def test_imagem_instala_os_pacotes_de_make_run_e_o_cliente_do_postgresql(dockerfile):
    """Os mesmos pacotes do sistema que `make run` instala (menos o python3-venv: a imagem
    traz o seu Python) e as mesmas versões travadas das dependências Python."""
    instalacao = re.search(r"apt-get install -y --no-install-recommends(.*?)&&", dockerfile, re.S)
    pacotes = set(instalacao.group(1).replace("\\", " ").split())

    assert pacotes == (set(PACOTES["execucao"]) - {"python3-venv"}) | {"postgresql-client-15"}
    assert "rm -rf /var/lib/apt/lists/*" in dockerfile
    assert "pip install -c dependencias/execucao.txt ." in dockerfile


def test_imagem_roda_como_usuario_sem_privilegios(dockerfile):
    usuarios = re.findall(r"^USER\s+(\S+)", dockerfile, flags=re.M)

    assert usuarios == ["emancipacao"]
    assert "useradd --system" in dockerfile
    # O USER vem depois de toda instalação: nada roda como root em execução.
    assert dockerfile.index("USER emancipacao") > dockerfile.index("collectstatic")


def test_imagem_coleta_estaticos_e_sobe_o_gunicorn_com_sonda(dockerfile):
    assert re.search(r"^RUN .*manage\.py collectstatic --no-input", dockerfile, flags=re.M)
    assert re.search(r'^\s+CMD \["python", "-m", "operacao.sonda"\]', dockerfile, flags=re.M)
    assert re.search(r"^HEALTHCHECK ", dockerfile, flags=re.M)
    assert '--workers \\"$GUNICORN_WORKERS\\"' in dockerfile
    assert {"GUNICORN_WORKERS", "GUNICORN_TIMEOUT"} <= _variaveis_do_exemplo()


def test_dockerignore_deixa_segredos_e_dados_locais_fora_da_imagem():
    ignorados = (RAIZ / ".dockerignore").read_text(encoding="utf-8").split()

    assert {".env", ".git", ".venv", "db.sqlite3", "media/"} <= set(ignorados)
