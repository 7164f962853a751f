"""Corrigir ou anular uma linha da lista de signatários (Art. 13).

A linha digitada errado (nome, título, zona, seção, residência, firma) se corrige; a lançada
por engano se anula — fica na lista, riscada, com o motivo, e não conta. Cada correção e
anulação fica registrada com os dados antes e depois, a justificativa, quem e quando. As
repetições de título (um título conta uma vez, Art. 13) são recalculadas sobre a lista
inteira, e a contagem do Art. 13 sai das linhas, como sempre. Cada correção e anulação é o
ato "Corrigir lista de signatários": o Andamento, na linha do tempo, diz a linha, o que mudou,
quem, quando e por quê.
"""

from dataclasses import asdict, dataclass

from django.utils import timezone

from processos.models import AtoRecusado, Processo
from processos.services import praticar_ato
from processos.versao import versao_do_processo
from representacao.assinaturas import DadosSignatario, travar_lista
from representacao.models import CorrecaoSignatario, Signatario
from representacao.titulo import verificar_titulo

ROTULOS = {
    "nome": "Nome",
    "titulo": "Título",
    "zona": "Zona",
    "secao": "Seção",
    "reside_na_area": "Reside na área",
    "firma_reconhecida": "Firma reconhecida",
}


def dados_da_linha(s: Signatario) -> dict[str, str]:
    """Os dados da linha como a lista os mostra (o registro do antes e do depois)."""
    return {
        "nome": s.nome,
        "titulo": s.titulo_formatado,
        "zona": s.zona or "—",
        "secao": s.secao or "—",
        "reside_na_area": "Sim" if s.reside_na_area else "Não",
        "firma_reconhecida": "Sim" if s.firma_reconhecida else "Não",
    }


def descrever(correcao: CorrecaoSignatario) -> list[str]:
    """ "Título: 0012 3456 1805 → 0012 3456 1806", um por dado que mudou."""
    return _mudancas(correcao.antes, correcao.depois)


def _linha(processo: Processo, ordem: int) -> Signatario:
    travar_lista(processo)
    linha = Signatario.objects.filter(processo=processo, ordem=ordem).first()
    if linha is None:
        raise AtoRecusado(f"Não há signatário nº {ordem} nesta lista.")
    if linha.anulado:
        raise AtoRecusado(f"O signatário nº {ordem} já foi anulado; a linha não se altera mais.")
    return linha


def _exigir_justificativa(texto: str, o_que: str) -> str:
    texto = (texto or "").strip()
    if not texto:
        raise AtoRecusado(f"Informe a justificativa da {o_que}.")
    return texto


def recalcular_repeticoes(processo: Processo) -> None:
    """Cada título válido das linhas ativas conta uma vez: a primeira linha com ele é a
    original, as seguintes a repetem. Grava primeiro as que passam a repetir (saem da
    restrição de título único) e depois as que passam a ser originais."""
    linhas = list(Signatario.objects.filter(processo=processo).order_by("ordem"))
    primeira: dict[str, int] = {}
    alvo = {}
    for s in linhas:
        repete = None
        if s.titulo_valido and not s.anulado:
            original = primeira.setdefault(s.titulo_eleitor, s.ordem)
            repete = original if original != s.ordem else None
        alvo[s.pk] = repete
    mudam = [s for s in linhas if s.repete_ordem != alvo[s.pk]]
    for grupo in ([s for s in mudam if alvo[s.pk]], [s for s in mudam if not alvo[s.pk]]):
        for s in grupo:
            s.repete_ordem = alvo[s.pk]
        Signatario.objects.bulk_update(grupo, ["repete_ordem"])


# O ato do hub que registra a correção ou a anulação no Andamento (linha do tempo).
ATO = "corrigir_lista_de_signatarios"
CORRIGIR, ANULAR = CorrecaoSignatario.Acao.CORRIGIR, CorrecaoSignatario.Acao.ANULAR


def corrigir_signatario(
    *,
    processo: Processo,
    usuario,
    ordem: int,
    dados: DadosSignatario,
    justificativa: str,
    versao_vista: int | None = None,
) -> CorrecaoSignatario:
    justificativa = _exigir_justificativa(justificativa, "correção")
    novos = {
        "alteracao_da_lista": CORRIGIR.value,
        "linha_da_lista": ordem,
        "dados_novos": asdict(dados),
    }
    return _praticar(processo, usuario, novos, justificativa, versao_vista)


def anular_signatario(
    *, processo: Processo, usuario, ordem: int, motivo: str, versao_vista: int | None = None
) -> CorrecaoSignatario:
    motivo = _exigir_justificativa(motivo, "anulação")
    dados = {"alteracao_da_lista": ANULAR.value, "linha_da_lista": ordem, "motivo": motivo}
    return _praticar(processo, usuario, dados, motivo, versao_vista)


