"""Os atos do processo como tabela: quem pode, fundamento, o que se exige.

Cada ato é, com o mesmo nome, um método de transição em `Processo` e uma função de serviço
(`processos.services.praticar_ato`). Esta tabela é a única fonte para rótulos, papéis (a
permissão das transições), justificativa obrigatória e aviso do bloqueio federal; no fim do
módulo, a declaração do que o hub acrescenta aos seus atos. Nenhum ato tem caixa de declaração
onde o sistema guarda os dados: as guardas são calculadas (`processos.condicoes` e as fases).
"""

from dataclasses import dataclass
from datetime import date

from processos import avaliacao, destinos, reabertura, retificacao
from processos.extensoes import declarar_ato
from processos.papeis import DEPUTADO, MESA, PRESIDENTE, SERVIDOR, tem_papel
from processos.rito import RITOS

CRT = frozenset({SERVIDOR, PRESIDENTE})
PRES = frozenset({PRESIDENTE})
MESA_ = frozenset({MESA})

# Decisão: nenhuma data de ato (a do Andamento, a da leitura no expediente, nem as que um
# ato registra: publicação, sessão, ofício do TRE...) é anterior a 05/10/1988, promulgação
# da Constituição Federal, de onde vêm a competência do Estado (art. 18, § 4º) e esta lei.
# Uma data anterior é erro de digitação (01/01/0001 inclusive), não um fato do processo.
PROMULGACAO_CF = date(1988, 10, 5)
ANTERIOR_A_CF = "A data não pode ser anterior a 05/10/1988 (Constituição Federal)."


@dataclass(frozen=True)
class Ato:
    nome: str
    rotulo: str
    papeis: frozenset[str]
    fundamento: str
    exige_justificativa: bool = False
    # Ato a partir do PDL: exibe o aviso do bloqueio constitucional (art. 18, § 4º, da
    # Constituição Federal).
    aviso_bloqueio: bool = False
    # O ato não muda o estado (corrige ou completa o registro): não é trabalho pendente no
    # painel e o resumo diz "O processo permanece em: …".
    permanece: bool = False
    # Praticado na tela da fase (uma linha da lista de signatários), não no formulário do
    # processo: fora das "Ações disponíveis" e do formulário genérico.
    tela_da_fase: bool = False

    @property
    def slug(self) -> str:
        return self.nome.replace("_", "-")


