"""O painel e a lista de processos da área interna: leem através das fases (o prazo mais
próximo vem dos ofícios da instrução) e não mudam nenhum processo."""

from datetime import timedelta

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone

from emancipacao import numeros
from emancipacao.erros import pagina_de_erro
from emancipacao.planilha import resposta_csv
from instrucao import prazos_abertos
from painel import contagens, exportacao, prazos
from painel.filtros import ProcessoFilter
from painel.linhas import colunas_ordenaveis, linhas_da_lista
from painel.paginacao import PaginadorDeProcessos
from processos import services
from processos.avisos import TEXTO_BLOQUEIO_FEDERAL
from processos.estados import Estado
from processos.papeis import e_equipe, exigir_leitor
from requisitos.models import parametros_em_vigor
from requisitos.prazos import DIAS_ALERTA

POR_PAGINA = 50


@login_required
def painel(request):
    """O que espera por mim, e onde estão os processos."""
    exigir_leitor(request)
    # Contados, ou estimados ("cerca de") quando são muitos (painel.contagens).
    por_estado = contagens.por_estado(Estado.values)
    meus_estados = services.estados_com_atos_do_usuario(request.user)
    andamento = [e for e in Estado.values if e not in (Estado.CONCLUIDO, Estado.ARQUIVADO)]
    hoje = timezone.localdate()
    # Somados por dia de vencimento, mantidos pelos atos (instrucao.prazos_abertos).
    prazos_dos_oficios = prazos_abertos.contagem(hoje, hoje + timedelta(days=DIAS_ALERTA))
    return render(
        request,
        "painel/painel.html",
        {
            "aguardando": por_estado.soma(meus_estados),
            "diligencias": por_estado.soma([Estado.EM_DILIGENCIA]),
            "em_andamento": por_estado.soma(andamento),
            "estados": [(e, Estado(e).label, *por_estado.soma([e])) for e in Estado.values],
            "oficios_vencidos": prazos_dos_oficios["vencidos"],
            "oficios_vencendo": prazos_dos_oficios["vencendo"],
            "avisos": _avisos_gerais(),
        },
    )


def _avisos_gerais() -> list[dict]:
    if not parametros_em_vigor().bloqueio_constitucional:
        return []
    return [
        {
            "nivel": "warning",
            "titulo": "Bloqueio constitucional federal",
            "texto": TEXTO_BLOQUEIO_FEDERAL,
        }
    ]


@login_required
def lista(request):
    exigir_leitor(request)
    # O mesmo QuerySet serve à seleção (filtros) e às linhas: montá-lo custa (a subconsulta
    # do prazo), e ele não muda.
    processos = prazos.para_listagem()
    filtro = ProcessoFilter(request.GET, queryset=processos, request=request)
    # A lista de todos (em qualquer ordem) lê numa consulta de uma linha o total de processos
    # e a versão dos municípios do formulário (painel.contagens.guardados): nem COUNT(*) nem
    # os municípios de novo. Uma busca conta os seus achados e lê os municípios, como antes.
    guardados = contagens.Guardados()
    if {nome for nome, _ in filtro.criterios()} <= {"ordem"}:
        guardados = contagens.guardados()
        filtro.versao_dos_municipios = guardados.municipios
    achados = filtro.qs
    paginador = PaginadorDeProcessos(
        achados,
        POR_PAGINA,
        linhas=processos,
        abertos=prazos.ids_com_prazo_aberto(),
        contagem=filtro.contagem,
        guardados=guardados,
    )
    pagina = paginador.get_page(numeros.pagina(request.GET.get("pagina")))
    parametros = request.GET.copy()
    parametros.pop("pagina", None)
    return render(
        request,
        "painel/lista.html",
        {
            "filtro": filtro,
            "pagina": pagina,
            "linhas": linhas_da_lista(pagina.object_list),
            "parametros": parametros.urlencode(),
            "colunas": colunas_ordenaveis(request.GET),
            "pode_exportar": e_equipe(request.user),
        },
        status=400 if filtro.recusado() else 200,
    )


@login_required
def exportar_lista(request):
    """A lista filtrada inteira (todas as páginas, mesmos filtros e ordem) em CSV: `;` e
    UTF-8 com BOM, como o Excel em pt-BR abre. Decisão (Art. 22): o Deputado tem vista dos
    autos, sem exportação — só a equipe exporta."""
    if not e_equipe(request.user):
        raise PermissionDenied("A exportação da lista é da CRT e da Mesa (Art. 22).")
    filtro = ProcessoFilter(request.GET, queryset=prazos.para_listagem(), request=request)
    if filtro.recusado():
        return busca_recusada(request, filtro)
    return resposta_csv(
        exportacao.CABECALHOS,
        exportacao.linhas(filtro.qs),
        arquivo=f"processos-{timezone.localdate():%Y-%m-%d}.csv",
    )


def busca_recusada(request, filtro) -> HttpResponse:
    """A exportação de uma busca com critério ilegível: 400, com o erro de cada critério."""
    mensagem = f"A busca não pôde ser lida. {filtro.mensagem_de_erro()}"
    return pagina_de_erro(request, status=400, template="400.html", mensagem=mensagem)
