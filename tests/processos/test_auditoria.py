"""Auditoria: cada ato grava exatamente um Andamento completo; a linha do tempo os mostra do
mais novo ao mais antigo, com o rótulo do ato. E o rito completo de cada tipo, ato a ato."""

import json
import re
from datetime import timedelta
from html.parser import HTMLParser

import pytest
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone

from processos.models import Andamento
from tests.processos.construtores import (
    AVANCO,
    CAMINHOS,
    JUSTIFICATIVA,
    dados_em,
    dados_resultado,
    praticar,
    protocolar,
    protocolar_variante,
    recarregar,
    responder_oficios,
)


def _como_json(dados: dict) -> dict:
    return json.loads(json.dumps(dados, cls=DjangoJSONEncoder))


def test_cada_ato_grava_um_andamento_com_origem_destino_ato_usuario_data_e_dados(
    operador, presidente
):
    processo = protocolar(operador)
    inicio = timezone.localdate() - timedelta(days=len(AVANCO))
    for passo, estado in enumerate(CAMINHOS["criacao"][:-1]):
        nome_ato, conclusao = AVANCO[estado]
        data_ato = inicio + timedelta(days=passo)
        if nome_ato == "concluir_certidoes":
            responder_oficios(processo, operador)
        antes = Andamento.objects.count()

        praticar(
            processo,
            operador,
            nome_ato,
            conclusao,
            data_ato=data_ato,
            justificativa=f"  {nome_ato}: observação.  ",
        )

        assert Andamento.objects.count() == antes + 1
        andamento = processo.andamentos.first()
        assert (
            andamento.ato,
            andamento.estado_origem,
            andamento.estado_destino,
            andamento.usuario,
            andamento.data_ato,
            andamento.justificativa,
        ) == (
            nome_ato,
            estado,
            CAMINHOS["criacao"][passo + 1],
            operador,
            data_ato,
            f"{nome_ato}: observação.",
        )
        gravados = dict(andamento.dados)
        # Avaliações calculadas pelo próprio ato, gravadas junto dos dados informados.
        calculados = {
            c: gravados.pop(c)
            for c in (
                "avaliacao_art2",
                "figuras_art2",
                "certidoes_art2",
                "parametros_aplicados",  # a versão de cada parâmetro do Art. 2º usada
                "participacoes_icms",
                "participacao_icms_total",
                "toponimia",
                "apuracao",
                "abrangencia",
                "numero_oficio",  # Art. 19, § 1º: dado pela numeração dos ofícios da CRT
                "mapas_art15",  # Art. 19, § 3º: a versão travada dos mapas que o PL cita
                "certidao_ibge",  # Art. 6º, § 1º: a informação do IBGE que o PL cita
            )
            if c in gravados
        }
        if nome_ato == "emitir_parecer_resultado":  # a conclusão segue o veredito calculado
            calculados["conclusao"] = gravados.pop("conclusao")
        informados = dados_em(nome_ato, conclusao, data_ato)
        if nome_ato == "registrar_resultado":
            informados = dados_resultado(processo)
            assert calculados["abrangencia"] == "area_desmembrada"
        assert gravados == _como_json(informados)
        if nome_ato == "emitir_parecer_resultado":
            assert calculados["apuracao"]["aprovado"] is True
            assert calculados["conclusao"] == "favoravel"
        if nome_ato == "emitir_parecer_merito":
            assert calculados["avaliacao_art2"]["atende"] is True
        if nome_ato == "apresentar_pl":
            assert calculados["toponimia"]["valido"] is True
        if nome_ato == "encaminhar_ao_tre":
            assert re.fullmatch(r"\d+/\d{4}-CRT", calculados["numero_oficio"])
        assert recarregar(processo).estado == andamento.estado_destino


def test_protocolo_grava_o_primeiro_andamento(operador):
    processo = protocolar(operador)

    andamento = processo.andamentos.get()

    assert (andamento.ato, andamento.estado_origem, andamento.estado_destino) == (
        "protocolar",
        "",
        "protocolada",
    )
    assert andamento.usuario == operador
    assert andamento.data_ato == processo.data_leitura_expediente


