"""Ensaio de restauração: a cópia de segurança restaurada num banco descartável, ao lado da
produção, e cada arquivo registrado conferido com o SHA-256 que o banco restaurado guarda —
o mesmo teste que o /validar/ e o download fazem (documentos.integridade). Uma cópia que não
passa no ensaio não é cópia: descobre-se aqui, e não no dia do desastre.

O banco de produção nunca é tocado: o ensaio recusa restaurar sobre ele ou sobre qualquer
banco que já exista, e apaga o banco do ensaio ao terminar (salvo `manter`)."""

import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from django.apps import apps
from django.core.exceptions import SuspiciousFileOperation
from django.core.files.storage import FileSystemStorage
from django.db import DatabaseError, connections, models
from django.db.migrations.executor import MigrationExecutor
from django.db.utils import load_backend

from documentos.arquivos import resumo_sha256
from operacao.postgres import (
    FalhaOperacao,
    banco_existe,
    executar,
    exigir_postgresql,
    exigir_programas,
    validar_nome,
)

ALIAS = "ensaio_restauracao"
CONTAGENS = (
    ("processos", "Processo", "processos"),
    ("processos", "Andamento", "andamentos"),
    ("documentos", "Documento", "documentos emitidos"),
)


@dataclass
class Relatorio:
    banco: str
    contagens: dict[str, int] = field(default_factory=dict)
    conferidos: int = 0
    problemas: list[str] = field(default_factory=list)
    avisos: list[str] = field(default_factory=list)
    segundos_restauracao: float = 0.0
    segundos_conferencia: float = 0.0

    @property
    def aprovado(self) -> bool:
        return not self.problemas


# --- quais arquivos o banco registra -------------------------------------------------------


def campos_de_arquivo() -> Iterator[tuple[type[models.Model], str, str | None]]:
    """(modelo, campo do arquivo, campo do SHA-256) de todo FileField do projeto. O hash é
    `sha256_<campo>` (a certidão do ofício, o artefato da assinatura) ou `sha256`: assim um
    modelo novo com arquivo entra no ensaio sem que ninguém se lembre de incluí-lo."""
    for modelo in apps.get_models():
        nomes = {campo.name for campo in modelo._meta.concrete_fields}
        for campo in modelo._meta.concrete_fields:
            if isinstance(campo, models.FileField):
                candidatos = (f"sha256_{campo.name}", "sha256")
                yield modelo, campo.name, next((c for c in candidatos if c in nomes), None)


def _rotulo(modelo, pk, codigo) -> str:
    rotulo = f"{modelo._meta.verbose_name} nº {pk}"
    return f"{rotulo} (código {codigo})" if codigo else rotulo


def conferir_arquivos(alias: str, raiz: Path, relatorio: Relatorio) -> None:
    armazenamento = FileSystemStorage(location=raiz)
    for modelo, campo, campo_hash in campos_de_arquivo():
        tem_codigo = any(c.name == "codigo" for c in modelo._meta.concrete_fields)
        colunas = ["pk", campo, *([campo_hash] if campo_hash else [])]
        colunas += ["codigo"] if tem_codigo else []
        linhas = modelo._default_manager.using(alias).exclude(**{campo: ""}).values(*colunas)
        try:
            for linha in linhas.iterator():
                relatorio.conferidos += 1
                objeto = _rotulo(modelo, linha["pk"], linha.get("codigo"))
                registrado = linha[campo_hash] if campo_hash else None
                problema = _conferir(armazenamento, linha[campo], registrado)
                if problema:
                    relatorio.problemas.append(f"{objeto}: {problema} — {linha[campo]}")
        except DatabaseError as exc:
            relatorio.problemas.append(f"{modelo._meta.label}: tabela ilegível ({exc})".strip())


def _conferir(armazenamento: FileSystemStorage, nome: str, registrado: str | None) -> str:
    try:
        with armazenamento.open(nome, "rb") as aberto:
            encontrado = resumo_sha256(aberto)
    except (OSError, SuspiciousFileOperation):
        return "arquivo ausente dos arquivos restaurados"
    if registrado is None:
        return ""
    if not registrado:
        return "sem SHA-256 registrado"
    if encontrado != registrado:
        return f"SHA-256 {encontrado} difere do registrado {registrado}"
    return ""


# --- o banco do ensaio ----------------------------------------------------------------------


@contextmanager
def alias_temporario(nome_banco: str, *, base: str = "default") -> Iterator[str]:
    """Um alias do Django para o banco restaurado, com os parâmetros de conexão de `base`.
    A conexão é criada à parte (fora de DATABASES): nada além do ensaio a enxerga."""
    config = dict(connections[base].settings_dict, NAME=nome_banco)
    conexao = load_backend(config["ENGINE"]).DatabaseWrapper(config, ALIAS)
    connections[ALIAS] = conexao
    try:
        yield ALIAS
    finally:
        conexao.close()
        del connections[ALIAS]


