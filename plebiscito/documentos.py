"""Os documentos que os atos do plebiscito emitem, montados aqui, ao lado dos atos: o PDL que
autoriza o TRE a realizar a consulta (Art. 18, § 2º e Art. 19) e o informe ao Plenário de
cada fase no TRE (Art. 19, § 2º). O parecer sobre o resultado (Art. 20 e Art. 11) é montado
com o que o decide, em `plebiscito/resultado.py`.

Cada função recebe o Andamento do ato e devolve o `Conteudo` que `documentos` emite; a
ligação com o ato está no bloco do ato em `plebiscito/atos.py`."""

from documentos import conteudo as c
from processos.estados import Tipo
from processos.models import Andamento, Processo


def pergunta_plebiscito(processo: Processo) -> str:
    """A pergunta da cédula, conforme o tipo do processo."""
    origens = c.lista_por_extenso(c.nomes_origem(processo))
    nome, sede = processo.nome_proposto, processo.sede_proposta or processo.nome_proposto
    perguntas = {
        Tipo.CRIACAO: f"Você é a favor da criação do Município de {nome}, com sede em {sede}, "
        f"por desmembramento do território de {origens}?",
        Tipo.FUSAO: f"Você é a favor da fusão dos Municípios de {origens}, formando o "
        f"Município de {nome}?",
        Tipo.INCORPORACAO: f"Você é a favor da incorporação entre os Municípios de {origens}?",
        Tipo.ALTERACAO_NOME: f"Você é a favor de que o Município de {origens} passe a "
        f"denominar-se {nome}?",
        Tipo.REVISAO_LIMITES: f"Você é a favor da revisão dos limites entre {origens}, "
        "conforme o memorial descritivo?",
        Tipo.EXTINCAO: f"Você é a favor da extinção do Município de {origens}?",
    }
    return perguntas[processo.tipo]


def perguntas_plebiscito(processo: Processo) -> list[str]:
    """As perguntas da cédula. Na fusão, duas (Art. 4º, parágrafo único: "a concordância com
    a fusão e a sede do novo município"), que o resultado registra cada uma com os seus
    votos; nos demais tipos, uma."""
    perguntas = [pergunta_plebiscito(processo)]
    if processo.tipo == Tipo.FUSAO:
        nome, sede = processo.nome_proposto, processo.sede_proposta or processo.nome_proposto
        perguntas.append(f"Você é a favor de que a sede do novo Município de {nome} seja {sede}?")
    return perguntas


def pdl(andamento: Andamento) -> c.Conteudo:
    """Art. 18, § 2º e Art. 19: o PDL que autoriza o TRE a realizar o plebiscito."""
    from requisitos.models import parametros_em_vigor
    from requisitos.parametros import ABRANGENCIAS_PLEBISCITO

    processo = andamento.processo
    abrangencia = parametros_em_vigor(andamento.data_ato).abrangencia_plebiscito
    contexto = c.base(
        andamento,
        perguntas=perguntas_plebiscito(processo),
        abrangencia=abrangencia,
        abrangencia_rotulo=ABRANGENCIAS_PLEBISCITO[abrangencia],
        territorio=c.territorio(processo),
    )
    numero = andamento.dados.get("numero_pdl", "")
    return c.Conteudo(
        "pdl",
        f"Projeto de Decreto Legislativo nº {numero} — Processo nº {processo.protocolo}",
        c.serie(andamento, "pdl"),
        "pdf/pdl.html",
        contexto,
    )


def informe_fase_tre(andamento: Andamento) -> c.Conteudo | None:
    """Art. 19, § 2º: o informe ao Plenário sobre uma fase do plebiscito no TRE, quando quem
    a registrou pediu a emissão."""
    dados = andamento.dados
    if not dados.get("emitir_informe"):
        return None
    fase = andamento.fase_tre
    texto = f"{fase.get_fase_display()} em {fase.data:%d/%m/%Y} — referência: {fase.referencia}."
    if fase.observacao:
        texto += "\n\n" + fase.observacao
    return c.informe_plenario(andamento, fase.get_fase_display(), texto)
