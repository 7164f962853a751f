"""O número de um ato ou ofício grava só o número: a espécie ("Ofício", "Decreto
Legislativo", "Lei") e o "nº" digitados antes dele saem, porque o documento já os escreve."""

import pytest

from plebiscito.forms import RegistrarResultadoForm
from processos.forms import ApresentarPdlForm, ApresentarPlForm, PublicarDecretoForm


@pytest.mark.parametrize(
    ("digitado", "gravado"),
    [
        ("Ofício nº 7/2026", "7/2026"),
        ("ofício 7/2026", "7/2026"),
        ("OFÍCIO N. 7/2026", "7/2026"),
        ("Of. n.º 12/2026-TRE", "12/2026-TRE"),
        ("nº 7/2026", "7/2026"),
        ("7/2026", "7/2026"),
        # Só a espécie e o "nº": um número que começa com letras fica como está.
        ("Nova-12", "Nova-12"),
        ("Oficial 3", "Oficial 3"),
    ],
)
def test_numero_do_oficio_do_tre_sem_a_especie(digitado, gravado):
    # O ofício em que o TRE comunica o resultado (Art. 20); o da CRT ao TRE é numerado pelo
    # sistema (tests/instrucao/test_oficio_ao_tre.py).
    assert RegistrarResultadoForm.base_fields["oficio_tre"].clean(digitado) == gravado


@pytest.mark.parametrize(
    ("formulario", "campo", "digitado", "gravado"),
    [
        (PublicarDecretoForm, "numero_decreto", "Decreto Legislativo nº 2.944", "2.944"),
        (PublicarDecretoForm, "numero_decreto", "2.944", "2.944"),
        (ApresentarPlForm, "numero_pl", "Projeto de Lei nº 15/2026", "15/2026"),
        (ApresentarPlForm, "numero_pl", "PL 15/2026", "15/2026"),
        # O caso relatado: "Projeto de Decreto Legislativo nº PDL nº 41/2026" no portal.
        (ApresentarPdlForm, "numero_pdl", "PDL nº 41/2026", "41/2026"),
        (ApresentarPdlForm, "numero_pdl", "Projeto de Decreto Legislativo nº 41/2026", "41/2026"),
        (ApresentarPdlForm, "numero_pdl", "41/2026", "41/2026"),
    ],
)
def test_numero_do_decreto_e_do_projeto_sem_a_especie(formulario, campo, digitado, gravado):
    assert formulario.base_fields[campo].clean(digitado) == gravado


def test_so_a_especie_fica_como_foi_digitada():
    campo = RegistrarResultadoForm.base_fields["oficio_tre"]
    # Nada além da espécie: fica o que foi digitado (o ato confere e o servidor corrige).
    assert campo.clean("Ofício") == "Ofício"
