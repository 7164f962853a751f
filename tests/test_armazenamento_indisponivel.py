"""Armazenamento cheio ou somente leitura: o envio do Art. 15, o extrato, o comprovante de
protocolo, a certidão do distrito e a retificação de certidão respondem 503 "armazenamento
indisponível" (página pt-BR; JSON na API), sem arquivo parcial ou vazio deixado na pasta de
mídia e sem nada gravado no banco.

A pasta de mídia é, de verdade, um tmpfs pequeno quase cheio (ENOSPC no meio da gravação) ou
remontado somente leitura (EROFS), quando o teste pode montar (root com a capacidade de
montar). Sem isso, o armazenamento do teste falha com o mesmo erro depois de gravar o
primeiro pedaço, e a pasta somente leitura é a do chmod (que não vale para o root)."""

import errno
import os
import subprocess
from contextlib import contextmanager
from datetime import date
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from documentos.models import Documento
from emancipacao.armazenamento import ArmazenamentoIndisponivel, ArmazenamentoLocal
from emancipacao.erros import ServicoIndisponivelMiddleware
from instrucao.models import Certidao
from processos.models import Processo
from representacao.models import DocumentoRepresentacao
from requisitos.models import Municipio
from tests.processos.construtores import (
    certidao_pdf,
    processo_no_estado,
    protocolar,
    responder_oficios,
)
from tests.representacao.construtores import pdf_com_tamanho

TAMANHO_KB = 256
LIVRE_KB = 12  # menos que qualquer PDF dos testes: a gravação falha no meio
ENCHIMENTO = "enchimento.bin"


# --- a pasta de mídia cheia ou somente leitura ---------------------------------------------


class ArmazenamentoQueFalha(ArmazenamentoLocal):
    """Onde o teste não pode montar: grava o primeiro pedaço e falha com `ERRO`."""

    ERRO = errno.ENOSPC

    def _save(self, name, content):
        return super()._save(name, _PrimeiroPedacoEFalha(content, self.ERRO))


class ArmazenamentoSomenteLeitura(ArmazenamentoQueFalha):
    ERRO = errno.EROFS


class _PrimeiroPedacoEFalha:
    def __init__(self, conteudo, erro: int):
        self.conteudo, self.erro = conteudo, erro

    def chunks(self):
        for pedaco in self.conteudo.chunks():
            yield pedaco[:1024]
            break
        raise OSError(self.erro, os.strerror(self.erro))


def _montar(*argumentos: str) -> bool:
    feito = subprocess.run(["mount", *argumentos], capture_output=True, check=False)
    return feito.returncode == 0


@contextmanager
def _tmpfs(pasta: Path):
    pasta.mkdir(parents=True, exist_ok=True)
    montado = os.geteuid() == 0 and _montar(
        "-t", "tmpfs", "-o", f"size={TAMANHO_KB}k", "tmpfs", str(pasta)
    )
    try:
        yield montado
    finally:
        if montado:
            subprocess.run(["umount", "-l", str(pasta)], check=False)


@pytest.fixture(params=["cheio", "somente_leitura"])
def armazenamento(request, settings, tmp_path):
    """A pasta de mídia no estado pedido, posta em uso por `usar()`: o que o teste grava
    antes fica na pasta de antes."""
    pasta = tmp_path / "midia-indisponivel"
    midia = _Midia(settings, pasta)
    with _tmpfs(pasta) as montado:
        if montado and request.param == "cheio":
            (pasta / ENCHIMENTO).write_bytes(b"\0" * (TAMANHO_KB - LIVRE_KB) * 1024)
        elif montado:
            assert _montar("-o", "remount,ro", str(pasta))
        elif request.param == "somente_leitura" and os.geteuid() != 0:
            pasta.chmod(0o555)
            request.addfinalizer(lambda: pasta.chmod(0o755))
        else:
            midia.falha = {"cheio": ArmazenamentoQueFalha}.get(
                request.param, ArmazenamentoSomenteLeitura
            )
        yield midia


class _Midia:
    def __init__(self, settings, pasta: Path):
        self.settings, self.pasta = settings, pasta
        self.falha: type | None = None

    def usar(self) -> None:
        self.settings.MEDIA_ROOT = self.pasta
        if self.falha is not None:
            backend = f"{__name__}.{self.falha.__name__}"
            self.settings.STORAGES = {**self.settings.STORAGES, "default": {"BACKEND": backend}}

    def arquivos(self) -> list[str]:
        return sorted(
            str(p.relative_to(self.pasta))
            for p in self.pasta.rglob("*")
            if p.is_file() and p.name != ENCHIMENTO
        )


