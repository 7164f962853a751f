"""O plebiscito decide pelos votos (Art. 11, Art. 20, § 1º): o resultado por unidade, o
veredito da regra que governa como guarda, a retificação em nova versão e a defesa do
serviço contra números inconsistentes."""

from datetime import date
from unittest import mock

import pytest

from plebiscito.models import Resultado
from processos.models import AtoRecusado, Processo
from processos.services import motivos_indisponivel
from tests.plebiscito.conftest import vigorar
from tests.processos.construtores import (
    DADOS,
    JUSTIFICATIVA,
    TABOCAO,
    dados_resultado,
    praticar,
    processo_no_estado,
    recarregar,
)

# O caso relatado: rejeitado pela regra literal (1.200 × 2 = 2.400 ≤ 2.719), aprovado pela
# maioria simples (1.200 > 250) e pela maioria do comparecimento (2.400 > 1.500).
RELATADO = {"inscritos": 2719, "comparecimento": 1500, "sim": 1200, "nao": 250}
RELATADO |= {"brancos": 30, "nulos": 20}


@pytest.fixture(autouse=True)
def sem_pdf():
    """Os PDFs são conferidos em test_parecer_pdf.py; aqui, só o estado e o registro."""
    with mock.patch("processos.services.emitir_documentos_do_ato"):
        yield


def no_tre(operador, variante="criacao", **campos) -> Processo:
    return processo_no_estado(operador, variante, "plebiscito_no_tre", **campos)


def registrar(processo, operador, numeros=None, **por_unidade):
    return praticar(
        processo,
        operador,
        "registrar_resultado",
        dados=dados_resultado(processo, numeros, **por_unidade),
    )


def parecer(processo, operador, **dados):
    return praticar(
        processo,
        operador,
        "emitir_parecer_resultado",
        dados=dict(DADOS["emitir_parecer_resultado"][""]) | dados,
    )


def test_caso_relatado_com_a_regra_literal_arquiva(operador):
    processo = no_tre(operador)
    registrar(processo, operador, RELATADO)

    andamento = parecer(processo, operador)

    assert andamento.estado_destino == "arquivado" == recarregar(processo).estado
    apuracao = andamento.dados["apuracao"]
    assert (apuracao["regra"], apuracao["aprovado"]) == ("lc23_literal", False)
    assert apuracao["vereditos"] == {
        "lc23_literal": False,
        "maioria_simples_validos": True,
        "maioria_comparecimento": True,
    }
    assert andamento.dados["conclusao"] == "contrario"


def test_caso_relatado_com_maioria_simples_em_vigor_segue_ao_projeto_de_lei(operador):
    vigorar("regra_plebiscito", "maioria_simples_validos")
    processo = no_tre(operador)
    registrar(processo, operador, RELATADO)

    andamento = parecer(processo, operador)

    assert andamento.estado_destino == "elaboracao_pl"
    assert andamento.dados["apuracao"]["regra"] == "maioria_simples_validos"
    assert andamento.dados["apuracao"]["parametros"]["regra_plebiscito"] == (
        "maioria_simples_validos"
    )


@pytest.mark.parametrize(
    "regra", ["lc23_literal", "maioria_simples_validos", "maioria_comparecimento"]
)
def test_tabocao_2018_aprova_sob_qualquer_regra(operador, regra):
    vigorar("regra_plebiscito", regra)
    processo = no_tre(operador)
    registrar(processo, operador, TABOCAO)

    andamento = parecer(processo, operador)

    assert andamento.estado_destino == "elaboracao_pl"
    assert set(andamento.dados["apuracao"]["vereditos"].values()) == {True}
    assert andamento.dados["apuracao"]["totais"] == TABOCAO


@pytest.mark.parametrize(
    ("sim", "nao", "destino"),
    [(500, 500, "arquivado"), (501, 499, "elaboracao_pl")],
)
def test_regra_literal_metade_exata_dos_inscritos_nao_aprova(operador, sim, nao, destino):
    """Art. 11, § 2º: "maioria absoluta dos eleitores inscritos" — 500 de 1.000 não é."""
    processo = no_tre(operador)
    registrar(
        processo,
        operador,
        {
            "inscritos": 1000,
            "comparecimento": 1000,
            "sim": sim,
            "nao": nao,
            "brancos": 0,
            "nulos": 0,
        },
    )

    assert parecer(processo, operador).estado_destino == destino


