"""Extinção de município (Art. 10).

- O fundamento (I, II ou III) e os municípios que recebem o território (§§ 1º e 2º) são
  registrados no protocolo: o ato grava-os no Andamento e esta fase cria com eles a versão 1
  dos dados da representação (a fonte única; corrigir é gravar a versão seguinte, antes do
  recebimento).
- O parecer de mérito favorável é conferido pelo fundamento: I, a perda de algum requisito
  do Art. 2º, I a V, com os números certificados vigentes; II, a prova da inundação ou
  destruição da sede nos autos; III, a maioria absoluta dos eleitores. O contrário é livre.
- O projeto de lei nomeia o município extinto e os que recebem o seu território, gravados
  no Andamento de `apresentar_pl` (o PDF lê o que o ato gravou).
- O destino é conferido pela evidência (`representacao.destino`): a origem registrada no
  § 1º, a contiguidade na malha municipal no § 2º. O que a contradiz é recusado no registro,
  impede o recebimento, o parecer favorável e o projeto de lei; a evidência que falta
  (origem não registrada) espera no parecer favorável e no projeto de lei.
"""

from dataclasses import dataclass

from instrucao.conferido_pela_representacao import ExtincaoNoParecer, ExtincaoNoPl
from processos import leitura
from processos.estados import Tipo
from processos.models import AtoRecusado
from representacao import assinaturas, destino, documentos
from representacao.models import DadosRepresentacao
from representacao.models.dados import FundamentoExtincao
from requisitos import formatacao as fmt
from requisitos.aplicacao import aplica
from requisitos.models import Municipio
from requisitos.regras import avaliar_maioria_absoluta_eleitores

# Para onde vai o território: § 1º (I e II) ou § 2º (III).
PARAGRAFO = {"I": "§ 1º", "II": "§ 1º", "III": "§ 2º"}
DESTINO = {
    "§ 1º": "o município de origem, ao qual o extinto volta a pertencer",
    "§ 2º": "os municípios contíguos indicados pelos eleitores requerentes",
}
ITEM_DA_PROVA = "comprovacao_sede"
EDICAO_DA_MALHA = "edicao_da_malha_vigente"  # anotação da consulta da página


def descrever_destino(fundamento: str) -> str:
    """ "o município de origem, ao qual o extinto volta a pertencer (Art. 10, § 1º)"."""
    paragrafo = PARAGRAFO.get(fundamento)
    if paragrafo is None:
        return "o(s) município(s) que recebem o território (Art. 10, §§ 1º e 2º)"
    return f"{DESTINO[paragrafo]} (Art. 10, {paragrafo})"


def erros_do_destino(fundamento: str, destinos, extintos) -> list[str]:
    """O que recusa os municípios que recebem o território: nenhum informado, o próprio
    município extinto entre eles, ou o que a evidência contradiz (não é a origem, § 1º; não
    é contíguo na malha, § 2º)."""
    if not destinos:
        return [f"Informe {descrever_destino(fundamento)}."]
    if {m.pk for m in destinos} & {m.pk for m in extintos}:
        return ["O município extinto não recebe o próprio território: escolha outro(s)."]
    conferencia = destino.conferir_destino(fundamento, extintos, destinos)
    return list(conferencia.erros) if conferencia else []


@leitura.por_pagina
def dados_vigentes(processo) -> DadosRepresentacao | None:
    """A versão vigente gravada (None, se não houver): lida uma vez na página do processo."""
    return DadosRepresentacao.objects.vigente(processo)


def destinos_de(dados: DadosRepresentacao | None) -> list[Municipio]:
    return list(dados.municipios_destino.order_by("nome")) if dados and dados.pk else []


@leitura.por_pagina
def destinos_vigentes(processo) -> list[Municipio]:
    """Os municípios que recebem o território, na versão vigente: lidos uma vez na página."""
    return destinos_de(dados_vigentes(processo))


def _conferencia(processo, **edicao) -> "destino.ConferenciaDoDestino | None":
    vigentes = dados_vigentes(processo)
    if processo.tipo != Tipo.EXTINCAO or not vigentes:
        return None
    extintos = sorted(processo.municipios_origem.all(), key=lambda m: m.nome)
    return destino.conferir_destino(
        vigentes.fundamento_extincao, extintos, destinos_vigentes(processo), **edicao
    )