def test_ato_que_emite_documentos_grava_um_so_andamento(operador, emissao_real):
    """Atravessa a emissão real do parecer preliminar (documentos/), na mesma transação."""
    processo = protocolar(operador)
    for nome_ato in ("receber_na_crt", "registrar_visita"):
        praticar(processo, operador, nome_ato)

    praticar(processo, operador, "emitir_parecer_preliminar", "solicitar_documentos")

    assert recarregar(processo).estado == "aguardando_certidoes"
    assert processo.andamentos.filter(ato="emitir_parecer_preliminar").count() == 1
    assert processo.andamentos.count() == 4


RITOS = [(v, False) for v in CAMINHOS] + [("alteracao_nome", True)]


@pytest.mark.parametrize(("variante", "pular_visita"), RITOS)
def test_rito_completo_de_cada_tipo_ato_a_ato(variante, pular_visita, operador):
    processo = protocolar_variante(operador, variante)
    percorridos = [processo.estado]
    while processo.estado != "concluido" and len(percorridos) < 30:
        nome_ato, conclusao = AVANCO[processo.estado]
        if pular_visita and processo.estado == "em_instrucao":
            nome_ato, conclusao = "emitir_parecer_preliminar", "solicitar_documentos"
        if nome_ato == "concluir_certidoes":
            responder_oficios(processo, operador)
        praticar(processo, operador, nome_ato, conclusao)
        processo = recarregar(processo)
        percorridos.append(processo.estado)

    esperado = [e for e in CAMINHOS[variante] if not (pular_visita and e == "visita_realizada")]
    assert percorridos == esperado
    assert processo.andamentos.count() == len(esperado)


class _LinhaDoTempo(HTMLParser):
    def __init__(self):
        super().__init__()
        self.itens = []  # (data-ato, texto)
        self._dentro = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "li" and "data-ato" in attrs:
            self.itens.append([attrs["data-ato"], ""])
            self._dentro = 1
        elif self._dentro and tag == "li":
            self._dentro += 1

    def handle_endtag(self, tag):
        if tag == "li" and self._dentro:
            self._dentro -= 1

    def handle_data(self, data):
        if self._dentro:
            self.itens[-1][1] += data


def test_linha_do_tempo_mostra_os_andamentos_do_mais_novo_ao_mais_antigo(client, operador):
    processo = protocolar(operador)
    ontem = timezone.localdate() - timedelta(days=1)
    praticar(processo, operador, "baixar_em_diligencia", data_ato=ontem)
    praticar(processo, operador, "receber_na_crt")
    praticar(processo, operador, "registrar_visita", justificativa="Visita à sede em 12/05.")
    client.force_login(operador)

    leitor = _LinhaDoTempo()
    leitor.feed(client.get(f"/processos/{processo.slug}/").content.decode())

    atos = [ato for ato, _ in leitor.itens]
    assert atos == ["registrar_visita", "receber_na_crt", "baixar_em_diligencia", "protocolar"]
    textos = [" ".join(texto.split()) for _, texto in leitor.itens]
    hoje = timezone.localdate().strftime("%d/%m/%Y")
    assert textos[0].startswith(f"{hoje} — Registrar visita in loco — Otávio Operador")
    assert "(Em instrução na CRT → Visita in loco realizada;" in textos[0]
    assert "Visita à sede em 12/05." in textos[0]
    assert textos[1].startswith(f"{hoje} — Receber na CRT — Otávio Operador")
    assert textos[2].startswith(f"{ontem:%d/%m/%Y} — Baixar em diligência — Otávio Operador")
    assert "Documentos faltantes (Art. 15): Mapa e memorial (Art. 15, II)" in textos[2]
    assert textos[3].startswith("02/03/2020 — Protocolar — Otávio Operador")
    assert JUSTIFICATIVA in textos[1]
