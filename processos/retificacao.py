"""Retificação dos dados do processo (ato `retificar_dados`): o que se compara, o
que o Andamento registra (cada campo antes e depois) e o que cada etapa já fixou.

Os bloqueios são conferidos pelo preparo do ato (`preparar_retificacao`, na linha travada), e
não só pela tela: formulário desatualizado, POST forjado e chamada direta ao serviço caem na
mesma recusa. Os valores novos entram no processo no passo de gravar (`aplicar`), e os
municípios de origem, um M2M, depois do save (`gravar_municipios`).
"""

from dataclasses import dataclass
from decimal import Decimal

from processos import leitura, rito
from processos.condicoes import condicao
from processos.estados import Estado
from processos.recusas import AtoRecusado

CAMPOS = (
    "nome_proposto",
    "sede_proposta",
    "municipios_origem",
    "area_movida_km2",
    "area_total_km2",
    "divisas",
    "memorial_descritivo",
)
AREAS = ("area_movida_km2", "area_total_km2")
# Art. 19, § 3º: "emendas sobre modificação de divisas somente até a aprovação do PDL".
TERRITORIO = ("divisas", "memorial_descritivo", *AREAS)

_MILESIMO = Decimal("0.001")


def _a_partir_de(estado: str) -> frozenset[str]:
    return frozenset(rito.CAMINHO_COMPLETO[rito.CAMINHO_COMPLETO.index(estado) :])


DESDE_O_PL = _a_partir_de(Estado.PL_EM_ORDEM_DO_DIA)

MOTIVO_ART19 = (
    "campo bloqueado desde a publicação do Decreto Legislativo: emendas sobre divisas só até a "
    "aprovação do PDL (Art. 19, § 3º)."
)
# Decisão: o Decreto Legislativo fixa a área e o eleitorado consultados no plebiscito; os
# municípios de origem seguem o bloqueio das divisas.
MOTIVO_ELEITORADO = (
    "campo bloqueado desde a publicação do Decreto Legislativo, que fixou a área e o eleitorado "
    "consultados (Art. 19, § 3º)."
)
# Decisão: na revisão de limites as áreas decidem a dispensa do plebiscito (Art. 8º); depois
# do parecer preliminar elas não mudam, para que o rito não se inverta no meio do processo.
MOTIVO_ART8 = (
    "campo bloqueado desde o parecer preliminar: as áreas decidem a dispensa do plebiscito "
    "(Art. 8º)."
)
# Decisão: o Projeto de Lei menciona o nome e a sede (Art. 7º, I) e a guarda de toponímia
# (Art. 6º) correu sobre eles na apresentação; daí em diante não se retificam.
MOTIVO_ART7 = "campo bloqueado desde a apresentação do Projeto de Lei, que o menciona (Art. 7º, I)."


@leitura.por_pagina
def _parecer_preliminar_emitido(processo) -> bool:
    return processo.andamentos.filter(ato="emitir_parecer_preliminar").exists()


@_parecer_preliminar_emitido.na_pagina
def _parecer_preliminar_entre_os_andamentos_da_pagina(processo) -> bool:
    return leitura.praticado(processo, {"emitir_parecer_preliminar"})


def etapa(processo) -> str:
    """A etapa que conta para os bloqueios: o sobrestado conta pela etapa de onde saiu (o
    sobrestamento não reabre o que o rito já fixou)."""
    if processo.estado == Estado.SOBRESTADO:
        return processo.estado_de_retorno("retomar") or processo.estado
    return processo.estado


def bloqueios(processo) -> dict[str, str]:
    """{campo: motivo} dos dados que não podem mais ser retificados nesta etapa."""
    bloqueados = {}
    if not processo.divisas_editaveis:
        bloqueados |= dict.fromkeys(TERRITORIO, MOTIVO_ART19)
        bloqueados["municipios_origem"] = MOTIVO_ELEITORADO
    elif rito.RITOS[processo.tipo].plebiscito == "art8" and _parecer_preliminar_emitido(processo):
        bloqueados |= dict.fromkeys(AREAS, MOTIVO_ART8)
    if etapa(processo) in DESDE_O_PL:
        bloqueados |= dict.fromkeys(("nome_proposto", "sede_proposta"), MOTIVO_ART7)
    return bloqueados


@condicao(
    "Nenhum dado pode mais ser retificado: nome e sede desde a apresentação do Projeto de Lei "
    "(Art. 7º, I); divisas, memorial, áreas e municípios de origem desde a publicação do "
    "Decreto Legislativo (Art. 19, § 3º)."
)
def tem_dado_retificavel(processo) -> bool:
    return len(bloqueios(processo)) < len(CAMPOS)


def rotulo(processo, campo: str) -> str:
    nome = str(processo._meta.get_field(campo).verbose_name)
    return nome[:1].upper() + nome[1:]


def valores_atuais(processo) -> dict:
    valores = {campo: getattr(processo, campo) for campo in CAMPOS if campo != "municipios_origem"}
    valores["municipios_origem"] = list(processo.municipios_origem.all())
    return valores


def _normalizar(campo: str, valor):
    """O valor como o modelo o grava: áreas com 3 casas (ou None), textos sem None."""
    if campo == "municipios_origem":
        return list(valor or [])
    if campo in AREAS:
        return None if valor in (None, "") else Decimal(str(valor)).quantize(_MILESIMO)
    return "" if valor is None else str(valor)


