"""A seção "Memorial descritivo — rascunho" da página do processo: o texto gerado quando o
mapa do Art. 15, II foi juntado e conferido, guardado com a conferência (a página não lê a
malha nem gera nada)."""

from territorio import secao
from territorio.models import ConferenciaTerritorial


def secao_memorial(processo, usuario, *, publica: bool = False) -> dict | None:
    if publica:
        return None
    mapa_id, _ = secao.mapa_vigente(processo)
    if mapa_id is None:
        return None
    conferencia = (
        ConferenciaTerritorial.objects.filter(documento_id=mapa_id)
        .exclude(memorial_rascunho="")
        .select_related("edicao", "documento")
        .first()
    )
    if conferencia is None:
        return None
    return {"conferencia": conferencia, "paragrafos": conferencia.memorial_rascunho.split("\n\n")}