def _praticar(processo, usuario, dados, justificativa, versao_vista) -> CorrecaoSignatario:
    """Nada muda na lista sem o ato: a linha é alterada no preparo do ato e a correção
    gravada no seu efeito, na transação de `praticar_ato`. `versao_vista`: a versão do
    processo que a página mostrou; a chamada direta ao serviço (sem página) usa a atual."""
    if versao_vista is None:
        versao_vista = versao_do_processo(processo.pk)
    andamento = praticar_ato(
        processo_id=processo.pk,
        nome_ato=ATO,
        usuario=usuario,
        data_ato=timezone.localdate(),
        dados=dados,
        justificativa=justificativa,
        ultimo_andamento=versao_vista,
    )
    return andamento.correcao_de_signatario


@dataclass(frozen=True)
class CorrecaoDaLinha:
    """O que o ato grava de uma correção ou anulação: a linha, a alteração, os dados antes e
    depois e, em palavras, o que mudou (na correção) ou quem foi anulado (na anulação) —
    o Andamento os mostra na linha do tempo, e a `CorrecaoSignatario` os guarda."""

    linha: int
    alteracao: str
    antes: dict
    depois: dict
    mudancas: str = ""
    anulado: str = ""

    def como_dados(self) -> dict:
        if self.alteracao == CORRIGIR:
            em_palavras = {"mudancas_da_linha": self.mudancas}
        else:
            em_palavras = {"signatario_anulado": self.anulado}
        return em_palavras | {"antes": self.antes, "depois": self.depois}

    @classmethod
    def de_andamento(cls, andamento) -> "CorrecaoDaLinha":
        """A correção que o ato gravou (a forma de sempre: os Andamentos antigos também)."""
        dados = andamento.dados
        return cls(
            linha=dados["linha_da_lista"],
            alteracao=dados["alteracao_da_lista"],
            antes=dados["antes"],
            depois=dados["depois"],
            mudancas=dados.get("mudancas_da_linha", ""),
            anulado=dados.get("signatario_anulado", ""),
        )


def preparar_correcao(processo: Processo, dados: dict) -> CorrecaoDaLinha:
    """O `preparar` do ato (`representacao/atos.py`): altera a linha (ou a anula), recalcula
    as repetições e deixa no Andamento o antes, o depois e, em palavras, o que mudou (sem
    nomes de campo)."""
    ordem, alteracao = dados["linha_da_lista"], dados["alteracao_da_lista"]
    linha = _linha(processo, ordem)
    antes = dados_da_linha(linha)
    if alteracao == CORRIGIR:
        _aplicar(linha, DadosSignatario(**dados.pop("dados_novos")))
        depois = dados_da_linha(linha)
        if antes == depois:
            raise AtoRecusado("Nenhum dado da linha mudou: corrija o que foi digitado errado.")
        linha.save()
        correcao = CorrecaoDaLinha(
            ordem, alteracao, antes, depois, mudancas="; ".join(_mudancas(antes, depois))
        )
    else:
        # O motivo é a justificativa do ato (no Andamento); a linha o guarda para a lista.
        linha.anulado_em = timezone.now()
        linha.motivo_anulacao = dados.pop("motivo")
        linha.save(update_fields=["anulado_em", "motivo_anulacao"])
        anulado = f"{antes['nome']} (título {antes['titulo']})"
        correcao = CorrecaoDaLinha(ordem, alteracao, antes, antes, anulado=anulado)
    recalcular_repeticoes(processo)
    return correcao


def _aplicar(linha: Signatario, dados: DadosSignatario) -> None:
    titulo = verificar_titulo(dados.titulo)
    linha.nome = dados.nome
    linha.titulo_eleitor = titulo.numero[:40]
    linha.titulo_valido = titulo.valido
    # Fora da restrição de título único até o recálculo (só um título válido repete).
    linha.repete_ordem = linha.ordem if titulo.valido else None
    linha.zona, linha.secao = dados.zona, dados.secao
    linha.reside_na_area = dados.reside_na_area
    linha.firma_reconhecida = dados.firma_reconhecida


def _mudancas(antes: dict, depois: dict) -> list[str]:
    return [
        f"{rotulo}: {antes.get(c, '—')} → {depois.get(c, '—')}"
        for c, rotulo in ROTULOS.items()
        if antes.get(c) != depois.get(c)
    ]


def registrar_correcao(andamento, correcao: CorrecaoDaLinha) -> None:
    """O `registrar` do ato: a correção da lista, ligada ao Andamento, com quem, quando e
    por quê."""
    linha = Signatario.objects.get(processo_id=andamento.processo_id, ordem=correcao.linha)
    CorrecaoSignatario.objects.create(
        signatario=linha,
        acao=correcao.alteracao,
        antes=correcao.antes,
        depois=correcao.depois,
        justificativa=andamento.justificativa,
        por=andamento.usuario,
        andamento=andamento,
    )


def correcoes_do_processo(processo: Processo):
    """As correções e anulações da lista, da mais recente, com a linha e quem as fez."""
    return CorrecaoSignatario.objects.filter(signatario__processo=processo).select_related(
        "signatario", "por"
    )
