"""O selo da Assembleia (B-LTA, ~1 s com o carimbo do tempo) não prende a requisição: a
emissão responde com o documento já válido pelo código e põe o selo na fila de tarefas
(`manage.py processar_tarefas`); a página do processo mostra "selando…" e depois o selo. A
cópia integral (Art. 19, § 1º, "cópia autenticada") é selada ao ficar pronta, na mesma fila.
O selo que falha deixa o documento emitido e diz por quê, em português."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from pypdf import PdfReader

from documentos import emissao, tarefas
from documentos.assinatura import fila, servicos
from documentos.models import Documento, EstadoTarefa, Modalidade, TarefaDocumento, TipoTarefa
from tests.documentos.conftest import construir, media  # noqa: F401 — fixtures

CERTIDAO = {"habitacoes_sede": "50", "populacao": "1001", "localidade": "Vila Progresso"}


def _selos(documento):
    return documento.assinaturas.filter(modalidade=Modalidade.SELO)


def test_certidao_responde_sem_selar_e_a_tarefa_sela_em_b_lta(client, selo_instalado, servidores):
    pedidos_antes = servidores.pedidos_ao_carimbo
    resposta = client.post("/simulador/distrito/certidao/", CERTIDAO)
    assert resposta.status_code == 200
    documento = Documento.objects.get(tipo="certidao_distrito")
    # A resposta não esperou o selo: nenhum pedido ao carimbo do tempo, nenhum selo gravado,
    # o PDF entregue é o emitido (com o campo do selo ainda vazio).
    assert servidores.pedidos_ao_carimbo == pedidos_antes
    assert not _selos(documento).exists()
    assert (
        b"".join(resposta.streaming_content if resposta.streaming else [resposta.content])[:5]
        == b"%PDF-"
    )
    tarefa = fila.selo_em_curso(documento)
    assert tarefa.estado == EstadoTarefa.PENDENTE and tarefa.processo is None

    assert tarefas.processar(uma_vez=True) == 1
    tarefa.refresh_from_db()
    assert tarefa.estado == EstadoTarefa.PRONTA and tarefa.documento == documento
    (selo,) = _selos(documento)
    assert selo.nivel == "B-LTA"
    assert "ASSEMBLEIA LEGISLATIVA" in selo.certificado_titular
    assert servidores.pedidos_ao_carimbo > pedidos_antes

    selada = servicos.copia_atual(documento)
    arquivo = SimpleUploadedFile("c.pdf", selada, content_type="application/pdf")
    html = client.post("/validar/", {"codigo": documento.codigo, "arquivo": arquivo})
    assert "Cópia assinada autêntica" in html.content.decode()


def test_sem_selo_instalado_a_certidao_sai_sem_campo_nem_tarefa(client, db):
    client.post("/simulador/distrito/certidao/", CERTIDAO)
    documento = Documento.objects.get(tipo="certidao_distrito")
    assert not documento.assinaturas.exclude(modalidade=Modalidade.ATO).exists()
    assert not TarefaDocumento.objects.filter(tipo=TipoTarefa.SELO).exists()
    with documento.arquivo.open("rb") as f:
        assert not PdfReader(f).get_fields()


def test_pagina_do_processo_mostra_selando_e_depois_o_selo(
    construir,  # noqa: F811
    client,
    servidor,
    selo_instalado,
    comprovante_real,
):
    processo = construir()
    comprovante = Documento.objects.get(processo=processo, tipo="comprovante_protocolo")
    client.force_login(servidor)
    pagina = f"/processos/{processo.slug}/"

    html = client.get(pagina).content.decode()
    assert f'data-assinaturas="{comprovante.codigo}"' in html
    assert 'data-selo="selando"' in html
    assert "selando…" in html

    tarefas.processar(uma_vez=True)
    html = client.get(pagina).content.decode()
    assert "selando…" not in html
    assert "Selo da Assembleia: assinado por" in html
    assert "ASSEMBLEIA LEGISLATIVA" in html


def test_selo_sem_carimbo_do_tempo_falha_com_mensagem_e_o_documento_continua_valido(
    construir,  # noqa: F811
    client,
    servidor,
    selo_instalado,
    comprovante_real,
    settings,
):
    processo = construir()
    comprovante = Documento.objects.get(processo=processo, tipo="comprovante_protocolo")
    # Porta 9 (discard) no próprio computador: ninguém responde, nada sai da máquina.
    settings.CARIMBO_DO_TEMPO_URL = "http://127.0.0.1:9/tsa"
    tarefas.processar(uma_vez=True)

    tarefa = TarefaDocumento.objects.get(tipo=TipoTarefa.SELO, documento=comprovante)
    assert tarefa.estado == EstadoTarefa.FALHOU
    assert tarefa.documento == comprovante  # o alvo não se perde na falha
    assert "autoridade de carimbo do tempo não respondeu" in tarefa.mensagem
    assert not _selos(comprovante).exists()

    client.force_login(servidor)
    html = client.get(f"/processos/{processo.slug}/").content.decode()
    assert 'data-selo="falhou"' in html
    assert "O selo da Assembleia não foi aplicado (o documento vale pelo código)" in html

    with comprovante.arquivo.open("rb") as f:
        original = SimpleUploadedFile("c.pdf", f.read(), content_type="application/pdf")
    html = client.post("/validar/", {"codigo": comprovante.codigo, "arquivo": original})
    assert "idêntico ao registrado na emissão" in html.content.decode()


def test_selo_com_pin_errado_falha_com_mensagem(
    construir,  # noqa: F811
    selo_instalado,
    comprovante_real,
    settings,
    tmp_path,
):
    processo = construir()
    comprovante = Documento.objects.get(processo=processo, tipo="comprovante_protocolo")
    errado = tmp_path / "pin-errado"
    errado.write_text("nao-e-o-pin")
    settings.SELO_PIN_ARQUIVO = str(errado)
    tarefas.processar(uma_vez=True)
    tarefa = TarefaDocumento.objects.get(tipo=TipoTarefa.SELO, documento=comprovante)
    assert tarefa.estado == EstadoTarefa.FALHOU
    assert tarefa.mensagem == (
        "O selo da Assembleia não foi aplicado (o documento vale pelo código): "
        "O arquivo do selo não abre com o PIN configurado."
    )


def test_dois_pedidos_do_mesmo_selo_sao_um_so(construir, selo_instalado, comprovante_real):  # noqa: F811
    processo = construir()
    comprovante = Documento.objects.get(processo=processo, tipo="comprovante_protocolo")
    assert fila.solicitar_selo(comprovante) == fila.solicitar_selo(comprovante)
    assert TarefaDocumento.objects.filter(tipo=TipoTarefa.SELO, documento=comprovante).count() == 1


def test_selo_ja_aplicado_nao_e_refeito(construir, selo_instalado, comprovante_real):  # noqa: F811
    processo = construir()
    comprovante = Documento.objects.get(processo=processo, tipo="comprovante_protocolo")
    tarefas.processar(uma_vez=True)
    (selo,) = _selos(comprovante)
    # A tarefa retomada depois de o executor morrer logo após gravar o selo.
    assert servicos.selar(comprovante) == selo
    assert _selos(comprovante).count() == 1


@pytest.mark.django_db(transaction=False)
def test_copia_integral_selada_ao_ficar_pronta_na_mesma_fila(
    construir,  # noqa: F811
    client,
    presidente,
    selo_instalado,
    comprovante_real,
):
    """Art. 19, § 1º: a cópia que segue ao TRE é a "cópia autenticada" — selada."""
    processo = construir()
    tarefas.processar(uma_vez=True)  # o selo do comprovante de protocolo
    pedido = tarefas.solicitar_copia_integral(processo, usuario=presidente)
    assert tarefas.processar(uma_vez=True) == 2  # a montagem, e depois o selo dela
    pedido.refresh_from_db()
    copia = pedido.documento
    assert pedido.estado == EstadoTarefa.PRONTA and copia.tipo == "copia_integral"
    (selo,) = _selos(copia)
    assert selo.nivel == "B-LTA"
    selada = servicos.copia_atual(copia)
    with copia.arquivo.open("rb") as f:
        assert selada.startswith(f.read())  # o código e o hash da emissão continuam valendo
    arquivo = SimpleUploadedFile("c.pdf", selada, content_type="application/pdf")
    html = client.post("/validar/", {"codigo": copia.codigo, "arquivo": arquivo})
    assert "Cópia assinada autêntica" in html.content.decode()


def test_o_banco_recusa_dois_selos_em_curso_do_mesmo_documento_e_selo_sem_documento(
    construir,  # noqa: F811
    servidor,
    selo_instalado,
    comprovante_real,
):
    from django.db import IntegrityError, transaction

    processo = construir()
    comprovante = Documento.objects.get(processo=processo, tipo="comprovante_protocolo")
    assert fila.selo_em_curso(comprovante)  # pedido na emissão
    with pytest.raises(IntegrityError), transaction.atomic():
        TarefaDocumento.objects.create(
            tipo=TipoTarefa.SELO, processo=processo, documento=comprovante
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        TarefaDocumento.objects.create(tipo=TipoTarefa.SELO, processo=processo)
    # Selos de documentos diferentes do mesmo processo convivem na fila.
    extrato = emissao.emitir_extrato(processo, usuario=servidor)
    fila.solicitar_selo(extrato)
    assert TarefaDocumento.objects.filter(tipo=TipoTarefa.SELO, processo=processo).count() == 2
