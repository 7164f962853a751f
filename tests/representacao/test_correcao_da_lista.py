"""Corrigir ou anular uma linha da lista de signatários (Art. 13): com justificativa,
registrada com o antes → depois, quem e quando, como o ato "Corrigir lista de signatários" na
linha do tempo; a contagem do Art. 13 sai das linhas; a linha anulada fica listada, riscada,
com o motivo, e não conta."""

import re

import pytest

from processos.models import AtoRecusado
from processos.versao import versao_do_processo
from representacao import assinaturas
from representacao.assinaturas import DadosSignatario, adicionar_signatario
from representacao.correcao_da_lista import (
    CorrecaoDaLinha,
    anular_signatario,
    corrigir_signatario,
)
from representacao.models import CorrecaoSignatario, Signatario
from tests.processos.construtores import protocolar
from tests.representacao.test_assinaturas_telas import titulo_mt


@pytest.fixture
def processo(operador):
    return protocolar(operador)


def _linha(processo, usuario, i, **campos):
    dados = {"nome": f"Eleitor {i}", "titulo": titulo_mt(i)} | campos
    return adicionar_signatario(processo=processo, usuario=usuario, dados=DadosSignatario(**dados))


def _url(processo, ordem, acao):
    return f"/processos/{processo.slug}/assinaturas/{ordem}/{acao}/"


def _versao(processo) -> dict:
    """A versão do processo que a página da linha mostra (campo oculto do formulário)."""
    return {"versao_vista": versao_do_processo(processo.pk)}


def _post_correcao(processo, **extra) -> dict:
    return (
        _versao(processo)
        | {
            "nome": "Eleitor 1",
            "titulo_eleitor": titulo_mt(1),
            "reside_na_area": "sim",
            "firma_reconhecida": "sim",
            "justificativa": "Nome digitado errado.",
        }
        | extra
    )


# --- pelo serviço: a contagem sai das linhas --------------------------------------------------


def test_anular_a_original_faz_a_repeticao_contar_uma_vez(processo, operador):
    """Art. 13: um título conta uma vez; anulada a primeira linha, a repetição é a original."""
    _linha(processo, operador, 1)
    _linha(processo, operador, 1, nome="Eleitor 1 de novo")
    assert assinaturas.contagem(processo).duplicados == 1

    anular_signatario(processo=processo, usuario=operador, ordem=1, motivo="Lançada duas vezes.")

    contagem = assinaturas.contagem(processo)
    assert (contagem.total, contagem.duplicados, contagem.aptos) == (1, 0, 1)
    segunda = Signatario.objects.get(processo=processo, ordem=2)
    assert segunda.repete_ordem is None


def test_art13_nao_reside_e_depois_reside_o_eleitor_nao_vira_apto_pela_repeticao(
    processo, operador
):
    """Art. 13: um eleitor conta uma vez, pela primeira linha do título. 99 aptos e o título X
    lançado "não reside" e depois "reside": 99 aptos (antes, 100 com 99 linhas aptas)."""
    for i in range(1, 100):
        _linha(processo, operador, i)
    _linha(processo, operador, 100, reside_na_area=False)
    _linha(processo, operador, 100, reside_na_area=True)

    contagem = assinaturas.contagem(processo)

    assert (contagem.aptos, contagem.nao_residentes, contagem.duplicados) == (99, 1, 1)


def test_art13_reside_e_depois_nao_reside_o_eleitor_conta_uma_vez_pela_primeira(processo, operador):
    """Art. 13, o outro lado: a primeira linha apta vale; a repetição "não reside" não o tira
    nem o conta de novo."""
    _linha(processo, operador, 1, reside_na_area=True)
    _linha(processo, operador, 1, reside_na_area=False)

    contagem = assinaturas.contagem(processo)

    assert (contagem.aptos, contagem.nao_residentes, contagem.duplicados) == (1, 0, 1)


def test_art13_corrigida_a_primeira_linha_para_reside_o_eleitor_passa_a_contar(processo, operador):
    """Art. 13: o caminho para a primeira linha digitada errado é corrigi-la, não repeti-la."""
    _linha(processo, operador, 1, reside_na_area=False)
    _linha(processo, operador, 1, reside_na_area=True)
    assert assinaturas.contagem(processo).aptos == 0

    corrigir_signatario(
        processo=processo,
        usuario=operador,
        ordem=1,
        dados=DadosSignatario(nome="Eleitor 1", titulo=titulo_mt(1), reside_na_area=True),
        justificativa="Residência digitada errado.",
    )

    assert assinaturas.contagem(processo).aptos == 1


