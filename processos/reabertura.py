"""Quem desfaz um arquivamento (Art. 17, § 1º; Art. 18, §§ 1º e 2º; Art. 19; Art. 20).

Decisão: o Plenário é órgão colegiado; o Presidente da CRT faz as comunicações da Comissão
(Art. 21), não desfaz um voto. Só o arquivamento administrativo do próprio Presidente
(`arquivar`: desistência, perda de objeto) é desfeito por `desarquivar`. O arquivamento por
votação reabre por uma nova representação (Art. 13) ou por um ato da Mesa que registra a
decisão do Plenário que reabre o processo, para a etapa seguinte à votação (nunca para uma
nova votação). O veredito calculado do plebiscito muda só por novo ofício do TRE.
"""

from dataclasses import dataclass
from datetime import date

from django.urls import reverse

from processos import leitura
from processos.destinos import Destino
from processos.estados import Estado
from processos.recusas import AtoRecusado
from requisitos.aplicacao import aplica


@dataclass(frozen=True)
class Arquivamento:
    """Quem arquivou e por qual ato, como a página e a recusa o dizem."""

    ato: str
    autor: str  # "pelo Presidente da CRT", "por decisão do Plenário", ...
    fundamento: str


ARQUIVAMENTO_ADMINISTRATIVO = "arquivar"
# O ato que arquivou → quem decidiu e com que fundamento.
POR_VOTACAO = {
    "deliberar_arquivamento": Arquivamento(
        "deliberar_arquivamento", "por decisão do Plenário", "Art. 17, § 1º"
    ),
    "deliberar_plenario": Arquivamento(
        "deliberar_plenario", "por decisão do Plenário", "Art. 18, § 1º"
    ),
    "registrar_parecer_ccj": Arquivamento(
        "registrar_parecer_ccj", "por parecer contrário da CCJR aprovado", "Art. 18, § 2º"
    ),
    "rejeitar_pdl": Arquivamento(
        "rejeitar_pdl", "pela rejeição do PDL no Plenário", "Art. 18, § 2º; Art. 19"
    ),
    "rejeitar_pl": Arquivamento(
        "rejeitar_pl", "pela rejeição do Projeto de Lei no Plenário", "Art. 20, § 2º"
    ),
}
PELO_PLEBISCITO = Arquivamento(
    "emitir_parecer_resultado", "pelo resultado do plebiscito", "Art. 11; Art. 20, § 1º"
)
PELO_PRESIDENTE = Arquivamento(ARQUIVAMENTO_ADMINISTRATIVO, "pelo Presidente da CRT", "Art. 21")


@leitura.por_pagina
def ultimo_arquivamento(processo):
    """O Andamento que arquivou o processo pela última vez (None se nunca arquivado)."""
    return processo.andamentos.filter(estado_destino=Estado.ARQUIVADO).first()


@ultimo_arquivamento.na_pagina
def _ultimo_arquivamento_na_pagina(processo):
    """Na página, dos andamentos já lidos (do mais novo ao mais antigo)."""
    return next(
        (a for a in leitura.andamentos(processo) if a.estado_destino == Estado.ARQUIVADO), None
    )


def classificar(andamento) -> Arquivamento:
    if andamento.ato in POR_VOTACAO:
        return POR_VOTACAO[andamento.ato]
    if andamento.ato == PELO_PLEBISCITO.ato:
        return PELO_PLEBISCITO
    return PELO_PRESIDENTE


def descrever(andamento) -> str:
    """ "Arquivado por decisão do Plenário em 02/03/2026 (Art. 18, § 1º)"."""
    quem = classificar(andamento)
    return f"Arquivado {quem.autor} em {andamento.data_ato:%d/%m/%Y} ({quem.fundamento})"


def _arquivamento(processo):
    andamento = ultimo_arquivamento(processo)
    return (andamento, classificar(andamento)) if andamento else (None, None)


ROTA_NOVA_REPRESENTACAO = (
    "uma nova representação, protocolada e ligada a este processo, que recomeça no Art. 13"
)
ROTA_PLENARIO = (
    "o ato da Mesa “Reabrir por decisão do Plenário”, com a sessão, a data, os votos e o "
    "número da decisão que reabre o processo"
)
ROTA_TRE = (
    "um novo ofício do TRE que retifique o resultado, registrado pela Mesa em “Retificar "
    "resultado do plebiscito” (o parecer é então recalculado)"
)


