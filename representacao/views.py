"""Telas da representação (assinaturas, documentos do Art. 15, dados por tipo)."""

import functools
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Exists, OuterRef
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from documentos.acesso import e_deputado_sem_equipe, pode_baixar
from documentos.views import CACHE_DOS_AUTOS
from emancipacao import numeros
from emancipacao.limite_envio import limitar_envio
from emancipacao.planilha import resposta_csv
from processos import leitura
from processos.campos import campo_da_versao, exigir_versao
from processos.estados import Tipo
from processos.models import ArquivoReparavel, AtoRecusado, RegistroAcesso
from processos.papeis import OPERADORES, exigir_leitor, tem_papel
from processos.protocolos import Protocolo, processo_ou_404
from processos.versao import versao_do_processo
from representacao import assinaturas as servico_assinaturas
from representacao import checklist, correcao_da_lista, validade
from representacao import documentos as servico_documentos
from representacao.forms import (
    AnulacaoSignatarioForm,
    AnularDocumentoForm,
    CorrecaoSignatarioForm,
    DadosRepresentacaoForm,
    EnviarDocumentoForm,
    ImportarAssinaturasForm,
    SignatarioForm,
)
from representacao.models import (
    CorrecaoSignatario,
    DadosRepresentacao,
    DocumentoRepresentacao,
    Signatario,
)

# --- signatários (Art. 13) ------------------------------------------------------------------

SIGNATARIOS_POR_PAGINA = 50


def _exigir_crt(request):
    if not tem_papel(request.user, *OPERADORES):
        raise PermissionDenied("Somente a CRT registra e importa signatários (Art. 13).")


def _contagem_assinaturas(processo) -> dict:
    contagem = servico_assinaturas.contagem(processo)
    minimo = leitura.parametros(processo).assinaturas_minimas
    return {"contagem": contagem, "minimo": minimo, "faltam": max(minimo - contagem.aptos, 0)}


def _pagina_assinaturas(request, processo, *, form=None, importar=None, relatorio=None):
    """A página da lista; nos POST recusados, com o formulário e o relatório (status 400)."""
    busca = " ".join(request.GET.get("busca", "").split())[:100]
    signatarios = servico_assinaturas.buscar_signatarios(processo, busca).select_related(
        "criado_por", "importacao"
    )
    numero = numeros.pagina(request.GET.get("pagina"))
    pagina = Paginator(signatarios, SIGNATARIOS_POR_PAGINA).get_page(numero)
    opera = tem_papel(request.user, *OPERADORES)
    contexto = _contagem_assinaturas(processo) | {
        "processo": processo,
        "sem_assinaturas": processo.tipo == Tipo.ALTERACAO_NOME,
        "pagina": pagina,
        "busca": busca,
        "parametros": urlencode({"busca": busca}) if busca else "",
        "opera": opera,
        "form": form or (SignatarioForm() if opera else None),
        "importar": importar or (ImportarAssinaturasForm() if opera else None),
        "relatorio": relatorio,
        "limite_problemas": servico_assinaturas.LIMITE_PROBLEMAS,
        "correcoes": _correcoes(processo),
    }
    recusado = request.method == "POST"
    return render(
        request, "representacao/assinaturas.html", contexto, status=400 if recusado else 200
    )


@require_GET
@login_required
def assinaturas(request, protocolo):
    exigir_leitor(request)
    processo = processo_ou_404(protocolo)
    if e_deputado_sem_equipe(request.user):
        # Art. 22: a vista do Deputado fica registrada, como a do processo.
        RegistroAcesso.objects.create(
            usuario=request.user, processo=processo, objeto="lista de signatários (Art. 13)"
        )
    return _pagina_assinaturas(request, processo)


