"""O acompanhamento por e-mail no portal público (sem login).

O pedido é atendido depois da resposta (emancipacao.depois_da_resposta): a página sai no
mesmo tempo para o endereço novo, o já inscrito e o que passou do limite, e o servidor de
e-mail lento não a segura. Confirmar e cancelar pedem um clique (POST): os filtros de e-mail
abrem os links das mensagens sozinhos, e um GET que confirmasse ou apagasse seria disparado
por eles.
"""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from acompanhamento import services
from acompanhamento.forms import AcompanharForm
from emancipacao import depois_da_resposta
from emancipacao.limites import espera_se_excedeu, resposta_limite
from processos.estados import Estado
from processos.models import Processo
from processos.protocolos import processo_ou_404

GRUPO_CLIENTE = "acompanhamento.cliente"
PEDIDO_RECEBIDO = (
    "Pedido recebido. Se o endereço puder receber avisos deste processo, chegará a ele uma "
    "mensagem com o link de confirmação, válido por 48 horas. Os avisos só começam depois "
    "da confirmação."
)
MUITOS_PEDIDOS = (
    "Muitos pedidos de acompanhamento a partir do mesmo endereço de rede. Aguarde e tente "
    "de novo mais tarde."
)


def secao_acompanhamento(processo, usuario, *, publica: bool = False) -> dict | None:
    """O formulário na página pública; não no processo concluído (não há mais mudanças)."""
    if not publica or processo.estado == Estado.CONCLUIDO:
        return None
    return {"form": AcompanharForm(), "processo": processo}


def _processo(protocolo: str) -> Processo:
    return processo_ou_404(protocolo)


@require_POST
def acompanhar(request, protocolo):
    processo = _processo(protocolo)
    espera = espera_se_excedeu(request, grupo=GRUPO_CLIENTE, taxa=services.limite_do_cliente())
    if espera is not None:
        contexto = {"mensagem": MUITOS_PEDIDOS, "processo": processo}
        return resposta_limite(request, "acompanhamento/limite.html", contexto, espera=espera)
    form = AcompanharForm(request.POST)
    if not form.is_valid() or processo.estado == Estado.CONCLUIDO:
        contexto = {"form": form, "processo": processo}
        return render(request, "acompanhamento/pedido.html", contexto, status=400)
    depois_da_resposta.agendar(
        services.pedir_acompanhamento, processo=processo, email=form.cleaned_data["email"]
    )
    # A mesma resposta em todos os casos: a página não revela se o endereço já acompanha.
    messages.success(request, PEDIDO_RECEBIDO)
    return redirect(reverse("transparencia:portal_processo", args=[processo.slug]) + "#acompanhar")


@require_http_methods(["GET", "POST"])
def confirmar(request, token):
    try:
        if request.method == "POST":
            inscricao = services.confirmar_inscricao(token=token)
            return render(request, "acompanhamento/confirmada.html", {"inscricao": inscricao})
        inscricao = services.inscricao_a_confirmar(token)
    except services.LinkInvalido as exc:
        expirada = exc.inscricao
        contexto = {"processo": expirada.processo if expirada else None, "expirado": expirada}
        return render(request, "acompanhamento/link_invalido.html", contexto, status=404)
    return render(request, "acompanhamento/confirmar.html", {"inscricao": inscricao})


@require_http_methods(["GET", "POST"])
def cancelar(request, chave):
    if request.method == "POST":
        processo = services.cancelar_inscricao(chave=chave)
        if processo is not None:
            return render(request, "acompanhamento/cancelada.html", {"processo": processo})
    else:
        inscricao = services.inscricao_da_chave(chave)
        if inscricao is not None:
            return render(request, "acompanhamento/cancelar.html", {"inscricao": inscricao})
    return render(request, "acompanhamento/cancelamento_invalido.html", status=404)
