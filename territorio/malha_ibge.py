"""A malha municipal de MT baixada do serviço oficial do IBGE: o shapefile compactado da Malha
Municipal Digital por UF (`<base>/municipio_<ano>/UFs/MT/MT_Municipios_<ano>.zip`, SIRGAS 2000
em longitude/latitude; no .dbf, `CD_MUN`, `NM_MUN` e `AREA_KM2`, a área territorial oficial do
mesmo ano). A geometria e a área oficial vêm do mesmo arquivo; a população, que o arquivo não
traz, fica vazia. Sem rede até o IBGE, a recusa diz como carregar de um arquivo."""

import io
import json
import struct
import urllib.error
import urllib.request
import zipfile

import shapely
from shapely.geometry import mapping

from territorio.leitura.zipados import registros_do_shp

UF = "MT"
# Um teto do que se baixa (o ZIP de MT da malha 2024 tem poucas dezenas de MB).
TAMANHO_MAXIMO = 300 * 1024 * 1024
# Todos os vértices da malha oficial de MT (a malha inteira, não um desenho proposto).
PONTOS_MAXIMOS = 20_000_000
TEMPO_LIMITE_S = 60


class MalhaIndisponivel(ValueError):
    pass


def url_da_malha(base: str, ano: int) -> str:
    return f"{base.rstrip('/')}/municipio_{ano}/UFs/{UF}/{UF}_Municipios_{ano}.zip"


SEM_REDE_MALHA = (
    "baixe o arquivo noutra máquina e rode `manage.py carregar_malha CAMINHO --edicao ANO` "
    "com a pasta do GeoJSON e da tabela de áreas"
)


def baixar(
    url: str,
    *,
    confira: str = "confira a edição (o ano) pedida",
    sem_rede: str = SEM_REDE_MALHA,
) -> bytes:
    """O arquivo em `url`, ou MalhaIndisponivel com o motivo em pt-BR: `confira` diz o que
    conferir quando o serviço recusa o pedido, `sem_rede` como carregar sem alcançá-lo."""
    try:
        with urllib.request.urlopen(url, timeout=TEMPO_LIMITE_S) as resposta:  # noqa: S310
            conteudo = resposta.read(TAMANHO_MAXIMO + 1)
    except urllib.error.HTTPError as exc:
        raise MalhaIndisponivel(
            f"O serviço do IBGE respondeu {exc.code} para {url}: {confira}."
        ) from exc
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        motivo = getattr(exc, "reason", exc)
        raise MalhaIndisponivel(
            f"Não foi possível alcançar o serviço do IBGE ({url}): {motivo}. Sem acesso à "
            f"internet, {sem_rede}."
        ) from exc
    if len(conteudo) > TAMANHO_MAXIMO:
        raise MalhaIndisponivel(f"O arquivo baixado de {url} passa do tamanho esperado.")
    return conteudo


def _campos_do_dbf(dados: bytes, codificacao: str) -> list[dict[str, str]]:
    """Os registros do .dbf (dBase III: cabeçalho, descritores de 32 bytes, registros de
    largura fixa); os apagados ficam de fora."""
    total, cabecalho, largura = struct.unpack("<IHH", dados[4:12])
    campos, posicao = [], 32
    while posicao < cabecalho - 1 and dados[posicao] != 0x0D:
        nome = dados[posicao : posicao + 11].split(b"\0")[0].decode("ascii")
        campos.append((nome, dados[posicao + 16]))
        posicao += 32
    linhas = []
    for i in range(total):
        registro = dados[cabecalho + i * largura : cabecalho + (i + 1) * largura]
        if len(registro) < largura:
            raise MalhaIndisponivel("O .dbf da malha está truncado.")
        valores, inicio = {}, 1
        for nome, tamanho in campos:
            valores[nome] = registro[inicio : inicio + tamanho].decode(codificacao).strip()
            inicio += tamanho
        linhas.append(valores if registro[:1] != b"*" else {})
    return linhas


def _unico(pacote: zipfile.ZipFile, extensao: str) -> bytes | None:
    nomes = [n for n in pacote.namelist() if n.lower().endswith(extensao)]
    return pacote.read(nomes[0]) if len(nomes) == 1 else None


def converter(conteudo: bytes, *, fonte: str) -> tuple[bytes, str]:
    """O ZIP do IBGE como o que `carregar_malha` lê: o GeoJSON (uma feição por município) e a
    tabela de áreas oficiais (CSV)."""
    try:
        pacote = zipfile.ZipFile(io.BytesIO(conteudo))
    except zipfile.BadZipFile as exc:
        raise MalhaIndisponivel("O arquivo baixado não é o ZIP do shapefile da malha.") from exc
    shp, dbf = _unico(pacote, ".shp"), _unico(pacote, ".dbf")
    if shp is None or dbf is None:
        raise MalhaIndisponivel("O ZIP baixado não traz um shapefile (.shp e .dbf) da malha.")
    cpg = (_unico(pacote, ".cpg") or b"").decode("ascii", "ignore").strip().lower()
    codificacao = "utf-8" if "utf" in cpg else "cp1252"
    try:
        registros = registros_do_shp(shp, limite_pontos=PONTOS_MAXIMOS)
        linhas = _campos_do_dbf(dbf, codificacao)
    except (ValueError, struct.error, UnicodeDecodeError, IndexError) as exc:
        raise MalhaIndisponivel(f"O shapefile baixado está malformado: {exc}") from exc
    if len(registros) != len(linhas) or not linhas:
        raise MalhaIndisponivel("O .shp e o .dbf da malha baixada não têm os mesmos registros.")
    feicoes, tabela = [], ["codigo_ibge,nome,area_km2"]
    for poligonos, linha in zip(registros, linhas, strict=True):
        if not poligonos or not linha.get("CD_MUN"):
            continue
        if not {"CD_MUN", "NM_MUN", "AREA_KM2"} <= set(linha):
            raise MalhaIndisponivel("O .dbf da malha não tem CD_MUN, NM_MUN e AREA_KM2.")
        geometria = mapping(shapely.union_all(poligonos))
        propriedades = {"codigo_ibge": linha["CD_MUN"], "nome": linha["NM_MUN"]}
        feicoes.append({"type": "Feature", "properties": propriedades, "geometry": geometria})
        nome = linha["NM_MUN"].replace('"', "")
        tabela.append(f'{linha["CD_MUN"]},"{nome}",{linha["AREA_KM2"].replace(",", ".")}')
    colecao = {"type": "FeatureCollection", "metadata": {"fonte": fonte}, "features": feicoes}
    return json.dumps(colecao).encode(), "\n".join(tabela) + "\n"