def test_abrangencia_dos_municipios_envolvidos_conta_o_remanescente(operador, sorriso):
    vigorar("abrangencia_plebiscito", "municipios_envolvidos")
    processo = no_tre(operador, municipios=[sorriso])
    area = "Área a desmembrar (futuro Município de Nova Fronteira do Norte)"
    remanescente = "Sorriso (território remanescente)"
    contra = {"inscritos": 50_000, "comparecimento": 30_000, "sim": 1000, "nao": 29_000}
    contra |= {"brancos": 0, "nulos": 0}

    registrar(processo, operador, TABOCAO, **{remanescente: contra})
    andamento = parecer(processo, operador)

    unidades = {u.nome: u for u in Resultado.objects.vigente(processo).unidades.all()}
    assert set(unidades) == {area, remanescente}
    assert not unidades[remanescente].area_desmembrada
    assert andamento.dados["apuracao"]["totais"]["inscritos"] == 2719 + 50_000
    assert andamento.estado_destino == "arquivado"


def test_abrangencia_da_area_exige_so_a_area(operador, sorriso):
    processo = no_tre(operador, municipios=[sorriso])
    registrar(processo, operador, TABOCAO)

    unidades = list(Resultado.objects.vigente(processo).unidades.values_list("nome", flat=True))
    assert unidades == ["Área a desmembrar (futuro Município de Nova Fronteira do Norte)"]
    assert parecer(processo, operador).estado_destino == "elaboracao_pl"


def test_fusao_com_a_sede_rejeitada_arquiva(operador, sorriso, sinop):
    processo = no_tre(operador, "fusao", municipios=[sorriso, sinop], nome="Sinop")
    dados = dados_resultado(processo)
    for unidade in dados["unidades"]:  # fusão aprovada; sede: 500 × 2 ≤ 2.719, 500 ≤ 1.500
        unidade |= {"sede_sim": 500, "sede_nao": 1500, "sede_brancos": 100, "sede_nulos": 75}
    praticar(processo, operador, "registrar_resultado", dados=dados)

    andamento = parecer(processo, operador)

    assert [u["nome"] for u in dados["unidades"]] == ["Sinop", "Sorriso"]
    assert andamento.dados["apuracao"]["leituras"][0]["aprovado"] is True
    assert andamento.dados["apuracao"]["leituras_sede"][0]["aprovado"] is False
    assert andamento.estado_destino == "arquivado"


def test_fusao_sem_a_pergunta_da_sede_e_recusada(operador, sorriso, sinop):
    processo = no_tre(operador, "fusao", municipios=[sorriso, sinop], nome="Sinop")
    dados = dados_resultado(processo)
    for unidade in dados["unidades"]:
        for campo in ("sede_sim", "sede_nao", "sede_brancos", "sede_nulos"):
            unidade.pop(campo)

    with pytest.raises(AtoRecusado, match="pergunta sobre a sede"):
        praticar(processo, operador, "registrar_resultado", dados=dados)
    assert not Resultado.objects.exists()


@pytest.mark.parametrize(
    ("alteracao", "trecho"),
    [
        ({"nulos": 49}, "deve ser igual ao comparecimento"),
        ({"inscritos": 2000}, "não pode superar"),
        ({"sim": -1, "nao": 526}, "não pode ser negativo"),
        ({"sim": 1561.0}, "inteiro"),
    ],
)
def test_servico_recusa_numeros_inconsistentes_sem_gravar(operador, alteracao, trecho):
    processo = no_tre(operador)

    with pytest.raises(AtoRecusado, match=trecho):
        registrar(processo, operador, TABOCAO | alteracao)

    assert recarregar(processo).estado == "plebiscito_no_tre"
    assert not Resultado.objects.exists()
    assert not processo.andamentos.filter(ato="registrar_resultado").exists()


@pytest.mark.parametrize("erro", ["falta", "sobra", "repetida"])
def test_servico_recusa_unidades_diferentes_das_exigidas(operador, erro):
    processo = no_tre(operador)
    dados = dados_resultado(processo)
    extra = dict(dados["unidades"][0], nome="Distrito vizinho")
    dados["unidades"] = {
        "falta": [],
        "sobra": dados["unidades"] + [extra],
        "repetida": dados["unidades"] * 2,
    }[erro]

    with pytest.raises(AtoRecusado, match="exatamente as unidades"):
        praticar(processo, operador, "registrar_resultado", dados=dados)
    assert not Resultado.objects.exists()


def test_leitura_em_plenario_depois_do_ato_e_recusada(operador):
    processo = no_tre(operador)
    dados = dados_resultado(processo) | {"data_leitura_plenario": date(2099, 1, 1)}

    with pytest.raises(AtoRecusado, match="Plenário"):
        praticar(processo, operador, "registrar_resultado", dados=dados)


def test_segundo_registro_do_resultado_e_recusado(operador):
    processo = no_tre(operador)
    registrar(processo, operador)
    Processo.objects.filter(pk=processo.pk).update(estado="plebiscito_no_tre")

    with pytest.raises(AtoRecusado, match="Retificar resultado"):
        registrar(processo, operador, RELATADO)
    assert Resultado.objects.filter(processo=processo).count() == 1


