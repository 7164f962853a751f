"""Views dos ofícios (Art. 2º, §§ 2º e 3º): atos da CRT sobre cada ofício e a página de
Prazos. Mesma forma das demais: papel → formulário → um serviço → redireciona."""

import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render, resolve_url
from django.utils import timezone

from documentos.acesso import e_deputado_sem_equipe, pode_baixar
from documentos.views import servir_pdf
from emancipacao import numeros
from emancipacao.limite_envio import limitar_envio
from instrucao import avaliacao, correcao, prazos_abertos, reiteracao, situacao_dos_oficios
from instrucao import services as servicos
from instrucao.forms import (
    CorrecaoDigitacaoForm,
    DescarteRascunhoForm,
    RascunhoReiteracaoForm,
    RecebimentoForm,
    ReiteracaoForm,
    RespostaForm,
    RetificacaoCertidaoForm,
    RetificacaoRecebimentoForm,
    resumo_da_avaliacao,
)
from instrucao.models import Oficio
from processos import leitura
from processos.models import AtoRecusado, RegistroAcesso
from processos.papeis import LEITORES, PRESIDENTE, SERVIDOR, tem_papel
from processos.protocolos import Protocolo
from requisitos.models import parametros_em_vigor


def secao_oficios(processo, usuario, *, publica: bool = False) -> dict | None:
    """A seção "Ofícios e prazos" da página do processo (interna; o portal não a mostra)."""
    if publica:
        return None
    # Funções, que o modelo chama só quando o trecho não está no cache (a página guarda a
    # seção pela revisão do processo): no acerto, nem os ofícios nem os parâmetros são lidos.
    return {
        "oficios": functools.partial(situacao_dos_oficios.linhas_do_processo, processo),
        # O prazo dito na seção é o do parâmetro legal (Art. 2º, § 3º).
        "prazo_oficio_dias": lambda: leitura.parametros(processo).prazo_oficio_dias,
        "opera_oficios": tem_papel(usuario, SERVIDOR, PRESIDENTE),
        # Art. 21: a reiteração é emitida pelo Presidente; o servidor prepara o rascunho.
        "emite_reiteracao": tem_papel(usuario, PRESIDENTE),
    }


def _oficio(protocolo: Protocolo, pk: int) -> Oficio:
    consulta = Oficio.objects.select_related("processo")
    return get_object_or_404(consulta, pk=pk, **Protocolo(protocolo).filtro("processo"))


def _ato_do_oficio(
    request,
    protocolo,
    pk,
    *,
    formulario,
    executar,
    titulo,
    sucesso,
    com_oficio=False,
    contexto_extra=None,
):
    if not tem_papel(request.user, SERVIDOR, PRESIDENTE):
        raise PermissionDenied("Somente a CRT registra os atos dos ofícios.")
    oficio = _oficio(protocolo, pk)
    extras = {"oficio": oficio} if com_oficio else {}
    form = formulario(request.POST or None, request.FILES or None, **extras)
    if request.method == "POST" and form.is_valid():
        try:
            executar(oficio, form.cleaned_data)
        except AtoRecusado as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"{sucesso} Ofício nº {oficio.numero}.")
            return redirect("processos:detalhe", protocolo=oficio.processo.slug)
    contexto = {"oficio": oficio, "processo": oficio.processo, "form": form, "titulo": titulo}
    if contexto_extra:
        contexto.update(contexto_extra(oficio))
    status = 400 if request.method == "POST" else 200
    return render(request, "instrucao/oficio_ato.html", contexto, status=status)


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


@login_required
def retificar_recebimento(request, protocolo, pk):
    return _ato_do_oficio(
        request,
        protocolo,
        pk,
        formulario=RetificacaoRecebimentoForm,
        com_oficio=True,
        executar=lambda oficio, dados: servicos.retificar_recebimento(
            oficio_id=oficio.pk,
            usuario=request.user,
            recebido_em=dados["recebido_em"],
            justificativa=dados["justificativa"],
            versao_vista=dados["versao_vista"],
        ),
        titulo="Retificar o recebimento (AR)",
        sucesso="AR retificado; o vencimento foi recalculado e a data anterior ficou registrada.",
        contexto_extra=lambda oficio: {
            "retificacoes_do_ar": oficio.retificacoes_recebimento.select_related("registrada_por")
        },
    )


@limitar_envio(limite_bytes=servicos.TAMANHO_MAXIMO_CERTIDAO)
@login_required
def registrar_resposta(request, protocolo, pk):
    return _ato_do_oficio(
        request,
        protocolo,
        pk,
        formulario=RespostaForm,
        com_oficio=True,
        executar=lambda oficio, dados: servicos.registrar_resposta(
            oficio_id=oficio.pk,
            usuario=request.user,
            respondido_em=dados["respondido_em"],
            certidao=dados["dados_certidao"],
            observacoes=dados["observacoes"],
        ),
        titulo="Registrar resposta com a certidão e os números certificados",
        sucesso="Resposta, certidão e números registrados.",
    )


