"""Art. 10, §§ 1º e 2º: o destino do território do município extinto, conferido pelos dados
que o sistema guarda — não pela palavra de quem registra.

- § 1º (fundamentos I e II): o extinto "voltará a pertencer ao de sua origem". A origem vem
  do dado de referência das origens dos municípios (lei de criação e fonte), que o suporte
  carrega com `manage.py carregar_origens`. Decisão: com mais de uma origem, o território
  volta a todas (cada parte à sua; a divisão é matéria da lei de extinção) — então o destino
  é exatamente o conjunto das origens. Sem origem registrada, a conferência diz o que falta
  e como registrá-la; o parecer favorável e o projeto de lei esperam por ela.
- § 2º (fundamento III): os eleitores indicam os municípios "contíguos": cada indicado tem
  de partilhar divisa com o extinto na malha municipal carregada (`territorio.contiguidade`:
  divisa com comprimento, não só um ponto). A edição da malha vai com a conferência. Decisão:
  sem malha carregada, a contiguidade fica "não conferida" e o aviso diz como carregá-la —
  não bloqueia, porque a malha é um dado do sistema inteiro que a representação não tem
  como suprir, e a malha do IBGE representa os limites, mas não é o limite legal.
"""

from dataclasses import asdict, dataclass
from decimal import Decimal

from documentos.conteudo import lista_por_extenso
from requisitos import formatacao as fmt
from territorio.contiguidade import DIVISA_MINIMA_KM, divisa_comum_km, sao_contiguos
from territorio.malha import edicao_vigente, geometrias
from territorio.origens import COMANDO as COMANDO_ORIGENS
from territorio.origens import origens_de

MALHA_NAO_CARREGADA = (
    "Contiguidade não conferida: malha não carregada (o suporte carrega com "
    "manage.py carregar_malha)."
)


@dataclass(frozen=True)
class DestinoConferido:
    codigo_ibge: int
    nome: str
    atende: bool | None  # None: não conferido
    evidencia: str  # "divisa comum de 12,3 km", "nenhuma divisa comum (…)", "origem"


@dataclass(frozen=True)
class ConferenciaDoDestino:
    """O que a conferência achou. `erros`: a evidência contradiz o destino (recusa); `faltas`:
    falta a evidência que decide (o parecer favorável e o projeto de lei esperam por ela);
    `aviso`: não conferido, sem bloquear."""

    paragrafo: str
    fonte: str  # a malha (edição e fonte) ou as origens registradas (lei e fonte)
    destinos: tuple[DestinoConferido, ...] = ()
    erros: tuple[str, ...] = ()
    faltas: tuple[str, ...] = ()
    aviso: str = ""
    edicao_da_malha: str = ""
    origens: tuple[str, ...] = ()

    @property
    def conferida(self) -> bool:
        return not (self.aviso or self.faltas)

    def como_dados(self) -> dict:
        """O que o ato grava no Andamento (o PDF lê isto, não recalcula)."""
        # Listas, não tuplas: o mesmo que o JSON do Andamento devolve ao ser relido.
        dados = {c: list(v) if isinstance(v, tuple) else v for c, v in asdict(self).items()}
        return dados | {"conferida": self.conferida}


def _e(lista, singular: str, plural: str) -> str:
    return singular if len(lista) == 1 else plural


def _nome(municipios) -> str:
    return lista_por_extenso([m.nome for m in municipios])


# `edicao_id` não informado: a edição vigente é consultada (a página a recebe já lida).
CONSULTAR = object()


def conferir_destino(
    fundamento: str, extintos, destinos, *, edicao_id=CONSULTAR
) -> ConferenciaDoDestino | None:
    """A conferência do destino pelo parágrafo do fundamento (None sem fundamento, sem
    destino ou sem o município extinto: o que falta já é dito por quem pede esses dados)."""
    extintos, destinos = list(extintos or []), list(destinos or [])
    if not extintos or not destinos or fundamento not in ("I", "II", "III"):
        return None
    if fundamento == "III":
        return conferir_contiguidade(extintos, destinos, edicao_id=edicao_id)
    return conferir_origem(extintos, destinos)