def _indisponivel(resposta) -> None:
    assert resposta.status_code == 503
    assert resposta["Retry-After"] == "300"
    assert "Armazenamento indisponível" in resposta.content.decode()


# --- os cinco envios ------------------------------------------------------------------------


def test_envio_do_art15_com_o_armazenamento_indisponivel(client, servidor, armazenamento):
    processo = protocolar(servidor)
    client.force_login(servidor)
    armazenamento.usar()

    resposta = client.post(
        f"/processos/{processo.slug}/documentos-art15/",
        {"item": "justificativa", "arquivo": SimpleUploadedFile("j.pdf", pdf_com_tamanho(60_000))},
    )

    _indisponivel(resposta)
    assert not DocumentoRepresentacao.objects.exists()
    assert armazenamento.arquivos() == []


def test_extrato_com_o_armazenamento_indisponivel(client, servidor, armazenamento):
    processo = protocolar(servidor)
    client.force_login(servidor)
    armazenamento.usar()

    resposta = client.post(f"/processos/{processo.slug}/documentos/extrato/")

    _indisponivel(resposta)
    assert not Documento.objects.filter(tipo="extrato").exists()
    assert armazenamento.arquivos() == []


def test_protocolo_com_o_armazenamento_indisponivel_nao_cria_o_processo(
    client, servidor, armazenamento, comprovante_real
):
    sorriso = Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")
    client.force_login(servidor)
    armazenamento.usar()

    resposta = client.post(
        "/processos/novo/",
        {
            "tipo": "criacao",
            "nome_proposto": "Nova Fronteira do Norte",
            "sede_proposta": "Nova Fronteira do Norte",
            "municipios_origem": [sorriso.pk],
            "forma_encaminhamento": "comunidade",
            "representantes": "Comissão pró-emancipação",
            "data_leitura_expediente": date(2026, 3, 2).strftime("%d/%m/%Y"),
        },
    )

    _indisponivel(resposta)
    assert not Processo.objects.exists()
    assert not Documento.objects.exists()
    assert armazenamento.arquivos() == []


def test_certidao_do_distrito_com_o_armazenamento_indisponivel(client, db, armazenamento):
    armazenamento.usar()

    resposta = client.post(
        "/simulador/distrito/certidao/", {"habitacoes_sede": "50", "populacao": "1001"}
    )

    _indisponivel(resposta)
    assert not Documento.objects.exists()
    assert armazenamento.arquivos() == []


def test_retificacao_de_certidao_com_o_armazenamento_indisponivel(
    client, servidor, operador, armazenamento
):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    responder_oficios(processo, operador, orgaos=["cartografia"])
    oficio = processo.oficios.vigentes().get(orgao="cartografia")
    client.force_login(servidor)
    armazenamento.usar()

    resposta = client.post(
        f"/processos/{processo.slug}/oficios/{oficio.pk}/retificar-certidao/",
        {
            "certidao": certidao_pdf(conteudo=pdf_com_tamanho(60_000)),
            "numero_certidao": "45/2026-B",
            "data_certidao": timezone.localdate().strftime("%d/%m/%Y"),
            "area__populacao": "5200",
            "justificativa": "O número da certidão estava errado.",
            "versao_vista": oficio.certidoes.vigentes().get().pk,
        },
    )

    _indisponivel(resposta)
    assert list(Certidao.objects.filter(oficio=oficio).values_list("versao", flat=True)) == [1]
    assert armazenamento.arquivos() == []


def test_na_api_o_armazenamento_indisponivel_e_json(rf):
    requisicao = rf.post("/api/v1/qualquer/")
    falha = ArmazenamentoIndisponivel(errno.ENOSPC, "No space left on device")

    resposta = ServicoIndisponivelMiddleware(lambda r: None).process_exception(requisicao, falha)

    assert resposta.status_code == 503
    assert resposta["Content-Type"] == "application/json"
    assert "Armazenamento indisponível" in resposta.content.decode()


# --- o armazenamento em uso normal ---------------------------------------------------------


def test_arquivo_gravado_fica_so_com_o_nome_definitivo(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "midia"
    armazenamento = ArmazenamentoLocal()

    primeiro = armazenamento.save("certidoes/certidao.pdf", SimpleUploadedFile("a", b"um"))
    segundo = armazenamento.save("certidoes/certidao.pdf", SimpleUploadedFile("b", b"dois"))

    assert primeiro == "certidoes/certidao.pdf"
    assert segundo != primeiro and segundo.startswith("certidoes/certidao_")
    assert sorted(p.name for p in (tmp_path / "midia" / "certidoes").iterdir()) == sorted(
        [Path(primeiro).name, Path(segundo).name]
    )
    assert armazenamento.open(segundo).read() == b"dois"
