"""A validade da representação, por tipo, calculada dos dados (Art. 13 a 16):

- criação, fusão, incorporação, revisão de limites: ao menos `assinaturas_minimas` eleitores
  residentes na área, com firma reconhecida, cada título contado uma vez (Art. 13);
- extinção: o Art. 13 e, no fundamento III (requerimento dos eleitores), a maioria
  absoluta do eleitorado do município, registrado com fonte e data (Art. 10, III);
- alteração de nome: representação do Prefeito aprovada pela Câmara Municipal por 2/3 dos
  membros (Art. 6º, § 2º), no lugar das assinaturas.

E `receber_na_crt` (Art. 15 e 16) só passa com a lista do Art. 15 completa **e** a
representação válida; quando recusado, diz exatamente o que falta.
"""

from dataclasses import replace
from datetime import date

from django.db import transaction
from django.utils import timezone

from processos import leitura, versao
from processos.condicoes import condicao
from processos.estados import Estado, Tipo
from processos.models import AtoRecusado, Processo
from processos.versao import MENSAGEM_REGISTRO_NOVO
from representacao import assinaturas, documentos, extincao
from representacao.models import DadosRepresentacao
from representacao.models.dados import FundamentoExtincao
from requisitos.aplicacao import aplica
from requisitos.regras import (
    Requisito,
    Veredito,
    avaliar_aprovacao_camara,
    avaliar_assinaturas,
    avaliar_maioria_absoluta_eleitores,
)


def dados_de(processo) -> DadosRepresentacao:
    """A versão vigente dos dados da representação (em branco, sem gravar, se não houver)."""
    vigentes = extincao.dados_vigentes(processo)
    return vigentes or DadosRepresentacao(processo=processo, versao=0)


def dados_editaveis(processo) -> bool:
    """Antes do recebimento (protocolada ou em diligência) a representação ainda se completa;
    depois, os dados já decidiram o recebimento (Art. 16)."""
    return processo.estado in (Estado.PROTOCOLADA, Estado.EM_DILIGENCIA)


def registrar_dados(
    *, processo, usuario, form, versao_vista: int | None = None
) -> DadosRepresentacao:
    """Grava a versão seguinte dos dados da representação (a anterior permanece).
    `versao_vista` é a versão que a página mostrou (0 = nenhuma): outra gravada depois
    recusa esta, em vez de ser substituída em silêncio."""
    if not dados_editaveis(processo):
        raise AtoRecusado("Os dados da representação só se completam antes do recebimento.")
    with transaction.atomic():
        Processo.objects.select_for_update().filter(pk=processo.pk).first()
        anterior = DadosRepresentacao.objects.vigente(processo)
        if versao_vista is not None and (anterior.versao if anterior else 0) != versao_vista:
            o_que = "os dados da representação"
            raise AtoRecusado(MENSAGEM_REGISTRO_NOVO.format(o_que=o_que))
        novo = form.save(commit=False)
        novo.pk = None
        novo.processo = processo
        novo.versao = anterior.versao + 1 if anterior else 1
        novo.registrado_por = usuario
        novo.save()
        form.save_m2m()  # os municípios que recebem o território (Art. 10, §§ 1º e 2º)
        Processo.objects.filter(pk=processo.pk).update(ultima_movimentacao=timezone.now())
        versao.tocar(processo)
    return novo


PREVIA_DO_ELEITORADO = (
    "(Prévia, pelo número digitado na representação; o parecer de mérito conta sobre o "
    "eleitorado certificado pelo TRE.)"
)


def _falta(descricao: str, fundamento: str, mensagem: str) -> Requisito:
    return Requisito("", descricao, None, None, "=", False, fundamento, mensagem, falta=mensagem)


def _camara(dados: DadosRepresentacao) -> Veredito:
    if dados.camara_membros is None or dados.camara_votos_favoraveis is None:
        mensagem = "Registre a aprovação da Câmara Municipal (membros, votos e sessão)."
        falta = _falta("Aprovação da Câmara Municipal (2/3)", "Art. 6º, § 2º", mensagem)
        return Veredito(False, (falta,))
    return avaliar_aprovacao_camara(dados.camara_votos_favoraveis, dados.camara_membros)


