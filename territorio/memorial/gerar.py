"""O rascunho do memorial descritivo de um desenho, no estilo das leis de Mato Grosso que
descrevem limites: os vértices com coordenadas geográficas SIRGAS 2000; as linhas secas
novas com o azimute geodésico e a distância (elipsoide GRS80); e, onde o desenho acompanha
um limite que já existe na malha, "segue pela divisa intermunicipal com o Município de X",
citando os pontos por onde passa. É um rascunho para a CRT revisar e adotar: a malha do IBGE
representa os limites, mas não é o limite legal (Art. 15, II, e o memorial da lei)."""

from dataclasses import dataclass

import numpy
import shapely
from shapely.geometry import Polygon
from shapely.geometry.polygon import orient

from territorio.conferencia import GRS80, MunicipioDaMalha, poligonos
from territorio.memorial import formato as f

# Um lado está sobre a divisa da malha quando as pontas e o meio distam menos disso dela
# (graus; ~10 cm): os desenhos recortados à malha têm os vértices sobre ela.
SOBRE_A_DIVISA = 1e-6
# Quanto se anda para fora do lado para saber de que município é o outro lado (graus; ~1 m).
PASSO_PARA_FORA = 1e-5
ESTADO = "limite do Estado de Mato Grosso"


@dataclass(frozen=True)
class Lado:
    inicio: tuple[float, float]
    fim: tuple[float, float]
    vizinho: str | None  # None: linha seca nova; senão o nome do município (ou ESTADO)


def _vizinhos(anel: list[tuple[float, float]], malha: list[MunicipioDaMalha]) -> list:
    """Para cada lado do anel (horário), o município do outro lado se o lado corre sobre a
    divisa dele na malha, ESTADO se corre sobre a borda da malha, ou None (linha seca). Conta
    vetorizada: um ponto um pouco para fora de cada lado, e as distâncias das pontas e do meio
    às bordas, contra os poucos municípios perto do anel."""
    xy = numpy.asarray(anel, dtype=float)
    inicio, fim = xy[:-1], xy[1:]
    delta = fim - inicio
    comprimento = numpy.hypot(delta[:, 0], delta[:, 1])
    comprimento[comprimento == 0] = numpy.inf
    meio = (inicio + fim) / 2
    # O anel vai em sentido horário: o interior fica à direita e o lado de fora à esquerda.
    normal = numpy.column_stack([-delta[:, 1], delta[:, 0]]) / comprimento[:, None]
    fora = shapely.points(meio + normal * PASSO_PARA_FORA)
    pontas = [shapely.points(inicio), shapely.points(meio), shapely.points(fim)]
    perto = shapely.STRtree([m.geometria for m in malha]).query(
        shapely.LineString(anel).buffer(SOBRE_A_DIVISA)
    )
    dono = numpy.full(len(inicio), -1)
    sobre = {}
    for i in perto:
        geometria = malha[i].geometria
        shapely.prepare(geometria)
        dono[(dono == -1) & shapely.covers(geometria, fora)] = i
        borda = geometria.boundary
        shapely.prepare(borda)
        sobre[i] = numpy.logical_and.reduce(
            [shapely.dwithin(borda, p, SOBRE_A_DIVISA) for p in pontas]
        )
    vizinhos: list = [None] * len(inicio)
    for k in range(len(inicio)):
        if dono[k] >= 0:
            vizinhos[k] = malha[dono[k]].nome if sobre[dono[k]][k] else None
        elif any(sobre[i][k] for i in perto):
            vizinhos[k] = ESTADO
    return vizinhos


def lados(anel: list[tuple[float, float]], malha: list[MunicipioDaMalha]) -> list[Lado]:
    vizinhos = _vizinhos(anel, malha) if malha else [None] * (len(anel) - 1)
    return [
        Lado(inicio, fim, vizinho)
        for inicio, fim, vizinho in zip(anel, anel[1:], vizinhos, strict=False)
    ]


