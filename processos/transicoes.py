"""Os atos do rito como transições do processo: um método por ato, com o nome do ato.

Cada método recebe os dados já validados do formulário do ato e devolve, quando o destino
depende da conclusão, o estado seguinte (quando quem decide é a fase, como o veredito do
plebiscito, o destino chega pronto, do resultado que ela preparou). Os métodos só alteram o
processo e não rodam código de fase: o que as fases calculam roda antes, no `preparar` da
declaração do ato (`processos.extensoes`); quem grava, trava a linha e escreve o Andamento é
`processos.services.praticar_ato`. As origens, os destinos e
as condições seguem o rito da LC 23/1992 (`processos.rito`, `processos.atos`).
"""

from django_fsm import RETURN_VALUE, transition

from processos import avaliacao, extensoes, reabertura, retificacao, rito
from processos.atos import autoriza_liberacao
from processos.condicoes import (
    art2_v_verificado,
    fora_da_janela_art3,
    nome_igual_sede,
    permissao_do_ato,
    toponimo_valido,
    visita_realizada_ou_facultativa,
)
from processos.estados import ATIVOS, NAO_TERMINAIS, TIPOS_COM_NOME_NOVO, Estado
from requisitos.veredito import como_dict


class AtoRecusado(Exception):
    """O ato não pode ser praticado; a mensagem (pt-BR) diz o que fazer."""


class ArquivoReparavel(AtoRecusado):
    """O arquivo juntado é recusado, mas tem reparo: `figuras` (rótulo, valor) dizem o que o
    reparo muda, e `sha256` identifica o arquivo cujo reparo foi mostrado — só a confirmação
    desse mesmo arquivo o junta reparado."""

    def __init__(self, mensagem: str, *, figuras: list[tuple[str, str]], sha256: str):
        super().__init__(mensagem)
        self.figuras = figuras
        self.sha256 = sha256


