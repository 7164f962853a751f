"""A cópia integral em segundo plano (Art. 19, § 1º): o pedido só entra na fila e leva à
página que acompanha a montagem; o comando `processar_tarefas` a monta, e a página mostra o
progresso, o documento pronto ou a falha. Um executor que morreu no meio não deixa a tarefa
"em montagem" para sempre, e o encaminhamento ao TRE lê a cópia pronta."""

import io
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.utils import timezone

from documentos import tarefas
from documentos.models import Documento, TarefaDocumento
from processos.models import AtoRecusado
from processos.services import praticar_ato
from tests.documentos.auxiliares import paginas_texto, sha256
from tests.processos.construtores import praticar, protocolar

pytestmark = pytest.mark.django_db


def _processar():
    saida = io.StringIO()
    call_command("processar_tarefas", "--uma-vez", stdout=saida)
    return saida.getvalue()


def _pedir(client, processo):
    return client.post(f"/processos/{processo.slug}/documentos/copia-integral/")


@pytest.fixture
def recebido(construir):
    return construir(ate="receber_na_crt")


def test_pedido_entra_na_fila_e_a_pagina_se_atualiza_sozinha(client, presidente, recebido):
    client.force_login(presidente)

    resposta = _pedir(client, recebido)

    tarefa = TarefaDocumento.objects.get()
    assert tarefa.estado == "pendente" and tarefa.solicitada_por == presidente
    assert resposta.status_code == 302
    assert resposta.url == f"/processos/{recebido.slug}/documentos/tarefas/{tarefa.pk}/"
    html = client.get(resposta.url).content.decode()
    assert "Na fila: a montagem começa em instantes." in html
    assert '<meta http-equiv="refresh" content="3">' in html
    assert not Documento.objects.filter(tipo="copia_integral").exists()


def test_a_pagina_mostra_o_progresso_gravado_pelo_executor(client, presidente, recebido):
    tarefa = tarefas.solicitar_copia_integral(recebido, usuario=presidente)
    TarefaDocumento.objects.filter(pk=tarefa.pk).update(
        estado="executando",
        etapa="Juntando as páginas das peças: página 12 de 40",
        feito=12,
        total=40,
    )
    client.force_login(presidente)

    html = client.get(f"/processos/{recebido.slug}/documentos/tarefas/{tarefa.pk}/").content
    html = html.decode()

    assert "Em montagem — Juntando as páginas das peças: página 12 de 40." in html
    assert '<progress class="w-100" value="12" max="40">30%</progress>' in html
    assert '<meta http-equiv="refresh" content="3">' in html


def test_executor_monta_a_copia_e_a_pagina_leva_ao_documento_verificavel(
    client, presidente, recebido
):
    client.force_login(presidente)
    pagina = _pedir(client, recebido).url

    assert _processar() == "1 tarefa(s) executada(s).\n"

    copia = Documento.objects.get(tipo="copia_integral", processo=recebido)
    html = client.get(pagina).content.decode()
    assert "A cópia integral está pronta" in html and copia.codigo in html
    assert 'http-equiv="refresh"' not in html
    arquivo = client.get(f"/documentos/{copia.codigo}/", {"baixar": "1"})
    assert arquivo["Content-Type"] == "application/pdf"
    assert b"".join(arquivo.streaming_content) == Path(copia.arquivo.path).read_bytes()
    assert copia.sha256 == sha256(copia.arquivo.path)
    validacao = client.post("/validar/", {"codigo": copia.codigo}).content.decode()
    assert "Cópia integral autenticada do Processo" in validacao
    tarefa = TarefaDocumento.objects.get()
    assert (tarefa.estado, tarefa.documento, tarefa.tentativas) == ("pronta", copia, 1)
    assert tarefa.feito == tarefa.total > 0


def test_segundo_pedido_acompanha_a_mesma_montagem(client, presidente, recebido):
    client.force_login(presidente)

    assert _pedir(client, recebido).url == _pedir(client, recebido).url
    assert TarefaDocumento.objects.count() == 1
    _processar()
    # Pronta a primeira, um novo pedido é uma nova montagem (nova versão da cópia).
    assert _pedir(client, recebido).url != f"/processos/{recebido.slug}/documentos/tarefas/1/"
    assert TarefaDocumento.objects.filter(estado="pendente").count() == 1


def test_o_banco_recusa_duas_copias_em_curso_do_mesmo_processo(presidente, recebido):
    tarefas.solicitar_copia_integral(recebido, usuario=presidente)

    with pytest.raises(IntegrityError), transaction.atomic():
        TarefaDocumento.objects.create(
            tipo="copia_integral", processo=recebido, solicitada_por=presidente
        )


def test_a_pagina_do_processo_aponta_a_montagem_em_curso(client, presidente, recebido):
    client.force_login(presidente)
    pagina = _pedir(client, recebido).url

    html = client.get(f"/processos/{recebido.slug}/").content.decode()

    assert "A cópia integral autenticada está sendo montada em segundo plano" in html
    assert pagina in html


@pytest.mark.parametrize(
    ("quem", "pedir", "ver"),
    [("presidente", 302, 200), ("servidor", 403, 200), ("mesa", 403, 200), ("deputado", 403, 403)],
)
def test_quem_pede_e_quem_acompanha(client, request, presidente, recebido, quem, pedir, ver):
    tarefa = tarefas.solicitar_copia_integral(recebido, usuario=presidente)
    client.force_login(request.getfixturevalue(quem))

    assert _pedir(client, recebido).status_code == pedir
    url = f"/processos/{recebido.slug}/documentos/tarefas/{tarefa.pk}/"
    assert client.get(url).status_code == ver
    assert TarefaDocumento.objects.count() == 1


