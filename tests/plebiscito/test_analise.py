"""A "Análise" livre não contradiz a conclusão calculada:
a conclusão do PDF vem do veredito; o texto sai como a análise de quem emite; e, quando ele
usa as palavras da conclusão oposta, o ato só segue com a confirmação expressa."""

import pytest
from django.urls import reverse

from documentos.models import Documento
from plebiscito.analise import palavras_da_conclusao_oposta
from processos.models import AtoRecusado
from tests.documentos.auxiliares import paginas_texto, sem_espacos
from tests.plebiscito.test_resultado import RELATADO, no_tre, parecer, registrar
from tests.processos.construtores import formulario_do_ato, recarregar

# O relato: plebiscito rejeitado pela regra literal (Art. 11, § 2º), análise que diz o oposto.
CONTRADITORIA = "O plebiscito aprovou a criação; a Comissão conclui pelo prosseguimento."


@pytest.mark.parametrize(
    ("texto", "aprovado", "achadas"),
    [
        (CONTRADITORIA, False, ["prosseg", "aprovou"]),
        (CONTRADITORIA, True, []),
        ("Não foi aprovado; há votos contrários.", False, []),  # sem afirmar o oposto
        ("Não foi aprovado; há votos contrários.", True, []),
        ("Opina-se pelo ARQUIVAMENTO.", True, ["arquiv"]),  # sem caixa nem acento
        ("Opina-se pelo ARQUIVAMENTO.", False, []),
        ("Parecer FAVORÁVEL.", False, ["favoravel"]),
    ],
)
def test_palavras_da_conclusao_oposta(texto, aprovado, achadas):
    assert palavras_da_conclusao_oposta(texto, aprovado) == achadas


def test_analise_contraditoria_sem_confirmacao_e_recusada(operador):
    processo = no_tre(operador)
    registrar(processo, operador, RELATADO)
    with pytest.raises(AtoRecusado, match="mas o plebiscito foi rejeitado sob a regra vigente"):
        parecer(processo, operador, texto_parecer=CONTRADITORIA)
    assert recarregar(processo).estado == "resultado_em_analise"


def test_formulario_pede_a_confirmacao_no_campo(client, operador):
    processo = no_tre(operador)
    registrar(processo, operador, RELATADO)
    processo = recarregar(processo)
    client.force_login(operador)
    post = formulario_do_ato(processo, "emitir_parecer_resultado", texto_parecer=CONTRADITORIA)
    url = reverse("processos:ato", args=[processo.slug, "emitir-parecer-resultado"])
    assert "Confirmo a análise" not in client.get(url).content.decode()  # nada a declarar
    resposta = client.post(url, post)
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "o parecer concluirá pelo arquivamento (Art. 20, § 1º)" in html
    assert "Confirmo a análise como escrita" in html
    assert recarregar(processo).estado == "resultado_em_analise"

    confirmada = client.post(url, post | {"confirma_analise": "on"})
    assert confirmada.status_code == 302
    assert recarregar(processo).estado == "arquivado"


def test_confirmada_a_analise_o_pdf_conclui_pelo_veredito_e_a_atribui_ao_autor(operador):
    processo = no_tre(operador)
    registrar(processo, operador, RELATADO)

    andamento = parecer(processo, operador, texto_parecer=CONTRADITORIA, confirma_analise=True)

    assert andamento.estado_destino == "arquivado"
    documento = Documento.objects.get(andamento=andamento, tipo="parecer_resultado")
    pdf = sem_espacos(" ".join(paginas_texto(documento.arquivo.path)))
    assert sem_espacos("III — ANÁLISE DE QUEM EMITE O PARECER") in pdf.upper()
    assert sem_espacos("decorre do resultado calculado sob a regra vigente") in pdf
    assert sem_espacos("conclui pelo arquivamento") in pdf
