"""Views da área interna. Mesma forma em todas: carrega com checagem de papel → formulário →
um serviço → redireciona (POST) ou renderiza."""

from collections import defaultdict
from datetime import date, timedelta
from functools import cache

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Exists, OuterRef, Prefetch, prefetch_related_objects
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from emancipacao import numeros
from emancipacao.erros import pagina_de_erro
from emancipacao.limite_envio import limitar_envio
from emancipacao.planilha import resposta_csv
from processos import (
    exportacao,
    extensoes,
    leitura,
    linha_do_tempo,
    proximo_ato,
    reabertura,
    services,
)
from processos.atos import ATOS, POR_SLUG, recusa_no_processo
from processos.avaliacao import avaliar_nome
from processos.avisos import TEXTO_BLOQUEIO_FEDERAL, avisos_legais
from processos.diagrama import desenho, etapas
from processos.estados import (
    CLASSE_DO_ESTADO,
    ROTULO_DO_ESTADO,
    ROTULO_DO_TIPO,
    TIPOS_COM_NOME_NOVO,
    Estado,
)
from processos.filtros import ProcessoFilter
from processos.forms import ManifestacaoForm, ProtocolarForm, formulario_do_ato
from processos.leitura import leitura_unica, lido
from processos.models import (
    Andamento,
    AtoRecusado,
    Manifestacao,
    Processo,
    RegistroAcesso,
    protocolo_de,
)
from processos.paginacao import PaginadorDeProcessos
from processos.papeis import (
    DEPUTADO,
    e_equipe,
    exigir_leitor,
    papeis_do_usuario,
    tem_papel,
)
from processos.proximo_ato import descrever_espera
from requisitos.models import parametros_em_vigor
from requisitos.municipios_br import por_codigo
from requisitos.prazos import DIAS_ALERTA
from requisitos.veredito import numero_de_json, requisito_de_dict

POR_PAGINA = 50


def inicio(request):
    if papeis_do_usuario(request.user):
        return redirect("processos:painel")
    return render(request, "inicio.html")