_ATOS = (
    Ato("protocolar", "Protocolar", frozenset({SERVIDOR, PRESIDENTE, MESA}), "Art. 13 e 14"),
    Ato("baixar_em_diligencia", "Baixar em diligência", CRT, "Art. 16, parágrafo único"),
    # Art. 15 e 16: a guarda é calculada pela fase da representação (documentos do Art. 15
    # e validade), registrada em processos.extensoes.
    Ato("receber_na_crt", "Receber na CRT", CRT, "Art. 15 e 16"),
    Ato("registrar_visita", "Registrar visita in loco", CRT, "Art. 17, I"),
    Ato("emitir_parecer_preliminar", "Emitir parecer preliminar", PRES, "Art. 17, II"),
    Ato("deliberar_arquivamento", "Deliberar arquivamento", MESA_, "Art. 17, § 1º"),
    Ato("concluir_certidoes", "Concluir certidões", CRT, "Art. 2º, §§ 2º e 3º; Art. 18"),
    Ato("emitir_parecer_merito", "Emitir parecer de mérito", PRES, "Art. 18"),
    Ato("deliberar_plenario", "Deliberar no Plenário", MESA_, "Art. 18, § 1º"),
    Ato("registrar_parecer_ccj", "Registrar parecer da CCJR", MESA_, "Art. 18, § 2º"),
    Ato("apresentar_pdl", "Apresentar PDL", PRES, "Art. 18, § 2º; Art. 19", aviso_bloqueio=True),
    Ato(
        "publicar_decreto",
        "Publicar Decreto Legislativo",
        MESA_,
        "Art. 19, § 1º",
        aviso_bloqueio=True,
    ),
    Ato("rejeitar_pdl", "Rejeitar PDL", MESA_, "Art. 19"),
    Ato("encaminhar_ao_tre", "Encaminhar ao TRE", PRES, "Art. 19, § 1º", aviso_bloqueio=True),
    Ato(
        "registrar_resultado",
        "Registrar resultado do plebiscito",
        MESA_,
        "Art. 20",
        aviso_bloqueio=True,
    ),
    Ato(
        "emitir_parecer_resultado",
        "Emitir parecer sobre o resultado",
        PRES,
        "Art. 11; Art. 20, § 1º",
        aviso_bloqueio=True,
    ),
    Ato(
        "apresentar_pl",
        "Apresentar Projeto de Lei",
        PRES,
        "Art. 7º; Art. 20, §§ 1º e 2º",
        aviso_bloqueio=True,
    ),
    Ato("aprovar_pl", "Aprovar PL", MESA_, "Art. 20, § 2º; Art. 3º", aviso_bloqueio=True),
    Ato("rejeitar_pl", "Rejeitar PL", MESA_, "Art. 20, § 2º"),
    Ato("registrar_lei", "Registrar lei", MESA_, "Art. 1º; Art. 7º", aviso_bloqueio=True),
    Ato("arquivar", "Arquivar", PRES, "Art. 21", exige_justificativa=True),
    Ato("desarquivar", "Desarquivar", PRES, "Art. 21", exige_justificativa=True),
    # Decisão: o arquivamento por votação reabre só por outra decisão do Plenário.
    Ato(
        "reabrir_por_decisao_do_plenario",
        "Reabrir por decisão do Plenário",
        MESA_,
        "Art. 17, § 1º; Art. 18, §§ 1º e 2º; Art. 19; Art. 20, § 2º",
    ),
    Ato("sobrestar", "Sobrestar", PRES, "Art. 21", exige_justificativa=True),
    Ato("retomar", "Retomar", PRES, "Art. 21", exige_justificativa=True),
    # Atos que não mudam o estado: corrigem ou completam o registro, sempre com Andamento.
    Ato(
        "registrar_fase_tre",
        "Registrar fase do plebiscito no TRE",
        CRT,
        "Art. 19, § 2º",
        permanece=True,
    ),
    Ato(
        "retificar_resultado",
        "Retificar resultado do plebiscito",
        MESA_,
        "Art. 20",
        exige_justificativa=True,
        permanece=True,
    ),
    Ato(
        "retificar_dados",
        "Retificar dados do processo",
        CRT,
        "Art. 19, § 3º",
        exige_justificativa=True,
        permanece=True,
    ),
    # Art. 15, II: a conferência do mapa refeita contra outra edição da malha municipal (app
    # territorio: condição, formulário, preparo e efeito); a conferência anterior fica.
    Ato(
        "recalcular_territorio",
        "Recalcular a conferência territorial",
        CRT,
        "Art. 15, II; Art. 2º, VI",
        permanece=True,
    ),
    # Art. 15, II: o mapa cujo contorno se cruza, juntado reparado depois que a CRT viu e
    # confirmou o que o reparo muda (app territorio, na tela dos documentos); o original fica.
    Ato(
        "juntar_mapa_reparado",
        "Juntar mapa reparado",
        CRT,
        "Art. 15, II",
        permanece=True,
        tela_da_fase=True,
    ),
    # Art. 15, II: o memorial descritivo revisado pela CRT a partir do rascunho gerado do
    # mapa; travado com as divisas depois do Decreto Legislativo (Art. 19, § 3º).
    Ato(
        "adotar_memorial",
        "Adotar memorial descritivo",
        CRT,
        "Art. 15, II; Art. 19, § 3º",
        permanece=True,
        tela_da_fase=True,
    ),
    # Art. 13: a correção ou a anulação de uma linha da lista de signatários, com o antes e
    # o depois e a justificativa; a contagem continua a sair das linhas (representacao).
    Ato(
        "corrigir_lista_de_signatarios",
        "Corrigir lista de signatários",
        CRT,
        "Art. 13",
        exige_justificativa=True,
        permanece=True,
        tela_da_fase=True,
    ),
    # Art. 23: o Presidente, ou o Deputado autor no processo que apresentou, libera ao público
    # um documento interno ou os detalhes internos do processo (e revoga a liberação). O
    # Deputado só no seu processo: ver `autoriza_liberacao`, a permissão das transições,
    # conferida pelo hub (página do ato e `praticar_ato`) como a de qualquer ato.
    Ato(
        "liberar_informacao",
        "Liberar informação ao público",
        frozenset({PRESIDENTE, DEPUTADO}),
        "Art. 23",
        exige_justificativa=True,
        permanece=True,
    ),
    Ato(
        "revogar_liberacao",
        "Revogar liberação de informação",
        frozenset({PRESIDENTE, DEPUTADO}),
        "Art. 23",
        exige_justificativa=True,
        permanece=True,
    ),
)

ATOS: dict[str, Ato] = {ato.nome: ato for ato in _ATOS}
POR_SLUG: dict[str, Ato] = {ato.slug: ato for ato in _ATOS}


def permissao_do_ato(nome: str):
    """A permissão das transições do ato (`permission=`): o papel, lido desta tabela."""

    def pode(processo, user) -> bool:
        return tem_papel(user, *ATOS[nome].papeis)

    return pode


