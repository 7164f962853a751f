"""Art. 19, § 1º: o ofício da CRT que encaminha o Decreto Legislativo ao TRE sai na mesma
numeração anual dos ofícios aos órgãos (Art. 2º, §§ 2º e 3º): o número é dado pelo sistema
na transação do ato — não se digita, não repete o de outro ofício e volta a ficar livre se
o ato for recusado."""

from unittest import mock

import pytest
from django.utils import timezone

from instrucao.models import SequenciaOficio
from processos.models import AtoRecusado, Processo
from tests.processos.construtores import avancar, praticar, protocolar_variante


def _ultimo(ano: int) -> int:
    sequencia = SequenciaOficio.objects.filter(ano=ano).first()
    return sequencia.ultimo if sequencia else 0


@pytest.fixture
def publicado(operador):
    """Criação pelo rito até o Decreto publicado: os ofícios do parecer preliminar já
    tomaram os seus números."""
    return avancar(protocolar_variante(operador, "criacao"), operador, "decreto_publicado")


def test_o_oficio_ao_tre_leva_o_numero_seguinte_dos_oficios_da_crt(publicado, operador):
    ano = timezone.localdate().year
    antes = _ultimo(ano)
    numeros_dos_oficios = set(publicado.oficios.values_list("numero", flat=True))
    assert len(numeros_dos_oficios) == 3 and antes >= 3

    andamento = praticar(publicado, operador, "encaminhar_ao_tre")

    assert andamento.dados["numero_oficio"] == f"{antes + 1}/{ano}-CRT"
    assert andamento.dados["numero_oficio"] not in numeros_dos_oficios
    assert _ultimo(ano) == antes + 1


def test_numero_digitado_nao_vale(publicado, operador):
    """Quem chama o serviço com um número (um formulário antigo, uma chamada à mão) não o
    impõe: vale o da numeração."""
    ano = timezone.localdate().year
    antes = _ultimo(ano)

    andamento = praticar(
        publicado, operador, "encaminhar_ao_tre", dados={"numero_oficio": "1/2026-CRT"}
    )

    assert andamento.dados["numero_oficio"] == f"{antes + 1}/{ano}-CRT"


def test_ato_desfeito_devolve_o_numero(publicado, operador):
    """A numeração corre na transação do ato: se a emissão dos documentos falha depois do
    número dado, o ato é desfeito e o número volta a ficar livre (nenhuma lacuna)."""
    ano = timezone.localdate().year
    antes = _ultimo(ano)

    with (
        mock.patch(
            "processos.services.emitir_documentos_do_ato",
            side_effect=AtoRecusado("Falha ao montar a cópia integral."),
        ),
        pytest.raises(AtoRecusado, match="cópia integral"),
    ):
        praticar(publicado, operador, "encaminhar_ao_tre")

    assert _ultimo(ano) == antes
    assert Processo.objects.get(pk=publicado.pk).estado == "decreto_publicado"
    assert praticar(publicado, operador, "encaminhar_ao_tre").dados["numero_oficio"] == (
        f"{antes + 1}/{ano}-CRT"
    )


def test_o_formulario_nao_pede_o_numero_e_diz_de_onde_ele_vem(client, publicado, presidente):
    client.force_login(presidente)

    html = client.get(f"/processos/{publicado.slug}/atos/encaminhar-ao-tre/").content.decode()

    assert "Número do ofício ao TRE" not in html and 'name="numero_oficio"' not in html
    assert "recebe o número seguinte dos ofícios da CRT" in html
