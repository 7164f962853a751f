"""Art. 1º, caput e § 1º: a criação, a incorporação e a fusão "preservarão a continuidade e
a unidade histórico-cultural do ambiente urbano", e a análise disso é da Comissão de
Revisão Territorial, ouvido previamente o Órgão de Cartografia (sem Django).

A análise é um juízo da CRT, não um número: o sistema não a calcula, exige que ela seja
registrada, com o seu fundamento por escrito, no parecer de mérito (Art. 18) — o ato em que
a CRT, já de posse da resposta da Cartografia (Art. 2º, §§ 2º e 3º), conclui sobre o
território — e recusa o parecer favorável quando a própria CRT concluiu que a unidade não se
preserva.
"""

from requisitos.aplicacao import DECLARADA, aplica

# Art. 1º, caput: os tipos que o artigo nomeia (o desmembramento é a criação, § 3º).
TIPOS = frozenset({"criacao", "incorporacao", "fusao"})
PRESERVADA = "preservada"
NAO_PRESERVADA = "nao_preservada"
ACHADOS = {
    PRESERVADA: "A continuidade e a unidade histórico-cultural do ambiente urbano são preservadas",
    NAO_PRESERVADA: "A continuidade e a unidade histórico-cultural do ambiente urbano não são "
    "preservadas",
}
FUNDAMENTO_MINIMO = 20  # caracteres: uma frase, não um "ok"


@aplica(
    "Art. 1º; Art. 1º, § 1º",
    modo=DECLARADA,
    descricao="A CRT registra no parecer de mérito a sua análise da continuidade e da unidade "
    "histórico-cultural do ambiente urbano, com o fundamento; o parecer favorável exige a "
    "análise registrada e recusa-se quando ela conclui que a unidade não se preserva.",
    testes=(
        "tests.instrucao.test_unidade_historico_cultural.test_art1_p1_favoravel_sem_a_analise_e_recusado",
        "tests.instrucao.test_unidade_historico_cultural.test_art1_p1_favoravel_com_a_unidade_preservada_e_fundamentada_passa",
        "tests.instrucao.test_unidade_historico_cultural.test_art1_caput_favoravel_com_a_unidade_nao_preservada_e_recusado",
    ),
    decisao="O juízo é da CRT (Art. 1º, § 1º) e se registra no parecer de mérito, depois da "
    "resposta da Cartografia. Exigido no parecer favorável; no contrário é facultativo (o "
    "processo não segue).",
)
def recusa_da_unidade(tipo: str, conclusao: str, achado: str | None, fundamento: str) -> str:
    """A mensagem de recusa do parecer de mérito ("" quando passa)."""
    if tipo not in TIPOS or conclusao != "favoravel":
        return ""
    fundamento = " ".join((fundamento or "").split())
    if achado not in ACHADOS:
        return (
            "Parecer favorável recusado: registre a análise da CRT sobre a continuidade e a "
            "unidade histórico-cultural do ambiente urbano, com o seu fundamento (Art. 1º, "
            "§ 1º)."
        )
    if len(fundamento) < FUNDAMENTO_MINIMO:
        return (
            "Parecer favorável recusado: escreva o fundamento da análise da continuidade e da "
            f"unidade histórico-cultural (ao menos {FUNDAMENTO_MINIMO} caracteres; Art. 1º, "
            "§ 1º)."
        )
    if achado == NAO_PRESERVADA:
        return (
            "Parecer favorável recusado: a própria CRT concluiu que a medida não preserva a "
            "continuidade e a unidade histórico-cultural do ambiente urbano (Art. 1º, caput e "
            "§ 1º)."
        )
    return ""
