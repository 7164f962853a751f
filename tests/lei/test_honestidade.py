"""`/lei/` diz só o que é verdade: "calculada" é a regra que lê evidência guardada (o critério
em `tests/lei/evidencia.py`, pelo AST); o documento de que o sistema confere só o arquivo é
"presença conferida"; a regra que depende de um número digitado, não certificado, diz isso."""

import pytest

from lei import aplicacoes as ap
from requisitos.aplicacao import CALCULADA, PRESENCA, Registro
from tests.lei.evidencia import DIGITADOS, le_evidencia, resolver, toca, usa

# Regras puras (sem banco): calculadas sobre a evidência por quem as chama — o chamador tem de
# ler evidência e usar a regra.
REGRAS_PURAS = {
    "requisitos.regras.criacao.avaliar_populacao": "instrucao.avaliacao.avaliar_extincao",
    "requisitos.regras.criacao.avaliar_eleitores": "instrucao.avaliacao.avaliar_extincao",
    "requisitos.regras.criacao.avaliar_casas": "instrucao.avaliacao.avaliar_extincao",
    "requisitos.regras.criacao.avaliar_valor_adicionado": "instrucao.avaliacao.avaliar_extincao",
    "requisitos.regras.criacao.avaliar_criacao_municipio": "instrucao.avaliacao.avaliar_criacao",
    "requisitos.regras.criacao.avaliar_remanescente": "instrucao.avaliacao.avaliar_criacao",
    "requisitos.regras.criacao.avaliar_continuidade_territorial": (
        "instrucao.avaliacao.avaliar_criacao"
    ),
    "requisitos.regras.criacao.media_va_menores": "instrucao.avaliacao._media",
    "requisitos.regras.maiorias.avaliar_maioria_absoluta_eleitores": (
        "representacao.extincao._maioria"
    ),
    "requisitos.regras.assinaturas.avaliar_assinaturas": "representacao.validade.avaliar_peticao",
    "plebiscito.regras.validar_votacao": "plebiscito.resultado.preparar_parecer_resultado",
    "plebiscito.regras.apurar": "plebiscito.resultado.preparar_parecer_resultado",
}

# Calculadas que não leem evidência de fora, com o motivo: nelas não há número a certificar.
EXCECOES = {
    "requisitos.toponimia.avaliar_toponimo": "a matéria é o próprio nome pedido, comparado com "
    "a lista nacional de nomes do IBGE (dado de referência do sistema)",
    "processos.condicoes.toponimo_valido": "a mesma regra do nome, sobre o nome pedido",
    "processos.condicoes.nome_igual_sede": "compara o nome e a sede pedidos (Art. 7º, I)",
    "requisitos.eleicoes.janela_art3": "calendário das eleições municipais e a data do ato",
    "processos.condicoes.fora_da_janela_art3": "calendário das eleições e a data do ato",
    "requisitos.prazos.vencimento": "calendário: o prazo conta da data do AR registrada",
    "processos.condicoes.visita_realizada_ou_facultativa": "o estado do processo, que só um "
    "ato registrado (com Andamento) muda, e o rito do tipo",
    "processos.models.Processo.divisas_editaveis": "o estado do processo, mudado só por ato",
    "representacao.documentos._exigir_mapa_editavel": "o estado do processo, mudado só por ato",
    "processos.nova_representacao.processo_anterior": "confere o processo arquivado guardado "
    "(estado, tipo e municípios), não um número",
    "processos.registros.ExercicioPresidencia": "regra de quem fala pela Comissão: o exercício "
    "da Presidência registrado e o papel do usuário",
    "processos.registros.RegistroAcesso": "regra de acesso (papel do usuário), com registro",
    "documentos.models.TIPOS_PUBLICOS": "regra de acesso pelo tipo do documento e as "
    "liberações registradas",
}


def calculadas(aplicacoes):
    return [a for a in aplicacoes if a.modo == CALCULADA]


