"""As telas da assinatura digital: a assinatura pessoal (o PKCS#12 do usuário, o gov.br e o
provedor em nuvem num fluxo de ida e volta, com o PIN/OTP por assinatura quando o provedor o
exige) e o pedido de novo do selo que falhou. Mesma forma das demais views: permissão →
formulário → um serviço → resposta.

Os módulos que carregam o pyHanko (~25 MB) são importados dentro das views: o worker que
serve as páginas comuns importa as URLs e não os carrega."""

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from documentos import acesso
from documentos.assinatura import fila
from documentos.forms import AssinarForm, AutorizarNuvemForm
from documentos.models import Documento
from emancipacao import seguranca


@sensitive_post_parameters("senha")
@login_required
@require_http_methods(["GET", "POST"])
def assinar(request, codigo):
    """A assinatura pessoal do usuário logado na vaga que o papel dele ocupa (relator,
    Presidente, membro), com o próprio certificado ICP-Brasil; completas as vagas, o selo."""
    from documentos.assinatura import csc, pessoal, servicos

    doc = get_object_or_404(Documento.objects.select_related("processo"), codigo=codigo)
    vaga = servicos.vaga_para(doc, request.user)
    if vaga is None:
        raise PermissionDenied("Não há assinatura pendente deste documento para você.")
    form = AssinarForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                adaptador = pessoal.AdaptadorPkcs12(
                    form.cleaned_data["certificado"].read(), form.cleaned_data["senha"]
                )
                servicos.assinar(doc, request.user, adaptador)
            except pessoal.AssinaturaRecusada as erro:
                form.add_error(None, f"{erro} Nada foi assinado.")
            else:
                messages.success(request, f"Documento assinado ({vaga.rotulo}).")
                if doc.processo:
                    return redirect("processos:detalhe", protocolo=doc.processo.slug)
                return redirect("documentos:assinar", codigo=doc.codigo)
        status = 400
    # Os botões do gov.br e do provedor em nuvem levam a eles por um redirecionamento.
    destinos = (settings.GOVBR_AUTORIZACAO_URL, settings.CSC_URL)
    pagina = render(
        request,
        "documentos/assinar.html",
        {
            "documento": doc,
            "vaga": vaga,
            "form": form,
            "govbr": bool(settings.GOVBR_AUTORIZACAO_URL),
            "csc": csc.ligado(),
        },
        status=status,
    )
    return seguranca.permitir_envio_a(pagina, *destinos)


def _assinatura():
    import documentos.assinatura.csc
    import documentos.assinatura.pessoal
    import documentos.assinatura.servicos

    return documentos.assinatura


@dataclass(frozen=True)
class _ServicoRemoto:
    """Um serviço de assinatura remota com autorização OAuth2 (o gov.br, um provedor CSC):
    a ida leva o signatário ao serviço com um `state` de uso único guardado na sessão; a volta
    só assina o documento que esta sessão pediu."""

    sessao: str
    rota_retorno: str
    nome: str  # como a tela o diz: "Assinatura {nome} não concluída"
    desligado: str
    retorno_invalido: str
    sucesso: str
    ligado: Callable[[], bool]
    autorizacao: Callable[[dict], str]  # os parâmetros → o endereço de autorização
    client_id: Callable[[], str]
    escopo: Callable[[], str]
    adaptador: Callable[[str, str], object]  # (código, endereço de retorno)


