"""Cópia de segurança e ensaio de restauração no PostgreSQL de verdade: `fazer_copia` faz o
pg_dump e o pacote dos arquivos; `ensaio_restauracao` os restaura num banco descartável e
confere cada arquivo registrado com o SHA-256 do banco restaurado."""

import hashlib
import io
import shutil
import tarfile
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from documentos.models import Documento
from operacao.postgres import banco_existe
from operacao.restauracao import (
    FalhaOperacao,
    campos_de_arquivo,
    conferir_membros,
    extrair_so_dados,
)
from representacao.models import DocumentoRepresentacao
from tests.operacao.auxiliares import processo_com_documentos

NO_POSTGRESQL = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
CLIENTE = all(shutil.which(p) for p in ("pg_dump", "pg_restore", "createdb", "dropdb", "psql"))
# A cópia (pg_dump) e o ensaio de restauração (pg_restore) são do PostgreSQL.
so_no_postgresql = pytest.mark.so_postgresql
# Os testes transacionais (o pg_dump, outro processo, só vê o que foi confirmado) usam
# serialized_rollback: os grupos dos papéis vêm de uma migração de dados, e o flush os
# apagaria para os testes seguintes.


@pytest.fixture
def cliente_postgresql():
    if not CLIENTE:
        pytest.skip("Sem o cliente do PostgreSQL (apt-get install postgresql-client).")


@pytest.fixture
def banco_do_ensaio(cliente_postgresql):
    """Um nome só deste teste; o banco é apagado no fim, mesmo que o teste falhe."""
    nome = f"ensaio_teste_{uuid.uuid4().hex[:12]}"
    yield nome
    config = connection.settings_dict
    if banco_existe(nome, config):
        from operacao.postgres import executar

        executar("dropdb", [nome], config, etapa="limpeza do teste")


def _copia(tmp_path) -> tuple[Path, Path]:
    call_command("fazer_copia", "--destino", str(tmp_path / "copias"))
    (banco,) = (tmp_path / "copias").glob("banco-*.dump")
    (midia,) = (tmp_path / "copias").glob("midia-*.tar.gz")
    return banco, midia


def _ensaio(capsys, *argumentos) -> str:
    call_command("ensaio_restauracao", *argumentos)
    return capsys.readouterr().out


def test_todo_arquivo_com_hash_entra_no_ensaio():
    """Descobertos pelos FileField do projeto: um modelo novo com arquivo entra sozinho."""
    encontrados = list(campos_de_arquivo())
    campos = {(m._meta.model_name, campo, h) for m, campo, h in encontrados}

    assert {
        ("documento", "arquivo", "sha256"),
        ("assinatura", "artefato", "sha256_artefato"),
        ("documentorepresentacao", "arquivo", "sha256"),
    } <= campos
    # As certidões dos ofícios (Art. 2º, § 2º), no modelo em que estiverem: cada modelo de
    # arquivo guardado diz a sua pasta (PASTA), lida pelo caminho comum do upload.
    pastas = {getattr(m, "PASTA", None) for m, _, _ in encontrados}
    assert "certidoes" in pastas and "anexos" in pastas
    assert all(h for _, _, h in campos), "arquivo guardado sem SHA-256 registrado"


@so_no_postgresql
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_copia_restaurada_valida_todos_os_documentos(
    servidor, comprovante_real, banco_do_ensaio, tmp_path, capsys
):
    processo_com_documentos(servidor)
    arquivos = Documento.objects.count() + DocumentoRepresentacao.objects.count()
    banco, midia = _copia(tmp_path)
    capsys.readouterr()

    saida = _ensaio(
        capsys, "--copia", str(banco), "--midia", str(midia), "--banco", banco_do_ensaio
    )

    assert Documento.objects.count() == 2  # comprovante de protocolo e extrato
    assert f"{arquivos} arquivos conferidos" in saida
    assert "; 0 com problema." in saida
    assert "documentos emitidos: 2" in saida
    assert "processos: 1" in saida
    assert "Ensaio de restauração APROVADO: todos os documentos validam." in saida
    # O banco do ensaio não fica para trás; o de uso segue intacto.
    assert not banco_existe(banco_do_ensaio, connection.settings_dict)
    assert Documento.objects.count() == 2