def _extincao(processo, dados: DadosRepresentacao, aptas: int, parametros) -> Veredito:
    veredito = avaliar_assinaturas(aptas, parametros)
    requisitos = list(veredito.requisitos)
    if not dados.fundamento_extincao:
        mensagem = "Registre o fundamento da extinção (Art. 10, I, II ou III)."
        requisitos.append(_falta("Fundamento da extinção", "Art. 10", mensagem))
    elif dados.fundamento_extincao == FundamentoExtincao.REQUERIMENTO:
        if dados.eleitores_municipio is None:
            mensagem = "Registre o eleitorado do município, com fonte e data (Art. 10, III)."
            requisitos.append(_falta("Eleitorado do município", "Art. 10, III", mensagem))
        else:
            # Art. 10, III: a prévia; o parecer de mérito conta sobre o certificado pelo TRE.
            maioria = avaliar_maioria_absoluta_eleitores(aptas, dados.eleitores_municipio)
            requisitos += [
                replace(r, mensagem=f"{r.mensagem} {PREVIA_DO_ELEITORADO}")
                for r in maioria.requisitos
            ]
    return Veredito(all(r.atende for r in requisitos), tuple(requisitos), veredito.parametros)


@aplica(
    "Art. 13; Art. 10, III; Art. 6º, § 2º",
    descricao="Validade da representação: 100 assinaturas aptas (títulos validados, cada um "
    "contado uma vez, residentes e com firma reconhecida); na extinção a requerimento, a "
    "maioria absoluta do eleitorado; na alteração de nome, a Câmara por 2/3.",
    digitado="na alteração de nome, os membros e os votos da Câmara transcritos da ata; na "
    "extinção, antes da certidão do TRE, o eleitorado informado na representação (só a prévia).",
    testes=(
        "tests.representacao.test_validade.test_art_13_exige_cem_assinaturas_aptas",
        "tests.representacao.test_validade.test_extincao_a_requerimento_exige_a_maioria_absoluta",
        "tests.representacao.test_validade.test_alteracao_de_nome_exige_dois_tercos_da_camara",
    ),
)
def avaliar_peticao(processo, data: date | None = None) -> Veredito:
    """A validade da representação na data (os parâmetros em vigor nela)."""
    parametros = leitura.parametros(processo, data or timezone.localdate())
    # Os dados da representação só decidem na alteração de nome e na extinção.
    if processo.tipo == Tipo.ALTERACAO_NOME:
        return _camara(dados_de(processo))
    aptas = assinaturas.contagem(processo).aptos
    if processo.tipo == Tipo.EXTINCAO:
        return _extincao(processo, dados_de(processo), aptas, parametros)
    return avaliar_assinaturas(aptas, parametros)


@leitura.por_pagina
def o_que_falta(processo) -> list[str]:
    """Tudo o que impede receber a representação: documentos do Art. 15 e validade."""
    data = getattr(processo, "data_do_ato", None)
    faltas = [f"Falta: {item}." for item in documentos.itens_faltantes(processo)]
    faltas += extincao.faltas_do_destino(processo)
    veredito = avaliar_peticao(processo, data)
    faltas += [
        f"Representação inválida ({r.fundamento}): {r.mensagem} {r.falta}".strip()
        if r.valor is not None
        else f"Representação incompleta ({r.fundamento}): {r.mensagem}"
        for r in veredito.requisitos
        if not r.atende
    ]
    return faltas


@aplica(
    "Art. 15; Art. 16",
    descricao="“Receber na CRT” só é praticado com os documentos do Art. 15 juntados (a "
    "presença do arquivo conferida, não o conteúdo) e a representação válida (calculada sobre "
    "os signatários) — não declarado por quem recebe.",
    digitado="na alteração de nome, os membros e os votos da Câmara transcritos da ata.",
    testes=(
        "tests.representacao.test_recebimento.test_recebimento_recusado_lista_exatamente_o_que_falta",
        "tests.representacao.test_recebimento.test_recebimento_permitido_com_a_lista_completa_e_cem_assinaturas",
    ),
)
@condicao(lambda processo: " ".join(o_que_falta(processo)))
def representacao_instruida_e_valida(processo) -> bool:
    """Guarda de `receber_na_crt` (Art. 15 e 16): calculada dos documentos e das assinaturas,
    não declarada por quem recebe. Na página do processo, a seção da validade mostra as
    mesmas faltas: calculadas uma vez (`processos.leitura`)."""
    return not o_que_falta(processo)