def test_corrigir_o_titulo_para_o_de_outra_linha_vira_repeticao(processo, operador):
    _linha(processo, operador, 1)
    _linha(processo, operador, 2)

    corrigir_signatario(
        processo=processo,
        usuario=operador,
        ordem=2,
        dados=DadosSignatario(nome="Eleitor 2", titulo=titulo_mt(1)),
        justificativa="Título copiado da linha de cima por engano? Não: é o mesmo eleitor.",
    )

    assert Signatario.objects.get(processo=processo, ordem=2).repete_ordem == 1
    assert assinaturas.contagem(processo).aptos == 1


def test_corrigir_a_primeira_libera_o_titulo_para_a_repeticao(processo, operador):
    _linha(processo, operador, 1)
    _linha(processo, operador, 1, nome="Outro")

    corrigir_signatario(
        processo=processo,
        usuario=operador,
        ordem=1,
        dados=DadosSignatario(nome="Eleitor 1", titulo=titulo_mt(3)),
        justificativa="Título trocado.",
    )

    linhas = dict(Signatario.objects.filter(processo=processo).values_list("ordem", "repete_ordem"))
    assert linhas == {1: None, 2: None}
    assert assinaturas.contagem(processo).aptos == 2


def test_firma_corrigida_para_nao_deixa_de_contar(processo, operador):
    """Art. 13: só conta a assinatura com firma reconhecida."""
    _linha(processo, operador, 1)

    corrigir_signatario(
        processo=processo,
        usuario=operador,
        ordem=1,
        dados=DadosSignatario(nome="Eleitor 1", titulo=titulo_mt(1), firma_reconhecida=False),
        justificativa="A firma não foi reconhecida.",
    )

    assert assinaturas.contagem(processo).aptos == 0
    correcao = CorrecaoSignatario.objects.get()
    assert (correcao.antes["firma_reconhecida"], correcao.depois["firma_reconhecida"]) == (
        "Sim",
        "Não",
    )
    assert correcao.por == operador


@pytest.mark.parametrize(
    ("acao", "mensagem"),
    [("corrigir", "justificativa da correção"), ("anular", "justificativa da anulação")],
)
def test_sem_justificativa_nada_muda(processo, operador, acao, mensagem):
    _linha(processo, operador, 1)

    with pytest.raises(AtoRecusado, match=mensagem):
        if acao == "corrigir":
            corrigir_signatario(
                processo=processo,
                usuario=operador,
                ordem=1,
                dados=DadosSignatario(nome="Outro", titulo=titulo_mt(1)),
                justificativa="  ",
            )
        else:
            anular_signatario(processo=processo, usuario=operador, ordem=1, motivo="")

    assert not CorrecaoSignatario.objects.exists()
    assert Signatario.objects.get(processo=processo).nome == "Eleitor 1"


def test_linha_anulada_nao_se_corrige_nem_se_anula_de_novo(processo, operador):
    _linha(processo, operador, 1)
    anular_signatario(processo=processo, usuario=operador, ordem=1, motivo="Engano.")

    with pytest.raises(AtoRecusado, match="já foi anulado"):
        anular_signatario(processo=processo, usuario=operador, ordem=1, motivo="De novo.")


def test_correcao_que_nao_muda_nada_e_recusada(processo, operador):
    _linha(processo, operador, 1)

    with pytest.raises(AtoRecusado, match="Nenhum dado da linha mudou"):
        corrigir_signatario(
            processo=processo,
            usuario=operador,
            ordem=1,
            dados=DadosSignatario(nome="Eleitor 1", titulo=titulo_mt(1)),
            justificativa="Nada.",
        )


# --- pelas telas ------------------------------------------------------------------------------


def test_corrigir_pela_tela_registra_e_mostra_antes_e_depois(client, servidor, processo):
    _linha(processo, servidor, 1, nome="Eleitro 1")
    client.force_login(servidor)

    resposta = client.post(_url(processo, 1, "corrigir"), _post_correcao(processo))

    assert resposta.status_code == 302
    pagina = client.get(f"/processos/{processo.slug}/assinaturas/").content.decode()
    assert "Correção do nº 1 (Eleitor 1)" in pagina
    assert "Nome: Eleitro 1 → Eleitor 1" in pagina
    assert "Nome digitado errado." in pagina