def rotas(quem: Arquivamento) -> str:
    if quem is PELO_PLEBISCITO:
        return f"{ROTA_TRE}; ou {ROTA_NOVA_REPRESENTACAO}"
    return f"{ROTA_PLENARIO}; ou {ROTA_NOVA_REPRESENTACAO}"


def endereco_da_nova_representacao(processo) -> str:
    """O protocolo com o campo "Processo anterior (arquivado)" já preenchido (Art. 13)."""
    return f"{reverse('processos:novo')}?anterior={processo.slug}"


def caminho_da_nova_representacao(processo) -> str:
    return (
        "Para a nova representação: Novo processo, com “Processo anterior (arquivado)” "
        f"{processo.protocolo} ({endereco_da_nova_representacao(processo)})."
    )


def _recusa_desarquivar(processo) -> str:
    andamento, quem = _arquivamento(processo)
    return (
        f"{descrever(andamento)}: o Presidente não desfaz uma decisão colegiada nem o "
        f"veredito do plebiscito. Reabre-se por {rotas(quem)}. "
        f"{caminho_da_nova_representacao(processo)}"
    )


@aplica(
    "Art. 17, § 1º; Art. 18, §§ 1º e 2º; Art. 20, § 1º",
    descricao="O Presidente desarquiva só o seu próprio arquivamento; o arquivado por votação "
    "do Plenário (ou da CCJR) reabre só por outra decisão do Plenário registrada pela Mesa, na "
    "etapa seguinte à votação, e o arquivado pelo veredito do plebiscito, só por novo ofício "
    "do TRE.",
    testes=(
        "tests.processos.test_reabertura.test_presidente_nao_desarquiva_o_que_uma_votacao_arquivou",
        "tests.processos.test_reabertura.test_decisao_do_plenario_reabre_na_etapa_seguinte_a_votacao",
        "tests.processos.test_reabertura.test_arquivamento_do_presidente_ele_mesmo_desarquiva",
    ),
    decisao="O Plenário é órgão colegiado; o Presidente da CRT faz as comunicações da Comissão "
    "(Art. 21), não desfaz um voto.",
)
def arquivamento_administrativo(processo) -> bool:
    """Guarda de `desarquivar`: só o arquivamento do próprio Presidente (Art. 21)."""
    andamento, quem = _arquivamento(processo)
    return andamento is None or quem is PELO_PRESIDENTE


arquivamento_administrativo.mensagem = _recusa_desarquivar


def _recusa_reabrir(processo) -> str:
    andamento, quem = _arquivamento(processo)
    if andamento is None:
        return "Não foi encontrado o ato que arquivou o processo."
    if quem is PELO_PRESIDENTE:
        return (
            f"{descrever(andamento)}: o arquivamento administrativo se desfaz pelo ato "
            "“Desarquivar”, do Presidente da CRT (Art. 21); não há votação a reabrir."
        )
    return (
        f"{descrever(andamento)}: o veredito do plebiscito muda só por {ROTA_TRE} (Art. 20, § 1º)."
    )


def arquivado_por_votacao(processo) -> bool:
    """Guarda de `reabrir_por_decisao_do_plenario`: o último arquivamento foi uma votação
    (não o do Presidente, não o veredito calculado do plebiscito)."""
    andamento, quem = _arquivamento(processo)
    return andamento is not None and andamento.ato in POR_VOTACAO


arquivado_por_votacao.mensagem = _recusa_reabrir


def sem_nova_representacao(processo) -> bool:
    """Guarda de `desarquivar` e de `reabrir_por_decisao_do_plenario`: o pedido que seguiu
    numa nova representação ligada a este processo (Art. 13) não volta a correr também aqui
    — seriam dois processos vivos sobre o mesmo pedido."""
    return not processo.novas_representacoes.exists()


