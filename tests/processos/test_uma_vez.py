"""O mesmo formulário de ato enviado duas vezes (duplo clique, F5) grava um ato só."""

import re

from django.urls import reverse

from processos.models import Andamento
from tests.processos.construtores import formulario_do_ato, processo_no_estado


def _url(processo, nome_ato):
    return reverse("processos:ato", args=[processo.slug, nome_ato.replace("_", "-")])


def _ultimo_andamento_do_formulario(client, processo, nome_ato) -> str:
    pagina = client.get(_url(processo, nome_ato)).content.decode()
    achado = re.search(r'name="ultimo_andamento" value="(\d+)"', pagina)
    assert achado, "o formulário não leva o último andamento visto"
    return achado.group(1)


def test_ato_que_muda_o_estado_enviado_duas_vezes_grava_um(client, operador):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    client.force_login(operador)
    post = formulario_do_ato(processo, "registrar_visita")
    primeira = client.post(_url(processo, "registrar_visita"), post)
    segunda = client.post(_url(processo, "registrar_visita"), post)
    assert primeira.status_code == 302
    assert segunda.status_code == 400
    assert "nada foi gravado" in segunda.content.decode().lower()
    # O semeado por processo_no_estado e o praticado agora.
    assert Andamento.objects.filter(processo=processo, ato="registrar_visita").count() == 2


def test_ato_que_nao_muda_o_estado_enviado_duas_vezes_grava_um(client, operador):
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    client.force_login(operador)
    visto = _ultimo_andamento_do_formulario(client, processo, "registrar_fase_tre")
    post = formulario_do_ato(processo, "registrar_fase_tre", ultimo_andamento=visto)
    primeira = client.post(_url(processo, "registrar_fase_tre"), post)
    segunda = client.post(_url(processo, "registrar_fase_tre"), post)
    assert primeira.status_code == 302
    assert segunda.status_code == 400
    pagina = segunda.content.decode()
    # A recusa é anunciada pelo leitor de tela (role="alert"), não só pintada de vermelho.
    alerta = re.search(
        r'<div class="alert alert-danger" role="alert" tabindex="-1" data-resumo-de-erros>'
        r"(.*?)</div>",
        pagina,
        re.S,
    )
    assert alerta and "recarregue a página e confira antes de repetir" in alerta.group(1)
    assert Andamento.objects.filter(processo=processo, ato="registrar_fase_tre").count() == 1


def test_retificacao_enviada_duas_vezes_grava_uma(client, operador):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    client.force_login(operador)
    visto = _ultimo_andamento_do_formulario(client, processo, "retificar_dados")
    post = formulario_do_ato(processo, "retificar_dados", ultimo_andamento=visto)
    assert client.post(_url(processo, "retificar_dados"), post).status_code == 302
    assert client.post(_url(processo, "retificar_dados"), post).status_code == 400
    assert Andamento.objects.filter(processo=processo, ato="retificar_dados").count() == 1


def test_formulario_desabilita_o_botao_e_anuncia_os_documentos(client, operador):
    processo = processo_no_estado(operador, "criacao", "visita_realizada")
    client.force_login(operador)
    pagina = client.get(_url(processo, "emitir_parecer_preliminar")).content.decode()
    assert "data-uma-vez" in pagina
    assert 'data-progresso="Gerando documentos…"' in pagina
    assert "js/documentos.js" in pagina
    sem_pdf = client.get(_url(processo, "sobrestar")).content.decode()
    assert "data-uma-vez" in sem_pdf and "Gerando documentos" not in sem_pdf
