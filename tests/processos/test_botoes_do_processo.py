"""Os botões da página do processo: exatamente os atos que o papel pode na etapa, e os
indisponíveis desabilitados com o motivo."""

from html.parser import HTMLParser

import pytest

from processos.papeis import PRESIDENTE, SERVIDOR
from tests.processos.construtores import (
    processo_no_estado,
    protocolar_instruido,
    usuario_com_papeis,
)

# --- os botões da página do processo -----------------------------------------------------------


class _Acoes(HTMLParser):
    """Lê a seção "Ações disponíveis": links habilitados e botões desabilitados com motivo."""

    def __init__(self):
        super().__init__()
        self.na_secao = False
        self.habilitados, self.desabilitados, self.motivos = {}, {}, {}
        self._atual = None
        self.texto = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section" and "acoes" in (attrs.get("class") or ""):
            self.na_secao = True
        if not self.na_secao:
            return
        if tag == "a" and "/atos/" in (attrs.get("href") or ""):
            self._atual = (self.habilitados, attrs["href"].rstrip("/").rsplit("/", 1)[1])
        elif tag == "button" and "disabled" in attrs:
            self._atual = (self.desabilitados, attrs["aria-describedby"].removeprefix("motivo-"))
        elif tag == "span" and (attrs.get("id") or "").startswith("motivo-"):
            self._atual = (self.motivos, attrs["id"].removeprefix("motivo-"))

    def handle_endtag(self, tag):
        if tag == "section":
            self.na_secao = False
        if tag in ("a", "button", "span"):
            self._atual = None

    def handle_data(self, data):
        if self.na_secao:
            self.texto += data
        if self._atual:
            destino, chave = self._atual
            destino[chave] = (destino.get(chave, "") + data).strip()


# Os atos do Art. 23 (liberar e revogar informação) cabem em toda etapa e o Deputado autor
# também os pratica: os botões deles são conferidos em tests/transparencia. O recálculo da
# conferência territorial (Art. 15, II) cabe em todo estado em andamento e depende do mapa
# e das edições da malha carregadas: conferido em tests/territorio.
ATOS_ART23 = ("liberar-informacao", "revogar-liberacao", "recalcular-territorio")


def _acoes(client, processo) -> _Acoes:
    leitor = _Acoes()
    leitor.feed(client.get(f"/processos/{processo.slug}/").content.decode())
    for botoes in (leitor.habilitados, leitor.desabilitados, leitor.motivos):
        for slug in ATOS_ART23:
            botoes.pop(slug, None)
    return leitor


@pytest.mark.parametrize(
    ("papel", "habilitados"),
    [
        (
            "servidor",
            {
                "baixar-em-diligencia": "Baixar em diligência",
                "receber-na-crt": "Receber na CRT",
                "retificar-dados": "Retificar dados do processo",
            },
        ),
        (
            "presidente",
            {
                "baixar-em-diligencia": "Baixar em diligência",
                "receber-na-crt": "Receber na CRT",
                "arquivar": "Arquivar",
                "sobrestar": "Sobrestar",
                "retificar-dados": "Retificar dados do processo",
            },
        ),
        ("mesa", {}),
        ("deputado", {}),
    ],
)
def test_pagina_mostra_exatamente_os_botoes_dos_atos_que_o_usuario_pode(
    papel, habilitados, como, operador
):
    processo = protocolar_instruido(operador)
    client, _ = como(papel)

    acoes = _acoes(client, processo)

    assert acoes.habilitados == habilitados
    assert acoes.desabilitados == {}
    if not habilitados:
        assert "Nenhum ato disponível para o seu perfil nesta etapa." in acoes.texto
    if papel == "deputado":
        assert "Deputados têm vista ao processo, com voz e sem voto (Art. 22)." in acoes.texto


def test_pagina_mostra_ato_com_guarda_falhando_desabilitado_e_com_o_motivo(client, presidente):
    processo = processo_no_estado(presidente, "criacao", "em_instrucao")
    client.force_login(presidente)

    acoes = _acoes(client, processo)

    assert set(acoes.habilitados) == {
        "baixar-em-diligencia",
        "registrar-visita",
        "arquivar",
        "sobrestar",
        "retificar-dados",
    }
    assert acoes.habilitados["registrar-visita"] == "Registrar visita in loco"
    assert acoes.desabilitados == {"emitir-parecer-preliminar": "Emitir parecer preliminar"}
    assert acoes.motivos["emitir-parecer-preliminar"] == (
        "Indisponível: A visita in loco ainda não foi registrada (Art. 17, I)."
    )


def test_alteracao_de_nome_oferece_o_parecer_preliminar_sem_visita(client, presidente):
    processo = processo_no_estado(presidente, "alteracao_nome", "em_instrucao")
    client.force_login(presidente)

    acoes = _acoes(client, processo)

    assert acoes.habilitados["emitir-parecer-preliminar"] == "Emitir parecer preliminar"
    assert acoes.desabilitados == {}


def test_pagina_explica_por_que_o_projeto_de_lei_nao_pode_ser_apresentado(client, presidente):
    processo = processo_no_estado(
        presidente, "criacao", "elaboracao_pl", nome="Nova Fronteira", sede="Vila Esperança"
    )
    client.force_login(presidente)

    acoes = _acoes(client, processo)

    assert set(acoes.habilitados) == {"arquivar", "sobrestar", "retificar-dados"}
    assert acoes.desabilitados == {"apresentar-pl": "Apresentar Projeto de Lei"}
    assert "O nome do município deve ser o da sede (Art. 7º, I)." in acoes.motivos["apresentar-pl"]


@pytest.mark.parametrize(
    ("estado", "papel", "habilitados", "desabilitados"),
    [
        ("concluido", "presidente", set(), set()),
        ("concluido", "mesa", set(), set()),
        ("arquivado", "presidente", {"desarquivar"}, set()),
        ("sobrestado", "presidente", {"retomar", "arquivar", "retificar-dados"}, set()),
        ("pl_em_ordem_do_dia", "mesa", {"aprovar-pl", "rejeitar-pl"}, set()),
        # Do PL em diante nenhum dado se retifica (Art. 7º, I; Art. 19, § 3º): botão com motivo.
        ("pl_em_ordem_do_dia", "servidor", set(), {"retificar-dados"}),
        ("aguardando_certidoes", "servidor", {"concluir-certidoes", "retificar-dados"}, set()),
    ],
)
def test_botoes_de_cada_etapa_seguem_estado_e_papel(
    estado, papel, habilitados, desabilitados, como, operador
):
    processo = processo_no_estado(operador, "criacao", estado)
    client, _ = como(papel)

    acoes = _acoes(client, processo)

    assert set(acoes.habilitados) == habilitados
    assert set(acoes.desabilitados) == desabilitados


def test_usuario_servidor_e_presidente_ao_mesmo_tempo_tem_os_dois_papeis(client, db):
    usuario = usuario_com_papeis("ana", SERVIDOR, PRESIDENTE)
    processo = processo_no_estado(usuario, "criacao", "protocolada")
    client.force_login(usuario)

    acoes = _acoes(client, processo)

    assert set(acoes.habilitados) == {
        "baixar-em-diligencia",
        "receber-na-crt",
        "arquivar",
        "sobrestar",
        "retificar-dados",
    }
