"""Views de documentos: a validação pública, a vista/download e as emissões sob demanda.
Mesma forma das demais: permissão → formulário → um serviço → resposta.

Todo arquivo servido ou atestado é relido e conferido com o SHA-256 da emissão
(`documentos.integridade`): o que não confere é recusado com 409 (alterado) ou 410 (não
encontrado), sem cache, e fica registrado para a administração.

A validação de cópias assinadas importa `documentos.assinatura.copia` (pyHanko, ~25 MB) dentro
da view: o worker que serve as páginas comuns não o carrega. As telas de assinatura ficam em
`documentos.assinatura.views`."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from documentos import acesso, emissao, integridade, tarefas
from documentos.arquivos import resumo_sha256
from documentos.conteudo import extrato as conteudo_extrato
from documentos.forms import (
    TAMANHO_MAXIMO_ARQUIVO,
    CertidaoDistritoForm,
    ValidarForm,
)
from documentos.models import (
    AnexoDoAto,
    Documento,
    FalhaIntegridade,
    TarefaDocumento,
    TipoTarefa,
)
from emancipacao.limite_envio import limitar_envio
from emancipacao.limites import espera_se_excedeu, resposta_limite
from processos.models import Processo, RegistroAcesso
from processos.protocolos import Protocolo, processo_ou_404
from requisitos.models import parametros_em_vigor
from requisitos.regras import avaliar_distrito

LIMITE_VALIDAR = "30/m"
LIMITE_CERTIDAO = "10/m"

# Quem pode guardar uma cópia do arquivo servido (Cache-Control). Os autos — documentos
# internos, certidões dos ofícios, documentos do Art. 15, minutas — saem "private, no-store":
# nem cache no caminho nem o navegador guardam o arquivo (o computador da sala das Comissões
# é de todos, e o Deputado tem vista sem retirar os autos, Art. 22). O público — o portal, a
# lei anotada, a certidão do simulador — sai "no-cache": quem guardar confere com o servidor
# antes de usar de novo, porque a liberação de um documento pode ser revogada (Art. 23) e o
# arquivo que falha na conferência de integridade deixa de ser servido.
CACHE_DOS_AUTOS = "private, no-store"
CACHE_PUBLICO = "no-cache"


def _limitado(request, grupo: str, taxa: str) -> int | None:
    """Acima do limite do endereço, os segundos de espera (Retry-After); senão None."""
    return espera_se_excedeu(request, grupo=grupo, taxa=taxa)


def status_da_falha(falha: FalhaIntegridade) -> int:
    """409: o arquivo existe, mas não é o registrado; 410: o arquivo não está mais lá."""
    return 410 if falha.ausente else 409


def resposta_de_falha(request, falha: FalhaIntegridade):
    """A recusa de servir um arquivo que não passou na conferência. Sem cache: restaurado
    o arquivo da cópia de segurança, a próxima leitura já o serve."""
    resposta = render(
        request, "documentos/integridade.html", {"falha": falha}, status=status_da_falha(falha)
    )
    resposta["Cache-Control"] = "no-store"
    return resposta


def servir_pdf(request, arquivo, sha256: str, *, objeto, porta, nome, baixar=False, publico=False):
    """O PDF guardado, conferido com o SHA-256 antes de sair, com o Cache-Control dos autos
    ou do público; o que não confere é recusado (409/410)."""
    try:
        aberto = integridade.abrir_conferido(arquivo, sha256, objeto=objeto, porta=porta)
    except integridade.ArquivoViolado as exc:
        return resposta_de_falha(request, exc.falha)
    resposta = FileResponse(
        aberto, as_attachment=baixar, filename=nome, content_type="application/pdf"
    )
    resposta["Cache-Control"] = CACHE_PUBLICO if publico else CACHE_DOS_AUTOS
    return resposta


def _pdf(request, documento: Documento, *, baixar: bool, porta: str, publico: bool = False):
    return servir_pdf(
        request,
        documento.arquivo,
        documento.sha256,
        objeto=f"Documento {documento.codigo}",
        porta=porta,
        nome=f"{documento.tipo}-{documento.codigo}.pdf",
        baixar=baixar,
        publico=publico,
    )


def _conferir_armazenado(documento: Documento) -> FalhaIntegridade | None:
    return integridade.conferir(
        documento.arquivo,
        documento.sha256,
        objeto=f"Documento {documento.codigo}",
        porta="/validar/",
    )


@limitar_envio(limite_bytes=TAMANHO_MAXIMO_ARQUIVO)
@require_http_methods(["GET", "POST"])
def validar(request):
    """Página pública: o documento com este código existe? O arquivo é o mesmo?"""
    if espera := _limitado(request, "documentos.validar", LIMITE_VALIDAR):
        return resposta_limite(request, "documentos/limite.html", espera=espera)
    dados = request.POST if request.method == "POST" else (request.GET or None)
    form = ValidarForm(dados, request.FILES or None)
    contexto = {"form": form, "consultado": False}
    if dados is not None and form.is_valid():
        documento = (
            Documento.objects.select_related("processo", "substituido_por")
            .filter(codigo=form.cleaned_data["codigo"])
            .first()
        )
        contexto.update(consultado=True, documento=documento)
        # A cópia guardada é conferida antes de atestar qualquer coisa: o que não confere
        # nunca é dito "autêntico", nem comparado com o arquivo enviado.
        falha = _conferir_armazenado(documento) if documento else None
        arquivo = form.cleaned_data.get("arquivo")
        if falha:
            contexto.update(falha=falha)
        elif documento and arquivo:
            enviado = resumo_sha256(arquivo)
            confere = enviado == documento.sha256
            contexto.update(sha256_enviado=enviado, confere=confere)
            if not confere:
                # Uma cópia assinada começa pelos bytes do emitido (atualização incremental).
                from documentos.assinatura import copia as copia_assinada

                contexto.update(copia_assinada=copia_assinada.conferir(documento, arquivo))
    status = 200
    if dados is not None and not form.is_valid():
        status = 400  # o código em branco, o arquivo que não é um PDF ou passa dos limites
    elif contexto["consultado"] and not contexto.get("documento"):
        status = 404
    elif contexto.get("falha"):
        status = status_da_falha(contexto["falha"])
    return render(request, "documentos/validar.html", contexto, status=status)


@login_required
@require_GET
def documento(request, codigo):
    """Vista do documento: a equipe pode baixar; o Deputado só vê, e a vista fica registrada
    (Art. 22)."""
    doc = get_object_or_404(Documento.objects.select_related("processo"), codigo=codigo)
    acesso.exigir_vista(request.user, doc)
    if acesso.e_deputado_sem_equipe(request.user):
        RegistroAcesso.objects.create(
            usuario=request.user, processo=doc.processo, objeto=f"documento:{doc.codigo}"
        )
        return _pdf(request, doc, baixar=False, porta="vista do Deputado")
    return _pdf(request, doc, baixar=request.GET.get("baixar") == "1", porta="download da equipe")


@login_required
@require_GET
def anexo(request, protocolo, pk):
    """O PDF juntado a um ato (a ata, o parecer, o ofício, o relatório), conferido com o
    SHA-256 do envio. Art. 22: o Deputado vê, não baixa, e a vista fica registrada."""
    consulta = AnexoDoAto.objects.select_related("andamento__processo")
    anexo = get_object_or_404(consulta, pk=pk, **Protocolo(protocolo).filtro("andamento__processo"))
    processo = anexo.andamento.processo
    acesso.exigir_vista(request.user, anexo.andamento)
    deputado = acesso.e_deputado_sem_equipe(request.user)
    if deputado:
        RegistroAcesso.objects.create(
            usuario=request.user, processo=processo, objeto=f"anexo:{anexo.pk}"
        )
    return servir_pdf(
        request,
        anexo.arquivo,
        anexo.sha256,
        objeto=f"Anexo {anexo.pk} do ato {anexo.andamento_id}",
        porta="vista do Deputado" if deputado else "download da equipe",
        nome=anexo.nome_original,
        baixar=not deputado and request.GET.get("baixar") == "1",
    )


@require_GET
def publico(request, codigo):
    """Download público (portal, sem login): os tipos públicos e os documentos com
    liberação vigente (Art. 23). Os demais, ou sem processo: 404, e não 403 — a resposta
    não confirma que o código existe."""
    doc = get_object_or_404(acesso.documentos_publicos(), codigo=codigo)
    return _pdf(request, doc, baixar=False, porta="portal", publico=True)


def _processo(protocolo: str) -> Processo:
    return processo_ou_404(protocolo)


@login_required
@require_POST
def emitir_extrato(request, protocolo):
    if not acesso.pode_emitir_extrato(request.user):
        raise PermissionDenied("Somente a CRT emite o extrato do processo.")
    processo = _processo(protocolo)
    doc = emissao.emitir_extrato(processo, usuario=request.user)
    messages.success(
        request, f"Extrato emitido (versão {doc.versao}). Código de verificação: {doc.codigo}."
    )
    return redirect("processos:detalhe", protocolo=processo.slug)


@login_required
@require_GET
def minuta_extrato(request, protocolo):
    """Pré-visualização: marca d'água MINUTA, sem código, nada gravado."""
    if not acesso.pode_emitir_extrato(request.user):
        raise PermissionDenied("Somente a CRT gera minutas de documentos.")
    processo = _processo(protocolo)
    documentos = list(Documento.objects.do_processo(processo).exclude(tipo="extrato"))
    pdf = emissao.minuta(conteudo_extrato(processo, request.user, documentos))
    resposta = HttpResponse(pdf, content_type="application/pdf")
    resposta["Content-Disposition"] = f'inline; filename="minuta-extrato-{processo.slug}.pdf"'
    resposta["Cache-Control"] = CACHE_DOS_AUTOS
    return resposta