def _anel_horario(anel) -> list[tuple[float, float]]:
    """O anel em sentido horário, começando no vértice mais ao norte (o mais a oeste deles),
    como as descrições de limite costumam começar."""
    pontos = [(round(x, 9), round(y, 9)) for x, y in Polygon(anel).exterior.coords][:-1]
    pontos = list(orient(Polygon(pontos), sign=-1.0).exterior.coords)[:-1]
    primeiro = max(range(len(pontos)), key=lambda i: (pontos[i][1], -pontos[i][0]))
    pontos = pontos[primeiro:] + pontos[:primeiro]
    return pontos + [pontos[0]]


def _descrever_anel(anel, malha, numero: list[int]) -> str:
    """Um anel: "Começa no ponto P1 ...; daí, ...; até o ponto P1, início desta descrição"."""
    pontos = _anel_horario(anel)
    trechos = lados(pontos, malha)
    primeiro = numero[0]
    frases = [f"Começa no ponto P{primeiro}, de coordenadas {f.coordenadas(*pontos[0])}"]
    i = 0
    while i < len(trechos):
        lado = trechos[i]
        if lado.vizinho is None:
            azimute, _, distancia = GRS80.inv(*lado.inicio, *lado.fim)
            destino = _destino(lado.fim, pontos[0], numero, primeiro)
            frases.append(
                f"daí, segue por linha seca, com azimute geodésico de {f.angulo(azimute % 360, 2)} "
                f"e distância de {f.metros(distancia)}, até o ponto {destino}"
            )
            i += 1
            continue
        j = i
        while j + 1 < len(trechos) and trechos[j + 1].vizinho == lado.vizinho:
            j += 1
        trecho = [t.inicio for t in trechos[i : j + 1]] + [trechos[j].fim]
        extensao = GRS80.line_length([p[0] for p in trecho], [p[1] for p in trecho])
        passagem = []
        for ponto in trecho[1:-1]:
            numero[0] += 1
            passagem.append(f"P{numero[0]} ({f.coordenadas(*ponto)})")
        destino = _destino(trecho[-1], pontos[0], numero, primeiro)
        onde = (
            ESTADO
            if lado.vizinho == ESTADO
            else f"divisa intermunicipal com o Município de {lado.vizinho}"
        )
        pelos = f", passando pelos pontos {', '.join(passagem)}," if passagem else ""
        frases.append(
            f"daí, segue pelo {onde}" if lado.vizinho == ESTADO else f"daí, segue pela {onde}"
        )
        frases[-1] += f", numa extensão de {f.metros(extensao)}{pelos} até o ponto {destino}"
        i = j + 1
    numero[0] += 1
    return "; ".join(frases) + "."


def _destino(ponto, inicio, numero: list[int], primeiro: int) -> str:
    if ponto == inicio:
        return f"P{primeiro}, início desta descrição"
    numero[0] += 1
    return f"P{numero[0]}, de coordenadas {f.coordenadas(*ponto)}"


def gerar(desenho, malha: list[MunicipioDaMalha], *, edicao: str = "") -> str:
    """O texto do memorial: um perímetro por pedaço do território (do maior para o menor) e,
    dentro de cada um, as áreas excluídas (os furos)."""
    pedacos = sorted(poligonos(desenho), key=lambda p: -GRS80.geometry_area_perimeter(orient(p))[0])
    numero = [1]
    paragrafos = []
    for n, pedaco in enumerate(pedacos, start=1):
        rotulo = f"Perímetro {n}: " if len(pedacos) > 1 or pedaco.interiors else ""
        paragrafos.append(rotulo + _descrever_anel(pedaco.exterior, malha, numero))
        for furo in pedaco.interiors:
            paragrafos.append(
                f"Excluída do Perímetro {n} a área descrita assim: "
                + _descrever_anel(furo, malha, numero)
            )
    fonte = (
        f"Divisas conforme a Malha Municipal {edicao} do IBGE; " if edicao else ""
    ) + "coordenadas geográficas no SIRGAS 2000; azimutes e distâncias geodésicos (GRS80)."
    return "\n\n".join(paragrafos + [fonte])
