"""As seções do Art. 23 na página do processo e a exportação da lista pública. Os atos de
liberar e revogar são do hub (`processos:ato`), com a permissão das suas transições."""

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from emancipacao.limites import resposta_limite
from emancipacao.planilha import resposta_csv
from painel.exportacao import identificacao
from painel.filtros import ProcessoPublicoFilter
from painel.views import busca_recusada
from processos.atos import autoriza_liberacao
from processos.leitura import praticado
from transparencia import services
from transparencia.dados_abertos import Enderecos, item_da_lista, processos_publicos
from transparencia.limite import MENSAGEM, espera_dos_dados_abertos

# --- as seções do Art. 23 na página do processo ------------------------------------------


def secao_interna(processo, usuario, *, publica: bool = False) -> dict | None:
    """O histórico das liberações na página interna do processo."""
    liberacoes = services.liberacoes_do_processo(processo)
    if not liberacoes and not autoriza_liberacao(processo, usuario):
        return None
    return {"liberacoes": liberacoes, "pode_liberar": autoriza_liberacao(processo, usuario)}


def secao_publica(processo, usuario, *, publica: bool = False) -> dict | None:
    """Na página pública: os documentos internos e os detalhes liberados (Art. 23)."""
    if not publica:
        return None
    # Toda liberação nasce de um ato `liberar_informacao`: sem ele entre os andamentos (já
    # lidos pela página), não há o que mostrar nem o que consultar.
    if not praticado(processo, {"liberar_informacao"}):
        return None
    documentos = [
        d for d in services.documentos_publicos_do_processo(processo) if hasattr(d, "liberado_em")
    ]
    detalhes = services.detalhes_liberados(processo)
    if not (documentos or detalhes):
        return None
    return {"documentos_liberados": documentos, "detalhes": detalhes}


# --- exportação da lista do portal --------------------------------------------------------

COLUNAS_CSV = (
    "Número",
    "Tipo",
    "Nome proposto",
    "Municípios de origem",
    "Estado",
    "Lido no expediente em",
    "Última movimentação",
    "Endereço no portal",
)


def _linhas_csv(processos, enderecos: Enderecos):
    for p in processos:
        yield identificacao(p) + [
            p.data_leitura_expediente.strftime("%d/%m/%Y"),
            timezone.localtime(p.ultima_movimentacao).strftime("%d/%m/%Y %H:%M"),
            enderecos.portal(p.slug),
        ]


@require_GET
def exportar(request, formato):
    """A lista do portal, com os mesmos critérios e a mesma ordem, inteira (sem páginas)."""
    if formato not in ("csv", "json"):
        raise Http404("Formato desconhecido: use csv ou json.")
    if espera := espera_dos_dados_abertos(request):
        contexto = {"mensagem": MENSAGEM}
        return resposta_limite(request, "requisitos/limite_excedido.html", contexto, espera=espera)
    filtro = ProcessoPublicoFilter(request.GET, queryset=processos_publicos(), request=request)
    if filtro.recusado():
        return busca_recusada(request, filtro)
    processos = filtro.qs.iterator(chunk_size=500)
    nome = f"processos-{timezone.localdate():%Y-%m-%d}.{formato}"
    enderecos = Enderecos(request)
    if formato == "csv":
        # Um nome proposto como "=HYPERLINK(...)" sai como texto (emancipacao.planilha).
        return resposta_csv(COLUNAS_CSV, _linhas_csv(processos, enderecos), arquivo=nome)
    corpo = {
        "gerado_em": timezone.now(),
        "processos": [item_da_lista(p, enderecos=enderecos) for p in processos],
    }
    corpo["total"] = len(corpo["processos"])
    resposta = HttpResponse(
        json.dumps(corpo, cls=DjangoJSONEncoder, ensure_ascii=False),
        content_type="application/json; charset=utf-8",
    )
    resposta["Content-Disposition"] = f'attachment; filename="{nome}"'
    return resposta
