"""O mapa do Art. 15, II cujo contorno se cruza, juntado reparado. A juntada o recusa dizendo
o que o reparo muda (a área como desenhada, a reparada, em quantos pedaços); só quando a CRT
envia de novo o mesmo arquivo (o mesmo SHA-256) com "Confirmo o reparo" o polígono reparado
entra nos autos, em GeoJSON, pelo ato `juntar_mapa_reparado` — com o Andamento e o arquivo
enviado guardado ao lado (`MapaReparado`). Nada se corrige em silêncio."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

from django.core.files.base import ContentFile
from django.utils import timezone

from documentos.arquivos.tipos import GEOJSON
from processos.models import ArquivoReparavel, AtoRecusado
from processos.services import praticar_ato
from processos.versao import versao_do_processo
from territorio.models import MapaReparado

if TYPE_CHECKING:
    from territorio.leitura import Reparo

ATO = "juntar_mapa_reparado"
CHAVE = "mapa_reparado"


def _km2(valor) -> str:
    # A leitura do desenho (shapely, pyproj) só quando há reparo: ver territorio.ligacoes.
    from territorio.leitura.desenho import km2_br as formatar

    return formatar(valor)


def figuras(reparo: Reparo) -> list[tuple[str, str]]:
    """O que a tela mostra para a confirmação e o Andamento registra."""
    return [
        ("Área do contorno como desenhado", f"{_km2(reparo.area_antes_km2)} km²"),
        ("Área depois do reparo", f"{_km2(reparo.area_depois_km2)} km²"),
        ("Pedaços depois do reparo", str(reparo.pedacos_depois)),
        ("Onde o contorno se cruza", reparo.motivo),
    ]


def recusa(reparo: Reparo, conteudo: bytes) -> ArquivoReparavel:
    return ArquivoReparavel(
        f"O polígono do território se cruza (autointerseção: {reparo.motivo}): "
        f"{reparo.descricao()}. Nada foi juntado: corrija o desenho e envie de novo, ou "
        "confirme o reparo.",
        figuras=figuras(reparo),
        sha256=hashlib.sha256(conteudo).hexdigest(),
    )


def substituto(desenho, *, nome: str, conteudo: bytes) -> tuple[str, bytes, str]:
    """O polígono reparado em GeoJSON (RFC 7946), com o nome e o SHA-256 do enviado."""
    propriedades = {
        "reparado_de": nome,
        "sha256_do_enviado": hashlib.sha256(conteudo).hexdigest(),
    }
    from shapely.geometry import mapping

    feicao = {"type": "Feature", "properties": propriedades, "geometry": mapping(desenho)}
    corpo = json.dumps({"type": "FeatureCollection", "features": [feicao]}).encode()
    base = nome.rsplit(".", 1)[0] if "." in nome else nome
    return f"{base or 'mapa'}-reparado.geojson", corpo, GEOJSON


def registrar_reparo(
    *, documento, usuario, reparo: Reparo, conteudo: bytes, nome: str, tipo: str
) -> MapaReparado:
    """Na transação da juntada: o ato com o Andamento e o arquivo enviado guardado."""
    sha256 = hashlib.sha256(conteudo).hexdigest()
    dados = {
        CHAVE: f"arquivo nº {documento.numero}, versão {documento.versao}",
        "mapa_enviado": nome,
        "sha256_do_enviado": sha256,
        "area_desenhada_km2": _km2(reparo.area_antes_km2),
        "area_reparada_km2": _km2(reparo.area_depois_km2),
        "pedacos_reparado": str(reparo.pedacos_depois),
    }
    andamento = praticar_ato(
        processo_id=documento.processo_id,
        nome_ato=ATO,
        usuario=usuario,
        data_ato=timezone.localdate(),
        dados=dados,
        ultimo_andamento=versao_do_processo(documento.processo_id) or 0,
    )
    guardado = MapaReparado(
        documento=documento,
        andamento=andamento,
        nome_enviado=nome[:255],
        tipo_enviado=tipo,
        figuras=dict(figuras(reparo)),
        sha256=sha256,
        tamanho=len(conteudo),
    )
    guardado.arquivo.save("mapa-enviado", ContentFile(conteudo), save=False)
    guardado.save()
    return guardado


def preparar(processo, dados: dict) -> None:
    """O ato só nasce da juntada confirmada (a tela dos documentos), nunca de um formulário
    solto: sem o mapa reparado nos dados, recusa."""
    if not dados.get(CHAVE):
        raise AtoRecusado(
            "O mapa reparado só se junta na tela dos documentos do Art. 15, depois de "
            "confirmado o reparo do arquivo enviado."
        )


ROTULOS = {
    CHAVE: "Mapa reparado juntado",
    "mapa_enviado": "Arquivo enviado (guardado como veio)",
    "sha256_do_enviado": "SHA-256 do arquivo enviado",
    "area_desenhada_km2": "Área do contorno como desenhado (km²)",
    "area_reparada_km2": "Área depois do reparo (km²)",
    "pedacos_reparado": "Pedaços depois do reparo",
}