def como_json(campo: str, valor):
    """O valor como fica no Andamento: Decimal em texto, municípios por código IBGE e nome."""
    if campo == "municipios_origem":
        return [{"codigo_ibge": m.codigo_ibge, "nome": m.nome} for m in sorted(valor, key=_ordem)]
    if campo in AREAS:
        return None if valor is None else str(valor)
    return valor


def _ordem(municipio) -> tuple:
    return (municipio.nome, municipio.codigo_ibge)


@dataclass(frozen=True)
class Alteracao:
    campo: str
    rotulo: str
    antes: object
    depois: object
    valor: object  # o novo valor, que o passo de gravar atribui (não vai ao Andamento)

    def como_dict(self) -> dict:
        return {
            "campo": self.campo,
            "rotulo": self.rotulo,
            "antes": self.antes,
            "depois": self.depois,
        }


def comparar(processo, dados: dict) -> list[Alteracao]:
    """Os campos de `dados` (os ausentes ficam como estão) cujo valor difere do atual;
    `municipios_origem` é uma sequência de `Municipio`. Levanta ValueError/ArithmeticError
    para uma área que não é número."""
    atuais = valores_atuais(processo)
    alteracoes = []
    for campo in CAMPOS:
        if campo not in dados:
            continue
        antes = como_json(campo, _normalizar(campo, atuais[campo]))
        novo = _normalizar(campo, dados[campo])
        depois = como_json(campo, novo)
        if _chave(campo, antes) != _chave(campo, depois):
            alteracoes.append(Alteracao(campo, rotulo(processo, campo), antes, depois, novo))
    return alteracoes


def _chave(campo: str, valor_json):
    if campo == "municipios_origem":
        return {m["codigo_ibge"] for m in valor_json}
    return valor_json


def erros_das_areas(movida, total) -> list[tuple[str, str]]:
    """(campo, mensagem) das áreas inválidas: positivas, e a movida não maior que a total
    (a conta do Art. 8º depende das duas). Usado no protocolo e na retificação."""
    erros = [
        (campo, "A área deve ser maior que zero.")
        for campo, valor in (("area_movida_km2", movida), ("area_total_km2", total))
        if valor is not None and valor <= 0
    ]
    if movida and total and movida > total:
        erros.append(
            (
                "area_movida_km2",
                "A área a desmembrar não pode ser maior que a área total do município.",
            )
        )
    return erros


@dataclass(frozen=True)
class Retificacao:
    """O que `retificar_dados` muda: cada campo antes e depois. No Andamento entram as
    alterações, no lugar dos campos do formulário (`retira`)."""

    alteracoes: tuple[Alteracao, ...]
    retira = CAMPOS

    def como_dados(self) -> dict:
        return {"alteracoes": [a.como_dict() for a in self.alteracoes]}

    def novos_valores(self) -> dict:
        """Os campos do próprio processo (o M2M fica para `gravar_municipios`)."""
        return {a.campo: a.valor for a in self.alteracoes if a.campo != "municipios_origem"}

    def municipios_origem(self) -> list | None:
        return next((a.valor for a in self.alteracoes if a.campo == "municipios_origem"), None)


def preparar_retificacao(processo, dados: dict) -> Retificacao:
    """O preparo do ato: o que muda, recusado se nada muda, se algum campo alterado já está
    bloqueado nesta etapa (Art. 19, § 3º e as Decisões acima) ou se as áreas resultantes são
    inválidas."""
    try:
        alteracoes = comparar(processo, dados)
    except (ValueError, ArithmeticError) as exc:
        raise AtoRecusado("Área inválida: informe um número em km².") from exc
    if not alteracoes:
        raise AtoRecusado("Nenhum dado foi alterado.")
    bloqueados = bloqueios(processo)
    recusas = [f"{a.rotulo}: {bloqueados[a.campo]}" for a in alteracoes if a.campo in bloqueados]
    if recusas:
        raise AtoRecusado(" ".join(recusas))
    retificacao = Retificacao(tuple(alteracoes))
    novos = retificacao.novos_valores()
    erros = erros_das_areas(*(novos.get(c, getattr(processo, c)) for c in AREAS))
    if erros:
        raise AtoRecusado(" ".join(dict.fromkeys(m for _, m in erros)))
    return retificacao


def aplicar(processo, retificacao: Retificacao) -> None:
    """O passo de gravar do ato: os valores novos no processo, antes do save."""
    for campo, valor in retificacao.novos_valores().items():
        setattr(processo, campo, valor)


def gravar_municipios(andamento, retificacao: Retificacao) -> None:
    """O `registrar` do ato: o M2M só se grava com o processo salvo. Na mesma transação."""
    municipios = retificacao.municipios_origem()
    if municipios is not None:
        andamento.processo.municipios_origem.set(municipios)


def descrever(alteracao: dict) -> tuple[str, str]:
    """Uma linha da linha do tempo: ("Campo", "antes → depois")."""
    campo = alteracao["campo"]
    antes, depois = _legivel(campo, alteracao["antes"]), _legivel(campo, alteracao["depois"])
    return alteracao["rotulo"], f"{antes} → {depois}"


def _legivel(campo: str, valor) -> str:
    if valor in (None, "", []):
        return "(vazio)"
    if campo == "municipios_origem":
        return ", ".join(m["nome"] for m in valor)
    if campo in AREAS:
        return str(valor).replace(".", ",")  # vírgula decimal (pt-BR)
    return str(valor)
