"""Views dos ofícios (Art. 2º, §§ 2º e 3º): atos da CRT sobre cada ofício e a página de
Prazos. Mesma forma das demais: papel → formulário → um serviço → redireciona."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from documentos import integridade
from documentos.acesso import e_deputado_sem_equipe, pode_baixar
from documentos.views import resposta_de_falha
from emancipacao.limite_envio import limitar_envio
from processos import servicos_oficios as servicos
from processos.forms_oficios import RecebimentoForm, ReiteracaoForm, RespostaForm
from processos.models import AtoRecusado, Oficio, RegistroAcesso
from processos.oficios import TERMINAIS
from processos.papeis import LEITORES, PRESIDENTE, SERVIDOR, tem_papel
from requisitos.models import parametros_em_vigor


def _oficio(protocolo: str, pk: int) -> Oficio:
    numero, ano = protocolo.split("-")
    return get_object_or_404(
        Oficio.objects.select_related("processo"),
        pk=pk,
        processo__numero=int(numero),
        processo__ano=int(ano),
    )


def _ato_do_oficio(request, protocolo, pk, *, formulario, executar, titulo, sucesso):
    if not tem_papel(request.user, SERVIDOR, PRESIDENTE):
        raise PermissionDenied("Somente a CRT registra os atos dos ofícios.")
    oficio = _oficio(protocolo, pk)
    form = formulario(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            executar(oficio, form.cleaned_data)
        except AtoRecusado as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"{sucesso} Ofício nº {oficio.numero}.")
            return redirect("processos:detalhe", protocolo=oficio.processo.slug)
    contexto = {"oficio": oficio, "processo": oficio.processo, "form": form, "titulo": titulo}
    status = 400 if request.method == "POST" else 200
    return render(request, "processos/oficio_ato.html", contexto, status=status)


@login_required
def registrar_recebimento(request, protocolo, pk):
    return _ato_do_oficio(
        request,
        protocolo,
        pk,
        formulario=RecebimentoForm,
        executar=lambda oficio, dados: servicos.registrar_recebimento(
            oficio_id=oficio.pk, usuario=request.user, recebido_em=dados["recebido_em"]
        ),
        titulo="Registrar recebimento (AR)",
        sucesso=f"Recebimento registrado; o prazo de {parametros_em_vigor().prazo_oficio_dias} "
        "dias está correndo (Art. 2º, § 3º).",
    )


@limitar_envio(limite_bytes=servicos.TAMANHO_MAXIMO_CERTIDAO)
@login_required
def registrar_resposta(request, protocolo, pk):
    return _ato_do_oficio(
        request,
        protocolo,
        pk,
        formulario=RespostaForm,
        executar=lambda oficio, dados: servicos.registrar_resposta(
            oficio_id=oficio.pk,
            usuario=request.user,
            respondido_em=dados["respondido_em"],
            certidao=dados["certidao"],
            observacoes=dados["observacoes"],
        ),
        titulo="Registrar resposta com certidão",
        sucesso="Resposta e certidão registradas.",
    )


@login_required
def reiterar(request, protocolo, pk):
    return _ato_do_oficio(
        request,
        protocolo,
        pk,
        formulario=ReiteracaoForm,
        executar=lambda oficio, dados: servicos.reiterar_oficio(
            oficio_id=oficio.pk, usuario=request.user, enviado_em=dados["enviado_em"]
        ),
        titulo="Reiterar ofício (Art. 9º)",
        sucesso="Reiteração registrada (Art. 9º), reiterando o",
    )


@login_required
def certidao(request, protocolo, pk):
    """A certidão juntada, servida só depois de conferido o SHA-256 da resposta. Art. 22: o
    Deputado vê (inline), não baixa, e a vista fica registrada."""
    if not tem_papel(request.user, *LEITORES):
        raise PermissionDenied("Área restrita à CRT, à Mesa e aos Deputados.")
    oficio = _oficio(protocolo, pk)
    if not oficio.certidao:
        raise Http404("Este ofício ainda não tem certidão.")
    try:
        aberto = integridade.abrir_conferido(
            oficio.certidao,
            oficio.sha256_certidao,
            objeto=f"Certidão do Ofício nº {oficio.numero}",
            porta="certidão do ofício",
        )
    except integridade.ArquivoViolado as exc:
        return resposta_de_falha(request, exc.falha)
    if e_deputado_sem_equipe(request.user):
        RegistroAcesso.objects.create(
            usuario=request.user, processo=oficio.processo, objeto=f"certidão {oficio.numero}"
        )
    return FileResponse(
        aberto,
        as_attachment=pode_baixar(request.user),
        filename=f"certidao-{oficio.numero.replace('/', '-')}.pdf",
        content_type="application/pdf",
    )


@login_required
def prazos(request):
    """UX, tela 5: todos os prazos abertos; os vencidos primeiro (o mais atrasado antes)."""
    if not tem_papel(request.user, *LEITORES):
        raise PermissionDenied("Área restrita à CRT, à Mesa e aos Deputados.")
    hoje = timezone.localdate()
    abertos = Oficio.objects.com_prazo_aberto().select_related("processo")
    sem_ar = (
        Oficio.objects.vigentes()
        .filter(respondido_em__isnull=True, recebido_em__isnull=True)
        .exclude(processo__estado__in=TERMINAIS)
        .select_related("processo")
        .order_by("enviado_em", "id")
    )
    return render(
        request,
        "processos/prazos.html",
        {
            "linhas": [
                (o, servicos.descrever_situacao(o, hoje))
                for o in abertos.order_by("vencimento", "id")
            ],
            "sem_ar": sem_ar,
            "hoje": hoje,
            "prazo_dias": parametros_em_vigor(hoje).prazo_oficio_dias,
        },
    )