def test_tarefa_de_outro_processo_nao_e_encontrada(client, operador, presidente, recebido):
    outro = protocolar(operador)
    tarefa = tarefas.solicitar_copia_integral(recebido, usuario=presidente)
    client.force_login(presidente)

    assert client.get(f"/processos/{outro.slug}/documentos/tarefas/{tarefa.pk}/").status_code == 404


# --- falhas -------------------------------------------------------------------------------------


def test_erro_do_sistema_vira_falha_com_mensagem_e_nao_derruba_o_executor(
    client, presidente, recebido, monkeypatch
):
    def quebra(*args, **kwargs):
        raise MemoryError("sem memória")

    # O motor de PDF (WeasyPrint) falha no meio da montagem.
    monkeypatch.setattr("documentos.copia_integral.documento_weasyprint", quebra)
    client.force_login(presidente)
    pagina = _pedir(client, recebido).url

    _processar()

    html = client.get(pagina).content.decode()
    assert "A cópia integral não foi emitida." in html
    assert "falhou por um erro inesperado do sistema" in html
    assert TarefaDocumento.objects.get().estado == "falhou"
    assert not Documento.objects.filter(tipo="copia_integral").exists()


def _abandonada(processo, usuario, *, sem_sinal: timedelta, tentativas: int = 1):
    tarefa = tarefas.solicitar_copia_integral(processo, usuario=usuario)
    TarefaDocumento.objects.filter(pk=tarefa.pk).update(
        estado="executando",
        tentativas=tentativas,
        etapa="Juntando as páginas das peças: página 20 de 40",
        batimento_em=timezone.now() - sem_sinal,
    )
    return tarefa


def test_tarefa_de_executor_morto_e_retomada_depois_do_limite(presidente, recebido):
    tarefa = _abandonada(recebido, presidente, sem_sinal=tarefas.LIMITE_SEM_SINAL + timedelta(1))

    _processar()

    tarefa.refresh_from_db()
    assert (tarefa.estado, tarefa.tentativas) == ("pronta", 2)
    assert Documento.objects.filter(tipo="copia_integral", processo=recebido).count() == 1


def test_tarefa_com_sinal_de_vida_recente_nao_e_tomada_por_outro_executor(presidente, recebido):
    tarefa = _abandonada(recebido, presidente, sem_sinal=tarefas.LIMITE_SEM_SINAL - timedelta(1))

    assert _processar() == "0 tarefa(s) executada(s).\n"

    tarefa.refresh_from_db()
    assert (tarefa.estado, tarefa.tentativas) == ("executando", 1)


def test_tarefa_interrompida_tres_vezes_falha_com_mensagem(client, presidente, recebido):
    tarefa = _abandonada(
        recebido,
        presidente,
        sem_sinal=tarefas.LIMITE_SEM_SINAL + timedelta(1),
        tentativas=tarefas.MAX_TENTATIVAS,
    )
    client.force_login(presidente)

    _processar()

    html = client.get(f"/processos/{recebido.slug}/documentos/tarefas/{tarefa.pk}/").content
    assert "foi interrompida 3 vezes" in html.decode()
    assert TarefaDocumento.objects.get().estado == "falhou"


# --- Art. 19, § 1º: o encaminhamento ao TRE lê a cópia pronta --------------------------------


def _encaminhar(processo, usuario):
    return praticar_ato(
        processo_id=processo.pk,
        nome_ato="encaminhar_ao_tre",
        usuario=usuario,
        data_ato=timezone.localdate(),
        dados={},
    )


@pytest.fixture
def publicado(construir):
    return construir(ate="publicar_decreto")


def test_encaminhamento_ao_tre_sem_copia_pronta_e_recusado_com_o_motivo(
    client, presidente, publicado
):
    client.force_login(presidente)
    url_ato = f"/processos/{publicado.slug}/atos/encaminhar-ao-tre/"
    assert "peça-a antes na seção “Documentos emitidos”" in client.get(url_ato).content.decode()

    tarefas.solicitar_copia_integral(publicado, usuario=presidente)
    with pytest.raises(AtoRecusado, match="ainda está sendo montada"):
        _encaminhar(publicado, presidente)

    publicado.refresh_from_db()
    assert publicado.estado == "decreto_publicado"


def test_encaminhamento_ao_tre_cita_a_copia_pronta_sem_montar_outra(presidente, publicado):
    tarefas.solicitar_copia_integral(publicado, usuario=presidente)
    _processar()
    copia = Documento.objects.get(tipo="copia_integral", processo=publicado)

    andamento = _encaminhar(publicado, presidente)

    assert Documento.objects.filter(tipo="copia_integral").count() == 1
    oficio = Documento.objects.get(andamento=andamento, tipo="oficio")
    assert oficio.processo == publicado
    publicado.refresh_from_db()
    assert publicado.estado == "plebiscito_no_tre"
    assert copia.codigo in _texto(oficio)


def test_copia_anterior_ao_ultimo_ato_nao_serve_ao_encaminhamento(presidente, publicado):
    tarefas.solicitar_copia_integral(publicado, usuario=presidente)
    _processar()
    # Depois da cópia, um ato entra nos autos (Art. 23: liberação ao público).
    praticar(publicado, presidente, "liberar_informacao")

    with pytest.raises(AtoRecusado, match="anterior ao último ato do processo"):
        _encaminhar(publicado, presidente)


def _texto(documento) -> str:
    return " ".join(" ".join(paginas_texto(documento.arquivo.path)).split())
