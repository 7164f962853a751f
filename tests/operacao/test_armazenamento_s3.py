"""Os arquivos guardados num S3 de verdade — o servidor do moto (PyPI), local, na porta que o
sistema operacional der —, com o armazenamento que as configurações montam a partir das
variáveis EMANCIPACAO_S3_*: emitir, conferir, servir, atestar e juntar à cópia integral
funcionam sem caminho no disco, e a adulteração no bucket é apanhada como no disco."""

import hashlib
import io
import uuid
from pathlib import Path

import pytest
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.core.management.base import CommandError
from pypdf import PdfReader

from documentos import integridade
from documentos.copia_integral import emitir_copia_integral
from documentos.models import Documento
from representacao.models import DocumentoRepresentacao
from tests.operacao.auxiliares import configuracoes, processo_com_documentos

pytestmark = pytest.mark.django_db
CHAVE = "teste-chave"
SEGREDO = "teste-segredo"
REGIAO = "us-east-1"


@pytest.fixture(scope="module")
def endereco_s3():
    from moto.server import ThreadedMotoServer

    servidor = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    servidor.start()
    host, porta = servidor.get_host_and_port()
    yield f"http://{host}:{porta}"
    servidor.stop()


@pytest.fixture
def bucket(settings, endereco_s3):
    """Um bucket novo por teste, e o STORAGES exatamente como o settings.py o monta."""
    import boto3

    nome = f"emancipacao-{uuid.uuid4().hex[:10]}"
    lidas = configuracoes(
        "STORAGES",
        EMANCIPACAO_S3_BUCKET=nome,
        EMANCIPACAO_S3_ENDPOINT=endereco_s3,
        EMANCIPACAO_S3_REGIAO=REGIAO,
        EMANCIPACAO_S3_ACCESS_KEY_ID=CHAVE,
        EMANCIPACAO_S3_SECRET_ACCESS_KEY=SEGREDO,
    )
    cliente = boto3.client(
        "s3",
        endpoint_url=endereco_s3,
        region_name=REGIAO,
        aws_access_key_id=CHAVE,
        aws_secret_access_key=SEGREDO,
    )
    cliente.create_bucket(Bucket=nome)
    settings.STORAGES = lidas["STORAGES"]
    return cliente, nome


def _objeto(bucket, chave: str) -> bytes:
    cliente, nome = bucket
    return cliente.get_object(Bucket=nome, Key=chave)["Body"].read()


def test_armazenamento_padrao_e_o_do_s3(bucket):
    assert default_storage.__class__.__name__ == "S3Storage"
    assert default_storage.bucket_name == bucket[1]


def test_documentos_vao_ao_bucket_e_voltam_conferidos(
    bucket, servidor, comprovante_real, settings, client
):
    processo_com_documentos(servidor)

    documentos = list(Documento.objects.all())
    assert {d.tipo for d in documentos} == {"comprovante_protocolo", "extrato"}
    for documento in documentos:
        guardado = _objeto(bucket, documento.arquivo.name)
        assert hashlib.sha256(guardado).hexdigest() == documento.sha256
        assert (
            integridade.conferir(documento.arquivo, documento.sha256, objeto="teste", porta="teste")
            is None
        )
    for anexo in DocumentoRepresentacao.objects.all():
        assert hashlib.sha256(_objeto(bucket, anexo.arquivo.name)).hexdigest() == anexo.sha256
    # Nada foi gravado no disco local.
    assert not Path(settings.MEDIA_ROOT).exists() or not any(
        Path(settings.MEDIA_ROOT).rglob("*.pdf")
    )
    extrato = next(d for d in documentos if d.tipo == "extrato")
    resposta = client.get("/validar/", {"codigo": extrato.codigo})
    assert "Documento autêntico" in resposta.content.decode()


def test_objeto_adulterado_no_bucket_e_recusado_e_apontado_pelo_cron(
    bucket, servidor, comprovante_real, capsys
):
    processo_com_documentos(servidor)
    extrato = Documento.objects.get(tipo="extrato")
    cliente, nome = bucket
    cliente.put_object(Bucket=nome, Key=extrato.arquivo.name, Body=b"%PDF-1.4 adulterado")
    cliente.put_object(Bucket=nome, Key="documentos/2020/01/orfao.pdf", Body=b"%PDF-1.4 orfao")

    falha = integridade.conferir(extrato.arquivo, extrato.sha256, objeto="teste", porta="teste")
    assert falha is not None and not falha.ausente
    with pytest.raises(CommandError, match="1 arquivo\\(s\\) alterado\\(s\\) ou ausente\\(s\\)"):
        call_command("verificar_integridade")

    saida = capsys.readouterr().out
    assert f"PROBLEMA Documento {extrato.codigo}" in saida
    assert "ÓRFÃO (recente, mantido por ora): documentos/2020/01/orfao.pdf" in saida


def test_copia_integral_junta_as_pecas_guardadas_no_s3(bucket, servidor, comprovante_real):
    processo = processo_com_documentos(servidor)
    anexos = DocumentoRepresentacao.objects.filter(processo=processo).count()

    copia = emitir_copia_integral(processo, usuario=servidor)

    guardada = _objeto(bucket, copia.arquivo.name)
    assert hashlib.sha256(guardada).hexdigest() == copia.sha256
    texto = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(guardada)).pages)
    assert "Comprovante de protocolo" in texto
    # Capa e índice, o comprovante, o extrato, cada anexo do Art. 15 e a lista de signatários.
    assert copia.paginas >= 3 + anexos


# --- o S3 fora do ar é um 503 honesto ----------------------------------------------


def _protocolar_pela_tela(client, servidor):
    from requisitos.models import Municipio
    from tests.processos.construtores import PASSADO

    origem, _ = Municipio.objects.get_or_create(codigo_ibge=5107958, defaults={"nome": "Tapurah"})
    client.force_login(servidor)
    return client.post(
        "/processos/novo/",
        {
            "tipo": "criacao",
            "nome_proposto": "Nova Fronteira do Norte",
            "sede_proposta": "Nova Fronteira do Norte",
            "municipios_origem": [origem.pk],
            "forma_encaminhamento": "comunidade",
            "representantes": "Comissão pró-emancipação",
            "data_leitura_expediente": PASSADO.strftime("%d/%m/%Y"),
        },
    )


def test_bucket_que_sumiu_e_503_e_nada_fica_gravado(bucket, servidor, comprovante_real, client):
    from processos.models import Processo

    cliente, nome = bucket
    cliente.delete_bucket(Bucket=nome)

    resposta = _protocolar_pela_tela(client, servidor)

    assert resposta.status_code == 503
    assert "Armazenamento indisponível" in resposta.content.decode()
    assert resposta["Retry-After"] == "300"
    assert not Processo.objects.exists()


def test_s3_fora_do_alcance_e_503(settings, servidor, comprovante_real, client):
    from processos.models import Processo

    settings.STORAGES = configuracoes(
        "STORAGES",
        EMANCIPACAO_S3_BUCKET="emancipacao-fora",
        EMANCIPACAO_S3_ENDPOINT="http://127.0.0.1:9",
        EMANCIPACAO_S3_REGIAO=REGIAO,
        EMANCIPACAO_S3_ACCESS_KEY_ID=CHAVE,
        EMANCIPACAO_S3_SECRET_ACCESS_KEY=SEGREDO,
    )["STORAGES"]

    resposta = _protocolar_pela_tela(client, servidor)

    assert resposta.status_code == 503
    assert "Armazenamento indisponível" in resposta.content.decode()
    assert not Processo.objects.exists()
