"""Os avisos legais do processo (o bloqueio do art. 18, § 4º, da Constituição Federal e a
janela do Art. 3º): a mesma faixa na página interna, na tela do ato e no portal público — a
lei não muda conforme quem lê."""

from django.utils import timezone

from processos import leitura
from processos.estados import TIPOS_ART3, TIPOS_COM_BLOQUEIO_FEDERAL, Tipo
from requisitos.eleicoes import janela_art3

TEXTO_BLOQUEIO_FEDERAL = (
    "Desde a EC 15/1996, o art. 18, § 4º, da Constituição exige lei complementar federal e "
    "Estudos de Viabilidade Municipal antes de criar, fundir, incorporar ou desmembrar "
    "municípios. Essa lei ainda não existe (STF, ADO 3682 e ADI 4711), e a Justiça Eleitoral "
    "não realiza os plebiscitos. O processo pode ser protocolado e instruído."
)


# Por que o bloqueio alcança também estes tipos: a extinção leva o território do município
# extinto a outro (Art. 10, §§ 1º e 2º: uma incorporação), e a revisão de limites submetida a
# plebiscito desmembra área de um município para outro (Art. 8º) — os dois dependem do mesmo
# plebiscito que a Justiça Eleitoral não realiza sem a lei complementar federal.
COMPLEMENTOS = {
    Tipo.EXTINCAO: " A extinção incorpora o território do município extinto a outro "
    "(Art. 10, §§ 1º e 2º) e é alcançada pela mesma exigência.",
    Tipo.REVISAO_LIMITES: " A revisão de limites submetida a plebiscito (área desmembrada acima "
    "do limiar do Art. 8º) desmembra área de um município para outro e é alcançada pela mesma "
    "exigência.",
}


def tem_bloqueio_federal(processo) -> bool:
    """Criação, fusão e incorporação; a extinção; a revisão de limites com plebiscito."""
    if processo.tipo in TIPOS_COM_BLOQUEIO_FEDERAL or processo.tipo == Tipo.EXTINCAO:
        return True
    return processo.tipo == Tipo.REVISAO_LIMITES and not processo.plebiscito_dispensado


def avisos_legais(processo) -> list[dict]:
    parametros = leitura.parametros(processo)
    avisos = []
    if parametros.bloqueio_constitucional and tem_bloqueio_federal(processo):
        avisos.append(
            {
                "nivel": "warning",
                "titulo": "Bloqueio constitucional federal",
                "texto": TEXTO_BLOQUEIO_FEDERAL + COMPLEMENTOS.get(processo.tipo, ""),
            }
        )
    if processo.tipo in TIPOS_ART3:
        janela = janela_art3(timezone.localdate())
        if janela:
            vigente = (
                "aplicado"
                if parametros.art3_vigente
                else ("informativo: declarado inconstitucional na ADPF 819")
            )
            avisos.append(
                {
                    "nivel": "danger" if janela.vedado and parametros.art3_vigente else "info",
                    "titulo": f"Art. 3º ({vigente})",
                    "texto": janela.mensagem,
                }
            )
    return avisos