@leitura.por_pagina
def conferencia_vigente(processo) -> "destino.ConferenciaDoDestino | None":
    """A conferência do destino registrado na versão vigente (lida uma vez na página)."""
    return _conferencia(processo)


@conferencia_vigente.na_pagina
def _conferencia_na_pagina(processo) -> "destino.ConferenciaDoDestino | None":
    # Na página, os municípios do processo e a edição vigente da malha já vieram com a
    # consulta do processo (sem outras consultas).
    if hasattr(processo, EDICAO_DA_MALHA):
        return _conferencia(processo, edicao_id=getattr(processo, EDICAO_DA_MALHA))
    return _conferencia(processo)


def faltas_do_destino(processo) -> list[str]:
    """Art. 10, §§ 1º e 2º: a representação de extinção diz para onde vai o território — sem
    isso, ou com um destino que a evidência contradiz (carregada depois do registro), não é
    recebida. A origem ainda não registrada não volta aos requerentes em diligência: é dado
    de referência do suporte, e espera no parecer favorável."""
    if processo.tipo != Tipo.EXTINCAO:
        return []
    vigentes = dados_vigentes(processo)
    if not vigentes or not vigentes.fundamento_extincao:
        return []  # sem fundamento, a validade já diz o que falta
    if not destinos_vigentes(processo):
        descricao = descrever_destino(vigentes.fundamento_extincao)
        return [f"Falta: município(s) que recebem o território — {descricao}."]
    conferencia = conferencia_vigente(processo)
    return list(conferencia.erros) if conferencia else []


def exigir_destino_conferido(processo, recusa: str) -> dict | None:
    """Para o parecer favorável e o projeto de lei: o destino vigente sem contradição nem
    falta de evidência; devolve a conferência a gravar no Andamento."""
    conferencia = conferencia_vigente(processo)
    if conferencia is None:
        return None
    problemas = conferencia.erros + conferencia.faltas
    if problemas:
        raise AtoRecusado(f"{recusa} {' '.join(problemas)}")
    return conferencia.como_dados()


# --- protocolo -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExtincaoNoProtocolo:
    """Art. 10, §§ 1º e 2º: o fundamento e os municípios que recebem o território (código do
    IBGE e nome), como o protocolo os grava no Andamento."""

    fundamento: str
    destinos: list

    def como_dados(self) -> dict:
        return {"fundamento_extincao": self.fundamento, "municipios_destino": self.destinos}

    @classmethod
    def de_andamento(cls, andamento) -> "ExtincaoNoProtocolo | None":
        """O que o protocolo gravou (None sem fundamento)."""
        dados = andamento.dados or {}
        fundamento = dados.get("fundamento_extincao")
        return cls(fundamento, dados.get("municipios_destino", [])) if fundamento else None


def preparar_protocolo(processo, dados: dict) -> ExtincaoNoProtocolo | None:
    """O `preparar` de `protocolar` (`representacao/atos.py`): com o fundamento informado, o
    Andamento grava-o com os municípios que recebem o território (o formulário já os
    conferiu e limpa-os fora da extinção)."""
    fundamento = dados.get("fundamento_extincao")
    if not fundamento:
        return None
    destinos = dados.get("municipios_destino") or ()
    return ExtincaoNoProtocolo(fundamento, [_municipio(m) for m in destinos])


def registrar_no_protocolo(andamento, preparado: ExtincaoNoProtocolo | None) -> None:
    """O `registrar` de `protocolar`: a versão 1 dos dados da representação, com o fundamento
    e os municípios que o protocolo gravou (na mesma transação)."""
    processo = andamento.processo
    if processo.tipo != Tipo.EXTINCAO or preparado is None:
        return
    versao = DadosRepresentacao.objects.create(
        processo=processo,
        versao=1,
        fundamento_extincao=preparado.fundamento,
        registrado_por=andamento.usuario,
    )
    codigos = [m["codigo_ibge"] for m in preparado.destinos]
    versao.municipios_destino.set(Municipio.objects.filter(codigo_ibge__in=codigos))


# --- parecer de mérito (Art. 18) -------------------------------------------------------------


