"""`manage.py carregar_populacao`: a estimativa da população de um ano, da API SIDRA do IBGE
(aqui um servidor HTTP local que serve respostas no formato da SIDRA feitas pelo teste) ou de
um arquivo local, gravada em todos os municípios de uma edição já carregada ou em nenhum; a
geometria e a área ficam; rodar de novo não muda nada; cada recusa diz o que houve em pt-BR."""

import json

import pytest
from django.core.management import CommandError, call_command

from territorio.models import EdicaoDaMalha, MunicipioNaMalha

from .malha_ficticia import CODIGOS
from .sidra_ficticia import resposta_sidra, servir_sidra

pytestmark = pytest.mark.django_db

A, B, C = CODIGOS["A"], CODIGOS["B"], CODIGOS["C"]
ESTIMATIVA_2025 = {A: "4321", B: "3999", C: "12500"}
# O que a pasta da malha fictícia carrega (Censo 2022), e que uma recusa deixa como estava.
CENSO = {A: (1000, 2022), B: (1000, 2022), C: (1000, 2022)}


def populacao(edicao="2024") -> dict[int, tuple[int | None, int | None]]:
    return {
        c: (p, a)
        for c, p, a in MunicipioNaMalha.objects.filter(edicao__nome=edicao).values_list(
            "municipio__codigo_ibge", "populacao", "populacao_ano"
        )
    }


@pytest.fixture
def sidra(malha, servidor_ibge):
    """A malha fictícia (edição 2024, Censo 2022) e a SIDRA local com a estimativa de 2025."""
    servir_sidra(servidor_ibge, 2025, resposta_sidra(2025, ESTIMATIVA_2025))
    return servidor_ibge


def test_baixa_a_estimativa_e_grava_o_ano_e_a_fonte_e_de_novo_nao_muda_nada(sidra):
    geometria_antes = list(
        MunicipioNaMalha.objects.values_list("pk", "geometria", "area_oficial_km2")
    )
    call_command("carregar_populacao", baixar=True, ano=2025, verbosity=0)
    esperado = {c: (int(v), 2025) for c, v in ESTIMATIVA_2025.items()}
    assert populacao() == esperado
    fontes = set(MunicipioNaMalha.objects.values_list("populacao_fonte", flat=True))
    assert len(fontes) == 1
    assert "IBGE, Estimativas da População 2025 (SIDRA, tabela 6579;" in fontes.pop()
    call_command("carregar_populacao", baixar=True, ano=2025, edicao="2024", verbosity=0)
    assert populacao() == esperado
    assert (
        list(MunicipioNaMalha.objects.values_list("pk", "geometria", "area_oficial_km2"))
        == geometria_antes
    )


@pytest.mark.parametrize(
    "ordem", [("municipio", "variavel", "ano"), ("municipio", "ano", "variavel")]
)
def test_as_colunas_da_sidra_sao_achadas_pelo_cabecalho_em_qualquer_ordem(sidra, ordem):
    servir_sidra(sidra, 2025, resposta_sidra(2025, ESTIMATIVA_2025, ordem=ordem))
    call_command("carregar_populacao", baixar=True, ano=2025, verbosity=0)
    assert populacao()[A] == (4321, 2025)


def _linhas(**troca):
    linhas = json.loads(resposta_sidra(2025, ESTIMATIVA_2025))
    for chave, valor in troca.items():
        linhas[2][chave] = valor
    return json.dumps(linhas).encode()


@pytest.mark.parametrize(
    ("conteudo", "mensagem"),
    [
        (b"<html><body>Erro interno</body></html>", "não é JSON"),
        (b'{"erro": "x"}', "deveria ser uma lista JSON"),
        (json.dumps([{"V": "Valor"}, {"V": "10"}]).encode(), "não tem no cabeçalho"),
        (resposta_sidra(2025, {}), "nenhum município para o ano 2025"),
        (_linhas(V="4.321 hab."), "Linha 3 .*não é um número de habitantes"),
        (_linhas(D3C="2024"), "Linha 3 .*do ano '2024', não de 2025"),
        (_linhas(D2C="93"), "Linha 3 .*variável é '93', não a 9324"),
        (_linhas(D1C="51999"), "Linha 3 .*não tem 7 dígitos"),
        (_linhas(D1C=str(A)), f"Linha 3 .*o município {A} aparece duas vezes"),
    ],
)
def test_resposta_malformada_recusa_sem_mudar_a_populacao(sidra, conteudo, mensagem):
    servir_sidra(sidra, 2025, conteudo)
    with pytest.raises(CommandError, match=mensagem):
        call_command("carregar_populacao", baixar=True, ano=2025, verbosity=0)
    assert populacao() == CENSO


def test_municipio_que_a_edicao_nao_tem_recusa_e_o_nomeia(sidra):
    servir_sidra(sidra, 2025, resposta_sidra(2025, {**ESTIMATIVA_2025, 5199999: "800"}))
    with pytest.raises(
        CommandError,
        match=r"municípios que a edição da malha não tem: Fictício 5199999 \(5199999\)",
    ):
        call_command("carregar_populacao", baixar=True, ano=2025, verbosity=0)
    assert populacao() == CENSO


@pytest.mark.parametrize("falta", ["ausente", "..", "-", "X"])
def test_municipio_da_edicao_sem_numero_recusa_e_diz_quais(sidra, falta):
    valores = {A: "4321"} | ({} if falta == "ausente" else {B: falta, C: falta})
    servir_sidra(sidra, 2025, resposta_sidra(2025, valores))
    with pytest.raises(CommandError) as erro:
        call_command("carregar_populacao", baixar=True, ano=2025, verbosity=0)
    assert "não tem número para 2 município(s) da malha: Fictício B (5199902), Fictício C " in (
        str(erro.value)
    )
    assert "Nada foi gravado" in str(erro.value)
    assert populacao() == CENSO


