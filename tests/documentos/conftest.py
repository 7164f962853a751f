"""Construtores de processos para os testes de documentos: o processo anda pelos próprios
serviços, ato a ato, e cada ato emite os seus documentos."""

from datetime import date
from decimal import Decimal

import pytest
from django.utils import timezone

from processos.services import DadosProtocolo, praticar_ato, protocolar_processo
from requisitos.models import Municipio, ValorAdicionado
from tests.processos.construtores import (
    ANO_VA,
    completar_tabela_va,
    montar_copia_integral,
    responder_oficios,
)
from tests.representacao.construtores import instruir_representacao

HOSTIL = (
    "<script>alert('x')</script> Relatório com acentuação — ç ã õ é, emoji 🏛️🌳 e uma "
    "palavra enorme " + "Pneumoultramicroscopicossilicovulcanoconiótico" * 12
)


# Números das certidões que atendem ao Art. 2º e ao § 1º (Tapurah, origem do processo);
# a média do VA do último exercício encerrado vem de `tabela_va` (dez municípios de 1 a 10
# milhões: 5,5 milhões).
FIGURAS_ART2 = {
    "exercicio_va": ANO_VA,
    "populacao": 4071,
    "eleitores": 1200,
    "casas_centro_urbano": 350,
    "valor_adicionado": Decimal("7250000.00"),
    "continuidade_territorial": True,
    "remanescentes": [
        {
            "codigo_ibge": 5107958,
            "nome": "Tapurah",
            "populacao": 12000,
            "eleitores": 8000,
            "casas_centro_urbano": 2500,
            "valor_adicionado": Decimal("300000000.00"),
        }
    ],
}


def _hoje() -> str:
    return timezone.localdate().isoformat()


def _atos(texto: str) -> list[tuple[str, str, dict]]:
    hoje = _hoje()
    return [
        (
            "receber_na_crt",
            "servidor",
            {
                "declara_documentos_art15": True,
                "declara_representacao_valida": True,
                "data_distribuicao_deputados": hoje,
                "data_publicacao": hoje,
            },
        ),
        (
            "registrar_visita",
            "servidor",
            {
                "membros_presentes": "Dep. Fulano; Dep. Beltrana",
                "levantamento_socioeconomico": "Comércio e agricultura consolidados.",
                "relatorio_circunstanciado": texto,
                "condicoes_instalacao": True,
            },
        ),
        (
            "emitir_parecer_preliminar",
            "presidente",
            {"conclusao": "solicitar_documentos", "texto_parecer": "Pela solicitação."},
        ),
        ("concluir_certidoes", "servidor", {}),
        (
            "emitir_parecer_merito",
            "presidente",
            # Os números do Art. 2º vêm das certidões (FIGURAS_ART2, em `responder_oficios`).
            {
                "conclusao": "favoravel",
                "texto_parecer": "Requisitos atendidos.",
                "unidade_historico_cultural": "preservada",
                "fundamento_unidade": "Sede e área num só ambiente urbano, ouvida a Cartografia.",
            },
        ),
        (
            "deliberar_plenario",
            "mesa",
            {"resultado": "aprovado", "sessao_numero": "12", "votos_sim": 20, "votos_nao": 2},
        ),
        (
            "registrar_parecer_ccj",
            "mesa",
            {"conclusao": "favoravel", "numero_parecer": "45/2026", "relator": "Dep. Relatora"},
        ),
        (
            "apresentar_pdl",
            "presidente",
            {"numero_pdl": "7/2026", "ementa": "Autoriza o TRE a realizar plebiscito."},
        ),
        (
            "publicar_decreto",
            "mesa",
            {
                "numero_decreto": "2.944",
                "data_aprovacao": hoje,
                "data_diario_oficial": hoje,
            },
        ),
        ("encaminhar_ao_tre", "presidente", {}),
        (
            "registrar_resultado",
            "mesa",
            {
                "oficio_tre": "55/2026",
                "data_oficio_tre": hoje,
                "data_leitura_plenario": hoje,
                "data_consulta": hoje,
                # Tabocão/TO, 2018, na única unidade da abrangência padrão (a área).
                "unidades": [
                    {
                        "nome": "Área a desmembrar (futuro Município de Vale do Arinos)",
                        "area_desmembrada": True,
                        "inscritos": 2719,
                        "comparecimento": 2175,
                        "sim": 1561,
                        "nao": 525,
                        "brancos": 41,
                        "nulos": 48,
                    }
                ],
            },
        ),
        (
            "emitir_parecer_resultado",
            "presidente",
            {"texto_parecer": "Plebiscito aprovado."},
        ),
        (
            "apresentar_pl",
            "presidente",
            {
                "numero_pl": "300/2026",
                "data_sessao_ordem_do_dia": hoje,
                "ano_instalacao": 2029,
                "declara_pessoa_viva": True,
            },
        ),
    ]


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.URL_PUBLICA = "https://emancipacao.al.mt.gov.br"
    return settings.MEDIA_ROOT


@pytest.fixture
def construir(servidor, presidente, mesa, media):
    """construir(ate="apresentar_pdl", texto=...) → o processo depois desse ato."""
    usuarios = {"servidor": servidor, "presidente": presidente, "mesa": mesa}

    def _construir(ate: str | None = None, texto: str = "Visita à sede.", **campos):
        tapurah = Municipio.objects.create(codigo_ibge=5107958, nome="Tapurah")
        for i in range(1, 11):
            ValorAdicionado.objects.create(
                municipio=Municipio.objects.create(codigo_ibge=9900000 + i, nome=f"Fictício {i}"),
                exercicio=ANO_VA,
                valor=Decimal(i * 1_000_000),
            )
        completar_tabela_va()  # a tabela completa do exercício (Art. 2º, IV)
        dados = {
            "tipo": "criacao",
            "nome_proposto": "Vale do Arinos",
            "sede_proposta": "Vale do Arinos",
            "municipios_origem": [tapurah],
            "forma_encaminhamento": "comunidade",
            "data_leitura_expediente": date.today(),
            "divisas": "Começa na foz do Rio Arinos e segue por ele acima até a nascente.",
        }
        dados.update(campos)
        processo = protocolar_processo(usuario=servidor, dados=DadosProtocolo(**dados))
        if ate is None:
            return processo
        for nome, quem, valores in _atos(texto):
            if nome == "concluir_certidoes":
                responder_oficios(processo, servidor, figuras=FIGURAS_ART2)
            if nome == "receber_na_crt":
                instruir_representacao(processo, servidor)
            if nome == "encaminhar_ao_tre":
                montar_copia_integral(processo, presidente)
            praticar_ato(
                processo_id=processo.pk,
                nome_ato=nome,
                usuario=usuarios[quem],
                data_ato=timezone.localdate(),
                dados=valores,
            )
            if nome == ate:
                break
        processo.refresh_from_db()
        return processo

    return _construir