@login_required
@require_POST
def emitir_copia_integral(request, protocolo):
    """Põe a cópia na fila (documentos.tarefas) e leva à página que acompanha a montagem: um
    processo de milhares de páginas não cabe no tempo de uma requisição."""
    if not acesso.pode_emitir_copia_integral(request.user):
        raise PermissionDenied("A cópia integral autenticada é emitida pelo Presidente (Art. 21).")
    processo = _processo(protocolo)
    tarefa = tarefas.solicitar_copia_integral(processo, usuario=request.user)
    return redirect("documentos:tarefa", protocolo=processo.slug, numero=tarefa.pk)


@login_required
@require_GET
def tarefa(request, protocolo, numero):
    """A montagem em segundo plano: o progresso enquanto corre (a página se recarrega
    sozinha, sem script), o documento quando pronto, a mensagem quando falha."""
    if not acesso.pode_baixar(request.user):
        raise PermissionDenied("A montagem dos documentos é acompanhada pela CRT e pela Mesa.")
    processo = _processo(protocolo)
    tarefa = get_object_or_404(
        TarefaDocumento.objects.select_related("documento", "solicitada_por"),
        processo=processo,
        tipo=TipoTarefa.COPIA_INTEGRAL,
        pk=numero,
    )
    resposta = render(
        request,
        "documentos/tarefa.html",
        {"processo": processo, "tarefa": tarefa, "recarregar": tarefa.em_curso},
    )
    resposta["Cache-Control"] = "no-store"
    return resposta


@require_POST
def certidao_distrito(request):
    """Art. 25: a certidão do simulador de distrito, como documento verificável."""
    if espera := _limitado(request, "documentos.certidao", LIMITE_CERTIDAO):
        return resposta_limite(request, "documentos/limite.html", espera=espera)
    form = CertidaoDistritoForm(request.POST)
    if not form.is_valid():
        return render(request, "documentos/certidao_invalida.html", {"form": form}, status=400)
    veredito = avaliar_distrito(
        form.cleaned_data["habitacoes_sede"],
        form.cleaned_data["populacao"],
        parametros_em_vigor(),
    )
    usuario = request.user if request.user.is_authenticated else None
    doc = emissao.emitir_certidao_distrito(
        veredito, localidade=form.cleaned_data["localidade"], usuario=usuario
    )
    return _pdf(request, doc, baixar=False, porta="certidão de distrito", publico=True)
