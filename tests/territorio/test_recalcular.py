"""Uma segunda edição da malha: carregá-la não muda a conferência gravada; o ato
`recalcular_territorio` (com Andamento) põe a da edição nova ao lado da antiga, que fica."""

import pytest
from django.core.management import call_command
from django.utils import timezone

from processos.models import AtoRecusado
from processos.services import motivos_indisponivel, praticar_ato
from processos.versao import versao_do_processo
from territorio.models import ConferenciaTerritorial
from tests.processos.construtores import formulario_do_ato
from tests.representacao.construtores import juntar

from .test_mapa_do_processo import SOBRE_A_E_B, mapa, pagina
from .test_secao_mapa import processo_de

pytestmark = pytest.mark.django_db


def carregar_2025(pasta):
    """A mesma malha com B 10 % maior na tabela de áreas oficiais: o % de B muda."""
    tabela = (pasta / "areas.csv").read_text().replace("5199902,B,480.500", "5199902,B,528.550")
    (pasta / "areas.csv").write_text(tabela)
    call_command("carregar_malha", str(pasta), edicao="2025", verbosity=0)


def recalcular(processo, usuario, edicao: str):
    return praticar_ato(
        processo_id=processo.pk,
        nome_ato="recalcular_territorio",
        usuario=usuario,
        data_ato=timezone.localdate(),
        dados={"edicao_malha": edicao},
        ultimo_andamento=versao_do_processo(processo.pk),
    )


def test_recalcular_com_a_edicao_nova_guarda_as_duas(client, servidor, malha, pasta):
    processo = processo_de(servidor, "A", "B")
    documento = juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    antiga = ConferenciaTerritorial.objects.get(documento=documento)
    assert "data-recalcular" not in pagina(client, servidor, processo)
    carregar_2025(pasta)
    # Carregar a edição nova não muda a conferência gravada; a CRT vê o botão.
    assert ConferenciaTerritorial.objects.get().resultado == antiga.resultado
    assert "Recalcular com a edição 2025" in pagina(client, servidor, processo)
    andamentos = processo.andamentos.count()
    andamento = recalcular(processo, servidor, "2025")
    assert processo.andamentos.count() == andamentos + 1
    assert andamento.dados["edicao_malha"] == "2025"
    assert andamento.dados["edicao_anterior"] == "2024"
    conferencias = {
        c.edicao.nome: c for c in ConferenciaTerritorial.objects.filter(documento=documento)
    }
    assert set(conferencias) == {"2024", "2025"}
    assert conferencias["2024"].resultado == antiga.resultado
    assert conferencias["2025"].mapa_svg.startswith("<svg")
    b_2024 = next(o for o in antiga.resultado["origens"] if o["nome"] == "Fictício B")
    b_2025 = next(o for o in conferencias["2025"].resultado["origens"] if o["nome"] == "Fictício B")
    assert b_2024["area_oficial_km2"] == 480.5 and b_2025["area_oficial_km2"] == 528.55
    html = pagina(client, servidor, processo)
    assert "data-edicao>2025<" in html
    assert "Conferências guardadas com outras edições: malha 2024" in html
    assert "data-recalcular" not in html
    # Na linha do tempo, o que o ato gravou em palavras (nenhum nome de campo).
    assert "Edição da malha municipal" in html and "Edição da conferência anterior" in html
    assert "edicao_malha" not in html and "area_medida_km2" not in html


def test_recalcular_recusado_sem_edicao_por_calcular(servidor, malha):
    processo = processo_de(servidor, "A", "B")
    juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    assert motivos_indisponivel(processo, "recalcular_territorio")
    antes = processo.andamentos.count()
    with pytest.raises(AtoRecusado, match="todas as edições da malha"):
        recalcular(processo, servidor, "2024")
    assert processo.andamentos.count() == antes
    assert ConferenciaTerritorial.objects.count() == 1


def test_recalcular_recusa_edicao_que_nao_existe(servidor, malha, pasta):
    processo = processo_de(servidor, "A", "B")
    juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    carregar_2025(pasta)
    with pytest.raises(AtoRecusado, match="Escolha uma edição"):
        recalcular(processo, servidor, "1999")
    assert ConferenciaTerritorial.objects.count() == 1
    assert not processo.andamentos.filter(ato="recalcular_territorio").exists()


@pytest.mark.parametrize(
    ("papel", "pratica"),
    [("servidor", True), ("presidente", True), ("mesa", False), ("deputado", False)],
)
def test_so_a_crt_recalcula_pela_tela_do_ato(
    client, request, servidor, malha, pasta, papel, pratica
):
    processo = processo_de(servidor, "A", "B")
    juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    carregar_2025(pasta)
    client.force_login(request.getfixturevalue(papel))
    url = f"/processos/{processo.slug}/atos/recalcular-territorio/"
    assert client.get(url).status_code == (200 if pratica else 403)
    resposta = client.post(url, formulario_do_ato(processo, "recalcular_territorio"))
    assert resposta.status_code == (302 if pratica else 403)
    assert ConferenciaTerritorial.objects.count() == (2 if pratica else 1)