GOVBR = _ServicoRemoto(
    sessao="assinatura_govbr",
    rota_retorno="documentos:retorno_govbr",
    nome="gov.br",
    desligado="A assinatura gov.br não está ligada neste servidor.",
    retorno_invalido="O retorno do gov.br não corresponde a um pedido de assinatura desta "
    "sessão (ou já foi usado). Nada foi assinado; comece de novo pelo documento.",
    sucesso="Documento assinado com o gov.br.",
    ligado=lambda: bool(settings.GOVBR_AUTORIZACAO_URL),
    autorizacao=lambda parametros: f"{settings.GOVBR_AUTORIZACAO_URL}?{urlencode(parametros)}",
    client_id=lambda: settings.GOVBR_CLIENT_ID,
    escopo=lambda: "sign",
    adaptador=lambda codigo, retorno: _assinatura().pessoal.AdaptadorGovBr(codigo, retorno),
)
CSC = _ServicoRemoto(
    sessao="assinatura_csc",
    rota_retorno="documentos:retorno_csc",
    nome="em nuvem",
    desligado="A assinatura em nuvem (CSC) não está ligada neste servidor.",
    retorno_invalido="O retorno do provedor de assinatura não corresponde a um pedido de "
    "assinatura desta sessão (ou já foi usado). Nada foi assinado; comece de novo "
    "pelo documento.",
    sucesso="Documento assinado com o certificado em nuvem.",
    ligado=lambda: _assinatura().csc.ligado(),
    autorizacao=lambda parametros: (
        f"{settings.CSC_URL.rstrip('/')}/oauth2/authorize?{urlencode(parametros)}"
    ),
    client_id=lambda: settings.CSC_CLIENT_ID,
    escopo=lambda: settings.CSC_ESCOPO,
    adaptador=lambda codigo, retorno: _assinatura().csc.adaptador(codigo, retorno),
)


def _ida(request, codigo, servico: _ServicoRemoto):
    servicos = _assinatura().servicos
    doc = get_object_or_404(Documento, codigo=codigo)
    if servicos.vaga_para(doc, request.user) is None:
        raise PermissionDenied("Não há assinatura pendente deste documento para você.")
    if not servico.ligado():
        raise PermissionDenied(servico.desligado)
    estado = secrets.token_urlsafe(24)
    request.session[servico.sessao] = {"estado": estado, "codigo": doc.codigo}
    return redirect(
        servico.autorizacao(
            {
                "response_type": "code",
                "client_id": servico.client_id(),
                "scope": servico.escopo(),
                "redirect_uri": request.build_absolute_uri(reverse(servico.rota_retorno)),
                "state": estado,
            }
        )
    )


def _volta(request, servico: _ServicoRemoto):
    servicos, pessoal = _assinatura().servicos, _assinatura().pessoal
    pedido = request.session.pop(servico.sessao, None)
    if not pedido or request.GET.get("state") != pedido["estado"] or not request.GET.get("code"):
        return render(
            request,
            "documentos/assinatura_remota_invalida.html",
            {"servico": servico.nome, "motivo": servico.retorno_invalido},
            status=400,
        )
    doc = get_object_or_404(Documento.objects.select_related("processo"), codigo=pedido["codigo"])
    retorno = request.build_absolute_uri(reverse(servico.rota_retorno))
    try:
        servicos.assinar(doc, request.user, servico.adaptador(request.GET["code"], retorno))
    except pessoal.AssinaturaRecusada as erro:
        messages.error(request, f"{erro} Nada foi assinado.")
        return redirect("documentos:assinar", codigo=doc.codigo)
    except _assinatura().csc.AutorizacaoPorAssinatura as pendente:
        _guardar_autorizacao_pendente(request, doc, pendente)
        return redirect("documentos:autorizar_csc")
    return _assinado(request, doc, servico)


def _assinado(request, doc, servico: _ServicoRemoto):
    messages.success(request, servico.sucesso)
    if doc.processo:
        return redirect("processos:detalhe", protocolo=doc.processo.slug)
    return redirect("documentos:validar")


@login_required
@require_POST
def assinar_govbr(request, codigo):
    """Leva o signatário ao login gov.br (escopo `sign`)."""
    return _ida(request, codigo, GOVBR)


@login_required
@require_GET
def retorno_govbr(request):
    """A volta do gov.br com o código de autorização: assina e leva de volta ao processo."""
    return _volta(request, GOVBR)


@login_required
@require_POST
def assinar_csc(request, codigo):
    """Leva o signatário ao provedor de assinatura em nuvem (API CSC v2, OAuth2 com o escopo
    configurado: `credential`, ou `service` para as credenciais com PIN/OTP por assinatura)."""
    return _ida(request, codigo, CSC)


@login_required
@require_GET
def retorno_csc(request):
    """A volta do provedor com o código de autorização: assina e leva de volta ao processo."""
    return _volta(request, CSC)


