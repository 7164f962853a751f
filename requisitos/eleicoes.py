"""Art. 3º — janela eleitoral (informativa enquanto o parâmetro `art3_vigente` estiver
desligado: o STF declarou o Art. 3º inconstitucional na ADPF 819, DJe 09/01/2024).

"A criação de municípios, bem como a incorporação ou extinção ... somente poderá ocorrer até
6 (seis) meses antes da realização das eleições" municipais. Usa a tabela das datas reais
das eleições, não uma fórmula (2020 foi adiada pela EC 107/2020).
"""

import calendar
from dataclasses import dataclass
from datetime import date

from requisitos.aplicacao import aplica

ELEICOES_MUNICIPAIS: tuple[date, ...] = (
    date(1992, 10, 3),
    date(1996, 10, 3),
    date(2000, 10, 1),
    date(2004, 10, 3),
    date(2008, 10, 5),
    date(2012, 10, 7),
    date(2016, 10, 2),
    date(2020, 11, 15),  # adiada pela EC 107/2020
    date(2024, 10, 6),
    date(2028, 10, 1),  # primeiro domingo de outubro (CF, art. 29, II)
)


def seis_meses_antes(dia: date) -> date:
    """Mesmo dia, seis meses antes; o último dia do mês quando esse dia não existe."""
    mes = dia.month - 6
    ano = dia.year
    if mes <= 0:
        mes += 12
        ano -= 1
    return date(ano, mes, min(dia.day, calendar.monthrange(ano, mes)[1]))


@dataclass(frozen=True)
class JanelaArt3:
    eleicao: date
    ultimo_dia_permitido: date  # inclusive: "até 6 meses antes"
    data_consultada: date

    @property
    def vedado(self) -> bool:
        return self.ultimo_dia_permitido < self.data_consultada <= self.eleicao

    @property
    def mensagem(self) -> str:
        eleicao = self.eleicao.strftime("%d/%m/%Y")
        limite = self.ultimo_dia_permitido.strftime("%d/%m/%Y")
        if self.vedado:
            return (
                f"Período do Art. 3º: de {limite} (exclusive) até a eleição municipal de "
                f"{eleicao}, a criação, incorporação ou extinção de município não pode ocorrer."
            )
        return f"Próxima eleição municipal: {eleicao}. Art. 3º: permitido até {limite}."


@aplica(
    "Art. 3º",
    descricao="Janela do Art. 3º: até seis meses antes da eleição municipal, pela tabela das "
    "datas reais das eleições; exibida no processo como informação.",
    parametro="art3_vigente",
    testes=(
        "tests.requisitos.test_eleicoes.test_art_3_janela_vedada_a_partir_do_dia_seguinte_ao_limite",
    ),
    decisao="O STF declarou o Art. 3º inconstitucional (ADPF 819, DJe 09/01/2024): com o "
    "parâmetro art3_vigente desligado (padrão) a janela só é exibida; ligado, os atos "
    "“Aprovar PL” e “Registrar lei” são recusados dentro dela.",
)
def janela_art3(data: date) -> JanelaArt3 | None:
    """A janela referente à próxima eleição municipal na data ou depois dela (None se a data
    passa da última eleição tabelada)."""
    for eleicao in ELEICOES_MUNICIPAIS:
        if eleicao >= data:
            return JanelaArt3(eleicao, seis_meses_antes(eleicao), data)
    return None
