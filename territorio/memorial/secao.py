"""A seção "Memorial descritivo" da página do processo: o adotado pela CRT (versão, resumos,
o mapa de onde saiu) e o rascunho gerado quando o mapa do Art. 15, II foi juntado e conferido,
guardado com a conferência (a página não lê a malha nem gera nada)."""

from django.db.models import Exists, OuterRef

from processos import leitura
from processos.atos import ATOS
from processos.papeis import tem_papel
from territorio.memorial import adocao
from territorio.models import LeituraDoMemorial, MemorialAdotado

# Anotações da consulta da página: quase todo processo não tem memorial adotado nem memorial
# em PDF lido — a seção só consulta essas tabelas quando a anotação diz que há o que mostrar.
TEM_MEMORIAL_ADOTADO = "territorio_tem_memorial_adotado"
TEM_MEMORIAL_LIDO = "territorio_tem_memorial_lido"


def tem_memorial_adotado():
    return Exists(MemorialAdotado.objects.filter(processo=OuterRef("pk")))


def tem_memorial_lido():
    return Exists(LeituraDoMemorial.objects.filter(documento__processo=OuterRef("pk")))


def secao_memorial(processo, usuario, *, publica: bool = False) -> dict | None:
    if publica:
        return None
    rascunho = adocao.rascunho_vigente(processo)
    vigente = (
        None if leitura.sem(processo, TEM_MEMORIAL_ADOTADO) else adocao.memorial_vigente(processo)
    )
    # Os memoriais juntados em PDF ao item do mapa (vigentes), com o que deu para ler.
    lidos = (
        []
        if leitura.sem(processo, TEM_MEMORIAL_LIDO)
        else list(
            LeituraDoMemorial.objects.filter(
                documento__processo=processo, documento__anulado_em__isnull=True
            )
            .select_related("documento", "mapa")
            .order_by("documento__numero", "-documento__versao")
        )
    )
    if rascunho is None and vigente is None and not lidos:
        return None
    conferencia = rascunho.conferencia if rascunho else None
    return {
        "conferencia": conferencia,
        "paragrafos": rascunho.texto.split("\n\n") if rascunho else [],
        "adotado": vigente,
        "lidos": lidos,
        # O mapa mudou depois da adoção: o memorial adotado saiu de outro desenho.
        "mapa_mudou": bool(
            vigente and conferencia and vigente.sha256_do_mapa != conferencia.documento.sha256
        ),
        "pode_adotar": bool(
            rascunho and processo.divisas_editaveis and tem_papel(usuario, *ATOS[adocao.ATO].papeis)
        ),
    }
