"""A fase do plebiscito ligada aos atos do hub (Arts. 11-12, 19-20).

Os atos continuam sendo de `processos.services.praticar_ato`; esta app registra (em
`apps.py`) o que cada um deles confere, calcula e grava:

- `registrar_resultado` / `retificar_resultado`: as unidades exigidas pela abrangência em
  vigor na data do ato, conferidas pelas regras puras; gravadas como nova versão;
- `emitir_parecer_resultado`: o veredito da regra que governa, calculado das unidades da
  versão vigente e gravado com os parâmetros usados — a conclusão do parecer, o destino do
  processo e o PDF leem esse mesmo registro;
- `registrar_fase_tre`: cada fase do plebiscito no TRE (Art. 19, § 2º).
"""

import re
from dataclasses import dataclass
from datetime import date

from django.db.models import Exists, OuterRef, Prefetch
from django.utils import timezone

from plebiscito.models import AcompanhamentoTre, FaseTre, Resultado, UnidadeVotacao
from plebiscito.regras import ApuracaoInvalida, Unidade, Votacao, apurar_unidades
from processos import leitura
from processos.condicoes import condicao
from processos.estados import Tipo
from processos.models import AtoRecusado, Processo
from requisitos.aplicacao import aplica
from requisitos.models import parametros_em_vigor

CAMPOS_VOTOS = ("sim", "nao", "brancos", "nulos")
CAMPOS = ("inscritos", "comparecimento", *CAMPOS_VOTOS)
# Tipos em que a consulta é a de uma parte do território (a área a desmembrar ou a mover);
# nos demais (fusão, incorporação, alteração de nome) cada município inteiro é a unidade.
TIPOS_COM_AREA = (Tipo.CRIACAO, Tipo.REVISAO_LIMITES)


@dataclass(frozen=True)
class UnidadeExigida:
    chave: str  # prefixo dos campos do formulário: "area" ou "m<código IBGE>"
    nome: str
    area_desmembrada: bool
    municipio_id: int | None = None


def data_do_ato(processo: Processo) -> date:
    return getattr(processo, "data_do_ato", None) or timezone.localdate()


def tem_pergunta_sede(processo: Processo) -> bool:
    """Art. 4º, parágrafo único: na fusão, a cédula pergunta também a sede."""
    return processo.tipo == Tipo.FUSAO


@aplica(
    "Art. 11, § 1º; Art. 12, I",
    descricao="As unidades de votação que o resultado deve trazer, pela abrangência em vigor.",
    parametro="abrangencia_plebiscito",
    testes=(
        "tests.plebiscito.test_resultado.test_abrangencia_dos_municipios_envolvidos_conta_o_remanescente",
        "tests.plebiscito.test_resultado.test_abrangencia_da_area_exige_so_a_area",
    ),
    decisao="Na criação e na revisão de limites, a área a desmembrar é uma unidade e cada "
    "município de origem remanescente é outra.",
)
def unidades_exigidas(processo: Processo, data: date | None = None) -> list[UnidadeExigida]:
    """As unidades de votação que a abrangência em vigor na data exige (Art. 11, § 1º;
    Art. 12, I; e, sob `municipios_envolvidos`, CF art. 18, § 4º e ADI 2650).

    Decisão: na criação e na revisão de limites, a área é uma unidade e cada município de
    origem remanescente outra (contada só sob `municipios_envolvidos`); na fusão, na
    incorporação e na alteração de nome, cada município envolvido é, inteiro, unidade
    consultada sob qualquer abrangência."""
    abrangencia = leitura.parametros(processo, data or data_do_ato(processo)).abrangencia_plebiscito
    # A ordem por nome é a do modelo (Municipio.Meta.ordering): `all()` aproveita o prefetch
    # da página do processo, que um `order_by` descartaria.
    municipios = list(processo.municipios_origem.all())
    if processo.tipo not in TIPOS_COM_AREA:
        return [UnidadeExigida(f"m{m.codigo_ibge}", m.nome, True, m.pk) for m in municipios]
    rotulo = "futuro Município de" if processo.tipo == Tipo.CRIACAO else "área a transferir:"
    unidades = [
        UnidadeExigida("area", f"Área a desmembrar ({rotulo} {processo.nome_proposto})", True)
    ]
    if abrangencia == "municipios_envolvidos":
        unidades += [
            UnidadeExigida(f"m{m.codigo_ibge}", f"{m.nome} (território remanescente)", False, m.pk)
            for m in municipios
        ]
    return unidades