@require_POST
@login_required
def adicionar_signatario(request, protocolo):
    _exigir_crt(request)
    processo = processo_ou_404(protocolo)
    form = SignatarioForm(request.POST)
    if not form.is_valid():
        return _pagina_assinaturas(request, processo, form=form)
    signatario = servico_assinaturas.adicionar_signatario(
        processo=processo, usuario=request.user, dados=form.dados()
    )
    mensagem = f"Signatário nº {signatario.ordem} registrado: {signatario.nome}."
    if signatario.duplicado:
        mensagem += f" O título repete o do nº {signatario.repete_ordem}: conta uma vez."
    if not signatario.titulo_valido:
        mensagem += " Título inválido: a assinatura não conta para o Art. 13."
    messages.success(request, mensagem)
    return redirect("representacao:assinaturas", protocolo=processo.slug)


@limitar_envio(limite_bytes=servico_assinaturas.LIMITE_BYTES)
@require_POST
@login_required
def importar_assinaturas(request, protocolo):
    _exigir_crt(request)
    processo = processo_ou_404(protocolo)
    form = ImportarAssinaturasForm(request.POST, request.FILES)
    if not form.is_valid():
        return _pagina_assinaturas(request, processo, importar=form)
    arquivo = form.cleaned_data["arquivo"]
    relatorio = servico_assinaturas.importar_csv(
        processo=processo, usuario=request.user, arquivo=arquivo, nome_arquivo=arquivo.name
    )
    if not relatorio.aceito:
        return _pagina_assinaturas(request, processo, importar=form, relatorio=relatorio)
    messages.success(request, f"Arquivo {arquivo.name}: {relatorio.mensagem}")
    if relatorio.avisos:
        repetidas = len(relatorio.avisos)
        messages.info(
            request,
            f"{repetidas} {'linha repete' if repetidas == 1 else 'linhas repetem'} um título já "
            "listado: marcadas como repetidas na lista, cada título conta uma vez.",
        )
    return redirect("representacao:assinaturas", protocolo=processo.slug)


@require_GET
@login_required
def modelo_assinaturas(request, protocolo):
    """O modelo do CSV: o cabeçalho e uma linha de exemplo (com BOM, para o Excel abrir os
    acentos)."""
    _exigir_crt(request)
    processo_ou_404(protocolo)
    return resposta_csv(
        servico_assinaturas.COLUNAS,
        [servico_assinaturas.EXEMPLO_CSV],
        arquivo="modelo-assinaturas.csv",
        aos_poucos=False,
    )