def test_retificacao_cria_nova_versao_e_o_parecer_usa_a_vigente(operador):
    processo = no_tre(operador)
    registrar(processo, operador, TABOCAO)

    praticar(
        processo,
        operador,
        "retificar_resultado",
        dados=dados_resultado(processo, RELATADO),
        justificativa="O TRE corrigiu a apuração.",
    )
    andamento = parecer(processo, operador)

    versoes = list(Resultado.objects.filter(processo=processo).order_by("versao"))
    assert [v.versao for v in versoes] == [1, 2]
    assert versoes[0].unidades.get().sim == 1561  # a anterior continua registrada
    assert versoes[1].andamento.justificativa == "O TRE corrigiu a apuração."
    assert andamento.dados["apuracao"]["versao_resultado"] == 2
    assert andamento.estado_destino == "arquivado"


def test_retificacao_exige_justificativa(operador):
    processo = processo_no_estado(operador, "criacao", "resultado_em_analise")

    with pytest.raises(AtoRecusado, match="exige justificativa"):
        praticar(
            processo,
            operador,
            "retificar_resultado",
            dados=dados_resultado(processo),
            justificativa=" ",
        )
    assert Resultado.objects.filter(processo=processo).count() == 1


def test_parecer_com_formulario_anterior_a_retificacao_e_recusado(operador):
    processo = no_tre(operador)
    registrar(processo, operador, TABOCAO)
    praticar(processo, operador, "retificar_resultado", dados=dados_resultado(processo, RELATADO))

    with pytest.raises(AtoRecusado, match="retificado enquanto"):
        parecer(processo, operador, versao_resultado=1)
    assert recarregar(processo).estado == "resultado_em_analise"
    assert not processo.andamentos.filter(ato="emitir_parecer_resultado").exists()


def test_parecer_sem_resultado_registrado_nao_esta_disponivel(operador):
    processo = no_tre(operador)
    Processo.objects.filter(pk=processo.pk).update(estado="resultado_em_analise")  # atalho

    motivos = motivos_indisponivel(recarregar(processo), "emitir_parecer_resultado")

    assert motivos == ["Não há resultado do plebiscito registrado neste processo (Art. 20)."]
    with pytest.raises(AtoRecusado):
        parecer(processo, operador)


def test_abrangencia_alterada_depois_do_registro_exige_retificar(operador, sorriso):
    processo = no_tre(operador, municipios=[sorriso])
    registrar(processo, operador, TABOCAO)
    vigorar("abrangencia_plebiscito", "municipios_envolvidos", desde=date.today())

    motivos = motivos_indisponivel(recarregar(processo), "emitir_parecer_resultado")

    assert "Sorriso (território remanescente)" in motivos[0]
    assert "retifique o resultado" in motivos[0]


def test_fases_no_tre_sao_registradas_sem_mudar_o_estado(operador):
    processo = no_tre(operador)
    dados = dict(DADOS["registrar_fase_tre"][""], fase="recusado", referencia="Acórdão 9/2026")

    andamento = praticar(processo, operador, "registrar_fase_tre", dados=dados)

    fase = processo.fases_tre.get()
    assert (fase.fase, fase.referencia, fase.andamento) == ("recusado", "Acórdão 9/2026", andamento)
    assert andamento.estado_origem == andamento.estado_destino == "plebiscito_no_tre"
    assert recarregar(processo).estado == "plebiscito_no_tre"
    assert andamento.justificativa == JUSTIFICATIVA


def test_projeto_de_lei_exige_o_parecer_que_aprovou_o_plebiscito(operador):
    """Segunda barreira: um processo de criação em Elaboração do PL sem o veredito aprovado
    (desarquivamento, atalho, dado antigo) não apresenta o PL."""
    processo = no_tre(operador)
    registrar(processo, operador, RELATADO)
    parecer(processo, operador)  # rejeitado: arquivado
    Processo.objects.filter(pk=processo.pk).update(estado="elaboracao_pl")

    motivos = motivos_indisponivel(recarregar(processo), "apresentar_pl")

    assert any("Art. 20, § 1º" in m for m in motivos)
    with pytest.raises(AtoRecusado):
        praticar(recarregar(processo), operador, "apresentar_pl")


def test_projeto_de_lei_segue_apos_o_parecer_que_aprovou(operador):
    processo = no_tre(operador)
    registrar(processo, operador, TABOCAO)
    parecer(processo, operador)

    assert motivos_indisponivel(recarregar(processo), "apresentar_pl") == []


def test_nome_retificado_depois_do_resultado_nao_desfaz_a_unidade_da_area(operador):
    processo = no_tre(operador)
    registrar(processo, operador, TABOCAO)
    processo = recarregar(processo)
    praticar(
        processo,
        operador,
        "retificar_dados",
        dados={"nome_proposto": "Vale do Arinos", "sede_proposta": "Vale do Arinos"},
    )

    assert motivos_indisponivel(recarregar(processo), "emitir_parecer_resultado") == []
    assert parecer(processo, operador).estado_destino == "elaboracao_pl"
