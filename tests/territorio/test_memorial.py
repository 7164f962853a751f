"""O memorial descritivo: o rascunho gerado do desenho (vértices em SIRGAS 2000, azimute e
distância geodésicos nas linhas secas, "segue pela divisa intermunicipal" onde o desenho
acompanha a malha) e o memorial por coordenadas lido de volta e comparado com o mapa."""

import re

import pytest
from shapely.geometry import Polygon, box

from territorio.conferencia import area_km2
from territorio.memorial import formato
from territorio.memorial.comparar import comparar
from territorio.memorial.gerar import gerar
from territorio.memorial.ler import MemorialIlegivel, ler

from .malha_ficticia import malha

# Um quadrado no meio de A, e outro com a borda de baixo na divisa de A com C.
DENTRO_DE_A = box(-54.95, -11.95, -54.85, -11.85)
ENCOSTADO_EM_C = box(-54.95, -12.0, -54.85, -11.9)  # a borda de baixo é a divisa de A com C


def iou(a, b) -> float:
    return a.intersection(b).area / a.union(b).area


def test_formato_em_graus_minutos_e_segundos():
    assert formato.latitude(-11.5) == "11°30'00,000\" S"
    assert formato.longitude(-55.0001) == "55°00'00,360\" W"
    # 59,9996" arredonda para o minuto seguinte, não para 60".
    assert formato.angulo(10 + 59 / 60 + 59.9996 / 3600) == "11°00'00,000\""


def test_desenho_no_meio_da_origem_so_tem_linhas_secas_com_azimute_e_distancia():
    texto = gerar(DENTRO_DE_A, malha())
    assert texto.startswith("Começa no ponto P1, de coordenadas latitude 11°51'00,000\" S")
    assert texto.count("segue por linha seca") == 4
    assert "divisa intermunicipal" not in texto
    # Sentido horário a partir do canto noroeste: o primeiro lado vai para o leste (~90°).
    assert re.search(r"azimute geodésico de (89°5\d|90°0\d)'", texto)
    assert "até o ponto P1, início desta descrição." in texto


def test_lado_sobre_a_divisa_da_malha_segue_pela_divisa_com_o_vizinho():
    texto = gerar(ENCOSTADO_EM_C, malha())
    assert texto.count("segue por linha seca") == 3
    assert "segue pela divisa intermunicipal com o Município de Fictício C" in texto


def test_lado_na_borda_da_malha_sem_vizinho_segue_pelo_limite_do_estado():
    texto = gerar(box(-54.95, -11.9, -54.85, -11.8), malha())
    assert "segue pelo limite do Estado de Mato Grosso" in texto


@pytest.mark.parametrize("desenho", [DENTRO_DE_A, ENCOSTADO_EM_C])
def test_memorial_gerado_lido_de_volta_da_o_mesmo_poligono(desenho):
    """Done-when da issue: IoU ≥ 0,999 (aqui as coordenadas a 0,001" dão ~1 cm)."""
    lido, citados = ler(gerar(desenho, malha()))
    assert iou(lido, desenho) >= 0.999
    assert len(citados) == 4


def test_memorial_com_furo_e_dois_pedacos_volta_com_furo_e_dois_pedacos():
    furo = box(-54.93, -11.93, -54.87, -11.87)
    desenho = Polygon(DENTRO_DE_A.exterior.coords, [furo.exterior.coords]).union(
        box(-54.75, -11.95, -54.65, -11.85)
    )
    texto = gerar(desenho, malha())
    assert "Perímetro 2:" in texto and "Excluída do Perímetro 2" in texto
    lido, _ = ler(texto)
    assert lido.geom_type == "MultiPolygon" and iou(lido, desenho) >= 0.999
    assert area_km2(lido) == pytest.approx(area_km2(desenho), rel=1e-5)


def test_memorial_so_com_azimutes_e_distancias_fecha_o_poligono():
    texto = gerar(DENTRO_DE_A, malha())
    # Sem as coordenadas dos pontos P2 em diante: só o início e os rumos.
    so_rumos = re.sub(r"(até o ponto P\d+), de coordenadas [^;]+", r"\1", texto)
    assert so_rumos.count("latitude") == 1
    lido, _ = ler(so_rumos)
    assert iou(lido, DENTRO_DE_A) >= 0.999


def test_memorial_em_utm_com_fuso_e_lido_e_sem_fuso_e_recusado():
    from pyproj import Transformer

    t = Transformer.from_crs(4674, 31981, always_xy=True)
    pontos = [t.transform(x, y) for x, y in DENTRO_DE_A.exterior.coords[:-1]]

    def br(v):
        return f"{v:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")

    corpo = "; ".join(
        f"P{i} de coordenadas E {br(e)} m e N {br(n)} m" for i, (e, n) in enumerate(pontos, 1)
    )
    lido, _ = ler(f"Coordenadas UTM, fuso 21 S, SIRGAS 2000. {corpo}.")
    assert iou(lido, DENTRO_DE_A) >= 0.999
    with pytest.raises(MemorialIlegivel, match="não diz o fuso"):
        ler(corpo)


def test_comparacao_com_o_mapa_mede_area_e_hausdorff():
    texto = gerar(DENTRO_DE_A, malha())
    igual = comparar(texto, DENTRO_DE_A)
    assert igual.iou >= 0.999 and igual.hausdorff_m < 0.1
    assert abs(igual.diferenca_km2) < 0.001
    # O mapa deslocado ~1,1 km para o norte: Hausdorff ~1,1 km; área igual.
    deslocado = box(-54.95, -11.94, -54.85, -11.84)
    diferente = comparar(texto, deslocado)
    assert diferente.hausdorff_m == pytest.approx(1106, rel=0.01)
    assert abs(diferente.diferenca_km2) < 0.2 and diferente.iou < 0.95


def test_memorial_que_segue_um_rio_da_a_distancia_das_coordenadas_citadas():
    texto = (
        "Começa na foz do córrego Azul no rio Teles Pires, no ponto de coordenadas "
        "latitude 11°51'00,000\" S e longitude 54°57'00,000\" W; daí, sobe pelo rio Teles Pires "
        "até a ponte da MT-220, no ponto de latitude 11°51'00,000\" S e longitude "
        "54°54'00,000\" W; daí, pela rodovia até o início."
    )
    c = comparar(texto, DENTRO_DE_A)
    assert not c.fecha_poligono and len(c.pontos) == 2
    # Os dois pontos estão sobre a borda norte (11°51' = -11,85): distância ~0.
    assert c.maior_distancia_m < 0.1
    longe = comparar(texto.replace("11°51'00", "11°52'00"), DENTRO_DE_A)
    assert longe.maior_distancia_m == pytest.approx(1843, rel=0.01)


def test_texto_sem_coordenadas_e_recusado():
    with pytest.raises(MemorialIlegivel, match="não traz coordenadas legíveis"):
        ler("Começa na foz do córrego Azul; daí, sobe pelo rio até a nascente.")
