"""Art. 22: o Deputado tem voz (manifestação registrada) e não tem voto (nenhum ato)."""

from processos.models import Manifestacao
from tests.processos.construtores import protocolar


def test_deputado_registra_manifestacao_que_aparece_no_processo(client, deputado, operador):
    processo = protocolar(operador)
    client.force_login(deputado)

    resposta = client.post(
        f"/processos/{processo.slug}/manifestacao/", {"texto": "  Apoio a emancipação.  "}
    )

    assert resposta.status_code == 302
    manifestacao = Manifestacao.objects.get(processo=processo)
    assert (manifestacao.deputado, manifestacao.texto) == (deputado, "Apoio a emancipação.")
    html = client.get(f"/processos/{processo.slug}/").content.decode()
    assert "Manifestações de Deputados (Art. 22)" in html
    assert "Apoio a emancipação." in html and "Davi Deputado" in html


def test_manifestacao_vazia_e_recusada_sem_gravar(client, deputado, operador):
    processo = protocolar(operador)
    client.force_login(deputado)

    resposta = client.post(f"/processos/{processo.slug}/manifestacao/", {"texto": "   "})

    assert resposta.status_code == 400
    assert "Este campo é obrigatório." in resposta.content.decode()
    assert not Manifestacao.objects.exists()


def test_pagina_do_processo_oferece_manifestacao_so_ao_deputado(
    client, deputado, servidor, operador
):
    processo = protocolar(operador)
    url = f"/processos/{processo.slug}/manifestacao/"
    client.force_login(deputado)
    assert url in client.get(f"/processos/{processo.slug}/").content.decode()
    client.force_login(servidor)
    assert url not in client.get(f"/processos/{processo.slug}/").content.decode()
