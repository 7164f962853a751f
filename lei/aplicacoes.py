"""Todas as aplicações da LC 23/1992, de uma vez: as que o código declara ao lado das regras e
guardas (`requisitos.aplicacao.REGISTRO`), as dos atos do processo (`processos.atos`, cada um
com o seu fundamento) e as do mapa declarativo (`lei.mapa`)."""

import importlib

from lei import mapa
from processos.atos import ATOS, Ato
from processos.estados import Tipo
from processos.papeis import GRUPOS
from representacao.checklist import CHECKLIST
from requisitos.aplicacao import (
    DECLARADA,
    PRESENCA,
    REGISTRO,
    Aplicacao,
    CitacaoInvalida,
    Dispositivo,
)
from requisitos.aplicacao import Registro as _Registro

# Os módulos que declaram aplicações com `@aplica`/`registrar`: importados antes de ler o
# registro (um teste confere que todo módulo com declarações está nesta lista).
MODULOS_QUE_DECLARAM = (
    "requisitos.regras.criacao",
    "requisitos.regras.distrito",
    "requisitos.regras.limites",
    "requisitos.regras.maiorias",
    "requisitos.regras.assinaturas",
    "requisitos.toponimia",
    "requisitos.prazos",
    "requisitos.eleicoes",
    "requisitos.votacoes",
    "requisitos.unidade_historico_cultural",
    "plebiscito.regras",
    "plebiscito.resultado",
    "plebiscito.services",
    "processos.condicoes",
    "processos.reabertura",
    "processos.nova_representacao",
    "processos.rito",
    "processos.cronologia",
    "processos.forms",
    "representacao.validade",
    "representacao.extincao",
    "representacao.documentos",
    "instrucao.avaliacao",
    "instrucao.parecer",
    "territorio.memorial.adocao",
)


def carregar_declaracoes() -> None:
    for modulo in MODULOS_QUE_DECLARAM:
        importlib.import_module(modulo)


def _papeis(ato: Ato) -> str:
    nomes = [GRUPOS.get(p, p) for p in sorted(ato.papeis)]
    return nomes[0] if len(nomes) == 1 else ", ".join(nomes[:-1]) + " ou " + nomes[-1]


def dos_atos() -> tuple[list[Aplicacao], list[str]]:
    """Uma aplicação por ato (modo declarada: quem pratica registra o que aconteceu) e os
    atos cujo fundamento não é uma citação legível."""
    registro, invalidos = _Registro(), []
    for ato in ATOS.values():
        try:
            registro.registrar(
                ato.fundamento,
                modo=DECLARADA,
                descricao=f"Ato “{ato.rotulo}”, praticado por {_papeis(ato)}: registrado, com "
                "data e autor, no andamento do processo.",
                onde=f"processos.models.Processo.{ato.nome}",
            )
        except CitacaoInvalida as exc:
            invalidos.append(f"Ato {ato.nome}: {exc}")
    return registro.aplicacoes, invalidos


def dos_documentos() -> tuple[list[Aplicacao], list[str]]:
    """Uma aplicação por documento da lista do Art. 15 (e afins), com os tipos que o exigem:
    "Receber na CRT" só passa com os obrigatórios juntados. Presença conferida, não
    calculada: o sistema confere o arquivo (o PDF abre, a imagem decodifica), não o que ele
    diz."""
    tipos: dict[tuple[str, str, str], list[str]] = {}
    for tipo, itens in CHECKLIST.items():
        for item in itens:
            tipos.setdefault((item.fundamento, item.rotulo, item.obrigatorio), []).append(tipo)
    registro, invalidos = _Registro(), []
    for (fundamento, rotulo, obrigatorio), codigos in tipos.items():
        nomes = ", ".join(str(Tipo(c).label).lower() for c in codigos)
        exigencia = "exigido" if obrigatorio else "facultativo"
        try:
            registro.registrar(
                fundamento,
                modo=PRESENCA,
                descricao=f"Documento “{rotulo}” ({exigencia}: {nomes}): a presença é conferida "
                "antes de “Receber na CRT” — o arquivo é do tipo dito (o PDF abre, a imagem "
                "decodifica, o mapa é lido) —, mas o que ele diz não é conferido pelo sistema.",
                onde="representacao.checklist.CHECKLIST",
            )
        except CitacaoInvalida as exc:
            invalidos.append(f"Documento {rotulo}: {exc}")
    return registro.aplicacoes, invalidos


def todas(mapa_declarativo: _Registro | None = None) -> list[Aplicacao]:
    """As do código, as dos atos, as dos documentos e as do mapa (o do sistema, ou a cópia
    que um teste passar)."""
    carregar_declaracoes()
    atos, _ = dos_atos()
    documentos, _ = dos_documentos()
    declarativo = mapa_declarativo or mapa.MAPA
    return [*REGISTRO.aplicacoes, *atos, *documentos, *declarativo.aplicacoes]


def por_dispositivo(aplicacoes: list[Aplicacao]) -> dict[Dispositivo, list[Aplicacao]]:
    indice: dict[Dispositivo, list[Aplicacao]] = {}
    for aplicacao in aplicacoes:
        for dispositivo in aplicacao.dispositivos:
            indice.setdefault(dispositivo, []).append(aplicacao)
    return indice