def test_anular_pela_tela_deixa_a_linha_riscada_com_o_motivo(client, servidor, processo):
    _linha(processo, servidor, 1)
    _linha(processo, servidor, 2)
    client.force_login(servidor)

    resposta = client.post(
        _url(processo, 1, "anular"), _versao(processo) | {"motivo": "Assinatura de outra área."}
    )

    assert resposta.status_code == 302
    pagina = client.get(f"/processos/{processo.slug}/assinaturas/").content.decode()
    assert 'data-signatario="1" data-anulado' in pagina
    assert "<del>Eleitor 1</del>" in pagina
    assert "Motivo: Assinatura de outra área." in pagina
    assert assinaturas.contagem(processo).aptos == 1


def test_correcao_com_titulo_invalido_sem_confirmar_volta_com_o_erro(client, servidor, processo):
    _linha(processo, servidor, 1)
    client.force_login(servidor)

    resposta = client.post(
        _url(processo, 1, "corrigir"), _post_correcao(processo, titulo_eleitor="001234561806")
    )

    assert resposta.status_code == 400
    assert "Confira o número na lista assinada" in resposta.content.decode()
    assert not CorrecaoSignatario.objects.exists()


def test_tela_sem_motivo_volta_400_e_nada_muda(client, servidor, processo):
    _linha(processo, servidor, 1)
    client.force_login(servidor)

    resposta = client.post(_url(processo, 1, "anular"), _versao(processo) | {"motivo": ""})

    assert resposta.status_code == 400
    assert "Informe o motivo da anulação." in resposta.content.decode()
    assert not Signatario.objects.get(processo=processo).anulado


def test_linha_que_nao_existe_e_404(client, servidor, processo):
    client.force_login(servidor)

    assert client.get(_url(processo, 99, "corrigir")).status_code == 404


def test_mesa_ve_a_lista_sem_os_links_e_nao_corrige(client, mesa, servidor, processo):
    _linha(processo, servidor, 1)
    client.force_login(mesa)

    pagina = client.get(f"/processos/{processo.slug}/assinaturas/").content.decode()

    assert "/assinaturas/1/corrigir/" not in pagina
    assert client.post(_url(processo, 1, "anular"), {"motivo": "x"}).status_code == 403


def test_a_pagina_do_processo_mostra_a_correcao_da_lista(client, servidor, processo):
    _linha(processo, servidor, 1)
    anular_signatario(processo=processo, usuario=servidor, ordem=1, motivo="Lançada por engano.")
    client.force_login(servidor)

    pagina = client.get(f"/processos/{processo.slug}/").content.decode()

    assert "Anulação do nº 1 (Eleitor 1)" in pagina
    assert "Justificativa: Lançada por engano." in pagina
    assert 'data-contagem="aptos">0<' in pagina


# --- o ato na linha do tempo ------------------------------------------------------------------


def _linha_do_tempo(pagina: str) -> str:
    """O texto da seção "Andamentos", como se lê (sem as marcas do HTML)."""
    secao = pagina[pagina.index('id="titulo-andamentos"') :]
    return " ".join(re.sub(r"<[^>]+>", " ", secao).split()).replace(" :", ":")


def test_correcao_e_um_ato_com_andamento_quem_quando_o_que_e_por_que(processo, operador):
    """Nada muda no processo sem um ato: a correção grava o Andamento ligado a ela."""
    _linha(processo, operador, 1, nome="Eleitro 1")
    antes = processo.andamentos.count()

    correcao = corrigir_signatario(
        processo=processo,
        usuario=operador,
        ordem=1,
        dados=DadosSignatario(nome="Eleitor 1", titulo=titulo_mt(1)),
        justificativa="Nome digitado errado.",
    )

    andamento = processo.andamentos.latest()
    assert processo.andamentos.count() == antes + 1
    assert correcao.andamento == andamento
    assert (andamento.ato, andamento.usuario, andamento.justificativa) == (
        "corrigir_lista_de_signatarios",
        operador,
        "Nome digitado errado.",
    )
    assert andamento.estado_origem == andamento.estado_destino == processo.estado
    assert andamento.dados["mudancas_da_linha"] == "Nome: Eleitro 1 → Eleitor 1"
    assert "dados_novos" not in andamento.dados