@login_required
def painel(request):
    """O que espera por mim, e onde estão os processos (UX, Painel)."""
    exigir_leitor(request)
    por_estado = dict(Processo.objects.values_list("estado").annotate(total=Count("id")).order_by())
    meus_estados = services.estados_com_atos_do_usuario(request.user)
    hoje = timezone.localdate()
    # Os ofícios são da instrução: lidos pela relação, sem importar a fase (STYLE, regra 6).
    oficios = Processo._meta.get_field("oficios").related_model.objects
    prazos = oficios.contagem_de_prazos(hoje, hoje + timedelta(days=DIAS_ALERTA))
    return render(
        request,
        "processos/painel.html",
        {
            "aguardando": sum(por_estado.get(e, 0) for e in meus_estados),
            "diligencias": por_estado.get(Estado.EM_DILIGENCIA, 0),
            "em_andamento": sum(
                t for e, t in por_estado.items() if e not in (Estado.CONCLUIDO, Estado.ARQUIVADO)
            ),
            "estados": [(e, Estado(e).label, por_estado.get(e, 0)) for e in Estado.values],
            "oficios_vencidos": prazos["vencidos"],
            "oficios_vencendo": prazos["vencendo"],
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


def processo_ou_404(protocolo: str) -> Processo:
    """O processo do protocolo da URL ("7-2026"), ou 404."""
    numero, ano = protocolo.split("-")
    return get_object_or_404(Processo, numero=int(numero), ano=int(ano))


@login_required
def lista(request):
    exigir_leitor(request)
    # O mesmo QuerySet serve à seleção (filtros) e às linhas: montá-lo custa (a subconsulta
    # do prazo), e ele não muda.
    processos = Processo.objects.para_listagem()
    filtro = ProcessoFilter(request.GET, queryset=processos, request=request)
    paginador = PaginadorDeProcessos(
        filtro.qs,
        POR_PAGINA,
        linhas=processos,
        abertos=Processo.objects.ids_com_prazo_aberto(),
    )
    pagina = paginador.get_page(numeros.pagina(request.GET.get("pagina")))
    parametros = request.GET.copy()
    parametros.pop("pagina", None)
    return render(
        request,
        "processos/lista.html",
        {
            "filtro": filtro,
            "pagina": pagina,
            "linhas": linhas_da_lista(pagina.object_list),
            "parametros": parametros.urlencode(),
            "colunas": _colunas_ordenaveis(request.GET),
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
    filtro = ProcessoFilter(request.GET, queryset=Processo.objects.para_listagem(), request=request)
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


COLUNAS = [
    ("numero", "Número"),
    ("tipo", "Tipo"),
    ("nome", "Nome proposto"),
    (None, "Municípios de origem"),
    ("estado", "Estado"),
    ("movimentacao", "Última movimentação"),
    ("prazo", "Prazo mais próximo"),
]


# O que a linha da lista mostra de cada processo; `prazo_mais_proximo` é anotado por
# `ProcessoQuerySet.para_listagem`.
CAMPOS_DA_LINHA = (
    "pk",
    "numero",
    "ano",
    "tipo",
    "estado",
    "nome_proposto",
    "ultima_movimentacao",
    "prazo_mais_proximo",
)


def linhas_da_lista(processos, *, prefixo: str | None = None) -> list[dict]:
    """O que cada linha mostra, já resolvido (URL, rótulos, datas em texto): o template só
    escreve (50 linhas com um `{% url %}` e um `{% include %}` cada custavam mais que as
    consultas). `processos`: a página (QuerySet de `para_listagem`), lida como valores — sem
    instanciar 50 processos — e os municípios de origem numa consulta para a página toda.
    `prefixo`: onde fica a página de cada processo (a interna, ou a do portal)."""
    hoje = timezone.localdate()
    prefixo = prefixo or reverse("processos:lista")
    valores = list(processos.prefetch_related(None).values(*CAMPOS_DA_LINHA))
    municipios = _municipios_de_origem([v["pk"] for v in valores])
    linhas = []
    for v in valores:
        prazo = v["prazo_mais_proximo"]
        movimentacao = timezone.localtime(v["ultima_movimentacao"])
        linhas.append(
            {
                "protocolo": protocolo_de(v["numero"], v["ano"]),
                "url": f"{prefixo}{protocolo_de(v['numero'], v['ano'], '-')}/",
                "tipo": ROTULO_DO_TIPO[v["tipo"]],
                "nome": v["nome_proposto"],
                "municipios": ", ".join(municipios.get(v["pk"], ())),
                "estado_rotulo": ROTULO_DO_ESTADO[v["estado"]],
                "estado_classe": CLASSE_DO_ESTADO.get(v["estado"], "andamento"),
                "movimentacao": movimentacao,
                "movimentacao_texto": f"{movimentacao:%d/%m/%Y}",
                "prazo": prazo,
                "prazo_texto": f"{prazo:%d/%m/%Y}" if prazo else "",
                "prazo_vencido": prazo is not None and prazo < hoje,
                # O ato pendente e quem o pratica (issue 26), sem consulta: só do estado.
                "aguardando": proximo_ato.ato_pendente(v["tipo"], v["estado"]),
            }
        )
    return linhas


def _municipios_de_origem(ids) -> dict[int, list[str]]:
    """Processo → os nomes dos municípios de origem, na ordem do cadastro (por nome)."""
    origem = Processo.municipios_origem.through.objects.filter(processo_id__in=ids)
    nomes = defaultdict(list)
    for processo_id, nome in origem.order_by("municipio__nome").values_list(
        "processo_id", "municipio__nome"
    ):
        nomes[processo_id].append(nome)
    return nomes


def _colunas_ordenaveis(query) -> list[dict]:
    """Cabeçalhos clicáveis: clicar ordena pela coluna; clicar de novo inverte."""
    atual = query.get("ordem", "")
    colunas = []
    for campo, rotulo in COLUNAS:
        coluna = {"rotulo": rotulo, "url": None, "aria_sort": None}
        if campo:
            parametros = query.copy()
            parametros.pop("pagina", None)
            parametros["ordem"] = f"-{campo}" if atual == campo else campo
            coluna["url"] = "?" + parametros.urlencode()
            if atual.lstrip("-") == campo:
                coluna["aria_sort"] = "descending" if atual.startswith("-") else "ascending"
        colunas.append(coluna)
    return colunas


@login_required
def novo(request):
    if not tem_papel(request.user, *ATOS["protocolar"].papeis):
        raise PermissionDenied("Somente a CRT ou a Mesa podem protocolar.")
    # A fase da representação acrescenta ao protocolo os campos da extinção (Art. 10).
    formulario = extensoes.formulario("protocolar") or ProtocolarForm
    form = formulario(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            processo = services.protocolar_processo(
                usuario=request.user, dados=services.DadosProtocolo(**form.cleaned_data)
            )
        except AtoRecusado as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                f"Processo protocolado sob o nº {processo.protocolo}. "
                f"O processo está em: {Estado(processo.estado).label}.",
            )
            return redirect("processos:detalhe", protocolo=processo.slug)
    status = 400 if request.method == "POST" else 200
    return render(request, "processos/novo.html", {"form": form}, status=status)


@login_required
def detalhe(request, protocolo):
    exigir_leitor(request)
    processo = _processo_da_pagina(protocolo)
    if tem_papel(request.user, DEPUTADO):
        # Art. 22: vista ao processo na sala das Comissões — cada vista fica registrada.
        RegistroAcesso.objects.create(usuario=request.user, processo=processo)
    # Issue 13: a página lê o processo, os andamentos e os parâmetros uma vez; as condições
    # dos atos e as seções das fases recebem o mesmo processo (processos.leitura).
    with leitura_unica(processo):
        andamentos = leitura.andamentos(processo)
        contexto = {
            "processo": processo,
            "diagrama": desenho(tuple(etapas(processo, andamentos))),
            "andamentos": [linha_do_tempo.como_linha_do_tempo(a) for a in andamentos],
            "atos": services.atos_da_tela(processo, request.user),
            "avisos": avisos_legais(processo),
            "municipios": processo.municipios_origem.all(),
            "avaliacao_art2": _avaliacao_art2(andamentos),
            "manifestacoes": processo.manifestacoes.all() if processo.tem_manifestacoes else (),
            "espera": _espera(processo),
            "toponimia": lido(processo, avaliar_nome)
            if processo.tipo in TIPOS_COM_NOME_NOVO
            else None,
            "secoes": extensoes.secoes(processo, request.user),
        }
        return render(request, "processos/detalhe.html", contexto)


def _processo_da_pagina(protocolo: str) -> Processo:
    """O processo e, na mesma consulta, as anotações das fases (se há linhas nas relações
    quase sempre vazias, contagens); depois, uma consulta por relação do hub que a página
    mostra: os andamentos (com quem os praticou), os municípios e, se houver, as
    manifestações (Art. 22)."""
    numero, ano = protocolo.split("-")
    processo = get_object_or_404(_consulta_da_pagina(), numero=int(numero), ano=int(ano))
    relacoes = [
        Prefetch("andamentos", Andamento.objects.select_related("usuario", "anexo")),
        "municipios_origem",
    ]
    if processo.tem_manifestacoes:
        relacoes.append(Prefetch("manifestacoes", Manifestacao.objects.select_related("deputado")))
    prefetch_related_objects([processo], *relacoes)
    return processo


@cache
def _consulta_da_pagina():
    """A consulta do processo da página, com as anotações montadas e resolvidas uma vez por
    processo do servidor (como o `queryset` de uma view genérica): cada requisição só a
    filtra, num clone. As fases registram as anotações no `ready()`, antes da primeira
    página."""
    return Processo.objects.select_related("deputado_autor").annotate(
        tem_manifestacoes=Exists(Manifestacao.objects.filter(processo=OuterRef("pk"))),
        **extensoes.anotacoes(),
    )


def _espera(processo) -> str:
    """A frase "Aguardando: <ato> — <quem>", com o que depende do banco: os órgãos que ainda
    não responderam ao ofício vigente e a representação incompleta (Art. 15 e 16)."""
    sem_resposta = ()
    if processo.estado == Estado.ARQUIVADO:
        # Quem arquivou e por qual ato, e as vias de reabertura (processos.reabertura).
        return reabertura.frase_do_arquivado(processo)
    if processo.estado == Estado.AGUARDANDO_CERTIDOES:
        # Da fase da instrução, que na página os tira dos ofícios já lidos.
        sem_resposta = extensoes.ler("orgaos_sem_resposta", processo, ())
    incompleta = processo.estado in (Estado.PROTOCOLADA, Estado.EM_DILIGENCIA) and bool(
        services.motivos_indisponivel(processo, "receber_na_crt")
    )
    return descrever_espera(
        processo.tipo,
        processo.estado,
        orgaos_sem_resposta=sem_resposta,
        representacao_incompleta=incompleta,
    )


def _avaliacao_art2(andamentos) -> dict | None:
    """A avaliação do Art. 2º gravada no último parecer de mérito, com os requisitos
    reconstituídos para a exibição pt-BR."""
    for andamento in andamentos:
        avaliacao = andamento.dados.get("avaliacao_art2")
        if andamento.ato == "emitir_parecer_merito" and avaliacao:
            nomes = por_codigo()
            media = avaliacao.get("media_va") or {}
            for municipio in media.get("municipios", []):
                conhecido = nomes.get(municipio["codigo_ibge"])
                municipio["nome"] = conhecido.nome if conhecido else municipio["codigo_ibge"]
                municipio["valor_adicionado"] = numero_de_json(municipio["valor_adicionado"])
            if media:
                media["media"] = numero_de_json(media["media"])
            referencia = avaliacao["parametros"].get("data_referencia")
            return avaliacao | {
                "andamento": andamento,
                "requisitos": [requisito_de_dict(r) for r in avaliacao["requisitos"]],
                "remanescentes": [
                    rem | {"requisitos": [requisito_de_dict(r) for r in rem["requisitos"]]}
                    for rem in avaliacao["remanescentes"]
                ],
                "data_parametros": date.fromisoformat(referencia) if referencia else None,
            }
    return None


@login_required
def manifestacao(request, protocolo):
    """Art. 22: voz do Deputado, sem voto."""
    if not tem_papel(request.user, DEPUTADO):
        raise PermissionDenied("Somente Deputados registram manifestações (Art. 22).")
    processo = processo_ou_404(protocolo)
    form = ManifestacaoForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.registrar_manifestacao(
                processo=processo, deputado=request.user, texto=form.cleaned_data["texto"]
            )
        except AtoRecusado as exc:
            form.add_error("texto", str(exc))
        else:
            messages.success(request, "Manifestação registrada no processo.")
            return redirect("processos:detalhe", protocolo=processo.slug)
    status = 400 if request.method == "POST" else 200
    return render(
        request, "processos/manifestacao.html", {"processo": processo, "form": form}, status=status
    )


@limitar_envio
@login_required
def ato(request, protocolo, slug):
    processo = processo_ou_404(protocolo)
    definicao = POR_SLUG.get(slug)
    if definicao is None or definicao.nome == "protocolar":
        raise Http404("Ato desconhecido.")
    # O papel e, quando a transição a declara, a permissão por processo (Art. 23: o Deputado
    # só no processo de que é autor), antes do formulário: 403 no GET e no POST.
    if recusa := recusa_no_processo(processo, definicao.nome, request.user):
        raise PermissionDenied(recusa)
    formulario = formulario_do_ato(definicao.nome)
    if formulario is None:
        raise Http404("Ato sem formulário.")
    # GET: valores sugeridos pela página do processo (ex.: sobrestar após recusa do TRE).
    inicial = {c: v for c, v in request.GET.items() if c in formulario.base_fields}
    dados = (request.POST, request.FILES) if request.method == "POST" else (None,)
    form = formulario(*dados, processo=processo, ato=definicao, initial=inicial)
    # A minuta do parecer: o ato corre e é desfeito; só o PDF MINUTA volta.
    tem_minuta = extensoes.documentos().tem_minuta(definicao.nome)
    minuta = request.method == "POST" and "minuta" in request.POST and tem_minuta
    if request.method == "POST" and form.is_valid():
        # O PDF que a lei prevê para o ato, já conferido pelo formulário (processos.campos).
        anexo = form.cleaned_data.get("arquivo_do_ato")
        try:
            andamento = services.praticar_ato(
                processo_id=processo.pk,
                nome_ato=definicao.nome,
                usuario=request.user,
                data_ato=form.cleaned_data["data_ato"],
                dados=form.dados_do_ato(),
                justificativa=form.cleaned_data["justificativa"],
                estado_esperado=form.cleaned_data["estado_esperado"],
                ultimo_andamento=form.cleaned_data.get("ultimo_andamento"),
                minuta=minuta,
                # A minuta não guarda o anexo (o ato é desfeito; o arquivo ficaria órfão).
                anexo=None if minuta else anexo,
            )
        except services.MinutaDoAto as pronta:
            return _minuta_pdf(pronta.pdf, definicao, processo)
        except AtoRecusado as exc:
            if anexo is not None:
                anexo.descartar()
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                f"{definicao.rotulo}: ato registrado. O processo está em: "
                f"{andamento.get_estado_destino_display()}.",
            )
            return redirect("processos:detalhe", protocolo=processo.slug)
    motivos = services.motivos_indisponivel(processo, definicao.nome)
    return render(
        request,
        "processos/ato.html",
        {
            "processo": processo,
            "ato": definicao,
            "form": form,
            "motivos": motivos,
            # Um formulário que já sabe o destino (ex.: o veredito do plebiscito) o diz.
            "destinos": getattr(form, "destinos", None)
            or proximo_ato.destinos_possiveis(processo, definicao.nome),
            "avisos": avisos_legais(processo) if definicao.aviso_bloqueio else [],
            "emite_documentos": extensoes.documentos().emite(definicao.nome),
            "tem_minuta": tem_minuta,
        },
        status=400 if request.method == "POST" else 200,
    )


def _minuta_pdf(pdf: bytes, definicao, processo) -> HttpResponse:
    resposta = HttpResponse(pdf, content_type="application/pdf")
    resposta["Content-Disposition"] = (
        f'inline; filename="minuta-{definicao.slug}-{processo.slug}.pdf"'
    )
    resposta["Cache-Control"] = "private, no-store"
    return resposta
