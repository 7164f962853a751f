"""Art. 10, §§ 1º e 2º: o destino do território do município extinto, conferido pela
evidência que o sistema guarda — a contiguidade na malha municipal (§ 2º, fundamento III) e
a origem registrada do município (§ 1º, fundamentos I e II) —, dos dois lados de cada
fronteira, na regra, no protocolo, na página do processo, no parecer de mérito e no PL.

A malha fictícia (`tests.territorio.malha_ficticia`): A | B sobre C, e D só toca C num canto.
"""

import json
import os

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from shapely.geometry import box, mapping

from documentos.models import Documento
from processos.models import AtoRecusado, Processo
from processos.services import motivos_indisponivel
from representacao.destino import MALHA_NAO_CARREGADA, conferir_destino
from representacao.models import DadosRepresentacao
from requisitos.models import Municipio
from territorio.contiguidade import divisa_comum_km
from territorio.malha import carregar_malha
from territorio.models import OrigemMunicipal
from tests.documentos.auxiliares import sem_espacos, texto
from tests.processos.construtores import DADOS, praticar, processo_no_estado
from tests.representacao.construtores import registrar_origem
from tests.territorio.malha_ficticia import CODIGOS, A, B, C

pytestmark = pytest.mark.django_db

PASTA = os.environ.get("EMANCIPACAO_MALHA_IBGE", "")
D = box(-54.6, -12.4, -54.4, -12.2)  # toca C só no canto (-54,6; -12,2)
FORMAS = {"A": A, "B": B, "C": C, "D": D}
CODIGOS_D = CODIGOS | {"D": 5199904}


@pytest.fixture
def ficticios(db) -> dict[str, Municipio]:
    """Os quatro municípios fictícios na malha carregada como a edição 2024."""
    municipios = {
        n: Municipio.objects.create(codigo_ibge=c, nome=f"Fictício {n}")
        for n, c in CODIGOS_D.items()
    }
    feicoes = [
        {"type": "Feature", "properties": {"codigo_ibge": str(c)}, "geometry": mapping(FORMAS[n])}
        for n, c in CODIGOS_D.items()
    ]
    carregar_malha(
        geojson=json.dumps({"type": "FeatureCollection", "features": feicoes}).encode(),
        tabela="codigo_ibge,area_km2\n" + "".join(f"{c},480.500\n" for c in CODIGOS_D.values()),
        edicao="2024",
        ano=2024,
        fonte="Malha fictícia (teste)",
    )
    return municipios


def _iii(extinto, *destinos):
    return conferir_destino("III", [extinto], list(destinos))


# --- § 2º: contiguidade na malha (regra) -----------------------------------------------------


def test_art_10_par_2_contiguo_na_malha_e_aceito(ficticios):
    """Art. 10, § 2º: B e C partilham divisa com A (22 km cada) — aceitos; a conferência
    diz a edição da malha que usou."""
    conferencia = _iii(ficticios["A"], ficticios["B"], ficticios["C"])

    assert conferencia.erros == () and conferencia.conferida
    assert [(d.nome, d.atende) for d in conferencia.destinos] == [
        ("Fictício B", True),
        ("Fictício C", True),
    ]
    assert conferencia.destinos[0].evidencia.startswith("divisa comum de 22,")
    assert conferencia.edicao_da_malha == "2024"
    assert conferencia.fonte == "malha municipal 2024 (Malha fictícia (teste))"


def test_art_10_par_2_nao_contiguo_e_recusado_nomeando_o_municipio(ficticios):
    conferencia = _iii(ficticios["A"], ficticios["B"], ficticios["D"])

    assert conferencia.erros == (
        "Art. 10, § 2º: os eleitores indicam municípios contíguos ao extinto, e Fictício D "
        "não é contíguo a Fictício A na malha municipal 2024 (Malha fictícia (teste)) "
        "(Fictício D: nenhuma divisa comum (no máximo um ponto)).",
    )


