"""O nível mínimo de assinatura por tipo de documento (Lei 14.063/2020, art. 4º e 5º),
versionado por data como os parâmetros legais: gov.br é avançada, ICP-Brasil é qualificada."""

from datetime import date, timedelta

import pytest
from django.utils import timezone

from documentos.assinatura import niveis, pessoal, servicos
from documentos.models import Documento, NivelExigido
from tests.documentos.conftest import construir, media  # noqa: F401 — fixtures

HOJE = date(2026, 12, 3)


def _exigir_qualificada(desde: date) -> None:
    NivelExigido.objects.create(
        tipo_documento="parecer_merito",
        nivel="qualificada",
        vigencia_inicio=desde,
        fundamento="Ato da Mesa de teste",
    )


@pytest.mark.django_db
def test_lei_14063_art5_padrao_do_parecer_de_merito_e_avancada_gov_br_basta():
    assert niveis.motivo_insuficiente("parecer_merito", "gov_br", HOJE) == ""
    assert niveis.motivo_insuficiente("parecer_merito", "icp_brasil", HOJE) == ""


@pytest.mark.django_db
def test_lei_14063_art5_versao_nova_vale_a_partir_do_dia_do_inicio_e_nao_antes():
    _exigir_qualificada(HOJE)
    # No dia do início: gov.br (avançada) já não basta; ICP-Brasil (qualificada) basta.
    motivo = niveis.motivo_insuficiente("parecer_merito", "gov_br", HOJE)
    assert "exige assinatura qualificada (icp-brasil) desde 03/12/2026" in motivo
    assert niveis.motivo_insuficiente("parecer_merito", "icp_brasil", HOJE) == ""
    # Na véspera, vale a versão anterior (avançada): gov.br basta.
    assert niveis.motivo_insuficiente("parecer_merito", "gov_br", HOJE - timedelta(days=1)) == ""


@pytest.mark.django_db
def test_tipo_sem_nivel_declarado_nao_exige_nada():
    assert niveis.motivo_insuficiente("oficio", "gov_br", HOJE) == ""


def test_gov_br_recusado_quando_o_parecer_exige_qualificada_e_nada_e_gravado(
    construir,  # noqa: F811
    servidor,
    selo_instalado,
):
    processo = construir(ate="emitir_parecer_merito")
    parecer = Documento.objects.get(processo=processo, tipo="parecer_merito")
    _exigir_qualificada(timezone.localdate())
    with pytest.raises(pessoal.AssinaturaRecusada, match="exige assinatura qualificada"):
        servicos.assinar(parecer, servidor, pessoal.AdaptadorGovBr("codigo", "http://t/v"))
    assert servicos.digitais(parecer).count() == 0