def _alterar_linha(request, protocolo, ordem, *, formulario, executar, titulo):
    """Corrigir ou anular uma linha: a página com a linha e o formulário; POST → o serviço
    → volta à lista com a contagem recalculada."""
    _exigir_crt(request)
    processo = processo_ou_404(protocolo)
    linha = get_object_or_404(Signatario, processo=processo, ordem=ordem)
    form = formulario(linha, request.POST or None)
    # A versão do processo que a página mostrou: o ato é recusado se outro ato veio depois.
    form.fields["versao_vista"] = campo_da_versao(versao_do_processo(processo.pk))
    if request.method == "POST" and form.is_valid():
        exigir_versao(form)
    if request.method == "POST" and not form.errors:
        try:
            executar(processo, form.cleaned_data)
        except AtoRecusado as exc:
            form.add_error(None, str(exc))
        else:
            contagem = servico_assinaturas.resumo_aptas(processo)
            messages.success(
                request, f"Signatário nº {ordem}: {titulo.lower()} registrada; {contagem}."
            )
            return redirect("representacao:assinaturas", protocolo=processo.slug)
    contexto = {"processo": processo, "linha": linha, "form": form, "titulo": titulo}
    status = 400 if request.method == "POST" else 200
    return render(request, "representacao/signatario_alterar.html", contexto, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def corrigir_signatario(request, protocolo, ordem):
    return _alterar_linha(
        request,
        protocolo,
        ordem,
        formulario=CorrecaoSignatarioForm.da_linha,
        executar=lambda processo, dados: correcao_da_lista.corrigir_signatario(
            processo=processo,
            usuario=request.user,
            ordem=ordem,
            dados=CorrecaoSignatarioForm.dados_de(dados),
            justificativa=dados["justificativa"],
            versao_vista=dados["versao_vista"],
        ),
        titulo="Correção da linha",
    )


@require_http_methods(["GET", "POST"])
@login_required
def anular_signatario(request, protocolo, ordem):
    return _alterar_linha(
        request,
        protocolo,
        ordem,
        formulario=lambda _linha, data: AnulacaoSignatarioForm(data),
        executar=lambda processo, dados: correcao_da_lista.anular_signatario(
            processo=processo,
            usuario=request.user,
            ordem=ordem,
            motivo=dados["motivo"],
            versao_vista=dados["versao_vista"],
        ),
        titulo="Anulação da linha",
    )


def secao_assinaturas(processo, usuario, *, publica: bool = False) -> dict | None:
    """A seção "Assinaturas (Art. 13)" da página interna do processo. Na alteração de nome a
    representação é do Prefeito, aprovada pela Câmara (Art. 6º, § 2º): sem assinaturas."""
    if publica or processo.tipo == Tipo.ALTERACAO_NOME:
        return None
    return _contagem_assinaturas(processo) | {
        "url": reverse("representacao:assinaturas", args=[processo.slug]),
        "correcoes": _correcoes(processo),
    }


# Se a lista tem alguma correção, na mesma consulta do processo: a seção só as lê quando há.
TEM_CORRECOES = "representacao_tem_correcoes"


def existe_correcao():
    return Exists(CorrecaoSignatario.objects.filter(signatario__processo=OuterRef("pk")))


def _correcoes(processo) -> list:
    """As correções e anulações da lista, com o antes → depois de cada uma."""
    if leitura.sem(processo, TEM_CORRECOES):
        return []
    return [
        (c, correcao_da_lista.descrever(c))
        for c in correcao_da_lista.correcoes_do_processo(processo)
    ]


# --- fim dos signatários --------------------------------------------------------------------


# --- documentos do Art. 15 ------------------------------------------------------------------


def _documento(protocolo: Protocolo, pk: int) -> DocumentoRepresentacao:
    consulta = DocumentoRepresentacao.objects.select_related("processo")
    return get_object_or_404(consulta, pk=pk, **Protocolo(protocolo).filtro("processo"))


def _arquivo_com_erro(linhas, envio) -> int:
    """O arquivo cujo formulário de nova versão mostra o erro; 0 (e um número que a página
    não mostra): o formulário de arquivo novo do item."""
    # Lido do que foi enviado (o campo inválido não está no cleaned_data), com o tamanho
    # limitado antes da conversão (emancipacao.numeros: nenhum literal enorme vira int).
    bruto = str(envio.data.get("substitui") or "") if envio is not None else ""
    if not (bruto.isascii() and bruto.isdigit() and len(bruto) <= 9):
        return 0
    numero = int(bruto)
    mostrados = {(linha.item, a.numero) for linha in linhas for a in linha.arquivos}
    return numero if (envio.data.get("item"), numero) in mostrados else 0


def _exigir_crt_documentos(request):
    if not servico_documentos.pode_juntar(request.user):
        raise PermissionDenied("Somente a CRT junta e anula documentos da representação.")


def _pagina_documentos(
    request, processo, *, envio=None, anulacao=None, anulado_pk=None, reparo=None
):
    """A lista do Art. 15; nos POST recusados, com o formulário e o erro (status 400)."""
    linhas = servico_documentos.checklist_do_processo(processo)
    contexto = {
        "processo": processo,
        "linhas": linhas,
        "faltantes": [i.rotulo_completo for i in linhas if i.obrigatorio and not i.presente],
        "opera": servico_documentos.pode_juntar(request.user),
        "pode_baixar": pode_baixar(request.user),
        "limite_mb": settings.UPLOAD_LIMITE_MB,
        "envio": envio,
        "item_com_erro": envio.data.get("item") if envio is not None else None,
        # 0: o formulário de arquivo novo do item; o número: o da nova versão daquele arquivo.
        "arquivo_com_erro": _arquivo_com_erro(linhas, envio),
        "anulacao": anulacao,
        "anulado_pk": anulado_pk,
        # O reparo que a conferência propôs ao arquivo recusado, para a CRT confirmar.
        "reparo": reparo,
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "representacao/documentos.html", contexto, status=status)


@limitar_envio
@login_required
@require_http_methods(["GET", "POST"])
def documentos(request, protocolo):
    """Art. 15: a lista do tipo com o que foi juntado; a CRT junta um arquivo novo ao item ou
    uma nova versão de um arquivo."""
    exigir_leitor(request)
    processo = processo_ou_404(protocolo)
    if request.method == "GET":
        if e_deputado_sem_equipe(request.user):
            RegistroAcesso.objects.create(
                usuario=request.user, processo=processo, objeto="documentos do Art. 15"
            )
        return _pagina_documentos(request, processo)
    _exigir_crt_documentos(request)
    itens = checklist.itens_do_tipo(processo.tipo)
    form = EnviarDocumentoForm(request.POST, request.FILES, itens=itens)
    reparo = None
    if form.is_valid():
        try:
            documento = servico_documentos.enviar_documento(
                processo=processo, usuario=request.user, **form.cleaned_data
            )
        except AtoRecusado as exc:
            form.add_error("arquivo", str(exc))
            reparo = exc if isinstance(exc, ArquivoReparavel) else None
        else:
            o_que = (
                f"arquivo nº {documento.numero} juntado"
                if documento.versao == 1
                else f"versão {documento.versao} do arquivo nº {documento.numero} juntada"
            )
            messages.success(
                request,
                f"{documento.get_item_display()}: {o_que} "
                f"({documento.get_tipo_conteudo_display()}).",
            )
            return redirect("representacao:documentos", protocolo=processo.slug)
    return _pagina_documentos(request, processo, envio=form, reparo=reparo)


@login_required
@require_POST
def anular_documento(request, protocolo, pk):
    """Anula uma versão, com justificativa; ela continua nos autos, riscada."""
    _exigir_crt_documentos(request)
    documento = _documento(protocolo, pk)
    form = AnularDocumentoForm(request.POST)
    if form.is_valid():
        try:
            servico_documentos.anular_documento(
                documento_id=documento.pk,
                usuario=request.user,
                justificativa=form.cleaned_data["justificativa"],
            )
        except AtoRecusado as exc:
            form.add_error("justificativa", str(exc))
        else:
            messages.success(
                request,
                f"{documento.get_item_display()}: versão {documento.versao} do arquivo nº "
                f"{documento.numero} anulada. Ela "
                "continua no histórico, com a justificativa.",
            )
            return redirect("representacao:documentos", protocolo=documento.processo.slug)
    return _pagina_documentos(request, documento.processo, anulacao=form, anulado_pk=documento.pk)


@login_required
@require_GET
def arquivo_documento(request, protocolo, pk):
    """O arquivo juntado, servido só depois de conferido o SHA-256 do envio. Art. 22: o
    Deputado vê (inline), não baixa, e cada vista fica registrada."""
    exigir_leitor(request)
    documento = _documento(protocolo, pk)
    if not servico_documentos.conferir_hash(documento):
        contexto = {"documento": documento, "processo": documento.processo}
        return render(request, "representacao/documentos_integridade.html", contexto, status=409)
    deputado = e_deputado_sem_equipe(request.user)
    if deputado:
        objeto = f"documento do Art. 15 nº {documento.pk}: {documento.get_item_display()}"
        RegistroAcesso.objects.create(
            usuario=request.user, processo=documento.processo, objeto=objeto[:120]
        )
    extensao = checklist.EXTENSOES[documento.tipo_conteudo]
    resposta = FileResponse(
        documento.arquivo.open("rb"),
        as_attachment=not deputado and request.GET.get("baixar") == "1",
        filename=f"{documento.processo.slug}-{documento.item}-v{documento.versao}.{extensao}",
        content_type=documento.tipo_conteudo,
    )
    resposta["Cache-Control"] = CACHE_DOS_AUTOS
    return resposta


def secao_documentos(processo, usuario, *, publica: bool = False) -> dict | None:
    """A seção "Documentos (Art. 15)" da página interna do processo: o resumo da lista. O
    modelo a guarda em cache pela revisão do processo (juntar e anular a incrementam) e só
    chama `resumo` — a consulta dos arquivos — quando não a tem."""
    if publica or not checklist.itens_do_tipo(processo.tipo):
        return None

    @functools.cache
    def resumo() -> dict:
        linhas = servico_documentos.checklist_do_processo(processo)
        obrigatorias = [linha for linha in linhas if linha.obrigatorio]
        return {
            "linhas": linhas,
            "obrigatorios": len(obrigatorias),
            "presentes": sum(linha.presente for linha in obrigatorias),
        }

    return {"resumo": resumo, "url": reverse("representacao:documentos", args=[processo.slug])}


# --- validade e dados por tipo (Arts. 6º, § 2º; 10, III; 13) --------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def dados(request, protocolo):
    """Extinção (fundamento e eleitorado, Art. 10) e alteração de nome (Câmara, Art. 6º,
    § 2º): cada envio grava uma nova versão; editável antes do recebimento na CRT."""
    exigir_leitor(request)
    processo = processo_ou_404(protocolo)
    if processo.tipo not in DadosRepresentacaoForm.CAMPOS:
        raise Http404("Este tipo de processo não tem dados próprios da representação.")
    vigente = validade.dados_de(processo)
    form = None
    if tem_papel(request.user, *OPERADORES) and validade.dados_editaveis(processo):
        instancia = DadosRepresentacao(**_copia(vigente)) if vigente.pk else None
        inicial = (
            {"municipios_destino": list(vigente.municipios_destino.all())} if vigente.pk else {}
        )
        form = DadosRepresentacaoForm(
            request.POST or None, instance=instancia, initial=inicial, processo=processo
        )
    elif request.method == "POST":
        raise PermissionDenied(
            "Os dados da representação só são registrados pela CRT, antes do recebimento (Art. 16)."
        )
    if request.method == "POST" and form.is_valid():
        try:
            validade.registrar_dados(
                processo=processo,
                usuario=request.user,
                form=form,
                versao_vista=form.cleaned_data["versao_vista"],
            )
        except AtoRecusado as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, "Dados da representação registrados (nova versão).")
            return redirect("processos:detalhe", protocolo=processo.slug)
    contexto = {
        "processo": processo,
        "form": form,
        "vigente": vigente if vigente.pk else None,
        "veredito": validade.avaliar_peticao(processo),
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "representacao/dados.html", contexto, status=status)


def _copia(vigente: DadosRepresentacao) -> dict:
    """Os valores da versão vigente, para o formulário partir deles (nova instância)."""
    return {
        f.name: getattr(vigente, f.name)
        for f in DadosRepresentacao._meta.concrete_fields
        if f.name not in ("id", "versao", "registrado_em", "registrado_por")
    }


def secao_validade(processo, usuario, *, publica: bool = False) -> dict | None:
    """A validade da representação calculada (Art. 13; Art. 10, III; Art. 6º, § 2º) e, antes
    do recebimento, tudo o que ainda falta para receber na CRT (Art. 15 e 16)."""
    if publica:
        return None
    return {
        "veredito": validade.avaliar_peticao(processo),
        "faltas": validade.o_que_falta(processo) if validade.dados_editaveis(processo) else [],
        "url_dados": reverse("representacao:dados", args=[processo.slug])
        if processo.tipo in DadosRepresentacaoForm.CAMPOS
        else None,
    }
