"""Views da área interna. Mesma forma em todas: carrega com checagem de papel → formulário →
um serviço → redireciona (POST) ou renderiza."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch, prefetch_related_objects
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from emancipacao.limite_envio import limitar_envio
from processos import (
    consulta_da_pagina,
    extensoes,
    leitura,
    linha_do_tempo,
    nova_representacao,
    proximo_ato,
    reabertura,
    services,
)
from processos.atos import ATOS, POR_SLUG, recusa_no_processo
from processos.avaliacao import avaliar_nome
from processos.avisos import avisos_legais
from processos.diagrama import desenho, etapas
from processos.estados import (
    TIPOS_COM_NOME_NOVO,
    Estado,
)
from processos.forms import ManifestacaoForm, ProtocolarForm, formulario_do_ato
from processos.leitura import leitura_unica
from processos.models import (
    Andamento,
    AtoRecusado,
    Manifestacao,
    Processo,
    RegistroAcesso,
)
from processos.papeis import (
    DEPUTADO,
    exigir_leitor,
    papeis_do_usuario,
    tem_papel,
)
from processos.protocolos import processo_ou_404
from processos.proximo_ato import descrever_espera


def inicio(request):
    if papeis_do_usuario(request.user):
        return redirect("painel:painel")
    return render(request, "inicio.html")


@login_required
def novo(request):
    if not tem_papel(request.user, *ATOS["protocolar"].papeis):
        raise PermissionDenied("Somente a CRT ou a Mesa podem protocolar.")
    # A fase da representação acrescenta ao protocolo os campos da extinção (Art. 10).
    formulario = extensoes.formulario("protocolar") or ProtocolarForm
    # Art. 13: o link do processo arquivado abre o protocolo com a ligação preenchida.
    inicial = nova_representacao.inicial(request.GET.get("anterior", ""))
    form = formulario(request.POST or None, initial=inicial)
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
    # A página lê o processo, os andamentos e os parâmetros uma vez; as condições
    # dos atos e as seções das fases recebem o mesmo processo (processos.leitura).
    with leitura_unica(processo):
        andamentos = leitura.andamentos(processo)
        linhas = [linha_do_tempo.como_linha_do_tempo(a) for a in andamentos]
        contexto = {
            "processo": processo,
            "diagrama": desenho(tuple(etapas(processo, andamentos))),
            "andamentos": linhas,
            "marca_dos_andamentos": linha_do_tempo.marca(linhas),
            "atos": services.atos_da_tela(processo, request.user),
            "avisos": avisos_legais(processo),
            "municipios": processo.municipios_origem.all(),
            # Art. 2º: a avaliação que o parecer de mérito gravou, lida pela instrução.
            "avaliacao_art2": extensoes.ler("avaliacao_art2", processo),
            "manifestacoes": processo.manifestacoes.all() if processo.tem_manifestacoes else (),
            "espera": _espera(processo),
            "toponimia": avaliar_nome(processo) if processo.tipo in TIPOS_COM_NOME_NOVO else None,
            "secoes": extensoes.secoes(processo, request.user),
            "trecho": _chave_dos_trechos(processo, request.user),
            "ligacoes": nova_representacao.ligacoes(processo),
            # Art. 13: o arquivado aponta o caminho da nova representação a quem protocola.
            "endereco_nova_representacao": reabertura.endereco_da_nova_representacao(processo)
            if processo.estado == Estado.ARQUIVADO
            and tem_papel(request.user, *ATOS["protocolar"].papeis)
            else "",
        }
        return render(request, "processos/detalhe.html", contexto)


def _chave_dos_trechos(processo, usuario) -> str:
    """A chave dos trechos da página guardados em cache (`{% cache ... trecho %}` nos modelos
    das seções mais pesadas): o processo, a revisão que toda gravação nas linhas dele
    incrementa (`processos.versao.tocar`), a data local (os prazos vencem à meia-noite de
    Cuiabá), a marca dos parâmetros legais (o prazo dos ofícios, Art. 2º, § 3º, muda com uma
    versão nova) e os papéis do usuário (o que cada papel opera)."""
    papeis = ",".join(sorted(papeis_do_usuario(usuario)))
    marca = getattr(processo, leitura.MARCA_DOS_PARAMETROS)
    hoje = timezone.localdate()
    return f"{processo.pk}:{processo.revisao_da_pagina}:{hoje:%Y%m%d}:{marca}:{papeis}"


def _processo_da_pagina(protocolo: str) -> Processo:
    """O processo e as anotações das fases (`processos.consulta_da_pagina`); depois, uma
    consulta por relação do hub que a página mostra: os andamentos (com quem os praticou),
    os municípios e, se houver, as manifestações (Art. 22)."""
    processo = consulta_da_pagina.processo_da_pagina(protocolo)
    relacoes = [
        Prefetch("andamentos", Andamento.objects.select_related("usuario", "anexo")),
        "municipios_origem",
    ]
    if processo.tem_manifestacoes:
        relacoes.append(Prefetch("manifestacoes", Manifestacao.objects.select_related("deputado")))
    prefetch_related_objects([processo], *relacoes)
    return processo


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