@limitar_envio(limite_bytes=servicos.TAMANHO_MAXIMO_CERTIDAO)
@login_required
def retificar_certidao(request, protocolo, pk):
    return _ato_do_oficio(
        request,
        protocolo,
        pk,
        formulario=RetificacaoCertidaoForm,
        com_oficio=True,
        executar=lambda oficio, dados: servicos.retificar_certidao(
            oficio_id=oficio.pk,
            usuario=request.user,
            certidao=dados["dados_certidao"],
            justificativa=dados["justificativa"],
            versao_vista=dados["versao_vista"],
        ),
        titulo="Retificar a certidão (versão nova)",
        sucesso="Versão nova da certidão registrada; a anterior permanece nos autos.",
    )


@login_required
def corrigir_digitacao(request, protocolo, pk):
    return _ato_do_oficio(
        request,
        protocolo,
        pk,
        formulario=CorrecaoDigitacaoForm,
        com_oficio=True,
        executar=lambda oficio, dados: correcao.corrigir_digitacao(
            oficio_id=oficio.pk,
            usuario=request.user,
            justificativa=dados["justificativa"],
            versao_vista=dados["versao_vista"],
            **dados["dados_certidao"],
        ),
        titulo="Corrigir digitação dos números da certidão",
        sucesso="Números corrigidos; a mesma certidão, com o antes e o depois registrados.",
        contexto_extra=lambda oficio: {"correcao_de_digitacao": oficio.certidao_vigente},
    )


@login_required
def reiterar(request, protocolo, pk):
    """Art. 21: só o Presidente (ou o membro em exercício) emite a reiteração."""
    if not tem_papel(request.user, PRESIDENTE):
        raise PermissionDenied(reiteracao.SO_O_PRESIDENTE_REITERA)
    return _ato_do_oficio(
        request,
        protocolo,
        pk,
        formulario=lambda dados, arquivos, oficio: ReiteracaoForm(
            dados, arquivos, rascunho=reiteracao.rascunho_pendente(oficio)
        ),
        com_oficio=True,
        executar=lambda oficio, dados: reiteracao.reiterar_oficio(
            oficio_id=oficio.pk, usuario=request.user, enviado_em=dados["enviado_em"]
        ),
        titulo="Emitir reiteração do ofício (Arts. 9º e 21)",
        sucesso="Reiteração emitida (Art. 9º), reiterando o",
    )


@login_required
def preparar_reiteracao(request, protocolo, pk):
    """Art. 21: o servidor prepara o rascunho; a reiteração sai pelo Presidente."""
    return _ato_do_oficio(
        request,
        protocolo,
        pk,
        formulario=RascunhoReiteracaoForm,
        executar=lambda oficio, dados: reiteracao.preparar_reiteracao(
            oficio_id=oficio.pk, usuario=request.user, enviar_em=dados["enviar_em"]
        ),
        titulo="Preparar reiteração do ofício (Art. 21)",
        sucesso="Rascunho de reiteração preparado; aguarda o Presidente da CRT (Art. 21). Para o",
    )


@login_required
def descartar_rascunho(request, protocolo, pk):
    """Art. 21: o rascunho pendente que não deve sair fica nos autos, descartado."""
    return _ato_do_oficio(
        request,
        protocolo,
        pk,
        formulario=lambda dados, arquivos, oficio: DescarteRascunhoForm(
            dados, arquivos, rascunho=reiteracao.rascunho_pendente(oficio)
        ),
        com_oficio=True,
        executar=lambda oficio, dados: reiteracao.descartar_rascunho(
            oficio_id=oficio.pk, usuario=request.user, motivo=dados["motivo"]
        ),
        titulo="Descartar o rascunho de reiteração (Art. 21)",
        sucesso="Rascunho de reiteração descartado; o original segue vigente. Para o",
    )


@login_required
def certidao(request, protocolo, pk, versao=None):
    """A certidão juntada (a versão vigente, ou a pedida), servida só depois de conferido o
    SHA-256 do envio. Art. 22: o Deputado vê (inline), não baixa, e a vista fica registrada."""
    if not tem_papel(request.user, *LEITORES):
        raise PermissionDenied("Área restrita à CRT, à Mesa e aos Deputados.")
    oficio = _oficio(protocolo, pk)
    versoes = oficio.certidoes.all()
    documento = (
        versoes.vigentes().first() if versao is None else versoes.filter(versao=versao).first()
    )
    if documento is None:
        raise Http404("Este ofício ainda não tem certidão.")
    resposta = servir_pdf(
        request,
        documento.arquivo,
        documento.sha256,
        objeto=f"Certidão do Ofício nº {oficio.numero} (versão {documento.versao})",
        porta="certidão do ofício",
        nome=f"certidao-{oficio.numero.replace('/', '-')}-v{documento.versao}.pdf",
        baixar=pode_baixar(request.user),
    )
    if resposta.status_code == 200 and e_deputado_sem_equipe(request.user):
        RegistroAcesso.objects.create(
            usuario=request.user, processo=oficio.processo, objeto=f"certidão {oficio.numero}"
        )
    return resposta