# --- registrar_resultado e retificar_resultado ---------------------------------------------


def _data(valor) -> date:
    return valor if isinstance(valor, date) else date.fromisoformat(str(valor))


def unidade_de_dados(dados: dict) -> Unidade:
    votacao = Votacao(*(dados.get(c) for c in CAMPOS))
    sede = None
    if dados.get("sede_sim") is not None:
        sede = Votacao(
            dados.get("inscritos"),
            dados.get("comparecimento"),
            *(dados.get(f"sede_{c}") for c in CAMPOS_VOTOS),
        )
    return Unidade(str(dados.get("nome", "")), bool(dados.get("area_desmembrada")), votacao, sede)


@dataclass(frozen=True)
class ResultadoConferido:
    """O que `registrar_resultado` e `retificar_resultado` gravam além dos números: a
    abrangência em vigor na data do ato, sob a qual as unidades foram conferidas."""

    abrangencia: str

    def como_dados(self) -> dict:
        return {"abrangencia": self.abrangencia}


def preparar_resultado(processo: Processo, dados: dict) -> ResultadoConferido:
    """Confere, na linha travada, os números que o formulário já validou: defesa de quem
    chama o serviço diretamente (nada inconsistente é gravado)."""
    quando = data_do_ato(processo)
    exigidas = unidades_exigidas(processo, quando)
    recebidas = dados.get("unidades") or []
    nomes = [str(u.get("nome", "")) for u in recebidas]
    if sorted(nomes) != sorted(u.nome for u in exigidas):
        raise AtoRecusado(
            "Informe exatamente as unidades de votação exigidas pela abrangência em vigor: "
            + "; ".join(u.nome for u in exigidas)
            + "."
        )
    com_sede = {u.get("sede_sim") is not None for u in recebidas}
    if com_sede != {tem_pergunta_sede(processo)}:
        raise AtoRecusado(
            "Na fusão, informe em todas as unidades a pergunta sobre a sede (Art. 4º, p.ú.)."
            if tem_pergunta_sede(processo)
            else "Só a fusão tem a pergunta sobre a sede (Art. 4º, p.ú.)."
        )
    abrangencia = parametros_em_vigor(quando).abrangencia_plebiscito
    try:
        apurar_unidades([unidade_de_dados(u) for u in recebidas], "lc23_literal", abrangencia)
    except (ApuracaoInvalida, TypeError) as exc:
        raise AtoRecusado(f"Resultado inconsistente: {exc}") from exc
    # A ordem do ofício do TRE, da leitura e do ato: processos.cronologia.
    if not dados.get("data_consulta"):
        raise AtoRecusado("Informe a data da consulta (o dia da votação do plebiscito).")
    if _data(dados["data_consulta"]) > _data(dados["data_oficio_tre"]):
        raise AtoRecusado("A consulta não pode ser posterior ao ofício do TRE que a apurou.")
    _novo_oficio_depois_do_parecer(processo, dados)
    return ResultadoConferido(abrangencia)