def preparar_parecer_merito(processo, dados: dict) -> ExtincaoNoParecer | None:
    """O `preparar` de `emitir_parecer_merito` na extinção: o favorável só passa com o fundamento
    demonstrado; grava qual fundamento e o que foi conferido. O contrário é sempre aceito."""
    if processo.tipo != Tipo.EXTINCAO:
        return None
    vigentes = dados_vigentes(processo)
    fundamento = vigentes.fundamento_extincao if vigentes else ""
    conferencia = {
        "fundamento": fundamento,
        "fundamento_rotulo": FundamentoExtincao(fundamento).label if fundamento else "",
    }
    if dados.get("conclusao") == "favoravel":
        if not fundamento:
            raise AtoRecusado(
                "Parecer favorável recusado: o fundamento da extinção (Art. 10, I, II ou III) "
                "não foi registrado na representação."
            )
        conferir = {"I": _perda_dos_requisitos, "II": _prova_da_sede, "III": _maioria}
        conferencia |= conferir[fundamento](processo, vigentes)
        recusa = "Parecer favorável à extinção recusado:"  # as mensagens citam o parágrafo
        conferencia["destino"] = exigir_destino_conferido(processo, recusa)
    else:
        vista = conferencia_vigente(processo)
        conferencia["destino"] = vista.como_dados() if vista else None
    return ExtincaoNoParecer(conferencia)


def _recusa(fundamento: str, motivo: str) -> AtoRecusado:
    return AtoRecusado(f"Parecer favorável à extinção recusado (Art. 10, {fundamento}): {motivo}")


def _perda_dos_requisitos(processo, vigentes) -> dict:
    """Art. 10, I: a extinção cabe se verificada a perda de algum requisito do Art. 2º, I a V
    — avaliados com os números certificados vigentes (e o V, da visita in loco)."""
    from instrucao.avaliacao import avaliar_extincao, falhas

    avaliacao = avaliar_extincao(processo)
    if not avaliacao.completa:
        raise _recusa(
            "I",
            "a avaliação do Art. 2º, I a V, ainda não tem todos os números certificados. "
            + " ".join(avaliacao.faltas),
        )
    perdidos = falhas(avaliacao.veredito)
    if not perdidos:
        raise _recusa("I", "todos os requisitos do Art. 2º, I a V, continuam atendidos.")
    return {
        "conferido": "Art. 2º, I a V, com os números certificados vigentes",
        "requisitos_perdidos": perdidos,
    }


def _prova_da_sede(processo, vigentes) -> dict:
    """Art. 10, II: a inundação ou destruição da sede, provada nos autos (fotografias ou
    laudo técnico: cada arquivo vigente)."""
    linha = next(
        (x for x in documentos.checklist_do_processo(processo) if x.item == ITEM_DA_PROVA), None
    )
    if linha is None or not linha.presente:
        rotulo = linha.rotulo_completo if linha else ITEM_DA_PROVA
        raise _recusa("II", f"falta nos autos a prova da inundação ou destruição: {rotulo}.")
    return {
        "conferido": "prova da inundação ou destruição da sede nos autos",
        "documentos": [
            {
                "item": vigente.item,
                "arquivo": vigente.numero,
                "versao": vigente.versao,
                "nome": vigente.nome_original,
                "sha256": vigente.sha256,
            }
            for vigente in linha.vigentes
        ],
    }


def eleitorado_certificado(processo) -> int | None:
    """O eleitorado do município na certidão vigente do TRE (Art. 2º, II; Art. 17, § 2º),
    ou None antes da certidão."""
    from instrucao import certidoes as cert

    return cert.figuras_vigentes(processo).valor(cert.AREA, "eleitores")


