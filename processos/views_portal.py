"""Portal público de transparência (DOMAIN §4; UX, tela 6): sem login.

Mostra os processos, o estado e a linha do tempo pública. Art. 23: as informações sobre
processos em andamento são prestadas pelos Deputados; por isso a linha do tempo pública traz
só a data, o ato e o estado resultante — sem justificativas, dados registrados nem nomes de
servidores. Os documentos públicos por natureza vêm de `documentos` (tag de template)."""

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render

from processos import extensoes
from processos.avisos import avisos_legais
from processos.diagrama import etapas
from processos.filtros import ProcessoPublicoFilter
from processos.models import Processo

POR_PAGINA = 50


def portal(request):
    filtro = ProcessoPublicoFilter(
        request.GET, queryset=Processo.objects.para_listagem(), request=request
    )
    pagina = Paginator(filtro.qs, POR_PAGINA).get_page(request.GET.get("pagina"))
    parametros = request.GET.copy()
    parametros.pop("pagina", None)
    return render(
        request,
        "processos/portal_lista.html",
        {"filtro": filtro, "pagina": pagina, "parametros": parametros.urlencode()},
    )


def portal_processo(request, protocolo):
    numero, ano = protocolo.split("-")
    processo = get_object_or_404(Processo, numero=int(numero), ano=int(ano))
    # Sem select_related("usuario"): quem praticou o ato não é exibido no portal.
    andamentos = list(processo.andamentos.all())
    return render(
        request,
        "processos/portal_processo.html",
        {
            "processo": processo,
            "etapas": etapas(processo, andamentos),
            "andamentos": andamentos,
            "avisos": avisos_legais(processo),
            "municipios": processo.municipios_origem.all(),
            "secoes": extensoes.secoes(processo, request.user, publica=True),
        },
    )