# Prazos: 50 ofícios por página; dos sem AR, os mais antigos, com o total.
PRAZOS_POR_PAGINA = 50
SEM_AR_NA_PAGINA = 50
# Só o que a linha mostra do ofício e do processo (o processo traz divisas e memorial); o
# estado, porque o ConcurrentTransitionMixin o lê ao carregar o processo.
CAMPOS_DA_LINHA = (
    "processo__estado",
    "processo__numero",
    "processo__ano",
    "processo__nome_proposto",
    "orgao",
    "incisos",
    "numero",
    "enviado_em",
    "recebido_em",
    "vencimento",
    "respondido_em",
)


def _linha(oficio: Oficio, hoje, prefixo: str) -> dict:
    """O que a página de Prazos mostra de um ofício, já resolvido (link, rótulos, datas,
    situação): o template só escreve (100 linhas com datas, rótulos e `{% url %}` pesavam
    mais que as consultas). `prefixo`: o endereço da lista, onde fica cada processo."""
    processo = oficio.processo
    linha = {
        "numero": oficio.numero,
        "url": f"{prefixo}{processo.slug}/",
        "protocolo": processo.protocolo,
        "nome": processo.nome_proposto,
        "orgao": oficio.get_orgao_display(),
        "incisos": oficio.incisos,
        "enviado_em": f"{oficio.enviado_em:%d/%m/%Y}",
    }
    if oficio.recebido_em is not None:
        linha["recebido_em"] = f"{oficio.recebido_em:%d/%m/%Y}"
        linha["vencimento"] = f"{oficio.vencimento:%d/%m/%Y}"
        linha["situacao"], linha["cor"] = servicos.descrever_situacao(oficio, hoje)
    return linha


@functools.cache
def _consultas_dos_prazos():
    """As duas listas de Prazos, montadas uma vez por processo do servidor (as condições de
    prazo aberto e de sem AR, cada uma com as suas subconsultas, custavam mais para montar que
    para executar); nada nelas depende da requisição nem da data, e o Django as copia a cada
    uso. A dos sem AR percorre o índice deles até a página; o total é o somado pelos atos."""
    abertos = (
        Oficio.objects.com_prazo_aberto()
        .select_related("processo")
        .only(*CAMPOS_DA_LINHA)
        .order_by("vencimento", "id")
    )
    sem_ar = (
        Oficio.objects.sem_ar()
        .select_related("processo")
        .only(*CAMPOS_DA_LINHA)
        .order_by("enviado_em", "id")
    )
    return abertos, sem_ar


@login_required
def prazos(request):
    """UX, tela 5: os prazos abertos, 50 por página; os vencidos primeiro (o mais atrasado
    antes), depois pela data de vencimento. Os ofícios sem AR (o prazo ainda não corre,
    Art. 2º, § 3º): os mais antigos primeiro, com o total."""
    if not tem_papel(request.user, *LEITORES):
        raise PermissionDenied("Área restrita à CRT, à Mesa e aos Deputados.")
    hoje = timezone.localdate()
    abertos, sem_ar = _consultas_dos_prazos()
    numero = numeros.pagina(request.GET.get("pagina"))
    paginador = Paginator(abertos.all(), PRAZOS_POR_PAGINA)
    # Os totais dos somados por dia (instrucao.prazos_abertos), e não um COUNT dos ofícios.
    paginador.count, sem_ar_total = prazos_abertos.totais()
    pagina = paginador.get_page(numero)
    mais_antigos = list(sem_ar[:SEM_AR_NA_PAGINA])
    prefixo = resolve_url("painel:lista")
    return render(
        request,
        "instrucao/prazos.html",
        {
            "pagina": pagina,
            "linhas": [_linha(o, hoje, prefixo) for o in pagina],
            "sem_ar": [_linha(o, hoje, prefixo) for o in mais_antigos],
            "sem_ar_total": sem_ar_total,
            "hoje": hoje,
            "prazo_dias": parametros_em_vigor(hoje).prazo_oficio_dias,
        },
    )


def secao_requisitos(processo, usuario, *, publica: bool = False) -> dict | None:
    """ "Requisitos" antes do parecer de mérito: a avaliação calculada agora sobre as
    certidões vigentes, com a fonte de cada linha e o que falta. Depois do parecer, a página
    mostra a avaliação gravada nele (e não esta)."""
    if publica or processo.tipo not in ("criacao", "extincao"):
        return None
    # Primeiro os andamentos, já lidos pela página: depois do parecer, os ofícios nem são
    # lidos (a seção "Ofícios e prazos" vem do cache, pela revisão do processo).
    if leitura.praticado(processo, {"emitir_parecer_merito"}):
        return None
    if not situacao_dos_oficios.linhas_do_processo(processo):
        return None
    avaliado = avaliacao.avaliar(processo)
    return {"apuracao": resumo_da_avaliacao(processo, avaliado)}
