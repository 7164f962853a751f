"""O que os dados abertos dizem de um processo: só o que o portal mostra, mais o liberado
(Art. 23). Uma forma só para a API, a exportação JSON e a CSV — o mesmo dado em toda porta."""

from django.db.models import Prefetch
from django.urls import reverse

from processos.models import Processo
from requisitos.models import Municipio
from transparencia import services
from transparencia.portal import numeros_publicados

# Da apuração gravada pelo parecer (ou da prévia), o que a página pública também exibe.
CAMPOS_APURACAO = (
    "aprovado",
    "regra",
    "regra_rotulo",
    "abrangencia",
    "abrangencia_rotulo",
    "unidades",
    "totais",
    "leituras",
    "totais_sede",
    "leituras_sede",
)


def processos_publicos():
    """Os processos com o que a lista pública lê, em número fixo de consultas por página."""
    municipios = Municipio.objects.only("codigo_ibge", "nome").order_by("nome")
    return Processo.objects.prefetch_related(Prefetch("municipios_origem", municipios))


def _codigo(valor, rotulo) -> dict:
    return {"codigo": valor, "rotulo": str(rotulo)}


def _absoluta(request, caminho: str) -> str:
    return request.build_absolute_uri(caminho) if request is not None else caminho


class Enderecos:
    """Os endereços absolutos de um processo, montados uma vez por requisição: `reverse` a
    cada linha custava mais que o resto da linha numa exportação de milhares de processos."""

    MODELO = "0000-0000"  # casa com o conversor "protocolo"; trocado pelo número real

    def __init__(self, request):
        modelo = [self.MODELO]
        self._api = _absoluta(request, reverse("transparencia:api_processo", args=modelo))
        self._portal = _absoluta(request, reverse("transparencia:portal_processo", args=modelo))

    def api(self, slug: str) -> str:
        return self._api.replace(self.MODELO, slug)

    def portal(self, slug: str) -> str:
        return self._portal.replace(self.MODELO, slug)


def item_da_lista(processo: Processo, request=None, enderecos: Enderecos | None = None) -> dict:
    enderecos = enderecos or Enderecos(request)
    return {
        "numero": processo.slug,
        "protocolo": processo.protocolo,
        "titulo": processo.titulo,
        "tipo": _codigo(processo.tipo, processo.get_tipo_display()),
        "estado": _codigo(processo.estado, processo.get_estado_display()),
        "nome_proposto": processo.nome_proposto,
        "municipios_origem": [
            {"codigo_ibge": m.codigo_ibge, "nome": m.nome} for m in processo.municipios_origem.all()
        ],
        "data_leitura_expediente": processo.data_leitura_expediente,
        "ultima_movimentacao": processo.ultima_movimentacao,
        "url": enderecos.api(processo.slug),
        "url_portal": enderecos.portal(processo.slug),
    }


def _documento(doc, request) -> dict:
    return {
        "codigo_verificacao": doc.codigo,
        "tipo": _codigo(doc.tipo, doc.get_tipo_display()),
        "titulo": doc.titulo,
        "versao": doc.versao,
        "emitido_em": doc.emitido_em,
        "paginas": doc.paginas,
        "sha256": doc.sha256,
        "liberado_em": getattr(doc, "liberado_em", None),
        "url": _absoluta(request, reverse("documentos:publico", args=[doc.codigo])),
        "url_validacao": _absoluta(request, reverse("documentos:validar"))
        + f"?codigo={doc.codigo}",
    }


def _plebiscito(processo: Processo) -> dict | None:
    """O mesmo que a seção pública do plebiscito mostra (plebiscito.views.secao_plebiscito):
    depois do parecer, o veredito gravado por ele; antes, a prévia com os parâmetros de hoje."""
    from plebiscito.views import secao_plebiscito

    secao = secao_plebiscito(processo, None, publica=True)
    apuracao = (secao or {}).get("apuracao")
    if not apuracao:
        return None
    return {
        "definitivo": secao["parecer"] is not None,
        **{c: apuracao.get(c) for c in CAMPOS_APURACAO},
    }


def detalhe(processo: Processo, request=None) -> dict:
    andamentos = list(processo.andamentos.all())
    detalhes = services.detalhes_liberados(processo, andamentos)
    return {
        **item_da_lista(processo, request),
        **numeros_publicados(andamentos),
        "linha_do_tempo": [
            {
                "data": a.data_ato,
                "ato": _codigo(a.ato, a.get_ato_display()),
                "estado": _codigo(a.estado_destino, a.get_estado_destino_display()),
            }
            for a in andamentos
        ],
        "documentos": [
            _documento(d, request) for d in services.documentos_publicos_do_processo(processo)
        ],
        "plebiscito": _plebiscito(processo),
        "detalhes_liberados": detalhes
        and {
            "liberado_em": detalhes["liberado_em"],
            "resumo": detalhes["resumo"],
            "justificativas": [
                {"data": j["data"], "ato": _codigo(j["ato"], j["rotulo"]), "texto": j["texto"]}
                for j in detalhes["justificativas"]
            ],
        },
    }
