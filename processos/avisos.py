"""Os avisos legais do processo (o bloqueio do art. 18, § 4º, da Constituição Federal e a
janela do Art. 3º): a mesma faixa na página interna, na tela do ato e no portal público — a
lei não muda conforme quem lê."""

from django.utils import timezone

from processos import leitura
from processos.estados import TIPOS_ART3, TIPOS_COM_BLOQUEIO_FEDERAL
from requisitos.eleicoes import janela_art3

TEXTO_BLOQUEIO_FEDERAL = (
    "Desde a EC 15/1996, o art. 18, § 4º, da Constituição exige lei complementar federal e "
    "Estudos de Viabilidade Municipal antes de criar, fundir, incorporar ou desmembrar "
    "municípios. Essa lei ainda não existe (STF, ADO 3682 e ADI 4711), e a Justiça Eleitoral "
    "não realiza os plebiscitos. O processo pode ser protocolado e instruído."
)


def avisos_legais(processo) -> list[dict]:
    parametros = leitura.parametros(processo)
    avisos = []
    if parametros.bloqueio_constitucional and processo.tipo in TIPOS_COM_BLOQUEIO_FEDERAL:
        avisos.append(
            {
                "nivel": "warning",
                "titulo": "Bloqueio constitucional federal",
                "texto": TEXTO_BLOQUEIO_FEDERAL,
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