def test_sem_alcancar_a_sidra_diz_como_carregar_de_um_arquivo(malha, settings):
    settings.POPULACAO_IBGE_URL = "http://127.0.0.1:9/values"  # porta fechada: sem serviço
    with pytest.raises(CommandError) as erro:
        call_command("carregar_populacao", baixar=True, ano=2025, verbosity=0)
    assert "Não foi possível alcançar o serviço do IBGE" in str(erro.value)
    assert "carregar_populacao ARQUIVO --ano ANO" in str(erro.value)
    assert populacao() == CENSO


def test_ano_que_a_sidra_nao_tem_recusa_com_o_status(sidra):
    with pytest.raises(CommandError, match="respondeu 404 .*o IBGE não publica estimativa"):
        call_command("carregar_populacao", baixar=True, ano=2022, verbosity=0)
    assert populacao() == CENSO


def test_de_um_arquivo_json_da_sidra_ou_csv(malha, tmp_path):
    salvo = tmp_path / "sidra-2025.json"
    salvo.write_bytes(resposta_sidra(2025, ESTIMATIVA_2025))
    call_command("carregar_populacao", str(salvo), ano=2025, verbosity=0)
    assert populacao()[C] == (12500, 2025)
    assert MunicipioNaMalha.objects.first().populacao_fonte == (
        "IBGE, Estimativas da População 2025 (SIDRA, tabela 6579; arquivo sidra-2025.json)"
    )
    # A tabela da pasta da malha (populacao_estimada_<ano>) e a mínima (populacao).
    tabela = tmp_path / "municipios.csv"
    tabela.write_text(
        "codigo_ibge,nome,area_km2,populacao_censo_2022,populacao_estimada_2025\n"
        + "".join(f"{c},X,1.0,1000,{v}\n" for c, v in {A: 5000, B: 5001, C: 5002}.items())
    )
    call_command("carregar_populacao", str(tabela), ano=2025, verbosity=0)
    assert populacao()[B] == (5001, 2025)
    assert MunicipioNaMalha.objects.first().populacao_fonte == (
        "IBGE, Estimativas da População 2025 (arquivo municipios.csv)"
    )
    tabela.write_text("codigo_ibge,populacao\n" + "".join(f"{c},7000\n" for c in (A, B, C)))
    call_command("carregar_populacao", str(tabela), ano=2026, fonte="IBGE, DOU", verbosity=0)
    assert populacao()[A] == (7000, 2026)
    assert MunicipioNaMalha.objects.first().populacao_fonte == "IBGE, DOU"


def test_csv_sem_a_coluna_da_populacao_recusa(malha, tmp_path):
    tabela = tmp_path / "municipios.csv"
    tabela.write_text("codigo_ibge,populacao_estimada_2024\n" + f"{A},1\n{B},1\n{C},1\n")
    with pytest.raises(CommandError, match="codigo_ibge e populacao \\(ou populacao_estimada_2025"):
        call_command("carregar_populacao", str(tabela), ano=2025, verbosity=0)
    assert populacao() == CENSO


def test_so_a_edicao_pedida_recebe_a_populacao(sidra, pasta):
    call_command("carregar_malha", str(pasta), edicao="2022", verbosity=0)
    call_command("carregar_populacao", baixar=True, ano=2025, edicao="2022", verbosity=0)
    assert populacao("2022")[A] == (4321, 2025)
    assert populacao("2024") == CENSO


def test_edicao_nao_carregada_ou_nenhuma_recusa(sidra):
    with pytest.raises(CommandError, match="edição 2019 da malha não está carregada .*2024"):
        call_command("carregar_populacao", baixar=True, ano=2025, edicao="2019", verbosity=0)
    MunicipioNaMalha.objects.all().delete()
    EdicaoDaMalha.objects.all().delete()
    with pytest.raises(CommandError, match="Nenhuma edição da malha carregada"):
        call_command("carregar_populacao", baixar=True, ano=2025, verbosity=0)


def test_arquivo_e_baixar_juntos_ou_nenhum_recusa(sidra, tmp_path):
    with pytest.raises(CommandError, match="um dos dois"):
        call_command("carregar_populacao", ano=2025, verbosity=0)
    with pytest.raises(CommandError, match="um dos dois"):
        call_command("carregar_populacao", str(tmp_path / "x.csv"), baixar=True, ano=2025)


def test_a_populacao_carregada_aparece_no_admin_com_o_ano_e_a_fonte(sidra, client):
    """Nenhuma tela do processo nem o parecer mostram a população da malha (a do Art. 2º, I
    é a da área, informada e certificada); quem a consulta é o suporte, no admin."""
    from django.contrib.auth.models import User
    from django.urls import reverse

    call_command("carregar_populacao", baixar=True, ano=2025, verbosity=0)
    client.force_login(User.objects.create_superuser("root", password="x"))
    lista = client.get(reverse("admin:territorio_municipionamalha_changelist")).content.decode()
    assert "Ano da população" in lista and "12500" in lista.replace(".", "")
    linha = MunicipioNaMalha.objects.get(municipio__codigo_ibge=C)
    ficha = client.get(reverse("admin:territorio_municipionamalha_change", args=[linha.pk]))
    assert "IBGE, Estimativas da População 2025 (SIDRA, tabela 6579;" in ficha.content.decode()