@aplica(
    "Art. 20, § 1º",
    descricao="Depois do parecer sobre o resultado, o resultado só se retifica com um novo "
    "ofício do TRE (número, data e leitura em Plenário); o parecer é então emitido de novo.",
    testes=(
        "tests.plebiscito.test_retificacao_pelo_tre.test_retificar_depois_do_parecer_sem_novo_oficio_e_recusado",
        "tests.plebiscito.test_retificacao_pelo_tre.test_novo_oficio_do_tre_reabre_a_analise_e_o_parecer_e_recalculado",
        "tests.plebiscito.test_retificacao_pelo_tre.test_caso_relatado_rejeitado_e_arquivado_nao_volta_pelo_presidente_nem_pela_mesa",
        "tests.plebiscito.test_retificacao_pelo_tre.test_o_mesmo_oficio_escrito_de_outro_jeito_nao_e_novo_oficio",
    ),
    decisao="O veredito do plebiscito muda só pelo TRE: nem o Presidente (desarquivar) nem a "
    "Mesa sem novo ofício o desfazem.",
)
def _novo_oficio_depois_do_parecer(processo: Processo, dados: dict) -> None:
    vigente = Resultado.objects.vigente(processo)
    if vigente is None:
        return
    parecer = (
        processo.andamentos.filter(ato="emitir_parecer_resultado", pk__gt=vigente.andamento_id)
        .order_by("-pk")
        .first()
    )
    if parecer is None:
        return
    mesmo_numero = _numero_do_oficio(dados.get("oficio_tre", "")) == _numero_do_oficio(
        vigente.oficio_tre
    )
    if mesmo_numero or _data(dados["data_oficio_tre"]) < vigente.data_oficio_tre:
        raise AtoRecusado(
            f"O parecer sobre o resultado foi emitido em {parecer.data_ato:%d/%m/%Y}: a "
            "retificação só vale com um novo ofício do TRE (número, data e leitura em "
            f"Plenário), diferente do ofício {vigente.oficio_tre} de "
            f"{vigente.data_oficio_tre:%d/%m/%Y} e não anterior a ele (Art. 20, § 1º)."
        )


def _numero_do_oficio(numero) -> str:
    """O número como número: "01/2026", " 1 / 2026 " e "1/2026" são o mesmo ofício (sem os
    espaços, sem os zeros à esquerda de cada grupo de algarismos, sem caixa)."""
    sem_espacos = re.sub(r"\s+", "", str(numero)).casefold()
    return re.sub(r"\d+", lambda grupo: grupo.group().lstrip("0") or "0", sem_espacos)


def gravar_resultado(andamento, conferido: ResultadoConferido | None = None) -> Resultado:
    """A versão seguinte do resultado, com as suas unidades (o ato já foi conferido)."""
    dados = andamento.dados
    conferido = conferido or ResultadoConferido(dados["abrangencia"])
    anterior = Resultado.objects.vigente(andamento.processo)
    exigidas = {u.nome: u for u in unidades_exigidas(andamento.processo, andamento.data_ato)}
    resultado = Resultado.objects.create(
        processo=andamento.processo,
        versao=anterior.versao + 1 if anterior else 1,
        andamento=andamento,
        oficio_tre=dados["oficio_tre"],
        data_oficio_tre=_data(dados["data_oficio_tre"]),
        data_leitura_plenario=_data(dados["data_leitura_plenario"]),
        data_consulta=_data(dados["data_consulta"]) if dados.get("data_consulta") else None,
        abrangencia=conferido.abrangencia,
        pergunta_sede=tem_pergunta_sede(andamento.processo),
    )
    UnidadeVotacao.objects.bulk_create(
        UnidadeVotacao(
            resultado=resultado,
            ordem=i,
            chave=exigidas[u["nome"]].chave,
            nome=u["nome"],
            municipio_id=exigidas[u["nome"]].municipio_id,
            area_desmembrada=exigidas[u["nome"]].area_desmembrada,
            **{c: u[c] for c in CAMPOS},
            **{f"sede_{c}": u.get(f"sede_{c}") for c in CAMPOS_VOTOS},
        )
        for i, u in enumerate(dados["unidades"], start=1)
    )
    return resultado


@condicao(
    lambda processo: (
        "Já há resultado registrado neste processo (versão "
        f"{resultados_do_processo(processo)[0].versao}); corrija-o por “Retificar "
        "resultado do plebiscito”."
    )
)
def sem_resultado_registrado(processo) -> bool:
    return not resultados_do_processo(processo)