def mentirosas(aplicacoes) -> list[str]:
    """As anotações "calculada" cuja regra não lê evidência guardada, nem é regra pura usada
    por quem lê, nem diz o número digitado de que depende, nem é exceção listada."""
    erradas = []
    for a in calculadas(aplicacoes):
        if a.digitado or a.onde in EXCECOES:
            continue
        chamador = REGRAS_PURAS.get(a.onde)
        if chamador is not None:
            regra = a.onde.rsplit(".", 1)[1]
            if le_evidencia(resolver(chamador)) and usa(resolver(chamador), regra):
                continue
        elif le_evidencia(resolver(a.onde)):
            continue
        erradas.append(f"{a.citacao} → {a.onde}")
    return erradas


@pytest.fixture(scope="module")
def todas():
    return ap.todas()


def test_toda_anotacao_calculada_le_evidencia_guardada(todas):
    assert mentirosas(todas) == []


def test_o_criterio_reprova_calculada_que_nao_le_evidencia():
    registro = Registro()
    # Duas regras puras sem chamador listado e sem dizer o número digitado; e a avaliação
    # que lê as certidões.
    registro.registrar(
        "Art. 2º, I", descricao="x", onde="requisitos.regras.distrito.avaliar_distrito"
    )
    registro.registrar(
        "Art. 8º", descricao="x", onde="requisitos.regras.limites.avaliar_revisao_limites"
    )
    registro.registrar("Art. 2º, § 2º", descricao="x", onde="instrucao.avaliacao.avaliar_criacao")

    assert mentirosas(registro.aplicacoes) == [
        "Art. 2º, I → requisitos.regras.distrito.avaliar_distrito",
        "Art. 8º → requisitos.regras.limites.avaliar_revisao_limites",
    ]


def test_excecoes_e_regras_puras_listadas_existem_e_nao_leem_evidencia(todas):
    ondes = {a.onde for a in calculadas(todas)}
    for onde in [*EXCECOES, *REGRAS_PURAS]:
        assert onde in ondes, f"{onde}: não é mais anotação calculada; tire da lista"
        assert resolver(onde) is not None, onde
        assert not le_evidencia(resolver(onde)), f"{onde} já lê evidência; tire da lista"


def test_documentos_do_art15_sao_presenca_conferida_nao_calculada(todas):
    documentos = [a for a in todas if a.onde == "representacao.checklist.CHECKLIST"]

    assert documentos and all(a.modo == PRESENCA for a in documentos)


@pytest.mark.parametrize(
    "onde",
    [
        "requisitos.regras.limites.avaliar_revisao_limites",  # Art. 8º: áreas do protocolo
        "requisitos.regras.maiorias.avaliar_aprovacao_camara",  # Art. 6º, § 2º: a ata
        "requisitos.regras.distrito.avaliar_distrito",  # Art. 25: o simulador
        "representacao.validade.avaliar_peticao",
        "processos.rito.tem_plebiscito",
    ],
)
def test_regra_sobre_numero_digitado_diz_isso(todas, onde):
    anotacoes = [a for a in todas if a.onde == onde]

    assert anotacoes and all(a.digitado for a in anotacoes)


# Tocam um número digitado, mas leem antes o certificado: o digitado é só a prévia de antes
# da certidão, e o parecer mostra os dois quando diferem.
CERTIFICADO_PRIMEIRO = {
    "representacao.extincao._maioria": "o eleitorado da certidão do TRE, quando nos autos",
    "representacao.extincao.preparar_parecer_merito": "o mesmo, pela regra do Art. 10, III",
}


def test_calculada_que_toca_numero_digitado_diz_isso(todas):
    caladas = [
        f"{a.citacao} → {a.onde}"
        for a in calculadas(todas)
        if not a.digitado
        and a.onde not in CERTIFICADO_PRIMEIRO
        and toca(resolver(a.onde), DIGITADOS)
    ]

    assert caladas == []


@pytest.mark.django_db
def test_pagina_conta_presenca_conferida_e_avisa_o_numero_digitado(client, todas):
    presencas = sum(1 for a in todas if a.modo == PRESENCA)
    calculadas_ = len(calculadas(todas))

    html = client.get("/lei/").content.decode()

    assert f"Presença conferida pelo sistema (o arquivo, não o conteúdo): {presencas} " in html
    assert f"Calculada pelo sistema: {calculadas_} " in html
    assert "Depende de número digitado, não certificado:</strong> a área a desmembrar" in html