@so_no_postgresql
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_arquivo_adulterado_ou_perdido_reprova_o_ensaio(
    servidor, comprovante_real, banco_do_ensaio, tmp_path, capsys
):
    processo_com_documentos(servidor)
    extrato = Documento.objects.get(tipo="extrato")
    comprovante = Documento.objects.get(tipo="comprovante_protocolo")
    banco, midia = _copia(tmp_path)
    restaurada = tmp_path / "restaurada"
    with tarfile.open(midia) as pacote:
        extrair_so_dados(pacote, restaurada)
    adulterado = restaurada / extrato.arquivo.name
    conteudo = bytearray(adulterado.read_bytes())
    conteudo[len(conteudo) // 2] ^= 0x01
    adulterado.write_bytes(bytes(conteudo))
    (restaurada / comprovante.arquivo.name).unlink()
    capsys.readouterr()

    with pytest.raises(CommandError, match="REPROVADO: 2 arquivo"):
        _ensaio(
            capsys, "--copia", str(banco), "--midia", str(restaurada), "--banco", banco_do_ensaio
        )

    saida = capsys.readouterr().out
    achado = hashlib.sha256(bytes(conteudo)).hexdigest()
    assert (
        f"PROBLEMA documento emitido nº {extrato.pk} (código {extrato.codigo}): SHA-256 "
        f"{achado} difere do registrado {extrato.sha256} — {extrato.arquivo.name}"
    ) in saida
    assert (
        f"PROBLEMA documento emitido nº {comprovante.pk} (código {comprovante.codigo}): "
        f"arquivo ausente dos arquivos restaurados — {comprovante.arquivo.name}"
    ) in saida
    assert "APROVADO" not in saida
    assert not banco_existe(banco_do_ensaio, connection.settings_dict)


@so_no_postgresql
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_manter_deixa_o_banco_do_ensaio_para_exame(
    servidor, comprovante_real, banco_do_ensaio, tmp_path, capsys
):
    processo_com_documentos(servidor)
    banco, midia = _copia(tmp_path)

    saida = _ensaio(
        capsys, "--copia", str(banco), "--midia", str(midia), "--banco", banco_do_ensaio, "--manter"
    )

    assert f"Banco do ensaio mantido: {banco_do_ensaio}" in saida
    assert banco_existe(banco_do_ensaio, connection.settings_dict)


@so_no_postgresql
@pytest.mark.django_db
def test_ensaio_nao_restaura_sobre_o_banco_em_uso_nem_sobre_um_existente(
    cliente_postgresql, tmp_path, capsys
):
    copia = tmp_path / "banco.dump"
    copia.write_bytes(b"qualquer")
    em_uso = connection.settings_dict["NAME"]

    with pytest.raises(CommandError, match=f"não restaura sobre o banco em uso \\({em_uso}\\)"):
        _ensaio(capsys, "--copia", str(copia), "--midia", str(tmp_path), "--banco", em_uso)
    with pytest.raises(CommandError, match="O banco postgres já existe"):
        _ensaio(capsys, "--copia", str(copia), "--midia", str(tmp_path), "--banco", "postgres")


@so_no_postgresql
@pytest.mark.django_db
def test_ensaio_recusa_nome_de_banco_perigoso_e_copia_invalida(banco_do_ensaio, tmp_path, capsys):
    copia = tmp_path / "banco.dump"
    copia.write_bytes(b"isto nao e um pg_dump")

    with pytest.raises(CommandError, match="Nome de banco inválido: 'x; DROP DATABASE y'"):
        _ensaio(
            capsys, "--copia", str(copia), "--midia", str(tmp_path), "--banco", "x; DROP DATABASE y"
        )
    with pytest.raises(CommandError, match=f"leitura de {copia}: pg_restore terminou com código 1"):
        _ensaio(capsys, "--copia", str(copia), "--midia", str(tmp_path), "--banco", banco_do_ensaio)
    with pytest.raises(CommandError, match="não é a pasta dos arquivos nem um pacote"):
        _ensaio(capsys, "--copia", str(copia), "--midia", str(copia), "--banco", banco_do_ensaio)
    assert not banco_existe(banco_do_ensaio, connection.settings_dict)


@pytest.mark.skipif(NO_POSTGRESQL, reason="O lado SQLite da recusa (no PostgreSQL funcionam).")
@pytest.mark.django_db
def test_no_sqlite_a_copia_e_o_ensaio_dizem_que_sao_do_postgresql(tmp_path):

    with pytest.raises(CommandError, match="são do PostgreSQL de produção; este banco é sqlite3"):
        call_command("fazer_copia", "--destino", str(tmp_path))
    with pytest.raises(CommandError, match="são do PostgreSQL de produção"):
        call_command("ensaio_restauracao", "--copia", "x.dump", "--midia", str(tmp_path))
    assert settings.MEDIA_ROOT  # a recusa vem antes de tocar em qualquer arquivo


def _pacote_hostil(tmp_path, membro: tarfile.TarInfo) -> Path:
    caminho = tmp_path / "midia.tar.gz"
    with tarfile.open(caminho, "w:gz") as pacote:
        pacote.addfile(membro, io.BytesIO(b"x") if membro.isfile() else None)
    return caminho


def _link(nome: str) -> tarfile.TarInfo:
    membro = tarfile.TarInfo(nome)
    membro.type, membro.linkname = tarfile.SYMTYPE, "/etc/passwd"
    return membro


def _arquivo(nome: str) -> tarfile.TarInfo:
    membro = tarfile.TarInfo(nome)
    membro.size = 1
    return membro


@pytest.mark.parametrize("membro", [_link("documentos/x.pdf"), _arquivo("../../fora.pdf")])
def test_pacote_da_midia_com_link_ou_caminho_para_fora_e_recusado(tmp_path, membro):
    """Nos dois caminhos: o filtro "data" do Python novo e a conferência do 3.11.2."""
    caminho = _pacote_hostil(tmp_path, membro)

    with tarfile.open(caminho) as pacote, pytest.raises(FalhaOperacao, match="recusado"):
        extrair_so_dados(pacote, tmp_path / "destino")
    with tarfile.open(caminho) as pacote, pytest.raises(FalhaOperacao, match="recusado"):
        conferir_membros(pacote.getmembers(), tmp_path / "destino")
    assert not (tmp_path / "fora.pdf").exists()
