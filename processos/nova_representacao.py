"""A nova representação sobre um processo arquivado (Art. 13).

Decisão: o arquivado por votação ou pelo veredito do plebiscito não volta pelo Presidente; a
comunidade pode protocolar uma nova representação, que recomeça no Art. 13 e fica ligada ao
arquivado. A ligação é feita no protocolo, gravada no Andamento e não se retifica. Liga-se a
um processo **arquivado**, do **mesmo tipo** e com **os mesmos municípios de origem** (o mesmo
pedido sobre o mesmo território; com outro tipo ou outros municípios é outro pedido, sem
ligação), e que ainda **não tenha** nova representação (a seguinte liga-se à mais recente,
formando uma cadeia).
"""

import re
from dataclasses import dataclass

from processos import reabertura
from processos.estados import Estado, Tipo
from processos.models import AtoRecusado, Processo, protocolo_de
from requisitos.aplicacao import aplica

_PROTOCOLO = re.compile(r"^\s*(\d{1,6})\s*[/-]\s*(\d{4})\s*$")

FORMATO = "Informe o processo anterior pelo número de protocolo, como 0001/2026."


@dataclass(frozen=True)
class Ligacao:
    """Como as páginas mostram a ligação, nas duas direções."""

    processo: Processo
    frase: str


def ler_protocolo(texto: str) -> tuple[int, int]:
    achado = _PROTOCOLO.match(texto or "")
    if not achado:
        raise AtoRecusado(FORMATO)
    return int(achado[1]), int(achado[2])


def _nomes(municipios) -> str:
    nomes = sorted(m.nome for m in municipios)
    return ", ".join(nomes) if nomes else "nenhum município"


@aplica(
    "Art. 13",
    descricao="A nova representação sobre um processo arquivado liga-se a ele no protocolo: "
    "o sistema confere que o anterior existe, está arquivado, é do mesmo tipo e tem os mesmos "
    "municípios de origem, e as duas páginas mostram a ligação.",
    testes=(
        "tests.processos.test_nova_representacao.test_liga_a_nova_representacao_ao_arquivado",
        "tests.processos.test_nova_representacao.test_recusa_processo_anterior_nao_arquivado",
        "tests.processos.test_nova_representacao.test_recusa_processo_anterior_de_outros_municipios",
    ),
    decisao="A nova representação liga-se a um processo arquivado do mesmo tipo e com os "
    "mesmos municípios de origem, que ainda não tenha nova representação.",
)
def processo_anterior(
    texto: str, *, tipo: str, municipios_origem, travar: bool = False
) -> Processo | None:
    """O processo arquivado a que a nova representação se liga (None se o campo veio em
    branco); AtoRecusado, com o motivo, se não puder ser ligado. `travar`: dentro da
    transação do protocolo, a linha do arquivado fica travada até o fim — dois protocolos
    simultâneos não se ligam ao mesmo arquivado."""
    if not (texto or "").strip():
        return None
    numero, ano = ler_protocolo(texto)
    nome = protocolo_de(numero, ano)
    consulta = Processo.objects.select_for_update() if travar else Processo.objects
    anterior = consulta.filter(numero=numero, ano=ano).first()
    if anterior is None:
        raise AtoRecusado(f"Não há processo com o protocolo nº {nome}.")
    if anterior.estado != Estado.ARQUIVADO:
        raise AtoRecusado(
            f"O processo nº {nome} não está arquivado (está em: {anterior.get_estado_display()}): "
            "a nova representação liga-se só a um processo arquivado (Art. 13)."
        )
    if anterior.tipo != tipo:
        raise AtoRecusado(
            f"O processo nº {nome} é de {Tipo(anterior.tipo).label.lower()}, e esta "
            f"representação, de {Tipo(tipo).label.lower()}: é outro pedido, sem ligação."
        )
    deles = set(anterior.municipios_origem.all())
    if deles != set(municipios_origem or ()):
        raise AtoRecusado(
            f"O processo nº {nome} envolve {_nomes(deles)}, e esta representação, "
            f"{_nomes(municipios_origem or ())}: a nova representação trata dos mesmos "
            "municípios de origem."
        )
    seguinte = anterior.novas_representacoes.first()
    if seguinte is not None:
        raise AtoRecusado(
            f"O processo nº {nome} já tem nova representação: nº {seguinte.protocolo}. "
            "Ligue a nova a ela, se também estiver arquivada."
        )
    return anterior


def inicial(texto: str) -> dict:
    """O protocolo aberto pelo link do arquivado (`?anterior=0001-2026`): o campo preenchido
    e, se o processo existe, o tipo, o nome, a sede e os municípios dele, para conferir."""
    try:
        numero, ano = ler_protocolo(texto)
    except AtoRecusado:
        return {}
    anterior = Processo.objects.filter(numero=numero, ano=ano).first()
    if anterior is None:
        return {"processo_anterior": protocolo_de(numero, ano)}
    return {
        "processo_anterior": anterior.protocolo,
        "tipo": anterior.tipo,
        "nome_proposto": anterior.nome_proposto,
        "sede_proposta": anterior.sede_proposta,
        "municipios_origem": list(anterior.municipios_origem.all()),
    }


def ligacoes(processo: Processo) -> list[Ligacao]:
    """As frases das duas direções: de que arquivado este é nova representação, e qual nova
    representação este arquivado recebeu."""
    frases = []
    anterior = processo.processo_anterior
    if anterior is not None:
        andamento = reabertura.ultimo_arquivamento(anterior)
        quando = ""
        if andamento is not None:
            quem = reabertura.classificar(andamento)
            quando = f" (arquivado em {andamento.data_ato:%d/%m/%Y} {quem.autor})"
        frases.append(
            Ligacao(
                anterior,
                f"Nova representação sobre o processo arquivado Nº {anterior.protocolo}{quando}",
            )
        )
    # A página anota se há nova representação (sem uma consulta a mais no caso comum).
    seguintes = (
        processo.novas_representacoes.all()
        if getattr(processo, "tem_nova_representacao", True)
        else ()
    )
    for seguinte in seguintes:
        frases.append(Ligacao(seguinte, f"Nova representação: Nº {seguinte.protocolo}"))
    return frases
