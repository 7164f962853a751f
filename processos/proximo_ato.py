"""O que o processo aguarda e quem o faz.

Tabela pura: estado → ato seguinte do rito, com o rótulo do ato (`processos.atos`) e o dos
papéis que o praticam (`processos.papeis.GRUPOS`). As esperas por órgãos de fora (os ofícios
do Art. 2º, §§ 2º e 3º; o plebiscito no TRE, Art. 19, § 2º) dizem quem se espera e o ato que
vem depois. Quem chama informa o que depende do banco (órgãos sem resposta, representação
incompleta); aqui não se consulta nada.
"""

from processos.atos import ATOS
from processos.estados import Estado
from processos.estados import Estado as E
from processos.papeis import GRUPOS, PRESIDENTE, SERVIDOR
from processos.rito import DESVIOS, RITOS

# O ato do rito que cada estado espera (o caminho favorável; os desvios têm o seu).
ATO_SEGUINTE: dict[str, str] = {
    E.PROTOCOLADA: "receber_na_crt",
    E.EM_DILIGENCIA: "receber_na_crt",
    E.EM_INSTRUCAO: "registrar_visita",
    E.VISITA_REALIZADA: "emitir_parecer_preliminar",
    E.DELIBERACAO_ARQUIVAMENTO: "deliberar_arquivamento",
    E.AGUARDANDO_CERTIDOES: "concluir_certidoes",
    E.AGUARDANDO_PARECER_MERITO: "emitir_parecer_merito",
    E.DELIBERACAO_PLENARIO: "deliberar_plenario",
    E.NA_CCJ: "registrar_parecer_ccj",
    E.ELABORACAO_PDL: "apresentar_pdl",
    E.PDL_EM_TRAMITACAO: "publicar_decreto",
    E.DECRETO_PUBLICADO: "encaminhar_ao_tre",
    E.PLEBISCITO_NO_TRE: "registrar_resultado",
    E.RESULTADO_EM_ANALISE: "emitir_parecer_resultado",
    E.ELABORACAO_PL: "apresentar_pl",
    E.PL_EM_ORDEM_DO_DIA: "aprovar_pl",
    E.AGUARDANDO_SANCAO: "registrar_lei",
    E.SOBRESTADO: "retomar",
}
# Nomes curtos dos órgãos oficiados (Art. 2º, §§ 2º e 3º), para a linha "Aguardando".
ORGAOS_CURTOS = {"cartografia": "Cartografia", "tre": "TRE", "sefaz": "SEFAZ"}


def rotulo_papeis(papeis: frozenset[str]) -> str:
    """ "Servidor ou Presidente da CRT", "Presidente da CRT", "Secretaria da Mesa"."""
    if papeis == {SERVIDOR, PRESIDENTE}:
        return "Servidor ou Presidente da CRT"
    ordem = [SERVIDOR, PRESIDENTE] + sorted(papeis - {SERVIDOR, PRESIDENTE})
    return " ou ".join(GRUPOS[p] for p in ordem if p in papeis)


def _ato_e_quem(nome_ato: str) -> str:
    ato = ATOS[nome_ato]
    return f"{ato.rotulo} — {rotulo_papeis(ato.papeis)}"


def descrever_espera(
    tipo: str,
    estado: str,
    *,
    orgaos_sem_resposta: tuple[str, ...] = (),
    representacao_incompleta: bool = False,
) -> str:
    """A frase exibida na página do processo: "Aguardando: <ato> — <quem>"."""
    if estado == E.CONCLUIDO:
        return "Concluído: a lei foi publicada; o processo não aguarda nenhum ato."
    if estado == E.ARQUIVADO:
        return (
            "Arquivado: o processo não aguarda nenhum ato. Para reabri-lo: "
            f"{_ato_e_quem('desarquivar')}, com justificativa (Art. 21)."
        )
    nome_ato = ATO_SEGUINTE[estado]
    if estado == E.AGUARDANDO_CERTIDOES and orgaos_sem_resposta:
        orgaos = ", ".join(ORGAOS_CURTOS.get(o, o) for o in orgaos_sem_resposta)
        return (
            f"Aguardando: resposta dos ofícios ({orgaos}) — órgãos oficiados; "
            f"depois: {_ato_e_quem(nome_ato)}"
        )
    if estado == E.PLEBISCITO_NO_TRE:
        return f"Aguardando: o TRE (plebiscito); depois: {_ato_e_quem(nome_ato)}"
    texto = f"Aguardando: {_ato_e_quem(nome_ato)}"
    if nome_ato == "receber_na_crt" and representacao_incompleta:
        return f"{texto}, após completar a representação"
    if estado == E.EM_INSTRUCAO and RITOS[tipo].visita_facultativa:
        # Decisão do rito: na alteração de nome a visita in loco é facultativa.
        return f"{texto} (facultativa) ou {_ato_e_quem('emitir_parecer_preliminar')}"
    if estado == E.PL_EM_ORDEM_DO_DIA:
        return f"Aguardando: {ATOS['aprovar_pl'].rotulo} ou {_ato_e_quem('rejeitar_pl')}"
    return texto


def ato_pendente(tipo: str, estado: str) -> str:
    if estado in (Estado.CONCLUIDO, Estado.ARQUIVADO):
        return ""
    return descrever_espera(tipo, estado)


def destinos_possiveis(processo, nome_ato) -> list[str]:
    """Para o resumo "O processo passará para: ..." antes de confirmar."""
    if nome_ato in ("desarquivar", "retomar"):
        retorno = processo.estado_de_retorno(nome_ato)
        return [Estado(retorno).label] if retorno else []
    if ATOS[nome_ato].permanece:
        return [Estado(processo.estado).label]
    for transicao in processo.get_all_estado_transitions():
        if transicao.name == nome_ato and transicao.source == processo.estado:
            alvos = getattr(transicao.target, "allowed_states", None) or [transicao.target]
            possiveis = set(processo.caminho()) | DESVIOS
            return [Estado(alvo).label for alvo in alvos if alvo in possiveis]
    return []
