"""Guardas calculadas pelas regras de `requisitos`: Art. 2º (e § 1º) no parecer de mérito da
criação, Art. 6º na apresentação do PL, Art. 8º no rito da revisão de limites."""

from datetime import date
from decimal import Decimal

import pytest
from django.core.management import call_command

from processos.estados import Estado
from processos.models import Andamento, AtoRecusado, Processo
from processos.services import DadosProtocolo, praticar_ato, protocolar_processo
from requisitos.models import Municipio, ValorAdicionado

HOJE = date.today()


@pytest.fixture
def municipios(db):
    call_command("carregar_municipios", verbosity=0)
    # Tabela da SEFAZ de 2024: os 12 primeiros com VA de 1 a 12 milhões; média dos 10
    # menores = 5,5 milhões.
    for i, m in enumerate(Municipio.objects.order_by("codigo_ibge")[:12], start=1):
        ValorAdicionado.objects.create(municipio=m, exercicio=2024, valor=Decimal(i * 1_000_000))
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
        "exercicio_va": 2024,
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


def test_parecer_favoravel_com_requisitos_atendidos_grava_a_avaliacao(municipios, presidente):
    processo = _processo(presidente)
    _em(processo, Estado.AGUARDANDO_PARECER_MERITO, presidente)
    andamento = _parecer(processo, presidente, "favoravel", _figuras())
    avaliacao = andamento.dados["avaliacao_art2"]
    assert avaliacao["atende"] is True
    assert [r["inciso"] for r in avaliacao["requisitos"]][:6] == ["I", "II", "III", "IV", "V", "VI"]
    assert avaliacao["parametros"]["populacao_minima"] == 4000
    assert avaliacao["media_va"]["media"] == "5500000.00"
    assert Processo.objects.get(pk=processo.pk).estado == Estado.DELIBERACAO_PLENARIO


@pytest.mark.parametrize(
    ("mudanca", "citado"),
    [
        ({"populacao": 3999}, "Art. 2º, I"),  # Art. 2º, I: "não inferior a 4.000"
        ({"eleitores": 799}, "Art. 2º, II"),  # 799 × 100 < 20 × 4.000
        ({"casas_centro_urbano": 200}, "Art. 2º, III"),  # "superior a 200"
        ({"valor_adicionado": Decimal("5500000.00")}, "Art. 2º, IV"),  # igual à média: não basta
        ({"continuidade_territorial": False}, "Art. 2º, VI"),
    ],
)
def test_parecer_favoravel_recusado_quando_falta_um_requisito(
    municipios, presidente, mudanca, citado
):
    processo = _processo(presidente)
    _em(processo, Estado.AGUARDANDO_PARECER_MERITO, presidente)
    with pytest.raises(AtoRecusado) as erro:
        _parecer(processo, presidente, "favoravel", _figuras(**mudanca))
    assert "Parecer favorável recusado" in str(erro.value)
    assert citado in str(erro.value)
    assert Processo.objects.get(pk=processo.pk).estado == Estado.AGUARDANDO_PARECER_MERITO
    assert not Andamento.objects.filter(processo=processo, ato="emitir_parecer_merito").exists()


def test_parecer_favoravel_recusado_sem_condicoes_de_instalacao_na_visita(municipios, presidente):
    processo = _processo(presidente)
    _em(processo, Estado.AGUARDANDO_PARECER_MERITO, presidente, condicoes=False)
    with pytest.raises(AtoRecusado, match="Art. 2º, V"):
        _parecer(processo, presidente, "favoravel", _figuras())


def test_paragrafo_1_recusa_quando_so_o_remanescente_perde_requisito(municipios, presidente):
    processo = _processo(presidente)
    _em(processo, Estado.AGUARDANDO_PARECER_MERITO, presidente)
    with pytest.raises(AtoRecusado) as erro:
        _parecer(processo, presidente, "favoravel", _figuras(remanescente={"populacao": 3999}))
    assert "Tapurah (remanescente, Art. 2º, § 1º" in str(erro.value) or "§ 1º" in str(erro.value)


def test_parecer_contrario_registrado_mesmo_sem_requisitos(municipios, presidente):
    processo = _processo(presidente)
    _em(processo, Estado.AGUARDANDO_PARECER_MERITO, presidente)
    andamento = _parecer(processo, presidente, "contrario", _figuras(eleitores=410, populacao=4071))
    assert andamento.dados["avaliacao_art2"]["atende"] is False
    assert Processo.objects.get(pk=processo.pk).estado == Estado.DELIBERACAO_PLENARIO


def test_sem_tabela_do_va_o_parecer_pede_a_importacao(municipios, presidente):
    processo = _processo(presidente)
    _em(processo, Estado.AGUARDANDO_PARECER_MERITO, presidente)
    with pytest.raises(AtoRecusado, match="Importe a tabela da SEFAZ"):
        _parecer(processo, presidente, "favoravel", _figuras(exercicio_va=2019))


def test_pagina_do_processo_mostra_a_tabela_do_art_2(municipios, presidente, client):
    processo = _processo(presidente)
    _em(processo, Estado.AGUARDANDO_PARECER_MERITO, presidente)
    _parecer(processo, presidente, "contrario", _figuras(eleitores=410, populacao=4071))
    client.force_login(presidente)
    html = client.get(f"/processos/{processo.slug}/").content.decode()
    assert "Art. 2º — avaliação do parecer de mérito" in html
    assert "4.071" in html and "Não atende" in html
    assert "Tapurah após o desmembramento" in html


def _em_elaboracao_pl(processo, usuario) -> None:
    """Atalho: o processo em Elaboração do PL, com o parecer que aprovou o plebiscito (que o
    PL exige, Art. 20, § 1º)."""
    Processo.objects.filter(pk=processo.pk).update(estado=Estado.ELABORACAO_PL)
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


def test_formulario_do_parecer_de_merito_pede_os_numeros_de_cada_municipio_de_origem(
    municipios, presidente, client
):
    processo = _processo(presidente, origens=("Tapurah", "Sorriso"))
    _em(processo, Estado.AGUARDANDO_PARECER_MERITO, presidente)
    client.force_login(presidente)
    html = client.get(f"/processos/{processo.slug}/atos/emitir-parecer-merito/").content.decode()
    assert "População estimada da área (Art. 2º, I)" in html
    assert "Tapurah após o desmembramento: população (Art. 2º, § 1º)" in html
    assert "Sorriso após o desmembramento: valor adicionado (Art. 2º, § 1º)" in html
    assert '<option value="2024">2024</option>' in html


def test_formulario_do_parecer_de_merito_recusa_numeros_invalidos_sem_gravar(
    municipios, presidente, client
):
    processo = _processo(presidente)
    _em(processo, Estado.AGUARDANDO_PARECER_MERITO, presidente)
    client.force_login(presidente)
    resposta = client.post(
        f"/processos/{processo.slug}/atos/emitir-parecer-merito/",
        {
            "data_ato": HOJE.strftime("%d/%m/%Y"),
            "estado_esperado": processo.estado,
            "conclusao": "favoravel",
            "texto_parecer": "x",
            "exercicio_va": "2024",
            "populacao": "-5",
            "eleitores": "muitos",
            "casas_centro_urbano": "201",
            "valor_adicionado": "1e400",
            "continuidade_territorial": "sim",
        },
    )
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "Certifique-se que este valor seja maior ou igual a 0." in html
    assert "Informe um número inteiro." in html
    assert not Andamento.objects.filter(processo=processo, ato="emitir_parecer_merito").exists()
