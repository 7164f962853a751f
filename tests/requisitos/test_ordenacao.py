import pytest

from requisitos.ordenacao import chave_alfabetica


@pytest.mark.parametrize(
    "antes, depois",
    [
        ("Água Boa", "Alta Floresta"),
        ("Alto Paraguai", "Araguaiana"),
        ("Cáceres", "Campinápolis"),
        ("Nova Ubiratã", "Novo Horizonte do Norte"),
        ("União do Sul", "Uruaçu"),
        ("santo Antônio", "Sapezal"),
    ],
)
def test_ordem_alfabetica_do_pt_br_ignora_acentos_e_caixa(antes, depois):
    assert chave_alfabetica(antes) < chave_alfabetica(depois)