def conferir_contiguidade(extintos, destinos, *, edicao_id=CONSULTAR) -> ConferenciaDoDestino:
    """Art. 10, § 2º: cada município indicado partilha divisa com o extinto, na malha."""
    if edicao_id is CONSULTAR:
        vigente = edicao_vigente()
        edicao_id = vigente.pk if vigente else None
    if edicao_id is None:
        return ConferenciaDoDestino("§ 2º", "", aviso=MALHA_NAO_CARREGADA)
    edicao, formas = geometrias(edicao_id, [m.codigo_ibge for m in extintos + destinos])
    malha = f"malha municipal {edicao.nome} ({edicao.fonte})"
    ausentes = [m for m in extintos + destinos if m.codigo_ibge not in formas]
    if ausentes:
        aviso = (
            f"Contiguidade não conferida: {_nome(ausentes)} não está na {malha} "
            f"(o suporte carrega outra edição com manage.py carregar_malha)."
        )
        return ConferenciaDoDestino("§ 2º", malha, aviso=aviso, edicao_da_malha=edicao.nome)
    conferidos = []
    for destino in destinos:
        km = max(
            divisa_comum_km(formas[e.codigo_ibge], formas[destino.codigo_ibge]) for e in extintos
        )
        conferidos.append(
            DestinoConferido(destino.codigo_ibge, destino.nome, sao_contiguos(km), _divisa(km))
        )
    nao = [d for d in conferidos if not d.atende]
    erros = ()
    if nao:
        detalhes = "; ".join(f"{d.nome}: {d.evidencia}" for d in nao)
        verbo = _e(nao, "é contíguo", "são contíguos")
        erros = (
            f"Art. 10, § 2º: os eleitores indicam municípios contíguos ao extinto, e "
            f"{lista_por_extenso([d.nome for d in nao])} não {verbo} a {_nome(extintos)} na "
            f"{malha} ({detalhes}).",
        )
    return ConferenciaDoDestino(
        "§ 2º", malha, tuple(conferidos), erros, edicao_da_malha=edicao.nome
    )


def _divisa(km: float) -> str:
    metros = f"{fmt.decimal(Decimal(km * 1000), 0)} m"
    if sao_contiguos(km):
        return (
            f"divisa comum de {fmt.decimal(Decimal(km), 1)} km"
            if km >= 1
            else f"divisa comum de {metros}"
        )
    if km > 0:
        minimo = fmt.inteiro(round(DIVISA_MINIMA_KM * 1000))
        return f"divisa comum de {metros}, menos de {minimo} m: um ponto"
    return "nenhuma divisa comum (no máximo um ponto)"


def conferir_origem(extintos, destinos) -> ConferenciaDoDestino:
    """Art. 10, § 1º: o destino é a origem (ou as origens) registrada do município extinto."""
    registradas = origens_de(extintos)
    if not registradas:
        falta = (
            f"Falta: a origem de {_nome(extintos)} não está registrada — nos fundamentos I e "
            "II, o território volta ao município de origem (Art. 10, § 1º); o suporte a "
            f"registra com {COMANDO_ORIGENS} (tabela com a lei de criação e a fonte)."
        )
        return ConferenciaDoDestino("§ 1º", "", faltas=(falta,))
    origens = {o.origem.codigo_ibge: o for o in registradas}
    leis = sorted({o.lei_de_criacao for o in registradas if o.lei_de_criacao})
    fontes = sorted({o.fonte for o in registradas})
    fonte = "; ".join(leis + [f"fonte: {f}" for f in fontes])
    conferidos = tuple(
        DestinoConferido(
            d.codigo_ibge,
            d.nome,
            d.codigo_ibge in origens,
            "origem" if d.codigo_ibge in origens else "não é origem",
        )
        for d in destinos
    )
    nomes_origens = sorted(o.origem.nome for o in origens.values())
    outros = [d.nome for d in conferidos if not d.atende]
    faltantes = sorted(
        o.origem.nome for c, o in origens.items() if c not in {d.codigo_ibge for d in destinos}
    )
    erros = []
    if outros:
        erros.append(
            f"Art. 10, § 1º: o município extinto volta a pertencer ao de sua origem, e "
            f"{lista_por_extenso(outros)} não {_e(outros, 'é origem', 'são origens')} de "
            f"{_nome(extintos)} (origem "
            f"registrada: {lista_por_extenso(nomes_origens)}; {fonte})."
        )
    if faltantes:
        erros.append(
            f"Art. 10, § 1º: {lista_por_extenso(faltantes)} também "
            f"{_e(faltantes, 'é origem', 'são origens')} de "
            f"{_nome(extintos)} e o território volta a todas as origens ({fonte})."
        )
    return ConferenciaDoDestino(
        "§ 1º", fonte, conferidos, tuple(erros), origens=tuple(nomes_origens)
    )
