"""O que a fase do plebiscito lê do processo (Arts. 11-12, 19-20) e o ato `registrar_fase_tre`.

- as unidades de votação que a abrangência em vigor exige (Art. 11, § 1º; Art. 12, I);
- as versões do resultado gravadas e a vigente, as unidades que faltam nela, as fases no
  TRE: leituras únicas da página do processo (`processos.leitura`), usadas também pelas
  guardas e pelo preparo dos atos;
- `registrar_fase_tre`: cada fase do plebiscito no TRE (Art. 19, § 2º).

Os atos do resultado e do parecer sobre ele (`registrar_resultado`, `retificar_resultado`,
`emitir_parecer_resultado`) estão juntos em `plebiscito/resultado.py`.
"""

from dataclasses import dataclass
from datetime import date

from django.db.models import Exists, OuterRef, Prefetch
from django.utils import timezone

from plebiscito.models import AcompanhamentoTre, FaseTre, Resultado, UnidadeVotacao
from processos import leitura
from processos.estados import Tipo
from processos.models import AtoRecusado, Processo
from requisitos.aplicacao import aplica

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


def como_data(valor) -> date:
    return valor if isinstance(valor, date) else date.fromisoformat(str(valor))


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
        data=como_data(dados["data_fase"]),
        referencia=dados.get("referencia", ""),
        observacao=dados.get("observacao", ""),
    )