# A credencial "explicit" do provedor em nuvem: entre a volta do provedor e a tela do PIN/OTP,
# a sessão guarda o documento, o token e a credencial (nunca o PIN nem o OTP), por pouco tempo.
# O token sozinho não assina: cada assinatura pede o SAD, que só sai com o PIN/OTP.
SESSAO_AUTORIZACAO = "assinatura_csc_autorizacao"
VALIDADE_AUTORIZACAO = 5 * 60  # segundos
AUTORIZACAO_INVALIDA = (
    "Não há assinatura em nuvem aguardando o PIN/OTP nesta sessão (ou o prazo de "
    f"{VALIDADE_AUTORIZACAO // 60} minutos passou). Nada foi assinado; comece de novo pelo "
    "documento."
)


def _guardar_autorizacao_pendente(request, doc, pendente) -> None:
    request.session[SESSAO_AUTORIZACAO] = {
        "codigo": doc.codigo,
        "usuario": request.user.pk,
        "token": pendente.token,
        "credencial": pendente.credencial,
        "pin": pendente.exige.pin,
        "otp": pendente.exige.otp,
        "vence": time.time() + VALIDADE_AUTORIZACAO,
    }


def _autorizacao_pendente(request) -> dict | None:
    pendente = request.session.get(SESSAO_AUTORIZACAO)
    if (
        not pendente
        or pendente.get("usuario") != request.user.pk
        or pendente.get("vence", 0) < time.time()
    ):
        request.session.pop(SESSAO_AUTORIZACAO, None)
        return None
    return pendente


@sensitive_post_parameters("pin", "otp")
@login_required
@require_http_methods(["GET", "POST"])
def autorizar_csc(request):
    """O PIN e/ou o OTP da credencial em nuvem, pedidos a cada assinatura (authMode
    "explicit"): trocados pelo SAD no instante de assinar, nunca gravados. O PIN recusado pelo
    provedor volta a esta tela com a mensagem dele; nada é assinado."""
    pendente = _autorizacao_pendente(request)
    if pendente is None:
        contexto = {"servico": CSC.nome, "motivo": AUTORIZACAO_INVALIDA}
        return render(request, "documentos/assinatura_remota_invalida.html", contexto, status=400)
    doc = get_object_or_404(Documento.objects.select_related("processo"), codigo=pendente["codigo"])
    form = AutorizarNuvemForm(request.POST or None, pin=pendente["pin"], otp=pendente["otp"])
    if request.method == "POST" and form.is_valid():
        assinatura = _assinatura()
        autorizacao = assinatura.csc.Autorizacao(**form.cleaned_data)
        try:
            adaptador = assinatura.csc.adaptador_autorizado(
                pendente["token"], pendente["credencial"], autorizacao
            )
            assinatura.servicos.assinar(doc, request.user, adaptador)
        except assinatura.pessoal.AssinaturaRecusada as erro:
            form.add_error(None, f"{erro} Nada foi assinado.")
        else:
            request.session.pop(SESSAO_AUTORIZACAO, None)
            return _assinado(request, doc, CSC)
    status = 400 if request.method == "POST" else 200
    contexto = {"documento": doc, "form": form}
    return render(request, "documentos/autorizar_nuvem.html", contexto, status=status)


@login_required
@require_POST
def selar_de_novo(request, codigo):
    """O selo da Assembleia pedido de novo depois de uma falha: volta à página onde a falha
    aparece, que mostra "selando…" e depois o selo (ou a nova falha)."""
    if not acesso.pode_pedir_selo(request.user):
        raise PermissionDenied("O selo da Assembleia é pedido de novo pela CRT.")
    doc = get_object_or_404(Documento.objects.select_related("processo"), codigo=codigo)
    try:
        fila.pedir_de_novo(doc, usuario=request.user)
    except fila.PedidoRecusado as recusa:
        messages.error(request, str(recusa))
    else:
        messages.success(
            request,
            f"Selo do documento {doc.codigo} pedido de novo: a página mostra “selando…” e, "
            "em instantes, o selo.",
        )
    if doc.processo:
        return redirect("processos:detalhe", protocolo=doc.processo.slug)
    return redirect(f"{reverse('documentos:validar')}?{urlencode({'codigo': doc.codigo})}")