@aplica(
    "Art. 10, III",
    descricao="O parecer de mérito favorável à extinção a requerimento conta a maioria "
    "absoluta sobre o eleitorado da certidão do TRE, quando ela está nos autos; o número "
    "registrado na representação é só a prévia de antes da certidão.",
    testes=(
        "tests.representacao.test_extincao_parecer_e_lei.test_art_10_iii_caso_relatado_conta_sobre_o_eleitorado_certificado_pelo_tre",
        "tests.representacao.test_extincao_parecer_e_lei.test_art_10_iii_maioria_absoluta_do_eleitorado_certificado_dos_dois_lados",
    ),
    decisao="Onde há certidão do órgão competente nos autos, a regra lê o número certificado; "
    "o parecer mostra os dois quando diferem.",
)
def _maioria(processo, vigentes) -> dict:
    """Art. 10, III: requerimento da maioria absoluta dos eleitores do município. Decisão:
    com a certidão do TRE nos autos, a maioria é contada sobre o eleitorado certificado; o
    número digitado na representação é só a prévia de antes da certidão, e o parecer mostra
    os dois quando diferem."""
    from representacao.validade import avaliar_peticao

    veredito = avaliar_peticao(processo, getattr(processo, "data_do_ato", None))
    maioria = next((r for r in veredito.requisitos if r.fundamento == "Art. 10, III"), None)
    digitado = vigentes.eleitores_municipio
    certificado = eleitorado_certificado(processo)
    if certificado is not None:
        aptas = assinaturas.contagem(processo).aptos
        (maioria,) = avaliar_maioria_absoluta_eleitores(aptas, certificado).requisitos
    if maioria is None or not maioria.atende:
        motivo = (
            f"{maioria.mensagem} {maioria.falta}".strip()
            if maioria and maioria.valor is not None
            else (maioria.mensagem if maioria else "a maioria absoluta não foi calculada.")
        )
        if certificado is not None and digitado is not None and certificado != digitado:
            motivo += (
                f" Contado sobre o eleitorado certificado pelo TRE ({fmt.inteiro(certificado)}"
                f"), não sobre o registrado na representação ({fmt.inteiro(digitado)})."
            )
        raise _recusa("III", motivo)
    return {
        "conferido": "maioria absoluta dos eleitores do município",
        "assinaturas": maioria.valor,
        "maioria_absoluta": maioria.limite,
        "eleitores": certificado if certificado is not None else digitado,
        "eleitores_fonte": "certidão do TRE" if certificado is not None else "representação",
        "eleitores_representacao": digitado,
        "eleitores_certidao_tre": certificado,
    }


# --- projeto de lei (Art. 20, § 1º) ----------------------------------------------------------


def _municipio(m: Municipio) -> dict:
    return {"codigo_ibge": m.codigo_ibge, "nome": m.nome}


def preparar_pl(processo) -> ExtincaoNoPl | None:
    """Parte do `preparar` de `apresentar_pl` na extinção: o projeto nomeia o município
    extinto e os que recebem o seu território (Art. 10, §§ 1º e 2º), gravados no Andamento."""
    if processo.tipo != Tipo.EXTINCAO:
        return None
    vigentes = dados_vigentes(processo)
    destinos = destinos_de(vigentes)
    fundamento = vigentes.fundamento_extincao if vigentes else ""
    if not fundamento or not destinos:
        raise AtoRecusado(
            "O projeto de lei da extinção nomeia o fundamento e os municípios que recebem o "
            "território (Art. 10, §§ 1º e 2º), e a representação não os registra."
        )
    recusa = "O projeto de lei da extinção não é apresentado:"
    conferido = exigir_destino_conferido(processo, recusa)
    extinto = processo.municipios_origem.order_by("nome").first()
    return ExtincaoNoPl(
        {
            "fundamento": fundamento,
            "fundamento_rotulo": FundamentoExtincao(fundamento).label,
            "paragrafo": PARAGRAFO[fundamento],
            "municipio_extinto": _municipio(extinto)
            if extinto
            else {"codigo_ibge": None, "nome": processo.nome_proposto},
            "municipios_destino": [_municipio(m) for m in destinos],
            "destino_conferido": conferido,
        }
    )


# --- página do processo ----------------------------------------------------------------------


def secao_extincao(processo, usuario, *, publica: bool = False) -> dict | None:
    """O fundamento e os municípios que recebem o território. É o objeto da representação,
    público por natureza: a página pública mostra o mesmo, sem os detalhes internos."""
    if processo.tipo != Tipo.EXTINCAO:
        return None
    vigentes = dados_vigentes(processo)
    fundamento = vigentes.fundamento_extincao if vigentes else ""
    return {
        "fundamento": FundamentoExtincao(fundamento).label if fundamento else "",
        "destino": descrever_destino(fundamento),
        "destinos": [m.nome for m in destinos_vigentes(processo)],
        # A conferência é instrução da CRT (a página interna); a pública mostra o objeto.
        "conferencia": None if publica else conferencia_vigente(processo),
        "publica": publica,
    }