def test_o_andamento_e_a_correcao_gravada_dizem_o_mesmo_antes_e_depois(processo, operador):
    """O que o ato grava no Andamento, lido de volta pela função da fase, é o que a correção
    guardou; na anulação, o antes e o depois são a linha como estava."""
    _linha(processo, operador, 1, nome="Eleitro 1")
    _linha(processo, operador, 2)
    corrigida = corrigir_signatario(
        processo=processo,
        usuario=operador,
        ordem=1,
        dados=DadosSignatario(nome="Eleitor 1", titulo=titulo_mt(1)),
        justificativa="Nome digitado errado.",
    )
    anulada = anular_signatario(processo=processo, usuario=operador, ordem=2, motivo="Engano.")

    lida = CorrecaoDaLinha.de_andamento(corrigida.andamento)
    assert (lida.linha, lida.alteracao, lida.antes, lida.depois) == (
        1,
        "corrigir",
        corrigida.antes,
        corrigida.depois,
    )
    assert lida.depois["nome"] == "Eleitor 1" and lida.mudancas == "Nome: Eleitro 1 → Eleitor 1"
    lida = CorrecaoDaLinha.de_andamento(anulada.andamento)
    assert lida.antes == lida.depois == anulada.antes
    assert lida.anulado == f"Eleitor 2 (título {anulada.antes['titulo']})"


def test_ato_recusado_nao_deixa_andamento_nem_correcao(processo, operador):
    _linha(processo, operador, 1)
    antes = processo.andamentos.count()

    with pytest.raises(AtoRecusado, match="Nenhum dado da linha mudou"):
        corrigir_signatario(
            processo=processo,
            usuario=operador,
            ordem=1,
            dados=DadosSignatario(nome="Eleitor 1", titulo=titulo_mt(1)),
            justificativa="Nada.",
        )

    assert processo.andamentos.count() == antes
    assert not CorrecaoSignatario.objects.exists()


def test_a_linha_do_tempo_mostra_a_correcao_e_a_anulacao(client, servidor, processo):
    _linha(processo, servidor, 1, nome="Eleitro 1")
    _linha(processo, servidor, 2)
    client.force_login(servidor)
    client.post(_url(processo, 1, "corrigir"), _post_correcao(processo))
    client.post(_url(processo, 2, "anular"), _versao(processo) | {"motivo": "Outra área."})

    pagina = client.get(f"/processos/{processo.slug}/").content.decode()

    tempo = _linha_do_tempo(pagina)
    assert tempo.count("Corrigir lista de signatários") == 2
    assert "O que mudou: Nome: Eleitro 1 → Eleitor 1" in tempo
    assert "Nome digitado errado." in tempo
    assert "Alteração: Anulação" in tempo
    assert "Signatário anulado: Eleitor 2 (título" in tempo
    assert "Outra área." in tempo
    # Fora das "Ações disponíveis": pratica-se na linha da lista, não no formulário do processo.
    assert "/corrigir-lista-de-signatarios/" not in pagina


def test_a_pagina_publica_mostra_o_ato_sem_dado_pessoal(client, servidor, processo):
    """Art. 23: o público vê que a lista foi corrigida e quando; nome e título não."""
    _linha(processo, servidor, 1, nome="Eleitro Fulano")
    corrigir_signatario(
        processo=processo,
        usuario=servidor,
        ordem=1,
        dados=DadosSignatario(nome="Eleitor Fulano", titulo=titulo_mt(1)),
        justificativa="Nome digitado errado.",
    )

    pagina = client.get(f"/portal/processos/{processo.slug}/").content.decode()

    assert 'data-ato="corrigir_lista_de_signatarios"' in pagina
    assert "Corrigir lista de signatários" in pagina
    assert "o processo permanece em" in pagina
    for pessoal in ("Fulano", titulo_mt(1), "Nome digitado errado."):
        assert pessoal not in pagina


def test_pagina_vista_antes_de_outro_ato_e_recusada(client, servidor, processo):
    """Duas correções abertas ao mesmo tempo: a segunda viu uma versão velha e nada grava."""
    _linha(processo, servidor, 1, nome="Eleitro 1")
    client.force_login(servidor)
    vista = _post_correcao(processo)
    anular_signatario(processo=processo, usuario=servidor, ordem=1, motivo="Engano.")

    resposta = client.post(_url(processo, 1, "corrigir"), vista)

    assert resposta.status_code == 400
    assert "Outro usuário alterou este processo" in resposta.content.decode()
    assert CorrecaoSignatario.objects.count() == 1


def test_sem_a_versao_da_pagina_nada_grava(client, servidor, processo):
    _linha(processo, servidor, 1)
    client.force_login(servidor)

    resposta = client.post(_url(processo, 1, "anular"), {"motivo": "Engano."})

    assert resposta.status_code == 400
    assert "não diz qual versão do processo" in resposta.content.decode()
    assert not Signatario.objects.get(processo=processo).anulado