def test_art_10_par_2_so_um_ponto_em_comum_e_recusado(ficticios):
    """C e D se tocam num canto: um ponto em comum não é divisa."""
    conferencia = _iii(ficticios["C"], ficticios["D"])

    assert [(d.nome, d.atende) for d in conferencia.destinos] == [("Fictício D", False)]
    assert "Fictício D não é contíguo a Fictício C" in conferencia.erros[0]


@pytest.mark.parametrize(
    ("sobreposicao_graus", "contiguo"),
    [(0.00005, False), (0.0002, True)],  # ~5 m e ~22 m de divisa comum; o mínimo é 10 m
)
def test_art_10_par_2_divisa_minima_de_10_metros_dos_dois_lados(sobreposicao_graus, contiguo):
    """Uma divisa abaixo de 10 m é resíduo da generalização num encontro de divisas."""
    vizinho = box(-54.6 - sobreposicao_graus, -12.4, -54.4, -12.2)

    km = divisa_comum_km(C, vizinho)

    assert (km >= 0.01) is contiguo and km > 0


def test_art_10_par_2_sem_malha_nao_bloqueia_e_diz_que_nao_conferiu(sorriso):
    destino = Municipio.objects.create(codigo_ibge=5106224, nome="Nova Ubiratã")

    conferencia = _iii(sorriso, destino)

    assert conferencia.erros == () and not conferencia.conferida
    assert (
        conferencia.aviso
        == MALHA_NAO_CARREGADA
        == (
            "Contiguidade não conferida: malha não carregada (o suporte carrega com "
            "manage.py carregar_malha)."
        )
    )


@pytest.mark.skipif(
    not PASTA, reason="sem a malha do IBGE: defina EMANCIPACAO_MALHA_IBGE com a pasta dela"
)
def test_art_10_par_2_na_malha_real_vizinhos_aceitos_distantes_e_canto_recusados():
    """IBGE 2024: Sorriso e Nova Ubiratã partilham divisa; Sorriso e Cuiabá estão a
    centenas de km; Água Boa e Gaúcha do Norte só se tocam num ponto."""
    call_command("carregar_municipios", verbosity=0)
    call_command("carregar_malha", PASTA, edicao="2024", verbosity=0)
    por_nome = {m.nome: m for m in Municipio.objects.all()}

    vizinhos = _iii(por_nome["Sorriso"], por_nome["Nova Ubiratã"], por_nome["Nova Mutum"])
    distante = _iii(por_nome["Sorriso"], por_nome["Cuiabá"])
    canto = _iii(por_nome["Água Boa"], por_nome["Gaúcha do Norte"])

    assert vizinhos.erros == () and all(d.atende for d in vizinhos.destinos)
    assert "Cuiabá não é contíguo a Sorriso na malha municipal 2024" in distante.erros[0]
    assert "Gaúcha do Norte não é contíguo a Água Boa" in canto.erros[0]


# --- § 1º: a origem registrada (regra) -------------------------------------------------------


def test_art_10_par_1_a_origem_registrada_e_aceita(sorriso):
    nobres = registrar_origem(sorriso, "Nobres", 5105903)

    conferencia = conferir_destino("I", [sorriso], [nobres])

    assert conferencia.erros == () and conferencia.conferida
    assert conferencia.fonte == "Lei de criação (teste); fonte: Teste"
    assert [(d.nome, d.atende, d.evidencia) for d in conferencia.destinos] == [
        ("Nobres", True, "origem")
    ]


def test_art_10_par_1_municipio_que_nao_e_origem_e_recusado(sorriso):
    registrar_origem(sorriso, "Nobres", 5105903)
    outro = Municipio.objects.create(codigo_ibge=5106224, nome="Nova Ubiratã")

    conferencia = conferir_destino("II", [sorriso], [outro])

    assert conferencia.erros == (
        "Art. 10, § 1º: o município extinto volta a pertencer ao de sua origem, e Nova "
        "Ubiratã não é origem de Sorriso (origem registrada: Nobres; Lei de criação (teste); "
        "fonte: Teste).",
        "Art. 10, § 1º: Nobres também é origem de Sorriso e o território volta a todas as "
        "origens (Lei de criação (teste); fonte: Teste).",
    )


