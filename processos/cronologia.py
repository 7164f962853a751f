"""A ordem das datas da lei, numa tabela só (Arts. 13 a 20).

Para cada ato: as datas que ele registra (a do próprio ato e as dos dados: publicação,
sessão, ofício...), as datas anteriores que cada uma deve seguir — do mesmo ato ou do último
ato de outro nome no processo —, quais podem ser futuras (agenda: a sessão da Ordem do Dia, a
data marcada pelo TRE) e quais não passam da data do ato. `praticar_ato` (e por ele toda
retificação) e o formulário de cada ato leem esta tabela; a mensagem diz as duas datas e o ato
de onde vem a anterior.

Regras gerais, valendo para todo ato: a data do ato não é futura, não é anterior a
05/10/1988 (`PROMULGACAO_CF`) nem à do último andamento do processo; nenhuma data dos dados
é anterior a 05/10/1988, e nenhuma é futura salvo as de agenda declaradas abaixo.
"""

from dataclasses import dataclass
from datetime import date

from processos.atos import ANTERIOR_A_CF, ATOS, PROMULGACAO_CF
from requisitos.aplicacao import aplica

DATA_DO_ATO = "data_ato"


@dataclass(frozen=True)
class Marco:
    """Uma data já conhecida quando o ato é praticado: o `campo` do último ato `ato` do
    processo (None: o próprio ato), opcionalmente só o de uma `fase` (fases do TRE)."""

    rotulo: str  # com o artigo e a preposição: "à aprovação do Decreto Legislativo"
    campo: str = DATA_DO_ATO
    ato: str | None = None
    fase: str | None = None
    # Só vale quando o ato registra uma destas fases (o plebiscito realizado segue a data
    # marcada; uma nova "Data marcada" pode antecipar a anterior).
    quando_fase: tuple[str, ...] = ()


@dataclass(frozen=True)
class Data:
    """Uma data que o ato registra e a ordem que ela segue."""

    campo: str
    rotulo: str  # "A publicação no Diário Oficial"
    depois_de: tuple[Marco, ...] = ()
    # Agenda: pode ser posterior a hoje (e à data do ato).
    futura: bool = False
    # Agenda só quando outro dado do ato tem este valor: ("fase", "data_marcada").
    futura_se: tuple[str, str] | None = None
    # Um fato já ocorrido quando o ato o registra: não é posterior à data do ato.
    ate_o_ato: bool = False
    fundamento: str = ""


LEITURA = Marco("à leitura da representação no expediente", ato="protocolar")
PDL = Marco("à apresentação do Projeto de Decreto Legislativo", ato="apresentar_pdl")
APROVACAO_DL = Marco("à aprovação do Decreto Legislativo", "data_aprovacao")
PUBLICACAO_DL = Marco(
    "à publicação do Decreto Legislativo no Diário Oficial",
    "data_diario_oficial",
    ato="publicar_decreto",
)
ENCAMINHAMENTO = Marco("ao encaminhamento do Decreto Legislativo ao TRE", ato="encaminhar_ao_tre")
REALIZACAO = Marco(
    "à realização do plebiscito", "data_fase", ato="registrar_fase_tre", fase="realizado"
)
DATA_MARCADA = Marco(
    "à data marcada pelo TRE",
    "data_fase",
    ato="registrar_fase_tre",
    fase="data_marcada",
    quando_fase=("realizado", "apurado", "homologado"),
)
OFICIO_TRE = Marco("ao ofício do TRE com o resultado", "data_oficio_tre")
SESSAO_PL = Marco(
    "à sessão em cuja Ordem do Dia o Projeto de Lei foi incluído",
    "data_sessao_ordem_do_dia",
    ato="apresentar_pl",
)
APROVACAO_PL = Marco("à aprovação do Projeto de Lei", ato="aprovar_pl")
SANCAO = Marco("à sanção", "data_sancao")
DO_ATO = Marco("à data do ato")

_RESULTADO = (
    Data(
        "data_oficio_tre",
        "O ofício do TRE com o resultado",
        (ENCAMINHAMENTO, REALIZACAO),
        ate_o_ato=True,
        fundamento="Art. 19, § 1º; Art. 20",
    ),
    Data(
        "data_leitura_plenario",
        "A leitura do resultado em Plenário",
        (OFICIO_TRE,),
        ate_o_ato=True,
        fundamento="Art. 20",
    ),
)
_SESSAO_DO_PL = Data(
    DATA_DO_ATO,
    "A deliberação do Projeto de Lei",
    (SESSAO_PL,),
    fundamento="Art. 20, § 2º",
)

DATAS: dict[str, tuple[Data, ...]] = {
    "receber_na_crt": (
        Data("data_distribuicao_deputados", "A distribuição das cópias aos Deputados", (LEITURA,)),
        Data("data_publicacao", "A publicação da representação no órgão oficial", (LEITURA,)),
    ),
    "publicar_decreto": (
        Data(
            "data_aprovacao",
            "A aprovação do Decreto Legislativo",
            (PDL,),
            ate_o_ato=True,
            fundamento="Art. 19",
        ),
        Data(
            "data_diario_oficial",
            "A publicação",
            (APROVACAO_DL,),
            ate_o_ato=True,
            fundamento="Art. 19, § 1º",
        ),
    ),
    "encaminhar_ao_tre": (
        Data(DATA_DO_ATO, "O encaminhamento ao TRE", (PUBLICACAO_DL,), fundamento="Art. 19, § 1º"),
    ),
    "registrar_fase_tre": (
        Data(
            "data_fase",
            "A data da fase",
            (ENCAMINHAMENTO, DATA_MARCADA),
            futura_se=("fase", "data_marcada"),
            ate_o_ato=True,
            fundamento="Art. 19, § 2º",
        ),
    ),
    "registrar_resultado": _RESULTADO,
    "retificar_resultado": _RESULTADO,
    "apresentar_pl": (
        Data(
            "data_sessao_ordem_do_dia",
            "A sessão da Ordem do Dia",
            (DO_ATO,),
            futura=True,
            fundamento="Art. 20, § 2º",
        ),
    ),
    "aprovar_pl": (_SESSAO_DO_PL,),
    "rejeitar_pl": (_SESSAO_DO_PL,),
    "registrar_lei": (
        Data("data_sancao", "A sanção", (APROVACAO_PL,), ate_o_ato=True, fundamento="Art. 7º"),
        Data(
            "data_diario_oficial",
            "A publicação da lei no Diário Oficial",
            (SANCAO,),
            ate_o_ato=True,
            fundamento="Art. 7º",
        ),
    ),
}


