"""As guardas das transições (processos.atos): papel de cada ato e condições calculadas, cada
uma com o texto que a página do processo mostra quando ela não é atendida."""

import unicodedata

from django.utils import timezone

from processos import avaliacao, leitura, rito
from processos.estados import TIPOS_ART3, TIPOS_COM_NOME_NOVO, Estado, Tipo
from requisitos.aplicacao import aplica
from requisitos.eleicoes import janela_art3


def condicao(mensagem):
    """Marca uma condição de transição com o texto exibido quando ela não é atendida
    (um texto, ou uma função do processo que o compõe)."""

    def decorar(funcao):
        funcao.mensagem = mensagem
        return funcao

    return decorar


@aplica(
    "Art. 17, I",
    descricao="O parecer preliminar só é emitido depois da visita in loco registrada.",
    decisao="Na alteração de nome a visita in loco é facultativa: o parecer preliminar pode "
    "vir logo depois do recebimento.",
)
@condicao("A visita in loco ainda não foi registrada (Art. 17, I).")
def visita_realizada_ou_facultativa(processo) -> bool:
    return (
        processo.estado == Estado.VISITA_REALIZADA or rito.RITOS[processo.tipo].visita_facultativa
    )


@aplica(
    "Art. 2º, V; Art. 2º, § 2º",
    descricao="Na criação, as certidões só se concluem com o veredito in loco do Art. 2º, V "
    "registrado na visita.",
    testes=(
        "tests.processos.test_guardas.test_recusa_concluir_certidoes_da_criacao_se_a_visita_nao_registrou_o_art2_v",
    ),
)
@condicao("A verificação in loco do Art. 2º, V não foi registrada na visita.")
def art2_v_verificado(processo) -> bool:
    if not rito.RITOS[processo.tipo].requisitos_art2:
        return True
    # Os andamentos da página (já lidos) ou do banco, do mais novo ao mais antigo.
    visita = next((a for a in leitura.andamentos(processo) if a.ato == "registrar_visita"), None)
    return visita is not None and visita.dados.get("condicoes_instalacao") is not None


@aplica(
    "Art. 7º, I",
    descricao="O Projeto de Lei só é apresentado se o nome do município for o da sede "
    "(comparados sem acentos, maiúsculas e hífens).",
    testes=(
        "tests.processos.test_guardas.test_recusa_projeto_de_lei_com_nome_diferente_da_sede",
        "tests.processos.test_guardas.test_nome_igual_a_sede_ignora_acentos_maiusculas_e_hifens",
    ),
)
@condicao("O nome do município deve ser o da sede (Art. 7º, I).")
def nome_igual_sede(processo) -> bool:
    if processo.tipo not in (Tipo.CRIACAO, Tipo.FUSAO):
        return True
    return normalizar_nome(processo.nome_proposto) == normalizar_nome(processo.sede_proposta)


def _problemas_do_nome(processo) -> str:
    veredito = avaliacao.avaliar_nome(processo)
    return "Nome recusado pelo Art. 6º: " + " ".join(p.mensagem for p in veredito.problemas)


@aplica(
    "Art. 6º",
    descricao="O Projeto de Lei só é apresentado com o nome proposto aprovado nas vedações "
    "do Art. 6º calculadas pelo sistema.",
    testes=(
        "tests.processos.test_guardas.test_projeto_de_lei_com_nome_repetido_no_pais_fica_indisponivel",
        "tests.processos.test_guardas.test_art6_nome_com_composto_por_hifen_sao_tres_palavras_e_o_pl_e_apresentado",
        "tests.processos.test_guardas.test_art6_uma_palavra_alem_das_tres_recusa_o_pl",
    ),
)
@condicao(_problemas_do_nome)
def toponimo_valido(processo) -> bool:
    """Art. 6º: calculado sobre o nome proposto (repetição no País, datas, palavras)."""
    if processo.tipo not in TIPOS_COM_NOME_NOVO:
        return True
    return avaliacao.avaliar_nome(processo).valido


@aplica(
    "Art. 3º",
    descricao="Com o parâmetro art3_vigente ligado, recusa os atos da criação, incorporação ou "
    "extinção dentro da janela de seis meses antes da eleição municipal.",
    parametro="art3_vigente",
    testes=(
        "tests.processos.test_guardas.test_art3_vigente_recusa_o_ato_dentro_da_janela_eleitoral",
        "tests.processos.test_guardas.test_art3_vigente_permite_aprovar_o_pl_ate_seis_meses_antes_inclusive",
        "tests.processos.test_guardas.test_art3_desligado_nao_recusa_dentro_da_janela",
    ),
)
@condicao("Vedado pelo Art. 3º: período de seis meses antes da eleição municipal.")
def fora_da_janela_art3(processo) -> bool:
    if processo.tipo not in TIPOS_ART3:
        return True
    # A data do ato em prática (posta pelo serviço) ou, para exibir os botões, a de hoje.
    data = getattr(processo, "data_do_ato", None) or timezone.localdate()
    if not leitura.parametros(processo, data).art3_vigente:
        return True
    janela = janela_art3(data)
    return janela is None or not janela.vedado


def normalizar_nome(nome: str) -> str:
    sem_acentos = unicodedata.normalize("NFKD", nome or "").encode("ascii", "ignore").decode()
    return " ".join(sem_acentos.replace("-", " ").lower().split())
