"""Art. 4º, parágrafo único: na fusão, o plebiscito consulta "sobre a concordância com a
fusão e a sede do novo município" — o PDL e o ofício que encaminha o Decreto ao TRE trazem
as duas perguntas, e o resultado registra cada uma com os seus votos
(tests/plebiscito: `registrar_resultado` exige a pergunta da sede na fusão, e só nela)."""

import pytest

from documentos.models import Documento
from tests.documentos.auxiliares import sem_espacos, texto
from tests.processos.construtores import praticar, processo_no_estado

pytestmark = pytest.mark.django_db

FUSAO = "Você é a favor da fusão dos Municípios de"
SEDE = "Você é a favor de que a sede do novo Município de"


def _pdl(operador, variante):
    processo = processo_no_estado(operador, variante, "elaboracao_pdl")
    praticar(processo, operador, "apresentar_pdl")
    return texto(Documento.objects.get(processo=processo, tipo="pdl").arquivo.path)


def test_art4_pu_pdl_da_fusao_traz_as_duas_perguntas(operador):
    pdl = _pdl(operador, "fusao")

    assert "A cédula conterá as seguintes perguntas" in pdl
    assert sem_espacos(f"1ª pergunta: “{FUSAO}") in sem_espacos(pdl)
    assert sem_espacos(f"2ª pergunta: “{SEDE} Nova Fronteira do Norte seja Nova") in sem_espacos(
        pdl
    )
    # A pergunta da fusão não decide a sede: a sede é a 2ª.
    assert "com sede em" not in pdl


def test_art4_pu_pdl_da_criacao_traz_uma_pergunta(operador):
    pdl = _pdl(operador, "criacao")

    assert "A cédula conterá a seguinte pergunta" in pdl
    assert "2ª pergunta" not in pdl and SEDE not in pdl


def test_art4_pu_oficio_ao_tre_da_fusao_traz_as_duas_perguntas(operador):
    processo = processo_no_estado(operador, "fusao", "decreto_publicado")
    praticar(processo, operador, "encaminhar_ao_tre")
    oficio = Documento.objects.get(
        processo=processo, tipo="oficio", andamento__ato="encaminhar_ao_tre"
    )

    conteudo = sem_espacos(texto(oficio.arquivo.path))

    assert sem_espacos("A cédula conterá 2 perguntas") in conteudo
    assert sem_espacos(f"1ª “{FUSAO}") in conteudo and sem_espacos(f"2ª “{SEDE}") in conteudo
