"""As tabelas que os pareceres trazem: os requisitos do Art. 2º como avaliados e as três
leituras do resultado do plebiscito."""

from datetime import date

from plebiscito.regras import ResultadoPlebiscito, Votacao, apurar
from processos import rito
from processos.models import Andamento, Processo
from requisitos.models import parametros_em_vigor
from requisitos.parametros import REGRAS_PLEBISCITO
from requisitos.regras import CARTOGRAFIA, SEFAZ, TRE, Requisito
from requisitos.regras import avaliar_condicoes_instalacao as _inciso_v

# Incisos cujos números vêm das certidões (Art. 2º, § 2º), com o órgão que os apura.
INCISOS_CERTIDAO = (
    ("I", "População estimada não inferior ao mínimo legal", CARTOGRAFIA),
    ("II", "Eleitores não inferiores a 20 % da população", TRE),
    ("III", "Casas no centro urbano em número superior ao mínimo", CARTOGRAFIA),
    ("IV", "Valor adicionado superior à média dos de menor valor", SEFAZ),
    ("VI", "Mapa e memorial com continuidade territorial", CARTOGRAFIA),
    ("§ 1º", "Municípios de origem remanescentes continuam a atender I a IV", "Certidões"),
)


def tabela_requisitos(processo: Processo, andamento: Andamento) -> list[Requisito]:
    """Os requisitos do Art. 2º tal como avaliados no parecer de mérito.

    O inciso V vem da verificação in loco registrada na visita (Art. 2º, § 2º). Os demais
    dependem dos números das certidões, que ainda não são lançados no sistema: até lá, a
    linha registra a declaração expressa do Presidente no ato, com o órgão de origem. A
    issue das certidões substitui estas linhas pelo veredito de `requisitos.regras`."""
    if not rito.RITOS[processo.tipo].requisitos_art2:
        return []
    declarado = bool(andamento.dados.get("declara_requisitos_art2"))
    visita = processo.andamentos.filter(ato="registrar_visita").first()
    linhas = []
    for inciso, descricao, fonte in INCISOS_CERTIDAO:
        fundamento = "Art. 2º, § 1º" if inciso == "§ 1º" else f"Art. 2º, {inciso}"
        mensagem = (
            "Declarado atendido pelo Presidente, à vista da certidão."
            if declarado
            else "Não declarado atendido."
        )
        linhas.append(
            Requisito(inciso, descricao, None, None, "", declarado, fundamento, mensagem, fonte)
        )
    inciso_v = _inciso_v(visita.dados.get("condicoes_instalacao") if visita else None)
    linhas.insert(4, inciso_v)
    return linhas


def resultado_do_plebiscito(
    registro: Andamento | None, data: date
) -> tuple[ResultadoPlebiscito, str] | None:
    """As três leituras sobre os números registrados pela Mesa (Art. 20), com a regra em
    vigor na data do parecer."""
    if registro is None:
        return None
    dados = registro.dados
    votacao = Votacao(
        *(int(dados[c]) for c in ("inscritos", "comparecimento", "sim", "nao", "brancos", "nulos"))
    )
    regra = parametros_em_vigor(data).regra_plebiscito
    return apurar(votacao, regra), REGRAS_PLEBISCITO[regra]