def permissao_por_processo(recusa: str):
    """Marca a permissão de uma transição (`permission=`) que depende do processo, e não só
    do papel, com o texto que o usuário recebe quando ela recusa o ato."""

    def decorar(funcao):
        funcao.recusa = recusa
        return funcao

    return decorar


def recusa_no_processo(processo, nome_ato: str, usuario) -> str | None:
    """Por que a permissão da transição nega o ato a este usuário neste processo (None =
    permite). Não olha o estado nem as condições: todas as transições de um ato declaram a
    mesma permissão, e a recusa vale também onde o ato não parte do estado atual."""
    for transicao in processo.get_all_estado_transitions():
        if transicao.name != nome_ato:
            continue
        if transicao.has_perm(processo, usuario):
            return None
        padrao = f"Seu papel não permite o ato “{ATOS[nome_ato].rotulo}”."
        return getattr(transicao.permission, "recusa", padrao)
    return None


RECUSA_ART23 = (
    "Só o Presidente da CRT, ou o Deputado autor no processo que apresentou, libera ou revoga "
    "a liberação de informações (Art. 23)."
)


@permissao_por_processo(RECUSA_ART23)
def autoriza_liberacao(processo, user) -> bool:
    """Art. 23: as informações sobre o processo em andamento são liberadas pelo Presidente da
    CRT ou pelo Deputado autor — este só no processo que ele mesmo apresentou."""
    if tem_papel(user, PRESIDENTE):
        return True
    autor = processo.deputado_autor_id
    return autor is not None and autor == getattr(user, "pk", None) and tem_papel(user, DEPUTADO)


# Atos que só existem com o cálculo da sua fase (o veredito do plebiscito, o número do
# ofício ao TRE, a versão do resultado, a liberação do Art. 23...): sem a fase instalada, o
# ato é recusado, e não praticado sem o que a lei manda calcular.
PREPARO_DA_FASE = frozenset(
    {
        "encaminhar_ao_tre",
        "registrar_resultado",
        "retificar_resultado",
        "emitir_parecer_resultado",
        "registrar_fase_tre",
        "recalcular_territorio",
        "corrigir_lista_de_signatarios",
        "liberar_informacao",
        "revogar_liberacao",
    }
)


def preparo_obrigatorio(processo, nome_ato: str) -> bool:
    """O ato depende do preparo da sua fase. O parecer de mérito, só nos tipos em que traz a
    avaliação do Art. 2º (na criação; Art. 18)."""
    if nome_ato == "emitir_parecer_merito":
        return RITOS[processo.tipo].requisitos_art2
    return nome_ato in PREPARO_DA_FASE


# --- o que o hub acrescenta aos seus atos ----------------------------------------------------
# Um bloco por ato, como as fases nos seus `atos.py` (o passo a passo é o de
# `processos.services.praticar_ato`): o preparo confere os dados na linha travada e decide o
# destino; a transição só move o estado para ele.

# Art. 17, I e Art. 2º, V: onde o rito exige o Art. 2º, a verificação in loco informada.
declarar_ato("registrar_visita", preparar=avaliacao.conferir_visita)

# Art. 17, §§ 1º e 2º; Art. 18, §§ 1º e 2º: o destino segue a conclusão ou o resultado.
declarar_ato("emitir_parecer_preliminar", preparar=destinos.destino_do_parecer_preliminar)
declarar_ato("deliberar_arquivamento", preparar=destinos.destino_da_deliberacao_de_arquivamento)
declarar_ato("deliberar_plenario", preparar=destinos.destino_da_deliberacao_do_plenario)
declarar_ato("registrar_parecer_ccj", preparar=destinos.destino_do_parecer_da_ccj)

# Art. 6º: a declaração de que o nome não é de pessoa viva e a toponímia calculada.
declarar_ato("apresentar_pl", preparar=avaliacao.preparar_nome_do_projeto)

# Art. 21: desarquivar e retomar voltam ao estado de onde o processo saiu; a decisão do
# Plenário que reabre vai à etapa seguinte à votação que arquivou.
declarar_ato("desarquivar", preparar=destinos.retorno("desarquivar"))
declarar_ato("retomar", preparar=destinos.retorno("retomar"))
declarar_ato("reabrir_por_decisao_do_plenario", preparar=reabertura.preparar_reabertura)

# Art. 19, § 3º: o que muda, conferido contra os bloqueios da etapa; os valores no passo de
# gravar; os municípios de origem (M2M) depois do save.
declarar_ato(
    "retificar_dados",
    preparar=retificacao.preparar_retificacao,
    aplicar=retificacao.aplicar,
    registrar=retificacao.gravar_municipios,
)