def test_art_10_par_1_origem_desconhecida_diz_o_que_falta(sorriso):
    destino = Municipio.objects.create(codigo_ibge=5105903, nome="Nobres")

    conferencia = conferir_destino("I", [sorriso], [destino])

    assert conferencia.erros == () and not conferencia.conferida
    assert conferencia.faltas == (
        "Falta: a origem de Sorriso não está registrada — nos fundamentos I e II, o "
        "território volta ao município de origem (Art. 10, § 1º); o suporte a registra com "
        "manage.py carregar_origens (tabela com a lei de criação e a fonte).",
    )


# --- onde se decide: protocolo, página, parecer de mérito, projeto de lei --------------------


def test_protocolo_com_destino_nao_contiguo_e_recusado_e_nada_se_grava(client, servidor, ficticios):
    client.force_login(servidor)
    dados = {
        "tipo": "extincao",
        "nome_proposto": "Fictício A",
        "municipios_origem": [ficticios["A"].pk],
        "forma_encaminhamento": "comunidade",
        "representantes": "Comissão dos eleitores",
        "data_leitura_expediente": "02/03/2026",
        "fundamento_extincao": "III",
        "municipios_destino": [ficticios["D"].pk],
    }

    resposta = client.post("/processos/novo/", dados)

    assert resposta.status_code == 400
    assert "Fictício D não é contíguo a Fictício A" in resposta.content.decode()
    assert not Processo.objects.exists()


def _extincao(usuario, extinto, destinos, fundamento, estado="aguardando_parecer_merito"):
    """A extinção no estado, com uma versão nova dos dados da representação que registra o
    fundamento e o destino (o eleitorado de `instruir_extincao`, 199, quando houver)."""
    processo = processo_no_estado(
        usuario, "extincao", estado, nome=extinto.nome, municipios=[extinto]
    )
    anterior = processo.dados_representacao.order_by("-versao").first()
    dados = DadosRepresentacao.objects.create(
        processo=processo,
        versao=anterior.versao + 1 if anterior else 1,
        registrado_por=usuario,
        fundamento_extincao=fundamento,
        eleitores_municipio=anterior.eleitores_municipio if anterior else None,
    )
    dados.municipios_destino.set(destinos)
    return processo


def test_pagina_do_processo_mostra_a_conferencia_com_a_edicao_da_malha(client, servidor, ficticios):
    processo = _extincao(servidor, ficticios["A"], [ficticios["D"]], "III", "protocolada")
    client.force_login(servidor)

    pagina = client.get(reverse("processos:detalhe", args=[processo.slug])).content.decode()

    assert "Conferência do destino (Art. 10, § 2º)" in pagina
    assert "Fictício D: <span" in pagina and "nenhuma divisa comum" in pagina
    assert "Evidência: malha municipal 2024 (Malha fictícia (teste))." in pagina
    publica = client.get(reverse("transparencia:portal_processo", args=[processo.slug]))
    assert "Fictício D" in publica.content.decode()  # o destino, sim; a conferência, não
    assert "Conferência do destino" not in publica.content.decode()
    # A malha carregada depois do registro recusa o recebimento (Art. 16).
    assert any("não é contíguo" in m for m in motivos_indisponivel(processo, "receber_na_crt"))


def test_parecer_favoravel_grava_a_edicao_da_malha_e_o_pdf_a_mostra(operador, ficticios):
    processo = _extincao(operador, ficticios["A"], [ficticios["B"]], "III")

    andamento = praticar(
        processo,
        operador,
        "emitir_parecer_merito",
        dados={"conclusao": "favoravel", "texto_parecer": "Parecer."},
    )

    destino = andamento.dados["extincao_art10"]["destino"]
    assert destino["edicao_da_malha"] == "2024" and destino["erros"] == []
    pdf = sem_espacos(
        texto(Documento.objects.get(processo=processo, tipo="parecer_merito").arquivo.path)
    )
    assert (
        sem_espacos("Destino do território (Art. 10, § 2º), conferido ao emitir o parecer:") in pdf
    )
    assert sem_espacos("Fictício B: divisa comum de 22,") in pdf