def _recusa_com_nova_representacao(processo) -> str:
    nova = processo.novas_representacoes.order_by("pk").first()
    return (
        f"O pedido deste processo continua na nova representação {nova.protocolo} (Art. 13), "
        "ligada a ele no protocolo: reabri-lo faria dois processos sobre o mesmo pedido."
    )


sem_nova_representacao.mensagem = _recusa_com_nova_representacao


def estado_apos_a_votacao(processo) -> str:
    """A etapa que segue a votação que arquivou, como se ela tivesse sido favorável: a
    decisão do Plenário que reabre é ela mesma a votação; o processo nunca volta para ser
    votado de novo."""
    andamento = ultimo_arquivamento(processo)
    origem = andamento.estado_origem
    if origem == Estado.DELIBERACAO_ARQUIVAMENTO:
        # Art. 17, § 1º: rejeitado o arquivamento, o processo segue como o "solicitar".
        return processo.proximo(Estado.VISITA_REALIZADA)
    return processo.proximo(origem)


def frase_do_arquivado(processo) -> str:
    """A frase "Aguardando" da página de um processo arquivado: quem arquivou e como reabre."""
    andamento, quem = _arquivamento(processo)
    if andamento is None or quem is PELO_PRESIDENTE:
        inicio = f"{descrever(andamento)}." if andamento else "Arquivado."
        return (
            f"{inicio} O processo não aguarda nenhum ato. Para reabri-lo: Desarquivar — "
            "Presidente da CRT, com justificativa (Art. 21)."
        )
    return (
        f"{descrever(andamento)}. O processo não aguarda nenhum ato. Reabre-se por {rotas(quem)}."
    )


CAMPOS_DA_DECISAO = {
    "sessao_numero": "a sessão",
    "data_sessao": "a data da sessão",
    "numero_decisao": "o número da decisão",
    "votos_sim": "os votos favoráveis",
    "votos_nao": "os votos contrários",
}


def conferir_decisao(dados: dict, data_ato) -> None:
    """O ato da Mesa registra a decisão inteira: sessão, data, votos e número; a decisão que
    reabre é aprovada (mais votos favoráveis que contrários) e anterior ou igual ao ato."""
    faltam = [
        rotulo for campo, rotulo in CAMPOS_DA_DECISAO.items() if dados.get(campo) in (None, "")
    ]
    if faltam:
        raise AtoRecusado(
            "Informe a decisão do Plenário que reabre o processo: " + ", ".join(faltam) + "."
        )
    if dados["votos_sim"] <= dados["votos_nao"]:
        raise AtoRecusado(
            "A decisão registrada não reabre o processo: os votos favoráveis "
            f"({dados['votos_sim']}) não superam os contrários ({dados['votos_nao']})."
        )
    sessao = dados["data_sessao"]
    if isinstance(sessao, str):
        sessao = date.fromisoformat(sessao)
    if data_ato and sessao > data_ato:
        raise AtoRecusado("A sessão da decisão do Plenário não pode ser posterior à data do ato.")


def preparar_reabertura(processo, dados: dict) -> Destino:
    """O preparo de `reabrir_por_decisao_do_plenario`: a decisão registrada inteira, e o
    destino, a etapa seguinte à votação que arquivou (nunca uma nova votação)."""
    conferir_decisao(dados, getattr(processo, "data_do_ato", None))
    return Destino(estado_apos_a_votacao(processo))


def _recusa_retificar(processo) -> str:
    andamento, quem = _arquivamento(processo)
    descricao = descrever(andamento) if andamento else "Arquivado"
    return (
        f"{descricao}: só o arquivamento pelo resultado do plebiscito se reabre pela "
        "retificação do resultado (Art. 20, § 1º)."
    )


def depois_do_parecer_do_resultado(processo) -> bool:
    """Guarda da retificação do resultado depois do parecer (Art. 20, § 1º): arquivado, só
    se quem arquivou foi o veredito do plebiscito; na elaboração do PL, o parecer favorável
    já existe. O novo ofício do TRE é exigido pela fase do plebiscito."""
    if processo.estado != Estado.ARQUIVADO:
        return True
    andamento, quem = _arquivamento(processo)
    return quem is PELO_PLEBISCITO


depois_do_parecer_do_resultado.mensagem = _recusa_retificar
