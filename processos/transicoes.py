"""Os atos do rito como transições do processo: um método por ato, com o nome do ato.

Os métodos só movem o estado: o de um destino não recebe nada; o de mais de um destino
recebe o destino que o preparo do ato decidiu (a conclusão do parecer, o veredito do
plebiscito, o estado de retorno) e o devolve. Nenhum código de domínio roda aqui: as
guardas são as condições abaixo (as das fases, `extensoes.condicoes_da_fase`), o que o ato
calcula, confere e grava é o `preparar` da declaração do ato (`processos/atos.py` para os
atos do hub, `<fase>/atos.py` para os das fases), e quem trava a linha, grava e escreve o
Andamento é `processos.services.praticar_ato`. As origens, os destinos e as condições
seguem o rito da LC 23/1992 (`processos.rito`, `processos.atos`).
"""

from django_fsm import RETURN_VALUE, transition

from processos import extensoes, reabertura, retificacao
from processos.atos import autoriza_liberacao, permissao_do_ato
from processos.condicoes import (
    art2_v_verificado,
    fora_da_janela_art3,
    nome_igual_sede,
    toponimo_valido,
    visita_realizada_ou_facultativa,
)
from processos.estados import ATIVOS, NAO_TERMINAIS, Estado


class AtosDoProcesso:
    """As transições do `Processo` (o campo `estado` é dele), num módulo à parte para que o
    modelo se leia inteiro: os campos, o rito e a trilha."""

    @transition(
        "estado", source="", target=Estado.PROTOCOLADA, permission=permissao_do_ato("protocolar")
    )
    def protocolar(self) -> None:
        pass

    @transition(
        "estado",
        source=[Estado.PROTOCOLADA, Estado.EM_INSTRUCAO],
        target=Estado.EM_DILIGENCIA,
        permission=permissao_do_ato("baixar_em_diligencia"),
    )
    def baixar_em_diligencia(self) -> None:
        pass

    @transition(
        "estado",
        source=[Estado.PROTOCOLADA, Estado.EM_DILIGENCIA],
        target=Estado.EM_INSTRUCAO,
        conditions=[extensoes.condicoes_da_fase("receber_na_crt", obrigatoria=True)],
        permission=permissao_do_ato("receber_na_crt"),
    )
    def receber_na_crt(self) -> None:
        """Art. 15 e 16: documentos completos e representação válida (condição da fase)."""

    @transition(
        "estado",
        source=Estado.EM_INSTRUCAO,
        target=Estado.VISITA_REALIZADA,
        permission=permissao_do_ato("registrar_visita"),
    )
    def registrar_visita(self) -> None:
        """Art. 17, I; o Art. 2º, V, informado, é conferido no preparo
        (`avaliacao.conferir_visita`)."""

    @transition(
        "estado",
        source=[Estado.VISITA_REALIZADA, Estado.EM_INSTRUCAO],
        target=RETURN_VALUE(
            Estado.AGUARDANDO_CERTIDOES,
            Estado.AGUARDANDO_PARECER_MERITO,
            Estado.DELIBERACAO_ARQUIVAMENTO,
        ),
        conditions=[visita_realizada_ou_facultativa],
        permission=permissao_do_ato("emitir_parecer_preliminar"),
    )
    def emitir_parecer_preliminar(self, destino: str) -> str:
        """Art. 17, §§ 1º e 2º: o destino segue a conclusão (`processos.destinos`)."""
        return destino

    @transition(
        "estado",
        source=Estado.DELIBERACAO_ARQUIVAMENTO,
        target=RETURN_VALUE(
            Estado.ARQUIVADO, Estado.AGUARDANDO_CERTIDOES, Estado.AGUARDANDO_PARECER_MERITO
        ),
        permission=permissao_do_ato("deliberar_arquivamento"),
    )
    def deliberar_arquivamento(self, destino: str) -> str:
        """Art. 17, § 1º: o destino segue o resultado (`processos.destinos`)."""
        return destino

    @transition(
        "estado",
        source=Estado.AGUARDANDO_CERTIDOES,
        target=Estado.AGUARDANDO_PARECER_MERITO,
        # Art. 2º, §§ 2º e 3º: as certidões são conferidas pela fase da instrução.
        conditions=[
            art2_v_verificado,
            extensoes.condicoes_da_fase("concluir_certidoes", obrigatoria=True),
        ],
        permission=permissao_do_ato("concluir_certidoes"),
    )
    def concluir_certidoes(self) -> None:
        pass

    @transition(
        "estado",
        source=Estado.AGUARDANDO_PARECER_MERITO,
        target=Estado.DELIBERACAO_PLENARIO,
        permission=permissao_do_ato("emitir_parecer_merito"),
    )
    def emitir_parecer_merito(self) -> None:
        """Art. 18. Na criação (e na extinção, Art. 10), o parecer traz a avaliação do
        Art. 2º calculada pela instrução (`instrucao/atos.py`) antes desta transição."""

    @transition(
        "estado",
        source=Estado.DELIBERACAO_PLENARIO,
        target=RETURN_VALUE(Estado.NA_CCJ, Estado.ARQUIVADO),
        permission=permissao_do_ato("deliberar_plenario"),
    )
    def deliberar_plenario(self, destino: str) -> str:
        """Art. 18, § 1º: o destino segue o resultado (`processos.destinos`)."""
        return destino

    @transition(
        "estado",
        source=Estado.NA_CCJ,
        target=RETURN_VALUE(Estado.ELABORACAO_PDL, Estado.ELABORACAO_PL, Estado.ARQUIVADO),
        permission=permissao_do_ato("registrar_parecer_ccj"),
    )
    def registrar_parecer_ccj(self, destino: str) -> str:
        """Art. 18, § 2º: o destino segue a conclusão (`processos.destinos`)."""
        return destino

    @transition(
        "estado",
        source=Estado.ELABORACAO_PDL,
        target=Estado.PDL_EM_TRAMITACAO,
        permission=permissao_do_ato("apresentar_pdl"),
    )
    def apresentar_pdl(self) -> None:
        pass

    @transition(
        "estado",
        source=Estado.PDL_EM_TRAMITACAO,
        target=Estado.DECRETO_PUBLICADO,
        permission=permissao_do_ato("publicar_decreto"),
    )
    def publicar_decreto(self) -> None:
        pass

    @transition(
        "estado",
        source=Estado.PDL_EM_TRAMITACAO,
        target=Estado.ARQUIVADO,
        permission=permissao_do_ato("rejeitar_pdl"),
    )
    def rejeitar_pdl(self) -> None:
        pass

    @transition(
        "estado",
        source=Estado.DECRETO_PUBLICADO,
        target=Estado.PLEBISCITO_NO_TRE,
        conditions=[extensoes.condicoes_da_fase("encaminhar_ao_tre")],
        permission=permissao_do_ato("encaminhar_ao_tre"),
    )
    def encaminhar_ao_tre(self) -> None:
        """Art. 19, § 1º: o número do ofício ao TRE é dado pela instrução e a cópia integral
        conferida por `documentos` (`instrucao/atos.py`, `documentos/atos.py`)."""

    @transition(
        "estado",
        source=Estado.PLEBISCITO_NO_TRE,
        target=Estado.RESULTADO_EM_ANALISE,
        conditions=[extensoes.condicoes_da_fase("registrar_resultado")],
        permission=permissao_do_ato("registrar_resultado"),
    )
    def registrar_resultado(self) -> None:
        """Art. 20: o resultado por unidade de votação é conferido pelo plebiscito
        (`plebiscito/atos.py`) antes desta transição."""

    @transition(
        "estado",
        source=Estado.RESULTADO_EM_ANALISE,
        target=RETURN_VALUE(Estado.ELABORACAO_PL, Estado.ARQUIVADO),
        conditions=[extensoes.condicoes_da_fase("emitir_parecer_resultado", obrigatoria=True)],
        permission=permissao_do_ato("emitir_parecer_resultado"),
    )
    def emitir_parecer_resultado(self, destino: str) -> str:
        """Art. 11 e Art. 20, § 1º: o destino segue o veredito da regra que governa, calculado
        pelo plebiscito dos números registrados (`plebiscito/atos.py`); não há declaração de
        quem emite."""
        return destino

    @transition(
        "estado",
        source=Estado.ELABORACAO_PL,
        target=Estado.PL_EM_ORDEM_DO_DIA,
        conditions=[
            nome_igual_sede,
            toponimo_valido,
            extensoes.condicoes_da_fase("apresentar_pl"),
        ],
        permission=permissao_do_ato("apresentar_pl"),
    )
    def apresentar_pl(self) -> None:
        """Art. 6º: repetição, datas e palavras são calculadas (condições); a declaração de
        que o nome não é de pessoa viva e a toponímia gravada, no preparo do hub
        (`avaliacao.preparar_nome_do_projeto`); o que as fases calculam para o texto do
        projeto (na extinção, os municípios que recebem o território, Art. 10, §§ 1º e 2º),
        nos preparos delas. A sessão da Ordem do Dia, a seguinte (Art. 20, § 2º):
        `processos.cronologia`."""

    @transition(
        "estado",
        source=Estado.PL_EM_ORDEM_DO_DIA,
        target=Estado.AGUARDANDO_SANCAO,
        conditions=[fora_da_janela_art3],
        permission=permissao_do_ato("aprovar_pl"),
    )
    def aprovar_pl(self) -> None:
        pass

    @transition(
        "estado",
        source=Estado.PL_EM_ORDEM_DO_DIA,
        target=Estado.ARQUIVADO,
        permission=permissao_do_ato("rejeitar_pl"),
    )
    def rejeitar_pl(self) -> None:
        pass

    @transition(
        "estado",
        source=Estado.AGUARDANDO_SANCAO,
        target=Estado.CONCLUIDO,
        conditions=[fora_da_janela_art3],
        permission=permissao_do_ato("registrar_lei"),
    )
    def registrar_lei(self) -> None:
        pass

    @transition(
        "estado",
        source=list(NAO_TERMINAIS),
        target=Estado.ARQUIVADO,
        permission=permissao_do_ato("arquivar"),
    )
    def arquivar(self) -> None:
        pass

    @transition(
        "estado",
        source=Estado.ARQUIVADO,
        target=RETURN_VALUE(*NAO_TERMINAIS),
        # Decisão: só o arquivamento do próprio Presidente; o de uma votação ou do veredito
        # do plebiscito é recusado com as vias de reabertura (processos.reabertura).
        conditions=[reabertura.arquivamento_administrativo, reabertura.sem_nova_representacao],
        permission=permissao_do_ato("desarquivar"),
    )
    def desarquivar(self, destino: str) -> str:
        """Volta ao estado de onde saiu no arquivamento (`destinos.retorno`)."""
        return destino

    @transition(
        "estado",
        source=Estado.ARQUIVADO,
        target=RETURN_VALUE(*NAO_TERMINAIS),
        conditions=[reabertura.arquivado_por_votacao, reabertura.sem_nova_representacao],
        permission=permissao_do_ato("reabrir_por_decisao_do_plenario"),
    )
    def reabrir_por_decisao_do_plenario(self, destino: str) -> str:
        """A decisão do Plenário que reabre é a votação: o processo vai à etapa seguinte à
        votação que o arquivou, nunca a uma nova votação (`reabertura.preparar_reabertura`)."""
        return destino

    @transition(
        "estado",
        source=list(ATIVOS),
        target=Estado.SOBRESTADO,
        permission=permissao_do_ato("sobrestar"),
    )
    def sobrestar(self) -> None:
        pass

    @transition(
        "estado",
        source=Estado.SOBRESTADO,
        target=RETURN_VALUE(*ATIVOS),
        permission=permissao_do_ato("retomar"),
    )
    def retomar(self, destino: str) -> str:
        """Volta ao estado de onde saiu no sobrestamento (`destinos.retorno`)."""
        return destino

    # --- atos que não mudam o estado (target=None) ---------------------------------------

    @transition(
        "estado",
        source=Estado.PLEBISCITO_NO_TRE,
        target=None,
        permission=permissao_do_ato("registrar_fase_tre"),
    )
    def registrar_fase_tre(self) -> None:
        """Art. 19, § 2º: a CRT acompanha cada fase do plebiscito no TRE."""

    @transition(
        "estado",
        source=Estado.RESULTADO_EM_ANALISE,
        target=None,
        conditions=[extensoes.condicoes_da_fase("retificar_resultado")],
        permission=permissao_do_ato("retificar_resultado"),
    )
    @transition(
        "estado",
        source=[Estado.ARQUIVADO, Estado.ELABORACAO_PL],
        target=Estado.RESULTADO_EM_ANALISE,
        conditions=[
            reabertura.depois_do_parecer_do_resultado,
            extensoes.condicoes_da_fase("retificar_resultado"),
        ],
        permission=permissao_do_ato("retificar_resultado"),
    )
    def retificar_resultado(self) -> None:
        """Nova versão do resultado; a anterior fica registrada. Depois do parecer sobre o
        resultado, só com novo ofício do TRE (conferido pela fase), e o processo volta à
        análise do resultado, onde o parecer é emitido de novo sobre a nova versão."""

    @transition(
        "estado",
        source=list(NAO_TERMINAIS),
        target=None,
        conditions=[retificacao.tem_dado_retificavel],
        permission=permissao_do_ato("retificar_dados"),
    )
    def retificar_dados(self) -> None:
        """Corrige nome, sede, municípios de origem, áreas, divisas e memorial; o Andamento
        registra cada campo antes e depois. O que muda e os bloqueios de cada etapa (Art. 19,
        § 3º e as Decisões) são do preparo (`retificacao.preparar_retificacao`), na linha
        travada, e não só da tela; os valores entram no passo de gravar."""

    # Art. 15, II: a conferência territorial com outra edição da malha (app territorio); em
    # andamento, enquanto o mapa ainda decide alguma coisa.
    @transition(
        "estado",
        source=list(NAO_TERMINAIS),
        target=None,
        conditions=[extensoes.condicoes_da_fase("recalcular_territorio", obrigatoria=True)],
        permission=permissao_do_ato("recalcular_territorio"),
    )
    def recalcular_territorio(self) -> None:
        """A conferência com a outra edição da malha é do território (`territorio/atos.py`)."""

    # Art. 15, II e III: o mapa reparado e o memorial adotado (app territorio), enquanto o
    # processo está em andamento, como a juntada dos documentos da representação.
    @transition(
        "estado",
        source=list(NAO_TERMINAIS),
        target=None,
        permission=permissao_do_ato("juntar_mapa_reparado"),
    )
    def juntar_mapa_reparado(self) -> None:
        """O mapa reparado e o arquivo enviado são do território (`territorio/atos.py`)."""

    @transition(
        "estado",
        source=list(NAO_TERMINAIS),
        target=None,
        permission=permissao_do_ato("adotar_memorial"),
    )
    def adotar_memorial(self) -> None:
        """O memorial adotado é do território (`territorio/atos.py`)."""

    # Art. 13: em qualquer estado, como a lista (a linha digitada errado se corrige também
    # depois do parecer); a fase da representação altera a linha e diz o antes → depois.
    @transition(
        "estado",
        source=list(Estado.values),
        target=None,
        permission=permissao_do_ato("corrigir_lista_de_signatarios"),
    )
    def corrigir_lista_de_signatarios(self) -> None:
        """Corrige ou anula uma linha da lista de signatários (`representacao/atos.py`)."""

    # Art. 23: em qualquer estado (também depois de concluído ou arquivado). O que se libera
    # e o registro da liberação são da app transparencia (condição, preparo e efeito).
    @transition(
        "estado",
        source=list(Estado.values),
        target=None,
        conditions=[extensoes.condicoes_da_fase("liberar_informacao", obrigatoria=True)],
        permission=autoriza_liberacao,
    )
    def liberar_informacao(self) -> None:
        """Libera ao público um documento interno ou os detalhes internos (Art. 23)."""

    @transition(
        "estado",
        source=list(Estado.values),
        target=None,
        conditions=[extensoes.condicoes_da_fase("revogar_liberacao", obrigatoria=True)],
        permission=autoriza_liberacao,
    )
    def revogar_liberacao(self) -> None:
        """Revoga uma liberação vigente; a liberação e a revogação ficam na trilha."""