def test_parecer_favoravel_com_destino_nao_contiguo_e_recusado(operador, ficticios):
    processo = _extincao(operador, ficticios["A"], [ficticios["D"]], "III")

    with pytest.raises(AtoRecusado, match=r"extinção recusado: Art. 10, § 2º: os eleitores"):
        praticar(
            processo,
            operador,
            "emitir_parecer_merito",
            dados={"conclusao": "favoravel", "texto_parecer": "Parecer."},
        )


def test_parecer_sem_malha_diz_que_a_contiguidade_nao_foi_conferida(operador, sorriso):
    destino = Municipio.objects.create(codigo_ibge=5106224, nome="Nova Ubiratã")
    processo = _extincao(operador, sorriso, [destino], "III")

    andamento = praticar(
        processo,
        operador,
        "emitir_parecer_merito",
        dados={"conclusao": "favoravel", "texto_parecer": "Parecer."},
    )

    assert andamento.dados["extincao_art10"]["destino"]["aviso"] == MALHA_NAO_CARREGADA
    pdf = sem_espacos(
        texto(Documento.objects.get(processo=processo, tipo="parecer_merito").arquivo.path)
    )
    assert sem_espacos("Contiguidade não conferida: malha não carregada") in pdf


def test_projeto_de_lei_sem_a_origem_registrada_espera_por_ela(operador, sorriso):
    nobres = Municipio.objects.create(codigo_ibge=5105903, nome="Nobres")
    processo = _extincao(operador, sorriso, [nobres], "I", "elaboracao_pl")
    dados = dict(DADOS["apresentar_pl"][""])

    with pytest.raises(AtoRecusado, match="Falta: a origem de Sorriso não está registrada"):
        praticar(processo, operador, "apresentar_pl", dados=dados)

    registrar_origem(sorriso, "Nobres", 5105903)
    andamento = praticar(processo, operador, "apresentar_pl", dados=dados)

    assert andamento.dados["extincao"]["destino_conferido"]["origens"] == ["Nobres"]
    pdf = sem_espacos(texto(Documento.objects.get(processo=processo, tipo="pl").arquivo.path))
    assert sem_espacos("conferido ao apresentar o projeto: Nobres: origem") in pdf


def test_a_lei_anotada_diz_que_sem_malha_a_contiguidade_nao_e_conferida(client, db):
    """O /lei/ mostra o § 2º como calculado e a decisão de não bloquear sem a malha."""
    pagina = client.get("/lei/").content.decode()

    assert "representacao.destino.conferir_contiguidade" in pagina
    assert "Sem malha carregada, a contiguidade fica" in pagina


# --- o comando que registra as origens -------------------------------------------------------


def test_carregar_origens_grava_com_a_fonte_e_rodar_de_novo_substitui(tmp_path, sorriso):
    Municipio.objects.create(codigo_ibge=5105903, nome="Nobres")
    tabela = tmp_path / "origens.csv"
    tabela.write_text("codigo_ibge,codigo_ibge_origem,lei_de_criacao\n5107925,5105903,Lei X\n")

    call_command("carregar_origens", str(tabela), fonte="Leis de MT", verbosity=0)
    call_command("carregar_origens", str(tabela), fonte="Leis de MT", verbosity=0)

    registro = OrigemMunicipal.objects.get()
    assert (registro.municipio, registro.origem.nome) == (sorriso, "Nobres")
    assert (registro.lei_de_criacao, registro.fonte) == ("Lei X", "Leis de MT")


def test_carregar_origens_com_codigo_desconhecido_nada_grava(tmp_path, sorriso):
    Municipio.objects.create(codigo_ibge=5105903, nome="Nobres")
    tabela = tmp_path / "origens.csv"
    tabela.write_text("codigo_ibge,codigo_ibge_origem\n5107925,5105903\n5107925,5199999\n")

    with pytest.raises(CommandError, match="não estão no cadastro de municípios.*5199999"):
        call_command("carregar_origens", str(tabela), fonte="Leis de MT", verbosity=0)

    assert not OrigemMunicipal.objects.exists()
