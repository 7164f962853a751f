"""Guardas calculadas pelas regras de `requisitos`: Art. 6º na apresentação do PL, Art. 8º no
rito da revisão de limites. (O Art. 2º, lido das certidões, em tests/instrucao.)"""

from datetime import date
from decimal import Decimal

import pytest
from django.core.management import call_command

from processos.estados import Estado
from processos.models import Andamento, AtoRecusado, Processo
from processos.services import DadosProtocolo, praticar_ato, protocolar_processo
from requisitos.models import Municipio, ValorAdicionado
from tests.processos.construtores import ANO_VA, completar_tabela_va, semear_oficios
from tests.representacao.construtores import juntar_certidao_ibge

HOJE = date.today()


@pytest.fixture
def municipios(db):
    call_command("carregar_municipios", verbosity=0)
    # Tabela da SEFAZ do último exercício encerrado: os 12 primeiros com VA de 1 a 12
    # milhões; média dos 10 menores = 5,5 milhões.
    for i, m in enumerate(Municipio.objects.order_by("codigo_ibge")[:12], start=1):
        ValorAdicionado.objects.create(municipio=m, exercicio=ANO_VA, valor=Decimal(i * 1_000_000))
    completar_tabela_va()  # os demais municípios do Estado, fora dos dez menores
    return Municipio.objects


def _processo(usuario, tipo="criacao", nome="Vila Rica do Norte", origens=("Tapurah",), **campos):
    return protocolar_processo(
        usuario=usuario,
        dados=DadosProtocolo(
            tipo=tipo,
            nome_proposto=nome,
            sede_proposta=nome,
            municipios_origem=list(Municipio.objects.filter(nome__in=origens)),
            forma_encaminhamento="comunidade",
            data_leitura_expediente=HOJE,
            **campos,
        ),
    )


def _em(processo, estado, usuario, condicoes=True):
    """Coloca o processo no estado, com a visita registrada (Art. 2º, V)."""
    Andamento.objects.create(
        processo=processo,
        ato="registrar_visita",
        estado_origem=Estado.EM_INSTRUCAO,
        estado_destino=Estado.VISITA_REALIZADA,
        usuario=usuario,
        data_ato=HOJE,
        dados={"condicoes_instalacao": condicoes},
    )
    Processo.objects.filter(pk=processo.pk).update(estado=estado)


def _figuras(**mudancas):
    figuras = {
        "exercicio_va": ANO_VA,
        "populacao": 4000,
        "eleitores": 800,
        "casas_centro_urbano": 201,
        "valor_adicionado": Decimal("5500000.01"),
        "continuidade_territorial": True,
        "remanescentes": [
            {
                "codigo_ibge": 5108006,
                "nome": "Tapurah",
                "populacao": 9000,
                "eleitores": 5000,
                "casas_centro_urbano": 900,
                "valor_adicionado": Decimal("90000000"),
            }
        ],
    }
    remanescente = mudancas.pop("remanescente", {})
    figuras.update(mudancas)
    figuras["remanescentes"][0].update(remanescente)
    return figuras


def _parecer(processo, usuario, conclusao, figuras):
    return praticar_ato(
        processo_id=processo.pk,
        nome_ato="emitir_parecer_merito",
        usuario=usuario,
        data_ato=HOJE,
        dados={"conclusao": conclusao, "texto_parecer": "Parecer.", "figuras_art2": figuras},
    )


def _em_elaboracao_pl(processo, usuario) -> None:
    """Atalho: o processo em Elaboração do PL, com o parecer que aprovou o plebiscito (que o
    PL exige, Art. 20, § 1º)."""
    Processo.objects.filter(pk=processo.pk).update(estado=Estado.ELABORACAO_PL)
    # As certidões respondidas, com a parcela do ICMS que o PL imprime (Art. 7º, V).
    semear_oficios(processo, usuario, respondidos=True)
    juntar_certidao_ibge(processo, usuario)  # a informação do IBGE do Art. 6º, § 1º
    Andamento.objects.create(
        processo=processo,
        ato="emitir_parecer_resultado",
        estado_origem=Estado.RESULTADO_EM_ANALISE,
        estado_destino=Estado.ELABORACAO_PL,
        usuario=usuario,
        data_ato=date(2020, 3, 2),
        dados={"apuracao": {"aprovado": True}},
    )


def _pl(processo, usuario, **dados):
    return praticar_ato(
        processo_id=processo.pk,
        nome_ato="apresentar_pl",
        usuario=usuario,
        data_ato=HOJE,
        dados={"numero_pl": "10/2026", "data_sessao_ordem_do_dia": HOJE, **dados},
    )


def test_pl_com_nome_repetido_no_pais_e_recusado_pelo_art_6(municipios, presidente):
    processo = _processo(presidente, nome="Sorriso", origens=("Sinop",))
    _em_elaboracao_pl(processo, presidente)
    with pytest.raises(AtoRecusado, match="Art. 6º"):
        _pl(processo, presidente, declara_pessoa_viva=True)


def test_pl_com_nome_de_data_e_recusado(municipios, presidente):
    processo = _processo(presidente, nome="Sete de Setembro do Norte", origens=("Sinop",))
    _em_elaboracao_pl(processo, presidente)
    with pytest.raises(AtoRecusado, match="Art. 6º"):
        _pl(processo, presidente, declara_pessoa_viva=True)


def test_pl_com_nome_valido_exige_a_declaracao_de_pessoa_viva(municipios, presidente):
    processo = _processo(presidente, nome="Vila Rica do Norte", origens=("Sinop",))
    _em_elaboracao_pl(processo, presidente)
    with pytest.raises(AtoRecusado, match="pessoa viva"):
        _pl(processo, presidente)
    andamento = _pl(processo, presidente, declara_pessoa_viva=True)
    assert andamento.dados["toponimia"]["valido"] is True
    assert Processo.objects.get(pk=processo.pk).estado == Estado.PL_EM_ORDEM_DO_DIA


@pytest.mark.parametrize(
    ("area_movida", "dispensado"),
    [(Decimal("200.000"), True), (Decimal("200.100"), False)],  # 20 % de 1.000 km² (Art. 8º)
)
def test_revisao_de_limites_pula_o_plebiscito_ate_20_por_cento(
    municipios, servidor, area_movida, dispensado
):
    processo = _processo(
        servidor,
        tipo="revisao_limites",
        nome="Divisa Sinop / Sorriso",
        origens=("Sinop", "Sorriso"),
        area_movida_km2=area_movida,
        area_total_km2=Decimal("1000.000"),
    )
    assert processo.plebiscito_dispensado is dispensado
    assert (Estado.ELABORACAO_PDL in processo.caminho()) is not dispensado
    destino = Estado.ELABORACAO_PL if dispensado else Estado.ELABORACAO_PDL
    assert processo.proximo(Estado.NA_CCJ) == destino
