"""Art. 10, III e Art. 6º, § 2º: as maiorias (dos eleitores, da Câmara Municipal)."""

from requisitos import formatacao as fmt
from requisitos.aplicacao import aplica
from requisitos.regras.fontes import TRE
from requisitos.veredito import (
    Requisito,
    Veredito,
    exigir_nao_negativos,
    faltam,
    plural,
)


@aplica(
    "Art. 10, III",
    testes=("tests.requisitos.test_regras_outras.test_art_10_iii_maioria_absoluta_dos_eleitores",),
)
def avaliar_maioria_absoluta_eleitores(assinaturas: int, eleitores: int) -> Veredito:
    """Art. 10, III: extinção a requerimento da maioria absoluta dos eleitores do município —
    assinaturas ≥ ⌊eleitores / 2⌋ + 1."""
    exigir_nao_negativos(assinaturas=assinaturas, eleitores=eleitores)
    minimo = eleitores // 2 + 1
    atende = assinaturas >= minimo
    requisito = Requisito(
        inciso="III",
        descricao="Assinaturas de eleitores (maioria absoluta)",
        valor=assinaturas,
        limite=minimo,
        comparacao=">=",
        atende=atende,
        fundamento="Art. 10, III",
        mensagem=f"{plural(assinaturas, 'assinatura', 'assinaturas')} de "
        f"{plural(eleitores, 'eleitor', 'eleitores')}; a maioria absoluta é "
        f"{fmt.inteiro(minimo)}.",
        fonte=TRE,
        falta="" if atende else faltam(minimo - assinaturas, "assinatura", "assinaturas"),
    )
    return Veredito(atende, (requisito,))


@aplica(
    "Art. 6º, § 2º",
    testes=("tests.requisitos.test_regras_outras.test_art_6_paragrafo_2_dois_tercos_da_camara",),
    digitado="o número de membros da Câmara e os votos favoráveis, transcritos da ata juntada "
    "(o sistema confere a presença da ata, não os números dela).",
)
def avaliar_aprovacao_camara(votos_favoraveis: int, membros: int) -> Veredito:
    """Art. 6º, § 2º: alteração de nome aprovada pela Câmara Municipal com voto favorável de
    2/3 dos seus membros — `votos × 3 ≥ membros × 2` (8 de 12 atende; 7 de 11 não)."""
    exigir_nao_negativos(votos_favoraveis=votos_favoraveis, membros=membros)
    if membros < 1:
        raise ValueError("A Câmara Municipal deve ter ao menos um membro.")
    if votos_favoraveis > membros:
        raise ValueError("Os votos favoráveis não podem exceder o número de membros.")
    minimo = -(-membros * 2 // 3)  # teto de 2/3, em inteiros
    atende = votos_favoraveis * 3 >= membros * 2
    requisito = Requisito(
        inciso="§ 2º",
        descricao="Votos favoráveis na Câmara Municipal (2/3 dos membros)",
        valor=votos_favoraveis,
        limite=minimo,
        comparacao=">=",
        atende=atende,
        fundamento="Art. 6º, § 2º",
        mensagem=f"{plural(votos_favoraveis, 'voto favorável', 'votos favoráveis')} de "
        f"{plural(membros, 'membro', 'membros')}; 2/3 exigem {fmt.inteiro(minimo)}.",
        fonte="Câmara Municipal (ata da sessão)",
        falta="" if atende else faltam(minimo - votos_favoraveis, "voto", "votos"),
    )
    return Veredito(atende, (requisito,))
