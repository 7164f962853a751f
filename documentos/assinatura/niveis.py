"""O nível mínimo de assinatura de cada tipo de documento, na data (versionado em
`NivelExigido`, como os parâmetros legais), e o nível que cada modalidade alcança (Lei
14.063/2020, art. 4º): gov.br é avançada; ICP-Brasil (pessoa ou o e-CNPJ do selo), qualificada."""

from datetime import date

from django.utils import timezone

from documentos.models import Modalidade, NivelAssinatura, NivelExigido

ORDEM = {
    NivelAssinatura.SIMPLES: 0,
    NivelAssinatura.AVANCADA: 1,
    NivelAssinatura.QUALIFICADA: 2,
}
NIVEL_DA_MODALIDADE = {
    Modalidade.ATO: NivelAssinatura.SIMPLES,
    Modalidade.GOV_BR: NivelAssinatura.AVANCADA,
    Modalidade.ICP_BRASIL: NivelAssinatura.QUALIFICADA,
    Modalidade.SELO: NivelAssinatura.QUALIFICADA,
}


def exigido(tipo: str, data: date | None = None) -> NivelExigido | None:
    """A versão em vigor na data (hoje, se omitida); nenhuma: o tipo não exige nível."""
    data = data or timezone.localdate()
    return (
        NivelExigido.objects.filter(tipo_documento=tipo, vigencia_inicio__lte=data)
        .order_by("-vigencia_inicio")
        .first()
    )


def motivo_insuficiente(tipo: str, modalidade: str, data: date | None = None) -> str:
    """Vazio se a modalidade basta para o tipo na data; senão, o motivo em português."""
    regra = exigido(tipo, data)
    if regra is None:
        return ""
    alcancado = NIVEL_DA_MODALIDADE[modalidade]
    if ORDEM[alcancado] >= ORDEM[regra.nivel]:
        return ""
    return (
        f"Este documento exige assinatura {regra.get_nivel_display().lower()} desde "
        f"{regra.vigencia_inicio:%d/%m/%Y} ({regra.fundamento}); a "
        f"{Modalidade(modalidade).label.lower()} é de nível "
        f"{NivelAssinatura(alcancado).label.lower()}."
    )