class AtosDoProcesso:
    """As transições do `Processo` (o campo `estado` é dele), num módulo à parte para que o
    modelo se leia inteiro: os campos, o rito e a trilha."""

    @transition(
        "estado", source="", target=Estado.PROTOCOLADA, permission=permissao_do_ato("protocolar")
    )
    def protocolar(self, dados: dict) -> None:
        pass

    @transition(
        "estado",
        source=[Estado.PROTOCOLADA, Estado.EM_INSTRUCAO],
        target=Estado.EM_DILIGENCIA,
        permission=permissao_do_ato("baixar_em_diligencia"),
    )
    def baixar_em_diligencia(self, dados: dict) -> None:
        pass

    @transition(
        "estado",
        source=[Estado.PROTOCOLADA, Estado.EM_DILIGENCIA],
        target=Estado.EM_INSTRUCAO,
        conditions=[extensoes.condicoes_da_fase("receber_na_crt", obrigatoria=True)],
        permission=permissao_do_ato("receber_na_crt"),
    )
    def receber_na_crt(self, dados: dict) -> None:
        """Art. 15 e 16: documentos completos e representação válida (condição da fase)."""

    @transition(
        "estado",
        source=Estado.EM_INSTRUCAO,
        target=Estado.VISITA_REALIZADA,
        permission=permissao_do_ato("registrar_visita"),
    )
    def registrar_visita(self, dados: dict) -> None:
        if rito.RITOS[self.tipo].requisitos_art2 and dados.get("condicoes_instalacao") is None:
            raise AtoRecusado("Informe o resultado da verificação in loco do Art. 2º, V.")

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
    def emitir_parecer_preliminar(self, dados: dict) -> str:
        if dados["conclusao"] == "arquivamento":
            return Estado.DELIBERACAO_ARQUIVAMENTO  # Art. 17, § 1º
        return self.proximo(Estado.VISITA_REALIZADA)  # Art. 17, § 2º

    @transition(
        "estado",
        source=Estado.DELIBERACAO_ARQUIVAMENTO,
        target=RETURN_VALUE(
            Estado.ARQUIVADO, Estado.AGUARDANDO_CERTIDOES, Estado.AGUARDANDO_PARECER_MERITO
        ),
        permission=permissao_do_ato("deliberar_arquivamento"),
    )
    def deliberar_arquivamento(self, dados: dict) -> str:
        if dados["resultado"] == "aprovado":
            return Estado.ARQUIVADO
        # Decisão: o Plenário que rejeita o arquivamento manda o processo adiante.
        return self.proximo(Estado.VISITA_REALIZADA)

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
    def concluir_certidoes(self, dados: dict) -> None:
        pass

    @transition(
        "estado",
        source=Estado.AGUARDANDO_PARECER_MERITO,
        target=Estado.DELIBERACAO_PLENARIO,
        permission=permissao_do_ato("emitir_parecer_merito"),
    )
    def emitir_parecer_merito(self, dados: dict) -> None:
        """Art. 18. Na criação (e na extinção, Art. 10), o parecer traz a avaliação do
        Art. 2º calculada pela instrução (`instrucao/atos.py`) antes desta transição."""

    @transition(
        "estado",
        source=Estado.DELIBERACAO_PLENARIO,
        target=RETURN_VALUE(Estado.NA_CCJ, Estado.ARQUIVADO),
        permission=permissao_do_ato("deliberar_plenario"),
    )
    def deliberar_plenario(self, dados: dict) -> str:
        return Estado.NA_CCJ if dados["resultado"] == "aprovado" else Estado.ARQUIVADO

    @transition(
        "estado",
        source=Estado.NA_CCJ,
        target=RETURN_VALUE(Estado.ELABORACAO_PDL, Estado.ELABORACAO_PL, Estado.ARQUIVADO),
        permission=permissao_do_ato("registrar_parecer_ccj"),
    )
    def registrar_parecer_ccj(self, dados: dict) -> str:
        if dados["conclusao"] == "contrario":
            return Estado.ARQUIVADO  # Decisão: parecer contrário aprovado arquiva
        return self.proximo(Estado.NA_CCJ)

    @transition(
        "estado",
        source=Estado.ELABORACAO_PDL,
        target=Estado.PDL_EM_TRAMITACAO,
        permission=permissao_do_ato("apresentar_pdl"),
    )
    def apresentar_pdl(self, dados: dict) -> None:
        pass

    @transition(
        "estado",
        source=Estado.PDL_EM_TRAMITACAO,
        target=Estado.DECRETO_PUBLICADO,
        permission=permissao_do_ato("publicar_decreto"),
    )
    def publicar_decreto(self, dados: dict) -> None:
        pass

    @transition(
        "estado",
        source=Estado.PDL_EM_TRAMITACAO,
        target=Estado.ARQUIVADO,
        permission=permissao_do_ato("rejeitar_pdl"),
    )
    def rejeitar_pdl(self, dados: dict) -> None:
        pass

    @transition(
        "estado",
        source=Estado.DECRETO_PUBLICADO,
        target=Estado.PLEBISCITO_NO_TRE,
        conditions=[extensoes.condicoes_da_fase("encaminhar_ao_tre")],
        permission=permissao_do_ato("encaminhar_ao_tre"),
    )
    def encaminhar_ao_tre(self, dados: dict) -> None:
        """Art. 19, § 1º: o número do ofício ao TRE é dado pela instrução e a cópia integral
        conferida por `documentos` (`instrucao/atos.py`, `documentos/atos.py`)."""

    @transition(
        "estado",
        source=Estado.PLEBISCITO_NO_TRE,
        target=Estado.RESULTADO_EM_ANALISE,
        conditions=[extensoes.condicoes_da_fase("registrar_resultado")],
        permission=permissao_do_ato("registrar_resultado"),
    )
    def registrar_resultado(self, dados: dict) -> None:
        """Art. 20: o resultado por unidade de votação é conferido pelo plebiscito
        (`plebiscito/atos.py`) antes desta transição."""

    @transition(
        "estado",
        source=Estado.RESULTADO_EM_ANALISE,
        target=RETURN_VALUE(Estado.ELABORACAO_PL, Estado.ARQUIVADO),
        conditions=[extensoes.condicoes_da_fase("emitir_parecer_resultado", obrigatoria=True)],
        permission=permissao_do_ato("emitir_parecer_resultado"),
    )
    def emitir_parecer_resultado(self, dados: dict, destino: str | None = None) -> str:
        """Art. 11 e Art. 20, § 1º: o destino segue o veredito da regra que governa, calculado
        pelo plebiscito dos números registrados (`plebiscito/atos.py`); não há declaração de
        quem emite."""
        if destino is None:
            raise AtoRecusado("Ato indisponível: a fase que o calcula não está instalada.")
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
    def apresentar_pl(self, dados: dict) -> None:
        """Art. 6º: repetição, datas e palavras são calculadas (condição); a vedação de nome
        de pessoa viva não é decidível pelo sistema e exige a declaração de quem apresenta."""
        # A sessão da Ordem do Dia, a seguinte (Art. 20, § 2º): processos.cronologia.
        # O que o texto do projeto diz e as fases calculam (na extinção, os municípios que
        # recebem o território, Art. 10, §§ 1º e 2º) já foi preparado e vai ao Andamento.
        if self.tipo not in TIPOS_COM_NOME_NOVO:
            return
        if not dados.get("declara_pessoa_viva"):
            raise AtoRecusado(
                "Declare que o nome não é de pessoa viva (Art. 6º): o sistema não o decide."
            )
        dados["toponimia"] = como_dict(avaliacao.avaliar_nome(self))

    @transition(
        "estado",
        source=Estado.PL_EM_ORDEM_DO_DIA,
        target=Estado.AGUARDANDO_SANCAO,
        conditions=[fora_da_janela_art3],
        permission=permissao_do_ato("aprovar_pl"),
    )
    def aprovar_pl(self, dados: dict) -> None:
        pass

    @transition(
        "estado",
        source=Estado.PL_EM_ORDEM_DO_DIA,
        target=Estado.ARQUIVADO,
        permission=permissao_do_ato("rejeitar_pl"),
    )
    def rejeitar_pl(self, dados: dict) -> None:
        pass

    @transition(
        "estado",
        source=Estado.AGUARDANDO_SANCAO,
        target=Estado.CONCLUIDO,
        conditions=[fora_da_janela_art3],
        permission=permissao_do_ato("registrar_lei"),
    )
    def registrar_lei(self, dados: dict) -> None:
        pass

    @transition(
        "estado",
        source=list(NAO_TERMINAIS),
        target=Estado.ARQUIVADO,
        permission=permissao_do_ato("arquivar"),
    )
    def arquivar(self, dados: dict) -> None:
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
    def desarquivar(self, dados: dict) -> str:
        return self._retorno_obrigatorio("desarquivar")

    @transition(
        "estado",
        source=Estado.ARQUIVADO,
        target=RETURN_VALUE(*NAO_TERMINAIS),
        conditions=[reabertura.arquivado_por_votacao, reabertura.sem_nova_representacao],
        permission=permissao_do_ato("reabrir_por_decisao_do_plenario"),
    )
    def reabrir_por_decisao_do_plenario(self, dados: dict) -> str:
        """A decisão do Plenário que reabre é a votação: o processo vai à etapa seguinte à
        votação que o arquivou, nunca a uma nova votação (processos.reabertura)."""
        reabertura.conferir_decisao(dados, getattr(self, "data_do_ato", None))
        return reabertura.estado_apos_a_votacao(self)

    @transition(
        "estado",
        source=list(ATIVOS),
        target=Estado.SOBRESTADO,
        permission=permissao_do_ato("sobrestar"),
    )
    def sobrestar(self, dados: dict) -> None:
        pass

    @transition(
        "estado",
        source=Estado.SOBRESTADO,
        target=RETURN_VALUE(*ATIVOS),
        permission=permissao_do_ato("retomar"),
    )
    def retomar(self, dados: dict) -> str:
        return self._retorno_obrigatorio("retomar")

    # --- atos que não mudam o estado (target=None) ---------------------------------------

    @transition(
        "estado",
        source=Estado.PLEBISCITO_NO_TRE,
        target=None,
        permission=permissao_do_ato("registrar_fase_tre"),
    )
    def registrar_fase_tre(self, dados: dict) -> None:
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
        target=RETURN_VALUE(Estado.RESULTADO_EM_ANALISE),
        conditions=[
            reabertura.depois_do_parecer_do_resultado,
            extensoes.condicoes_da_fase("retificar_resultado"),
        ],
        permission=permissao_do_ato("retificar_resultado"),
    )
    def retificar_resultado(self, dados: dict) -> str:
        """Nova versão do resultado; a anterior fica registrada. Depois do parecer sobre o
        resultado, só com novo ofício do TRE (conferido pela fase), e o processo volta à
        análise do resultado, onde o parecer é emitido de novo sobre a nova versão."""
        return Estado.RESULTADO_EM_ANALISE

    @transition(
        "estado",
        source=list(NAO_TERMINAIS),
        target=None,
        conditions=[retificacao.tem_dado_retificavel],
        permission=permissao_do_ato("retificar_dados"),
    )
    def retificar_dados(self, dados: dict) -> None:
        """Corrige nome, sede, municípios de origem, áreas, divisas e memorial; o Andamento
        registra cada campo antes e depois. Os bloqueios de cada etapa (Art. 19, § 3º e as
        Decisões em `processos.retificacao`) são conferidos aqui, e não só na tela. Os
        municípios de origem (M2M) são gravados pelo efeito do ato, depois do save."""
        try:
            alteracoes = retificacao.comparar(self, dados)
        except (ValueError, ArithmeticError) as exc:
            raise AtoRecusado("Área inválida: informe um número em km².") from exc
        if not alteracoes:
            raise AtoRecusado("Nenhum dado foi alterado.")
        bloqueios = retificacao.bloqueios(self)
        recusas = [f"{a.rotulo}: {bloqueios[a.campo]}" for a in alteracoes if a.campo in bloqueios]
        if recusas:
            raise AtoRecusado(" ".join(recusas))
        novos = {a.campo: a.valor for a in alteracoes if a.campo != "municipios_origem"}
        areas = [novos.get(c, getattr(self, c)) for c in retificacao.AREAS]
        erros = retificacao.erros_das_areas(*areas)
        if erros:
            raise AtoRecusado(" ".join(dict.fromkeys(m for _, m in erros)))
        for campo, valor in novos.items():
            setattr(self, campo, valor)
        for campo in retificacao.CAMPOS:
            dados.pop(campo, None)
        dados["alteracoes"] = [a.como_dict() for a in alteracoes]

    # Art. 15, II: a conferência territorial com outra edição da malha (app territorio); em
    # andamento, enquanto o mapa ainda decide alguma coisa.
    @transition(
        "estado",
        source=list(NAO_TERMINAIS),
        target=None,
        conditions=[extensoes.condicoes_da_fase("recalcular_territorio", obrigatoria=True)],
        permission=permissao_do_ato("recalcular_territorio"),
    )
    def recalcular_territorio(self, dados: dict) -> None:
        """A conferência com a outra edição da malha é do território (`territorio/atos.py`)."""

    # Art. 15, II e III: o mapa reparado e o memorial adotado (app territorio), enquanto o
    # processo está em andamento, como a juntada dos documentos da representação.
    @transition(
        "estado",
        source=list(NAO_TERMINAIS),
        target=None,
        permission=permissao_do_ato("juntar_mapa_reparado"),
    )
    def juntar_mapa_reparado(self, dados: dict) -> None:
        """O mapa reparado e o arquivo enviado são do território (`territorio/atos.py`)."""

    @transition(
        "estado",
        source=list(NAO_TERMINAIS),
        target=None,
        permission=permissao_do_ato("adotar_memorial"),
    )
    def adotar_memorial(self, dados: dict) -> None:
        """O memorial adotado é do território (`territorio/atos.py`)."""

    # Art. 13: em qualquer estado, como a lista (a linha digitada errado se corrige também
    # depois do parecer); a fase da representação altera a linha e diz o antes → depois.
    @transition(
        "estado",
        source=list(Estado.values),
        target=None,
        permission=permissao_do_ato("corrigir_lista_de_signatarios"),
    )
    def corrigir_lista_de_signatarios(self, dados: dict) -> None:
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
    def liberar_informacao(self, dados: dict) -> None:
        """Libera ao público um documento interno ou os detalhes internos (Art. 23)."""

    @transition(
        "estado",
        source=list(Estado.values),
        target=None,
        conditions=[extensoes.condicoes_da_fase("revogar_liberacao", obrigatoria=True)],
        permission=autoriza_liberacao,
    )
    def revogar_liberacao(self, dados: dict) -> None:
        """Revoga uma liberação vigente; a liberação e a revogação ficam na trilha."""
