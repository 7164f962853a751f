"""Os dados gravados num Andamento como a linha do tempo e o extrato os mostram: o rótulo
declarado (campo do formulário do ato, dado do hub ou rótulo que a fase declara no bloco do
ato, `declarar_ato(rotulos=...)`) e o valor em palavras e números pt-BR."""

import hashlib
import json
import re
from datetime import date
from decimal import Decimal

from django.utils import timezone

from processos import extensoes, reabertura, retificacao
from processos.atos import ATOS
from processos.campos import FORMATO_DATA
from processos.estados import ROTULO_DO_ESTADO, Estado
from processos.forms import formulario_do_ato
from processos.models import FormaEncaminhamento
from requisitos import formatacao as fmt
from requisitos.parametros import ABRANGENCIAS_PLEBISCITO


def descrever_dado(nome_ato: str, campo: str, valor) -> tuple[str, object]:
    """Rótulo e valor legível de um dado gravado no Andamento, para a linha do tempo."""
    rotulo, escolhas = rotulo_declarado(nome_ato, campo) or (campo.replace("_", " "), {})
    return rotulo.rstrip("."), _legivel(valor, escolhas)


def rotulo_declarado(nome_ato: str, campo: str) -> tuple[str, dict] | None:
    """O rótulo (e as escolhas) de um dado: o do campo do formulário do ato, o dos dados que
    o hub grava ou o que a fase declarou (`declarar_ato(rotulos=...)`); None se ninguém o
    declarou."""
    formulario = formulario_do_ato(nome_ato)
    campo_form = formulario.base_fields.get(campo) if formulario else None
    if campo_form is not None:
        return str(campo_form.label), dict(getattr(campo_form, "choices", None) or [])
    return ROTULOS_EXTRAS.get(campo) or extensoes.rotulo(campo)


# Dados gravados pelo próprio ato (não digitados num campo do formulário): rótulo e valores.
ROTULOS_EXTRAS = {
    "forma_encaminhamento": ("Encaminhamento", dict(FormaEncaminhamento.choices)),
    "abrangencia": ("Abrangência da consulta em vigor", ABRANGENCIAS_PLEBISCITO),
    "conclusao": ("Conclusão", {"favoravel": "Favorável", "contrario": "Contrária"}),
}


def _legivel(valor, escolhas: dict):
    if isinstance(valor, bool):
        return "Sim" if valor else "Não"
    if isinstance(valor, str) and valor in escolhas:
        return escolhas[valor]
    if isinstance(valor, str) and DECIMAL_GRAVADO.fullmatch(valor):
        # Números gravados como texto ("12.340000"): escritos como um brasileiro os lê.
        return _numero_br(Decimal(valor))
    if isinstance(valor, str):
        try:
            return date.fromisoformat(valor).strftime(FORMATO_DATA)
        except ValueError:
            return valor
    # Inteiros ficam como vieram: um ano (2029) não leva separador de milhar.
    return valor


# Um número gravado como texto no Andamento (Decimal serializado): "12.340000", "-3.5".
DECIMAL_GRAVADO = re.compile(r"-?\d+\.\d+")


def _numero_br(valor: Decimal) -> str:
    """Com as casas que o número tem (sem zeros à direita): 12.340000 → "12,34"."""
    expoente = valor.normalize().as_tuple().exponent
    return fmt.decimal(valor, max(0, -expoente) if isinstance(expoente, int) else 0)


def _dados_legiveis(andamento) -> list[tuple[str, object]]:
    dados = andamento.dados or {}
    # A retificação mostra cada campo alterado: "Campo: antes → depois".
    alteracoes = dados.get("alteracoes", []) if andamento.ato == "retificar_dados" else []
    # Avaliações e números estruturados aparecem na seção Requisitos, não na linha do tempo.
    return [retificacao.descrever(a) for a in alteracoes] + [
        descrever_dado(andamento.ato, campo, valor)
        for campo, valor in dados.items()
        if valor not in (None, "", []) and not isinstance(valor, dict | list)
    ]


def como_linha_do_tempo(andamento) -> dict:
    """Um andamento como a linha do tempo o mostra, com os rótulos e as datas já escritos
    (o laço dos andamentos era o trecho mais caro do modelo da página)."""
    usuario = andamento.usuario
    origem = andamento.estado_origem
    return {
        "ato": andamento.ato,
        "rotulo": ATOS[andamento.ato].rotulo if andamento.ato in ATOS else andamento.ato,
        "data": f"{andamento.data_ato:%d/%m/%Y}",
        "usuario": usuario.get_full_name() or usuario.username,
        "origem": ROTULO_DO_ESTADO.get(origem, origem),
        "destino": ROTULO_DO_ESTADO.get(andamento.estado_destino, andamento.estado_destino),
        "registrado_em": f"{timezone.localtime(andamento.registrado_em):%d/%m/%Y %H:%M}",
        "justificativa": andamento.justificativa,
        "dados": _dados_legiveis(andamento),
        # O PDF juntado ao ato (documentos.anexos), lido com os andamentos.
        "anexo": getattr(andamento, "anexo", None),
        "arquivamento": reabertura.descrever(andamento)
        if andamento.estado_destino == Estado.ARQUIVADO
        else "",
    }


def marca(linhas: list[dict]) -> str:
    """O SHA-256 do que as linhas (`como_linha_do_tempo`) mostram: a chave do trecho da
    linha do tempo guardado em cache na página do processo. As mesmas linhas, o mesmo
    trecho; qualquer diferença — um ato novo, o nome de quem o praticou, o anexo — outro."""
    texto = json.dumps(
        [{**linha, "anexo": _do_anexo(linha["anexo"])} for linha in linhas], default=str
    )
    return hashlib.sha256(texto.encode()).hexdigest()


def _do_anexo(anexo) -> list | None:
    if anexo is None:
        return None
    return [
        anexo.pk,
        anexo.descricao,
        anexo.nome_original,
        anexo.paginas,
        anexo.tamanho,
        anexo.sha256,
    ]
