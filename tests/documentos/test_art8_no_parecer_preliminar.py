"""Art. 8º: o parecer preliminar da revisão de limites diz a dispensa (ou não) do plebiscito
e a versão do parâmetro `percentual_area_revisao` em vigor na data dele, quando as áreas
travam (a regra: tests/processos/test_art8_na_data_do_parecer.py)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from documentos.models import Documento
from requisitos.models import ParametroLegal
from tests.documentos.auxiliares import texto
from tests.processos.construtores import avancar, protocolar_variante

pytestmark = pytest.mark.django_db

HOJE = timezone.localdate()


def _limiar_de_25_por_cento(desde):
    ParametroLegal.objects.create(
        nome="percentual_area_revisao",
        valor="25",
        vigencia_inicio=desde,
        fundamento="LC hipotética",
    )


def test_art8_parecer_preliminar_diz_a_dispensa_e_a_versao_do_parametro(operador):
    processo = avancar(
        protocolar_variante(operador, "revisao_limites_sem_plebiscito"),
        operador,
        "aguardando_certidoes",
    )
    doc = Documento.objects.get(processo=processo, tipo="parecer_preliminar")

    conteudo = texto(doc.arquivo.path)

    assert "Consulta plebiscitária (Art. 8º)" in conteudo
    assert "não superior a 20 %: consulta plebiscitária dispensada" in conteudo
    parametro = "parâmetro “Área desmembrada máxima, em %, com plebiscito dispensado”"
    assert f"{parametro}, versão vigente desde 19/11/1992 (LC 23/1992, Art. 8º)" in conteudo


def test_art8_parecer_preliminar_nomeia_a_versao_registrada(operador):
    _limiar_de_25_por_cento(HOJE - timedelta(days=400))
    processo = avancar(
        protocolar_variante(operador, "revisao_limites_com_plebiscito"),
        operador,
        "aguardando_certidoes",
    )
    doc = Documento.objects.get(processo=processo, tipo="parecer_preliminar")

    conteudo = texto(doc.arquivo.path)

    desde = (HOJE - timedelta(days=400)).strftime("%d/%m/%Y")
    assert f"versão vigente desde {desde} (LC hipotética)" in conteudo
    assert "não superior a 25 %" in conteudo
