"""`carregar_demo`: casos históricos com as datas e os números públicos, casos
fictícios com nomes que não existem no País, datas coerentes — e rodar duas vezes não duplica."""

import pytest
from django.core.management import call_command
from django.utils import timezone

from processos.estados import TIPOS_COM_NOME_NOVO
from processos.models import Andamento, Processo
from requisitos.models import parametros_em_vigor
from requisitos.toponimia import avaliar_toponimo

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(settings, municipios):
    settings.DEBUG = True
    call_command("carregar_demo", verbosity=0)


def _retrato():
    return sorted(
        (p.ano, p.numero, p.tipo, p.nome_proposto, p.estado, p.andamentos.count())
        for p in Processo.objects.all()
    )


def test_rodar_duas_vezes_nao_duplica_nem_falha(demo):
    antes = (_retrato(), Andamento.objects.count())
    call_command("carregar_demo", verbosity=0)
    assert (_retrato(), Andamento.objects.count()) == antes


def test_casos_historicos_com_datas_e_numeros_reais(demo):
    leste = Processo.objects.get(nome_proposto="Santo Antônio do Leste")
    assert leste.resumo.startswith("Dados de demonstração — caso histórico")
    assert "410 eleitores" in leste.resumo and "4.071 habitantes" in leste.resumo
    assert leste.estado == "arquivado" and leste.data_leitura_expediente.year == 1995
    for nome, lei in (("Itanhangá", "7.266"), ("Ipiranga do Norte", "7.265")):
        processo = Processo.objects.get(nome_proposto=nome)
        assert "Decreto Legislativo 2.944, de 24/02/2000" in processo.resumo
        assert f"Lei {lei}, de 29/03/2000" in processo.resumo
        assert str(processo.data_leitura_expediente) == "2000-02-24"
        assert [o.nome for o in processo.municipios_origem.all()] == ["Tapurah"]
    boa = Processo.objects.get(nome_proposto="Boa Esperança do Norte")
    assert "plebiscito em 19/03/2000" in boa.resumo.lower() and "Lei 7.264" in boa.resumo
    assert {o.nome for o in boa.municipios_origem.all()} == {"Nova Ubiratã", "Sorriso"}
    fim = boa.andamentos.first()
    assert str(fim.data_ato) == "2000-03-29" and "Lei 7.264" in fim.justificativa


def test_ficticios_cobrem_os_tipos_e_os_estados_com_nomes_livres(demo):
    ficticios = Processo.objects.filter(resumo__startswith="Demonstração fictícia")
    assert set(ficticios.values_list("tipo", flat=True)) == {
        "criacao",
        "fusao",
        "incorporacao",
        "extincao",
        "revisao_limites",
        "alteracao_nome",
    }
    assert {
        "protocolada",
        "em_diligencia",
        "em_instrucao",
        "aguardando_certidoes",
        "plebiscito_no_tre",
        "resultado_em_analise",
        "arquivado",
    } <= set(ficticios.values_list("estado", flat=True))
    parametros = parametros_em_vigor()
    for processo in ficticios.filter(tipo__in=TIPOS_COM_NOME_NOVO):
        veredito = avaliar_toponimo(processo.nome_proposto, parametros)
        assert not veredito.homonimos, processo.nome_proposto
        assert veredito.valido, (processo.nome_proposto, veredito.problemas)
    rotulos = ("Demonstração fictícia", "Dados de demonstração — caso histórico")
    assert all(p.resumo.startswith(rotulos) for p in Processo.objects.all())


def test_datas_coerentes_nenhum_ato_futuro_nem_antes_do_expediente(demo):
    hoje = timezone.localdate()
    for processo in Processo.objects.all():
        datas = list(
            processo.andamentos.order_by("registrado_em", "id").values_list("data_ato", flat=True)
        )
        assert datas[0] == processo.data_leitura_expediente
        assert datas == sorted(datas), processo.nome_proposto
        assert datas[-1] <= hoje
        if processo.resumo.startswith("Demonstração fictícia"):
            assert timezone.localtime(processo.criado_em).date() == processo.data_leitura_expediente
