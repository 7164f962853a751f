"""O rito de cada tipo de processo, como tabela declarativa (o caminho de cada tipo, Arts. 7º a 20).

As condições das transições e o diagrama de fluxo leem esta tabela; nenhum outro lugar
decide por `if tipo == ...` quais etapas um tipo percorre.
"""

from dataclasses import dataclass
from typing import Literal

from processos.estados import Estado as E
from processos.estados import Tipo as T
from requisitos.aplicacao import aplica

# A sequência completa (a da criação), na ordem da lei (Arts. 13 a 20).
CAMINHO_COMPLETO: tuple[str, ...] = (
    E.PROTOCOLADA,
    E.EM_INSTRUCAO,
    E.VISITA_REALIZADA,
    E.AGUARDANDO_CERTIDOES,
    E.AGUARDANDO_PARECER_MERITO,
    E.DELIBERACAO_PLENARIO,
    E.NA_CCJ,
    E.ELABORACAO_PDL,
    E.PDL_EM_TRAMITACAO,
    E.DECRETO_PUBLICADO,
    E.PLEBISCITO_NO_TRE,
    E.RESULTADO_EM_ANALISE,
    E.ELABORACAO_PL,
    E.PL_EM_ORDEM_DO_DIA,
    E.AGUARDANDO_SANCAO,
    E.CONCLUIDO,
)
# Etapas do plebiscito: do PDL (Art. 18, § 2º) ao parecer sobre o resultado (Art. 20).
ETAPAS_PLEBISCITO = frozenset(
    {
        E.ELABORACAO_PDL,
        E.PDL_EM_TRAMITACAO,
        E.DECRETO_PUBLICADO,
        E.PLEBISCITO_NO_TRE,
        E.RESULTADO_EM_ANALISE,
    }
)
# Estados fora da linha principal, exibidos no diagrama só quando o processo está neles.
DESVIOS = frozenset({E.EM_DILIGENCIA, E.DELIBERACAO_ARQUIVAMENTO, E.ARQUIVADO, E.SOBRESTADO})


@dataclass(frozen=True)
class Rito:
    # Ofícios aos órgãos do Art. 2º, §§ 2º e 3º (Art. 17, § 2º): estado aguardando_certidoes.
    certidoes: bool
    # "sempre"; "nunca" (extinção); "art8": dispensado se a área movida ≤ 20 % (Art. 8º).
    plebiscito: Literal["sempre", "nunca", "art8"]
    # Decisão: na alteração de nome a visita in loco é facultativa.
    visita_facultativa: bool = False
    # Parecer de mérito favorável exige os requisitos do Art. 2º (e § 1º).
    requisitos_art2: bool = False


RITOS: dict[str, Rito] = {
    T.CRIACAO: Rito(certidoes=True, plebiscito="sempre", requisitos_art2=True),
    T.FUSAO: Rito(certidoes=False, plebiscito="sempre"),  # Art. 4º: requisitos dispensados
    T.INCORPORACAO: Rito(certidoes=False, plebiscito="sempre"),
    T.EXTINCAO: Rito(certidoes=True, plebiscito="nunca"),  # Art. 10
    T.REVISAO_LIMITES: Rito(certidoes=True, plebiscito="art8"),  # Art. 8º
    T.ALTERACAO_NOME: Rito(certidoes=False, plebiscito="sempre", visita_facultativa=True),
}


@aplica(
    "Art. 4º; Art. 8º; Art. 10; Art. 11",
    descricao="O rito de cada tipo: plebiscito sempre na criação, fusão, incorporação e "
    "alteração de nome; nunca na extinção; na revisão de limites, dispensado pelo Art. 8º.",
    digitado="na revisão de limites, a área a desmembrar e a área total informadas no protocolo "
    "(Art. 8º).",
    testes=(
        "tests.processos.test_maquina_de_estados.test_parecer_preliminar_pedindo_documentos_segue_o_rito_do_tipo",
        "tests.processos.test_maquina_de_estados.test_parecer_da_ccjr_leva_ao_pdl_ou_direto_ao_projeto_de_lei",
    ),
    decisao="Incorporação: os requisitos do Art. 2º não se aplicam (o Art. 2º é para a "
    "criação); fusão, incorporação e alteração de nome não passam pela etapa de certidões.",
)
def tem_plebiscito(tipo: str, plebiscito_dispensado: bool) -> bool:
    regra = RITOS[tipo].plebiscito
    return regra == "sempre" or (regra == "art8" and not plebiscito_dispensado)


def caminho(tipo: str, *, plebiscito_dispensado: bool = False) -> tuple[str, ...]:
    """As etapas principais que um processo deste tipo percorre, em ordem."""
    rito = RITOS[tipo]
    etapas = []
    for estado in CAMINHO_COMPLETO:
        if estado == E.AGUARDANDO_CERTIDOES and not rito.certidoes:
            continue
        if estado in ETAPAS_PLEBISCITO and not tem_plebiscito(tipo, plebiscito_dispensado):
            continue
        etapas.append(estado)
    return tuple(etapas)


def proximo(tipo: str, estado: str, *, plebiscito_dispensado: bool = False) -> str:
    """A etapa que segue `estado` no caminho do tipo (ValueError se não houver)."""
    etapas = caminho(tipo, plebiscito_dispensado=plebiscito_dispensado)
    indice = etapas.index(estado)
    if indice + 1 >= len(etapas):
        raise ValueError(f"{estado} é a última etapa do rito de {tipo}.")
    return etapas[indice + 1]
