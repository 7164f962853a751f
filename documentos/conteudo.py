"""O conteúdo de um documento: que modelo, que título, que dados — lidos do processo e dos
andamentos, nunca digitados de novo. Cada função devolve um `Conteudo` pronto para a minuta
(`emissao.minuta`) ou para a emissão (com código).

Aqui ficam as peças comuns a todas as fases (quem fala pela Comissão, o contexto do processo,
o informe ao Plenário, o extrato, o comprovante de protocolo, a certidão do simulador); as
peças dos atos de cada fase são montadas na própria fase (`plebiscito/documentos.py`,
`instrucao/documentos.py`) com `base` e `serie`."""

from dataclasses import dataclass, field
from datetime import date

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from processos import extensoes
from processos.estados import Tipo
from processos.linha_do_tempo import descrever_dado
from processos.models import Andamento, ExercicioPresidencia, Processo
from processos.papeis import GRUPOS, MESA, PRESIDENTE, SERVIDOR

CRT = "Comissão de Revisão Territorial"


@dataclass(frozen=True)
class Emitente:
    nome: str
    cargo: str = ""


@dataclass
class Conteudo:
    """Um documento antes de ser emitido: o modelo e tudo o que ele precisa."""

    tipo: str
    titulo: str
    serie: str
    template: str
    contexto: dict = field(default_factory=dict)


def emitente_de(usuario: AbstractBaseUser | None, data: date | None = None) -> Emitente:
    """Nome e cargo de quem fala pela Comissão (Art. 21): o Presidente, ou o membro em
    exercício da Presidência, ou o servidor que emitiu um documento de rotina."""
    if usuario is None:
        return Emitente("Sistema Emancipação (emissão automática)", CRT)
    nome = usuario.get_full_name() or usuario.get_username()
    grupos = set(usuario.groups.values_list("name", flat=True))
    if GRUPOS[PRESIDENTE] in grupos:
        return Emitente(nome, f"Presidente da {CRT}")
    data = data or timezone.localdate()
    if ExercicioPresidencia.objects.vigentes(data).filter(membro=usuario).exists():
        return Emitente(nome, f"Membro em exercício da Presidência da {CRT} (Art. 21)")
    if GRUPOS[SERVIDOR] in grupos:
        return Emitente(nome, f"Servidor(a) da {CRT}")
    if GRUPOS[MESA] in grupos:
        return Emitente(nome, "Secretaria da Mesa Diretora")
    return Emitente(nome)


def nomes_origem(processo: Processo) -> list[str]:
    return [m.nome for m in processo.municipios_origem.all()]


def lista_por_extenso(nomes: list[str]) -> str:
    if len(nomes) <= 1:
        return "".join(nomes)
    return ", ".join(nomes[:-1]) + " e " + nomes[-1]


def contexto_processo(processo: Processo, andamento: Andamento | None = None) -> dict:
    origens = nomes_origem(processo)
    return {
        "processo": processo,
        "andamento": andamento,
        "origens": origens,
        "origens_extenso": lista_por_extenso(origens),
        "tipo_rotulo": Tipo(processo.tipo).label,
        "data_documento": andamento.data_ato if andamento else timezone.localdate(),
    }


def ultimo(processo: Processo, ato: str) -> Andamento | None:
    return processo.andamentos.filter(ato=ato).select_related("usuario").first()


def territorio(processo: Processo) -> dict | None:
    """O mapa e as figuras guardados da conferência territorial (a fase que os calcula os
    entrega por `extensoes`; sem ela, ou sem mapa conferido, nada)."""
    return extensoes.ler("territorio_no_documento", processo)


def base(andamento: Andamento, **extra) -> dict:
    contexto = contexto_processo(andamento.processo, andamento)
    contexto["emitente"] = emitente_de(andamento.usuario, andamento.data_ato)
    contexto["dados"] = andamento.dados or {}
    contexto.update(extra)
    return contexto


def serie(andamento: Andamento, tipo: str, sufixo: str = "") -> str:
    return f"andamento:{andamento.pk}:{tipo}{sufixo}"


def comprovante_protocolo(andamento: Andamento) -> Conteudo:
    """Art. 14: a representação lida no expediente é protocolada; os peticionários recebem o
    comprovante (número, data e o que foi recebido), verificável em /validar/."""
    processo = andamento.processo
    return Conteudo(
        "comprovante_protocolo",
        f"Comprovante de protocolo — Processo nº {processo.protocolo}",
        serie(andamento, "comprovante_protocolo"),
        "pdf/comprovante_protocolo.html",
        base(
            andamento,
            protocolado_em=processo.criado_em,
            data_documento=timezone.localtime(processo.criado_em).date(),
        ),
    )


def informe_plenario(
    andamento: Andamento, fase: str, texto: str, copia_integral: str = ""
) -> Conteudo:
    """Art. 19, § 2º: a CRT acompanha cada fase do plebiscito no TRE e informa o Plenário."""
    processo = andamento.processo
    contexto = base(andamento, fase=fase, texto=texto, copia_integral=copia_integral)
    return Conteudo(
        "informe_plenario",
        f"Informe ao Plenário ({fase}) — Processo nº {processo.protocolo}",
        serie(andamento, "informe_plenario"),
        "pdf/informe_plenario.html",
        contexto,
    )


def linhas_do_andamento(andamento: Andamento) -> list[tuple[str, object]]:
    return [
        descrever_dado(andamento.ato, campo, valor)
        for campo, valor in (andamento.dados or {}).items()
        # Avaliações e números estruturados têm as suas seções nos pareceres.
        if valor not in (None, "", []) and not isinstance(valor, dict | list)
    ]


def extrato(processo: Processo, usuario, documentos) -> Conteudo:
    """O extrato: a linha do tempo do processo, do protocolo ao último ato."""
    andamentos = list(processo.andamentos.select_related("usuario").order_by("registrado_em", "id"))
    contexto = contexto_processo(processo)
    contexto.update(
        emitente=emitente_de(usuario),
        andamentos=[(a, linhas_do_andamento(a)) for a in andamentos],
        documentos=documentos,
        data_documento=timezone.localdate(),
    )
    return Conteudo(
        "extrato",
        f"Extrato do Processo nº {processo.protocolo}",
        f"processo:{processo.pk}:extrato",
        "pdf/extrato.html",
        contexto,
    )


def certidao_distrito(veredito, *, localidade: str = "") -> Conteudo:
    """Art. 25: certidão dos requisitos de distrito, a partir do simulador público. A série
    é o resumo do conteúdo (números, localidade, parâmetros e data impressos): o mesmo
    pedido no mesmo dia devolve a mesma certidão, e o armazenamento não cresce a cada
    clique (ver `emissao.emitir_certidao_distrito`)."""
    from documentos.pdf import hash_do_conteudo

    contexto = {
        "veredito": veredito,
        "localidade": localidade,
        "emitente": emitente_de(None),
        "data_documento": timezone.localdate(),
    }
    return Conteudo(
        "certidao_distrito",
        "Certidão de requisitos para criação de distrito (Art. 25)"
        + (f" — {localidade}" if localidade else ""),
        f"certidao_distrito:{hash_do_conteudo('pdf/certidao_distrito.html', contexto)}",
        "pdf/certidao_distrito.html",
        contexto,
    )
