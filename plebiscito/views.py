"""A seção "Plebiscito" da página do processo (interna e pública), registrada no hub."""

from urllib.parse import urlencode

from django.urls import reverse

from plebiscito import services
from plebiscito.models import FaseTre
from plebiscito.resultado import apuracao_como_dict, apurar_processo, parecer_gravado
from processos import leitura, rito
from processos.estados import Estado
from processos.papeis import PRESIDENTE, tem_papel

JUSTIFICATIVA_RECUSA = (
    "O Tribunal Regional Eleitoral recusou a realização do plebiscito por falta da lei "
    "complementar federal exigida pela Constituição Federal (art. 18, § 4º, com a redação da "
    "EC 15/1996; STF, ADO 3682 e ADI 4711)."
)


def _ultimo(processo, ato: str):
    """O último andamento do ato: dos andamentos da página (já lidos) ou do banco."""
    return next((a for a in leitura.andamentos(processo) if a.ato == ato), None)


def _numero_do_ato(processo, ato: str, campo: str) -> str:
    andamento = _ultimo(processo, ato)
    return andamento.dados.get(campo, "") if andamento else ""


def _parecer(processo):
    return _ultimo(processo, "emitir_parecer_resultado")


def secao_plebiscito(processo, usuario, *, publica: bool = False) -> dict | None:
    """Unidades, totais, as três leituras e a regra que governa (Art. 11), as fases no TRE
    (Art. 19, § 2º) e as versões anteriores do resultado. Depois do parecer, o veredito
    exibido é o gravado por ele; antes, a prévia com os parâmetros em vigor hoje."""
    if rito.RITOS[processo.tipo].plebiscito == "nunca" or not (
        rito.tem_plebiscito(processo.tipo, processo.plebiscito_dispensado)
    ):
        return None
    resultados = services.resultados_do_processo(processo)
    fases = services.fases_do_processo(processo)
    decreto = _numero_do_ato(processo, "publicar_decreto", "numero_decreto")
    if not (resultados or fases or decreto):
        return None
    parecer = _parecer(processo)
    gravado = parecer_gravado(parecer)
    apuracao = gravado.apuracao if gravado else None
    if apuracao is None and resultados:
        vigente, calculada, parametros = apurar_processo(processo)
        apuracao = apuracao_como_dict(vigente, calculada, parametros)
    return {
        "publica": publica,
        "vigente": resultados[0] if resultados else None,
        "anteriores": resultados[1:],
        "apuracao": apuracao,
        "parecer": parecer,
        "com_sede": services.tem_pergunta_sede(processo),
        "fases": [] if publica else fases,
        "sobrestar_url": None if publica else _sobrestar_apos_recusa(processo, usuario, fases),
        "numero_decreto": decreto,
        "numero_lei": _numero_do_ato(processo, "registrar_lei", "numero_lei"),
        "faltam": [] if publica else services.unidades_que_faltam(processo) if resultados else [],
    }


def _sobrestar_apos_recusa(processo, usuario, fases) -> str | None:
    """Recusa do TRE (o bloqueio do art. 18, § 4º, da Constituição Federal): o Presidente
    pode sobrestar, com o fundamento sugerido."""
    if not (
        fases
        and fases[0].fase == FaseTre.RECUSADO
        and processo.estado == Estado.PLEBISCITO_NO_TRE
        and tem_papel(usuario, PRESIDENTE)
    ):
        return None
    url = reverse("processos:ato", args=[processo.slug, "sobrestar"])
    return (
        url
        + "?"
        + urlencode({"fundamento": "bloqueio_federal", "justificativa": JUSTIFICATIVA_RECUSA})
    )