@condicao("Não há resultado do plebiscito registrado neste processo (Art. 20).")
def com_resultado_registrado(processo) -> bool:
    return bool(resultados_do_processo(processo))


@leitura.por_pagina
def resultados_do_processo(processo) -> list[Resultado]:
    """Todas as versões do resultado, da vigente (a mais alta) às anteriores, com as
    unidades: lidas uma vez na página do processo (`processos.leitura`)."""
    # A ordem do modelo junta o processo (a ordem dele); aqui o processo é um só.
    resultados = list(
        Resultado.objects.filter(processo=processo)
        .order_by("-versao")
        .prefetch_related(Prefetch("unidades", UnidadeVotacao.objects.order_by("ordem")))
    )
    for resultado in resultados:  # o mesmo processo, com a leitura única da página
        resultado.processo = processo
    return resultados


@resultados_do_processo.na_pagina
def _resultados_na_pagina(processo) -> list[Resultado]:
    """Na página, sem o ato que grava o resultado entre os andamentos já lidos, ou com a
    consulta do processo dizendo que não há resultado gravado, não há o que ler."""
    if not leitura.praticado(processo, ATOS_DO_RESULTADO) or leitura.sem(processo, TEM_RESULTADO):
        return []
    return resultados_do_processo.consultar(processo)


# A anotação da página do processo (`processos.extensoes.registrar_anotacao`).
TEM_RESULTADO = "plebiscito_tem_resultado"


def existe_resultado():
    return Exists(Resultado.objects.filter(processo=OuterRef("pk")))


# Os únicos atos que gravam um resultado (cada versão nasce do Andamento do seu ato).
ATOS_DO_RESULTADO = frozenset({"registrar_resultado", "retificar_resultado"})


@leitura.por_pagina
def fases_do_processo(processo) -> list[AcompanhamentoTre]:
    """As fases no TRE (Art. 19, § 2º); cada uma nasce de um ato "registrar_fase_tre"."""
    return list(processo.fases_tre.all())


@fases_do_processo.na_pagina
def _fases_na_pagina(processo) -> list[AcompanhamentoTre]:
    """Na página, sem o ato entre os andamentos já lidos, não há fase a ler."""
    if not leitura.praticado(processo, {"registrar_fase_tre"}):
        return []
    return fases_do_processo.consultar(processo)


def resultado_vigente(processo) -> Resultado | None:
    """A versão mais alta do resultado (a que vale), das versões lidas uma vez na página."""
    resultados = resultados_do_processo(processo)
    return resultados[0] if resultados else None


@leitura.por_pagina
def unidades_que_faltam(processo) -> list[str]:
    resultado = resultado_vigente(processo)
    if resultado is None:
        return []
    gravadas = {unidade.chave for unidade in resultado.unidades.all()}
    return [u.nome for u in unidades_exigidas(processo) if u.chave not in gravadas]


@condicao(
    lambda processo: (
        "O resultado registrado não tem as unidades que a abrangência em vigor "
        "exige (" + "; ".join(unidades_que_faltam(processo)) + "): retifique o resultado."
    )
)
def resultado_cobre_a_abrangencia(processo) -> bool:
    return not unidades_que_faltam(processo)


# --- registrar_fase_tre ---------------------------------------------------------------------


def preparar_fase_tre(processo: Processo, dados: dict) -> None:
    if dados.get("fase") not in FaseTre.values:
        raise AtoRecusado("Escolha a fase do plebiscito no TRE.")
    # A data da fase (futura só a "Data marcada"): processos.cronologia.


def gravar_fase_tre(andamento, _preparado=None) -> AcompanhamentoTre:
    dados = andamento.dados
    return AcompanhamentoTre.objects.create(
        processo=andamento.processo,
        andamento=andamento,
        fase=dados["fase"],
        data=_data(dados["data_fase"]),
        referencia=dados.get("referencia", ""),
        observacao=dados.get("observacao", ""),
    )
