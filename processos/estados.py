"""Tipos de processo e estados (Art. 1º; Art. 8º; Art. 10). Os mesmos códigos no banco, na API e na
interface; os rótulos em pt-BR são os da lei, usados em toda parte."""

from django.db import models


class Tipo(models.TextChoices):
    CRIACAO = "criacao", "Criação de município"
    FUSAO = "fusao", "Fusão de municípios"
    INCORPORACAO = "incorporacao", "Incorporação de município"
    EXTINCAO = "extincao", "Extinção de município"
    REVISAO_LIMITES = "revisao_limites", "Revisão de limites"
    ALTERACAO_NOME = "alteracao_nome", "Alteração do nome do município"


class Estado(models.TextChoices):
    PROTOCOLADA = "protocolada", "Protocolada"
    EM_DILIGENCIA = "em_diligencia", "Em diligência"
    EM_INSTRUCAO = "em_instrucao", "Em instrução na CRT"
    VISITA_REALIZADA = "visita_realizada", "Visita in loco realizada"
    DELIBERACAO_ARQUIVAMENTO = (
        "deliberacao_arquivamento",
        "Arquivamento em deliberação no Plenário",
    )
    AGUARDANDO_CERTIDOES = "aguardando_certidoes", "Aguardando certidões"
    AGUARDANDO_PARECER_MERITO = "aguardando_parecer_merito", "Aguardando parecer de mérito"
    DELIBERACAO_PLENARIO = "deliberacao_plenario", "Em deliberação no Plenário"
    NA_CCJ = "na_ccj", "Na CCJR"
    ELABORACAO_PDL = "elaboracao_pdl", "Elaboração do PDL"
    PDL_EM_TRAMITACAO = "pdl_em_tramitacao", "PDL em tramitação"
    DECRETO_PUBLICADO = "decreto_publicado", "Decreto Legislativo publicado"
    PLEBISCITO_NO_TRE = "plebiscito_no_tre", "Plebiscito no TRE"
    RESULTADO_EM_ANALISE = "resultado_em_analise", "Resultado do plebiscito em análise"
    ELABORACAO_PL = "elaboracao_pl", "Elaboração do Projeto de Lei"
    PL_EM_ORDEM_DO_DIA = "pl_em_ordem_do_dia", "PL na Ordem do Dia"
    AGUARDANDO_SANCAO = "aguardando_sancao", "Aguardando sanção"
    CONCLUIDO = "concluido", "Concluído (lei publicada)"
    ARQUIVADO = "arquivado", "Arquivado"
    SOBRESTADO = "sobrestado", "Sobrestado"


TERMINAIS = frozenset({Estado.CONCLUIDO, Estado.ARQUIVADO})

# Para as listas (interna e do portal), que escrevem 50 linhas por página: o rótulo por um
# dicionário (o `get_FOO_display` do Django refaz as escolhas a cada chamada) e a cor do selo
# do estado, como em processos/_estado.html.
ROTULO_DO_TIPO = dict(Tipo.choices)
ROTULO_DO_ESTADO = dict(Estado.choices)
CLASSE_DO_ESTADO = {
    Estado.CONCLUIDO: "concluido",
    Estado.ARQUIVADO: "arquivado",
    Estado.SOBRESTADO: "sobrestado",
    Estado.EM_DILIGENCIA: "desvio",
    Estado.DELIBERACAO_ARQUIVAMENTO: "desvio",
}
NAO_TERMINAIS = tuple(e for e in Estado.values if e not in TERMINAIS)
# Sobrestado não é terminal, mas dele só se sai por "retomar" (ou "arquivar").
ATIVOS = tuple(e for e in NAO_TERMINAIS if e != Estado.SOBRESTADO)

# Tipos que exibem o bloqueio constitucional federal (art. 18, § 4º, da CF).
TIPOS_COM_BLOQUEIO_FEDERAL = frozenset({Tipo.CRIACAO, Tipo.FUSAO, Tipo.INCORPORACAO})
# Tipos alcançados pelo Art. 3º: criação, incorporação e extinção — e a fusão, que é a
# "criação de município que resulte de fusão" (Art. 4º).
TIPOS_ART3 = frozenset({Tipo.CRIACAO, Tipo.INCORPORACAO, Tipo.EXTINCAO, Tipo.FUSAO})
# Tipos cujo ato final dá nome a um município: toponímia do Art. 6º.
TIPOS_COM_NOME_NOVO = frozenset({Tipo.CRIACAO, Tipo.FUSAO, Tipo.ALTERACAO_NOME})
# Art. 7º, I: na criação e na fusão, o nome do município é o da sede (a sede é obrigatória).
TIPOS_COM_SEDE = frozenset({Tipo.CRIACAO, Tipo.FUSAO})
