"""O parecer de mérito (Art. 18) e o Projeto de Lei (Art. 7º) leem as certidões: o `preparar`
dos blocos desses atos em `instrucao/atos.py`, que roda na linha travada, antes da transição
— calcula o que o ato grava (um resultado tipado) e pode recusá-lo com `AtoRecusado`."""

from dataclasses import dataclass

from instrucao import avaliacao, certidoes
from processos.models import AtoRecusado
from requisitos.aplicacao import aplica
from requisitos.unidade_historico_cultural import TIPOS, recusa_da_unidade
from requisitos.veredito import como_dict

RECARREGUE = (
    "Uma certidão foi registrada ou retificada depois que este formulário foi aberto; "
    "recarregue a página e confira a avaliação antes de emitir o parecer."
)


@dataclass(frozen=True)
class AvaliacaoDoParecer:
    """O que o parecer de mérito grava da instrução: a avaliação do Art. 2º (quando
    completa), os números usados e as certidões de onde vieram."""

    certidoes: list
    veredito: dict | None = None
    figuras: dict | None = None
    parametros: dict | None = None

    def como_dados(self) -> dict:
        dados = {"certidoes_art2": self.certidoes}
        if self.veredito is not None:
            dados |= {
                "avaliacao_art2": self.veredito,
                "figuras_art2": self.figuras,
                "parametros_aplicados": self.parametros,
            }
        return dados

    @classmethod
    def de_andamento(cls, andamento) -> "AvaliacaoDoParecer":
        """O que o parecer de mérito gravou (`veredito` None: a avaliação não estava
        completa, ou o Andamento não é de um parecer com o Art. 2º)."""
        dados = andamento.dados or {}
        return cls(
            dados.get("certidoes_art2") or [],
            dados.get("avaliacao_art2"),
            dados.get("figuras_art2"),
            dados.get("parametros_aplicados"),
        )


def preparar_parecer_de_merito(processo, dados: dict) -> AvaliacaoDoParecer | None:
    """Art. 18 e Art. 1º, § 1º: a avaliação do Art. 2º e a análise da unidade
    histórico-cultural, conferidas antes de o parecer ser emitido."""
    avaliacao_do_parecer = preparar_parecer_merito(processo, dados)
    preparar_unidade_historico_cultural(processo, dados)
    return avaliacao_do_parecer


def preparar_parecer_merito(processo, dados: dict) -> AvaliacaoDoParecer | None:
    """Grava a avaliação (veredito, números usados e as certidões de onde vieram, com versão
    e SHA-256); na criação, recusa quando falta algum número e recusa o parecer favorável
    com requisito indispensável não atendido (Art. 2º e § 1º). Na extinção grava a avaliação
    do Art. 10, I, quando completa; o que cada fundamento exige é conferido pela
    representação."""
    avaliado = avaliacao.avaliar(processo)
    vistas = dados.pop("certidoes_vistas", None)
    if avaliado is None:
        return None
    # Vazio: o formulário não a trouxe (a avaliação é recalculada aqui de todo modo).
    if vistas and vistas != _assinatura(avaliado):
        raise AtoRecusado(RECARREGUE)
    if processo.tipo == "criacao" and not avaliado.completa:
        raise AtoRecusado(
            "Não é possível avaliar o Art. 2º com as certidões recebidas: "
            + " ".join(avaliado.faltas)
        )
    favoravel = dados.get("conclusao") == "favoravel"
    if processo.tipo == "criacao" and favoravel and not avaliado.veredito.atende:
        raise AtoRecusado(
            "Parecer favorável recusado: requisitos indispensáveis não atendidos "
            "(Art. 2º e § 1º). " + " ".join(avaliacao.falhas(avaliado.veredito))
        )
    if not avaliado.completa:
        return AvaliacaoDoParecer(avaliacao.fontes_gravadas(avaliado))
    return AvaliacaoDoParecer(
        avaliacao.fontes_gravadas(avaliado),
        como_dict(avaliado.veredito),
        avaliacao.numeros_gravados(processo, avaliado),
        # O parecer nomeia a versão de cada parâmetro legal que usou (tempus regit actum).
        avaliacao.parametros_aplicados(processo),
    )


def preparar_unidade_historico_cultural(processo, dados: dict) -> None:
    """Art. 1º, § 1º: a análise da CRT registrada no parecer de mérito (ver a regra)."""
    if processo.tipo not in TIPOS:
        dados.pop("unidade_historico_cultural", None)
        dados.pop("fundamento_unidade", None)
        return
    recusa = recusa_da_unidade(
        processo.tipo,
        dados.get("conclusao", ""),
        dados.get("unidade_historico_cultural") or None,
        dados.get("fundamento_unidade", ""),
    )
    if recusa:
        raise AtoRecusado(recusa)


def _assinatura(avaliado) -> str:
    return ",".join(str(c.pk) for c in avaliado.figuras.certidoes)


@dataclass(frozen=True)
class ParcelasDoIcms:
    """Art. 7º, V: a parcela do índice do ICMS de cada município de origem, gravada no PL."""

    parcelas: list

    def como_dados(self) -> dict:
        return {"participacoes_icms": self.parcelas}


def parcelas_gravadas(andamento) -> list[dict]:
    """As parcelas que o ato `apresentar_pl` gravou (vazio fora da criação)."""
    return andamento.dados.get("participacoes_icms") or []


@aplica(
    "Art. 7º, V; Art. 7º, parágrafo único",
    descricao="O Projeto de Lei da criação traz a parcela do índice do ICMS de cada município "
    "de origem, lida da certidão vigente da SEFAZ e gravada no ato, cada uma contra o índice "
    "do próprio município, sem total; sem a parcela de algum município, o PL é recusado.",
    testes=(
        "tests.instrucao.test_certidoes.test_art7_v_pl_grava_e_imprime_a_parcela_de_cada_origem_sem_total",
        "tests.instrucao.test_certidoes.test_pl_sem_a_parcela_do_icms_de_um_municipio_e_recusado",
    ),
)
def preparar_projeto_de_lei(processo, dados: dict) -> ParcelasDoIcms | None:
    """Art. 7º, V: o PL da criação diz a parcela do índice do ICMS de cada município de
    origem que passa ao novo município, cada uma contra o índice do seu município, da
    certidão vigente da SEFAZ — gravada no ato, para que o PDF não contradiga o ato. Sem a
    parcela de algum município, o PL é recusado."""
    if processo.tipo != "criacao":
        return None
    figuras = certidoes.figuras_vigentes(processo)
    unidades = [
        u for u in certidoes.unidades_pedidas(processo, "sefaz") if "participacao_icms" in u.campos
    ]
    faltam = [
        u.municipio.nome for u in unidades if figuras.valor(u.chave, "participacao_icms") is None
    ]
    if faltam:
        raise AtoRecusado(
            "O Projeto de Lei precisa da parcela do índice do ICMS que passa ao novo município "
            f"(Art. 7º, V), certificada pela SEFAZ; falta a de {', '.join(faltam)}."
        )
    parcelas = [
        {
            "municipio": u.municipio.nome,
            "codigo_ibge": u.municipio.codigo_ibge,
            "percentual": str(figuras.valor(u.chave, "participacao_icms")),
            "certidao": figuras.fonte(u.chave, "participacao_icms").numero,
        }
        for u in unidades
    ]
    # Sem total: cada parcela é um percentual do índice do seu próprio município de origem, e
    # somar percentuais de índices diferentes não dá número algum da lei (Art. 7º, V).
    return ParcelasDoIcms(parcelas)