def _data(valor) -> date | None:
    if isinstance(valor, date):
        return valor
    if isinstance(valor, str):
        try:
            return date.fromisoformat(valor)
        except ValueError:
            return None
    return None


def _br(valor: date) -> str:
    return valor.strftime("%d/%m/%Y")


def _rotulo_do_campo(nome_ato: str, campo: str) -> str:
    for regra in DATAS.get(nome_ato, ()):
        if regra.campo == campo:
            return regra.rotulo
    return "A data do ato" if campo == DATA_DO_ATO else "A data informada"


def _pode_ser_futura(regra: Data | None, dados: dict) -> bool:
    if regra is None:
        return False
    if regra.futura_se:
        campo, valor = regra.futura_se
        return dados.get(campo) == valor
    return regra.futura


@aplica(
    "Art. 13; Art. 16; Art. 19, §§ 1º e 2º; Art. 20; Art. 20, § 2º",
    descricao="As datas de cada ato seguem a ordem da lei: leitura, recebimento, PDL, "
    "aprovação e publicação do Decreto Legislativo, encaminhamento ao TRE, plebiscito, ofício "
    "do resultado e sua leitura, sessão da Ordem do Dia, aprovação do PL, sanção e publicação.",
    testes=("tests.processos.test_cronologia.test_cada_data_da_tabela_nos_dois_lados",),
    decisao="O TRE não comunica o resultado antes de receber o Decreto Legislativo nem antes "
    "de realizado o plebiscito; o plebiscito não é realizado (nem apurado ou homologado) antes "
    "da última data marcada pelo TRE. Só são futuras as datas de agenda: a sessão da Ordem do "
    "Dia (Art. 20, § 2º) e a fase “Data marcada” do TRE. O mesmo dia é sempre aceito.",
)
def erros(processo, nome_ato: str, data_ato: date, dados: dict, *, hoje: date) -> list:
    """[(campo, mensagem)] das datas do ato fora da ordem da lei (lista vazia = em ordem).
    `processo` é o processo antes do ato (os marcos vêm dos seus andamentos)."""
    achados = []
    datas = {DATA_DO_ATO: data_ato}
    datas |= {c: d for c, v in dados.items() if (d := _data(v)) is not None}
    regras = {r.campo: r for r in DATAS.get(nome_ato, ())}
    for campo, valor in datas.items():
        rotulo = _rotulo_do_campo(nome_ato, campo)
        if valor < PROMULGACAO_CF:
            achados.append((campo, ANTERIOR_A_CF))
        elif valor > hoje and not _pode_ser_futura(regras.get(campo), dados):
            achados.append((campo, f"{rotulo} ({_br(valor)}) não pode ser futura."))
    if achados:
        return achados
    ultimo = processo.andamentos.order_by("-data_ato", "-pk").first() if processo.pk else None
    if ultimo and data_ato < ultimo.data_ato:
        achados.append(
            (
                DATA_DO_ATO,
                f"A data do ato ({_br(data_ato)}) não pode ser anterior à do último andamento "
                f"({_br(ultimo.data_ato)}, ato “{ATOS[ultimo.ato].rotulo}”).",
            )
        )
    for campo, regra in regras.items():
        valor = datas.get(campo)
        if valor is None:
            continue
        for marco in regra.depois_de:
            if marco.quando_fase and dados.get("fase") not in marco.quando_fase:
                continue
            anterior = _marco(processo, marco, datas)
            if anterior is not None and valor < anterior[0]:
                achados.append((campo, _mensagem(regra, valor, marco, *anterior)))
        if regra.ate_o_ato and valor > data_ato and not _pode_ser_futura(regra, dados):
            achados.append(
                (
                    campo,
                    f"{regra.rotulo} ({_br(valor)}) não pode ser posterior à data do ato "
                    f"({_br(data_ato)}).",
                )
            )
    return achados


def _marco(processo, marco: Marco, datas: dict) -> tuple[date, str] | None:
    if marco.ato is None:
        valor = datas.get(marco.campo)
        return (valor, "neste ato") if valor else None
    if not processo.pk:
        return None
    andamentos = processo.andamentos.filter(ato=marco.ato)
    if marco.fase:
        andamentos = andamentos.filter(dados__fase=marco.fase)
    andamento = andamentos.order_by("-pk").first()
    if andamento is None:
        return None
    if marco.campo == DATA_DO_ATO:
        valor = andamento.data_ato
    else:
        valor = _data(andamento.dados.get(marco.campo))
    return (valor, f"ato “{ATOS[marco.ato].rotulo}”") if valor else None


def _mensagem(regra: Data, valor: date, marco: Marco, anterior: date, origem: str) -> str:
    fundamento = f"; {regra.fundamento}" if regra.fundamento else ""
    return (
        f"{regra.rotulo} ({_br(valor)}) não pode ser anterior {marco.rotulo} "
        f"({_br(anterior)}, {origem}{fundamento})."
    )
