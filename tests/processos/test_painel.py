"""Painel: o que espera pelo usuário e onde estão os processos (UX, tela 1)."""

from html.parser import HTMLParser

from processos.models import Processo
from tests.processos.construtores import protocolar


class _Cartoes(HTMLParser):
    def __init__(self):
        super().__init__()
        self.valores, self._cartao = {}, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-cartao" in attrs:
            self._cartao = attrs["data-cartao"]
            self.valores[self._cartao] = {"href": attrs["href"], "texto": ""}

    def handle_endtag(self, tag):
        if tag == "a":
            self._cartao = None

    def handle_data(self, data):
        if self._cartao:
            self.valores[self._cartao]["texto"] += data


def _cartoes(client) -> dict:
    leitor = _Cartoes()
    leitor.feed(client.get("/painel/").content.decode())
    return {c: (" ".join(v["texto"].split()), v["href"]) for c, v in leitor.valores.items()}


def _em(processo, estado):
    Processo.objects.filter(pk=processo.pk).update(estado=estado)


def test_painel_conta_o_que_aguarda_cada_perfil(client, servidor, mesa, operador):
    _em(protocolar(operador), "em_instrucao")  # servidor: registrar visita
    _em(protocolar(operador), "em_diligencia")  # servidor: receber na CRT
    _em(protocolar(operador), "deliberacao_plenario")  # Mesa: deliberar
    _em(protocolar(operador), "arquivado")

    client.force_login(servidor)
    cartoes = _cartoes(client)
    assert cartoes["aguardando"] == (
        "2 processos aguardando atos do seu perfil",
        "/processos/?aguardando=on",
    )
    assert cartoes["diligencias"][0] == "1 diligência aberta (Art. 16, parágrafo único)"
    assert cartoes["em_andamento"][0] == "3 processos em andamento"

    client.force_login(mesa)
    assert _cartoes(client)["aguardando"][0] == "1 processo aguardando atos do seu perfil"


def test_lista_filtrada_pelo_cartao_mostra_so_os_processos_que_aguardam(client, servidor, operador):
    visita = protocolar(operador, nome="Vale do Arinos")
    _em(visita, "em_instrucao")
    _em(protocolar(operador, nome="Serra Azul do Norte"), "na_ccj")

    client.force_login(servidor)
    html = client.get("/processos/?aguardando=on").content.decode()

    assert "Vale do Arinos" in html
    assert "Serra Azul do Norte" not in html


def test_lista_aguardando_diz_o_ato_pendente_e_quem_o_pratica(client, servidor, mesa, operador):
    """Cada linha da lista "aguardando" nomeia o ato e o perfil que o pratica."""
    _em(protocolar(operador, nome="Vale do Arinos"), "em_instrucao")
    _em(protocolar(operador, nome="Serra Azul do Norte"), "deliberacao_plenario")

    client.force_login(servidor)
    servidor_ve = client.get("/processos/?aguardando=on").content.decode()
    client.force_login(mesa)
    mesa_ve = client.get("/processos/?aguardando=on").content.decode()

    assert "Aguardando: Registrar visita in loco — Servidor ou Presidente da CRT" in servidor_ve
    assert "Deliberar no Plenário" not in servidor_ve
    assert "Aguardando: Deliberar no Plenário — Secretaria da Mesa" in mesa_ve


def test_lista_nao_diz_aguardando_de_processo_arquivado_nem_concluido(client, servidor, operador):
    _em(protocolar(operador, nome="Vale do Arinos"), "arquivado")
    _em(protocolar(operador, nome="Serra Azul do Norte"), "concluido")

    client.force_login(servidor)
    html = client.get("/processos/").content.decode()

    assert "Vale do Arinos" in html and "Serra Azul do Norte" in html
    assert "data-aguardando" not in html


def test_deputado_ve_o_painel_sem_o_cartao_de_atos(client, deputado, operador):
    protocolar(operador)
    client.force_login(deputado)
    cartoes = _cartoes(client)
    assert "aguardando" not in cartoes
    assert cartoes["em_andamento"][0] == "1 processo em andamento"


def test_entrar_leva_ao_painel(client, servidor):
    resposta = client.post("/entrar/", {"username": "alice", "password": "senha-de-teste-123"})
    assert resposta["Location"] == "/painel/"
