"""Art. 19, § 1º: o ofício da CRT que encaminha o Decreto Legislativo ao TRE — o número dado
no ato `encaminhar_ao_tre` (o `preparar` do bloco dele em `instrucao/atos.py`) e lido de
volta pelos documentos do ato."""

from dataclasses import dataclass

from django.utils import timezone

from instrucao.models import SequenciaOficio
from processos.sequencias import proximo_numero


@dataclass(frozen=True)
class OficioAoTre:
    """O número do ofício que encaminha o Decreto ao TRE, gravado no ato."""

    numero: str

    def como_dados(self) -> dict:
        return {"numero_oficio": self.numero}


def numero_do_oficio_ao_tre(andamento) -> str:
    """O número que o ato `encaminhar_ao_tre` gravou."""
    return andamento.dados.get("numero_oficio", "")


def numerar_oficio_ao_tre(processo, dados: dict) -> OficioAoTre:
    """Art. 19, § 1º: o ofício que encaminha o Decreto ao TRE é da CRT e sai na mesma
    numeração anual dos ofícios aos órgãos (`SequenciaOficio`, pelo ano da data do ato), na
    transação do ato: dois números iguais não existem, e o ato desfeito devolve o número."""
    data_ato = getattr(processo, "data_do_ato", None) or timezone.localdate()
    sequencial = proximo_numero(SequenciaOficio, data_ato.year)
    return OficioAoTre(f"{sequencial}/{data_ato.year}-CRT")