def restaurar_banco(copia: Path, nome: str, config: dict) -> None:
    executar("pg_restore", ["--list", str(copia)], config, etapa=f"leitura de {copia}")
    executar("createdb", ["--template", "template0", nome], config, etapa="criação do banco")
    executar(
        "pg_restore",
        ["--no-owner", "--no-privileges", "--exit-on-error", "--dbname", nome, str(copia)],
        config,
        etapa="restauração do banco",
    )


def _migracoes_pendentes(alias: str) -> list[str]:
    executor = MigrationExecutor(connections[alias])
    plano = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return [f"{migracao.app_label}.{migracao.name}" for migracao, _ in plano]


def extrair_so_dados(pacote: tarfile.TarFile, pasta: Path) -> None:
    """Só pastas e arquivos comuns, todos dentro de `pasta`: nada de links, dispositivos nem
    caminhos que saiam dela — o filtro "data" do tarfile, que o Python 3.11.2 do Debian 12 não
    tem (veio no 3.11.4): lá, a mesma conferência é feita aqui antes de extrair."""
    if hasattr(tarfile, "data_filter"):
        try:
            pacote.extractall(pasta, filter="data")
        except tarfile.FilterError as erro:
            raise FalhaOperacao(f"Pacote da mídia recusado: {erro}") from erro
        return
    membros = pacote.getmembers()
    conferir_membros(membros, pasta)
    pacote.extractall(pasta, members=membros)


def conferir_membros(membros: list[tarfile.TarInfo], pasta: Path) -> None:
    destino = pasta.resolve()
    for membro in membros:
        dentro = (destino / membro.name).resolve().is_relative_to(destino)
        if not (membro.isfile() or membro.isdir()) or not dentro:
            raise FalhaOperacao(
                f"Pacote da mídia recusado: {membro.name!r} não é arquivo comum dentro da pasta."
            )


def _pasta_da_midia(midia: Path, pilha: ExitStack) -> Path:
    if midia.is_dir():
        return midia
    if midia.is_file() and tarfile.is_tarfile(midia):
        pasta = Path(pilha.enter_context(tempfile.TemporaryDirectory(prefix="ensaio-midia-")))
        with tarfile.open(midia) as pacote:
            extrair_so_dados(pacote, pasta)
        return pasta
    raise FalhaOperacao(
        f"{midia}: não é a pasta dos arquivos nem um pacote .tar(.gz) da cópia de segurança."
    )


def ensaiar_restauracao(
    *,
    copia: Path,
    midia: Path,
    banco: str,
    manter: bool = False,
    avisar: Callable[[str], None] = lambda texto: None,
) -> Relatorio:
    config = connections["default"].settings_dict
    exigir_postgresql(config)
    exigir_programas("pg_restore", "createdb", "dropdb", "psql")
    validar_nome(banco)
    if banco == config["NAME"]:
        raise FalhaOperacao(f"O ensaio não restaura sobre o banco em uso ({banco}).")
    copia, midia = Path(copia), Path(midia)
    if not copia.is_file():
        raise FalhaOperacao(f"Cópia do banco não encontrada: {copia}")
    if banco_existe(banco, config):
        raise FalhaOperacao(
            f"O banco {banco} já existe: escolha outro nome com --banco (o ensaio não apaga "
            "banco que não criou)."
        )
    relatorio = Relatorio(banco=banco)
    with ExitStack() as pilha:
        raiz = _pasta_da_midia(midia, pilha)
        inicio = time.monotonic()
        avisar(f"Restaurando {copia.name} no banco {banco}...")
        try:
            restaurar_banco(copia, banco, config)
            relatorio.segundos_restauracao = time.monotonic() - inicio
            with alias_temporario(banco) as alias:
                _examinar(alias, raiz, relatorio, avisar)
        finally:
            if not manter and banco_existe(banco, config):
                executar("dropdb", [banco], config, etapa="remoção do banco do ensaio")
    return relatorio


def _examinar(alias: str, raiz: Path, relatorio: Relatorio, avisar) -> None:
    pendentes = _migracoes_pendentes(alias)
    if pendentes:
        relatorio.avisos.append(
            f"{len(pendentes)} migração(ões) do código ainda não aplicada(s) na cópia "
            f"({', '.join(pendentes[:5])}{'...' if len(pendentes) > 5 else ''}): depois de "
            "restaurar, rode manage.py migrate."
        )
    for app, modelo, rotulo in CONTAGENS:
        relatorio.contagens[rotulo] = (
            apps.get_model(app, modelo)._default_manager.using(alias).count()
        )
    avisar(f"Conferindo os arquivos em {raiz}...")
    inicio = time.monotonic()
    conferir_arquivos(alias, raiz, relatorio)
    relatorio.segundos_conferencia = time.monotonic() - inicio
