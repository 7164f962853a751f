"""Portal público de transparência (DOMAIN §4; UX, tela 6): sem login.

Mostra os processos, o estado e a linha do tempo pública. Art. 23: as informações sobre
processos em andamento são prestadas pelos Deputados; por isso a linha do tempo pública traz
só a data, o ato e o estado resultante — sem justificativas, dados registrados nem nomes de
servidores. Os documentos públicos por natureza vêm de `documentos` (tag de template)."""

from datetime import date

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render

from processos import extensoes
from processos.avisos import avisos_legais
from processos.diagrama import etapas
from processos.filtros import ProcessoPublicoFilter
from processos.models import Processo

POR_PAGINA = 50

# Os números que a Casa publica (Art. 19, § 1º: Decreto Legislativo; Art. 1º e 7º: a lei),
# como registrados pela Mesa nos atos, e as datas que os acompanham.
PUBLICADOS = {
    "decreto_legislativo": (
        "publicar_decreto",
        "numero_decreto",
        ("data_aprovacao", "data_diario_oficial"),
    ),
    "lei": ("registrar_lei", "numero_lei", ("data_sancao", "data_diario_oficial")),
}


def _data(valor):
    return date.fromisoformat(valor) if isinstance(valor, str) and valor else valor or None


def numeros_publicados(andamentos) -> dict:
    """{"decreto_legislativo": {...} | None, "lei": {...} | None}, do último ato de cada um
    (os andamentos vêm do mais novo ao mais antigo)."""
    numeros = {}
    for chave, (ato, campo, datas) in PUBLICADOS.items():
        andamento = next((a for a in andamentos if a.ato == ato and a.dados.get(campo)), None)
        numeros[chave] = andamento and {
            "numero": andamento.dados[campo],
            **{d: _data(andamento.dados.get(d)) for d in datas},
        }
    return numeros


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
            "publicados": numeros_publicados(andamentos),
            "secoes": extensoes.secoes(processo, request.user, publica=True),
        },
    )
