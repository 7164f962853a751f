"""O ato `adotar_memorial`: a CRT revisa o rascunho do memorial descritivo gerado do mapa do
Art. 15, II e adota o texto final, editável antes de adotar. Cada adoção é uma
versão nova, gravada com o SHA-256 do texto e o do mapa de onde o rascunho saiu; os documentos
(parecer, PDL, PL) citam a vigente. Depois do Decreto Legislativo não se adota outro: o
memorial trava com o mapa e as divisas (Art. 19, § 3º)."""

import hashlib
from dataclasses import asdict, dataclass

from django.db.models import Max
from django.utils import timezone

from processos.models import AtoRecusado, Processo
from processos.services import praticar_ato
from requisitos.aplicacao import aplica
from territorio import secao
from territorio.models import ConferenciaTerritorial, MemorialAdotado

ATO = "adotar_memorial"
# O texto de um memorial de município cabe em poucas dezenas de KB (como no simulador).
TEXTO_MAXIMO = 200_000


@dataclass(frozen=True)
class Rascunho:
    """O rascunho que a tela oferece para revisar: o da última conferência do mapa vigente."""

    conferencia: ConferenciaTerritorial
    texto: str


def rascunho_vigente(processo: Processo) -> Rascunho | None:
    mapa_id, _ = secao.mapa_vigente(processo)
    if mapa_id is None:
        return None
    conferencia = (
        ConferenciaTerritorial.objects.filter(documento_id=mapa_id)
        .exclude(memorial_rascunho="")
        .select_related("edicao", "documento")
        .first()
    )
    return None if conferencia is None else Rascunho(conferencia, conferencia.memorial_rascunho)


def memorial_vigente(processo: Processo) -> MemorialAdotado | None:
    return (
        MemorialAdotado.objects.filter(processo=processo)
        .select_related("conferencia__documento", "conferencia__edicao", "andamento__usuario")
        .first()
    )


def resumo(texto: str) -> str:
    """O SHA-256 do texto como foi adotado (UTF-8, quebras de linha normalizadas)."""
    return hashlib.sha256(texto.encode()).hexdigest()


def adotar_memorial(
    *, processo: Processo, usuario, texto: str, conferencia_id: int, versao_vista: int | None
) -> MemorialAdotado:
    """Adota `texto`, revisado do rascunho da conferência `conferencia_id` (a que a tela
    mostrou: se o mapa mudou depois, recusa)."""
    andamento = praticar_ato(
        processo_id=processo.pk,
        nome_ato=ATO,
        usuario=usuario,
        data_ato=timezone.localdate(),
        dados={"texto_do_memorial": texto, "conferencia_do_rascunho": conferencia_id},
        ultimo_andamento=versao_vista,
    )
    return andamento.memorial_adotado


@aplica(
    "Art. 19, § 3º",
    descricao="Depois da publicação do Decreto Legislativo não se adota outro memorial "
    "descritivo: ele trava com o mapa e as divisas, e o Projeto de Lei cita o adotado.",
    testes=(
        "tests.territorio.test_adotar_memorial.test_depois_do_decreto_nao_se_adota_outro",
        "tests.territorio.test_adotar_memorial.test_antes_do_decreto_adota",
    ),
)
def preparar(processo: Processo, dados: dict) -> "Adocao":
    """Confere o texto e o rascunho de onde saiu; deixa no Andamento a versão e os resumos
    (o texto inteiro fica no memorial adotado, não no Andamento)."""
    # A mesma trava do mapa e do memorial juntados (o PL cita o memorial com as divisas).
    if not processo.divisas_editaveis:
        raise AtoRecusado(
            "O mapa e o memorial descritivo estão travados desde a publicação do Decreto "
            "Legislativo: emendas sobre as divisas só até a aprovação do PDL (Art. 19, § 3º)."
        )
    texto = "\n".join(
        linha.rstrip() for linha in str(dados.pop("texto_do_memorial", "")).strip().splitlines()
    )
    if not texto:
        raise AtoRecusado("O texto do memorial está vazio: revise o rascunho e adote o texto.")
    if len(texto) > TEXTO_MAXIMO:
        raise AtoRecusado(f"O memorial passa de {TEXTO_MAXIMO:_} caracteres.".replace("_", "."))
    rascunho = rascunho_vigente(processo)
    if rascunho is None:
        raise AtoRecusado(
            "Não há rascunho do memorial: junte o mapa do Art. 15, II em GeoJSON, KML, KMZ ou "
            "shapefile, com a malha municipal carregada."
        )
    if rascunho.conferencia.pk != dados.pop("conferencia_do_rascunho", None):
        raise AtoRecusado(
            "O mapa ou a conferência mudaram depois que esta página foi aberta: recarregue a "
            "página e revise o rascunho novo antes de adotar."
        )
    ultima = MemorialAdotado.objects.filter(processo=processo).aggregate(v=Max("versao"))["v"]
    mapa = rascunho.conferencia.documento
    adotado = MemorialAdotado(
        processo=processo,
        versao=(ultima or 0) + 1,
        conferencia=rascunho.conferencia,
        texto=texto,
        sha256=resumo(texto),
        sha256_do_mapa=mapa.sha256,
        editado=texto != rascunho.texto.strip(),
    )
    return Adocao(adotado)


@dataclass(frozen=True)
class Adocao:
    """O resultado do preparo: o memorial a gravar e, no Andamento, a versão e os resumos
    dele e do mapa de onde o rascunho saiu (o texto inteiro fica no memorial adotado)."""

    adotado: MemorialAdotado

    def como_dados(self) -> dict:
        adotado, mapa = self.adotado, self.adotado.conferencia.documento
        return {
            "versao_do_memorial": str(adotado.versao),
            "sha256_do_memorial": adotado.sha256,
            "mapa_do_memorial": f"{mapa.nome_original}, versão {mapa.versao}",
            "sha256_do_mapa": mapa.sha256,
            "memorial_editado": "Sim" if adotado.editado else "Não (o rascunho como gerado)",
        }


def gravar(andamento, adocao: Adocao) -> MemorialAdotado:
    adotado = adocao.adotado
    adotado.andamento = andamento
    adotado.save()
    return adotado


@dataclass(frozen=True)
class MemorialNoPl:
    """O memorial adotado que o projeto de lei cita, como estava no ato: a versão, o SHA-256
    do texto e o do mapa de onde o rascunho saiu."""

    versao: int
    sha256: str
    sha256_do_mapa: str

    def como_dados(self) -> dict:
        return {"memorial_adotado": asdict(self)}

    @classmethod
    def de_andamento(cls, andamento) -> "MemorialNoPl | None":
        """O memorial que o ato `apresentar_pl` citou (None: nenhum adotado)."""
        gravado = (andamento.dados or {}).get("memorial_adotado")
        return cls(**gravado) if gravado else None


def citar_no_pl(processo: Processo, dados: dict) -> MemorialNoPl | None:
    """Preparo de `apresentar_pl`: o PL cita o memorial adotado vigente (versão e resumos)."""
    vigente = memorial_vigente(processo)
    if vigente is None:
        return None
    return MemorialNoPl(vigente.versao, vigente.sha256, vigente.sha256_do_mapa)


ROTULOS = {
    "versao_do_memorial": "Versão do memorial adotado",
    "sha256_do_memorial": "SHA-256 do texto adotado",
    "mapa_do_memorial": "Mapa de onde saiu o rascunho",
    "sha256_do_mapa": "SHA-256 do mapa",
    "memorial_editado": "Texto revisado pela CRT",
}
