"""Quem pode o quê nas telas das fases (Art. 13, 15, 21): ofícios, certidões, signatários,
documentos do Art. 15 e dados da representação, cada URL × cada papel."""

import pytest
from django.utils import timezone

from instrucao.models import Oficio
from tests.processos.construtores import (
    PASSADO,
    certidao_pdf,
    processo_no_estado,
    protocolar,
    responder_oficios,
)
from tests.processos.permissoes import CRT, LEITORES, LOGIN, MESA, PAPEIS, PRES, confere

# Ofícios (Art. 21: a CRT opera ofícios e certidões; os demais leitores só veem).
_SO_CRT = {"anonimo": LOGIN} | dict.fromkeys(MESA | {"deputado", "sem_papel"}, 403)
REGRAS_OFICIOS = {
    "instrucao:oficio_recebimento": {
        "GET": _SO_CRT | dict.fromkeys(CRT, 200),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
    "instrucao:oficio_resposta": {
        "GET": _SO_CRT | dict.fromkeys(CRT, 200),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
    # Art. 21: a reiteração sai pelo Presidente (ou o membro em exercício); o servidor só
    # prepara o rascunho.
    "instrucao:oficio_reiterar": {
        "GET": _SO_CRT | {"servidor": 403} | dict.fromkeys(PRES, 200),
        "POST": _SO_CRT | {"servidor": 403} | dict.fromkeys(PRES, 302),
    },
    "instrucao:oficio_preparar_reiteracao": {
        "GET": _SO_CRT | dict.fromkeys(CRT, 200),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
    # O AR lançado com a data errada: corrigido pela CRT, com justificativa.
    "instrucao:oficio_retificar_recebimento": {
        "GET": _SO_CRT | dict.fromkeys(CRT, 200),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
    # O rascunho pendente que não deve sair: descartado pela CRT (servidor ou Presidente).
    "instrucao:oficio_descartar_rascunho": {
        "GET": _SO_CRT | dict.fromkeys(CRT, 200),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
    "instrucao:oficio_certidao": {
        "GET": {"anonimo": LOGIN, "sem_papel": 403} | dict.fromkeys(LEITORES, 200)
    },
    "instrucao:oficio_certidao_versao": {
        "GET": {"anonimo": LOGIN, "sem_papel": 403} | dict.fromkeys(LEITORES, 200)
    },
    # Versão nova da certidão (retificação): só a CRT, como a resposta.
    "instrucao:oficio_retificar_certidao": {
        "GET": _SO_CRT | dict.fromkeys(CRT, 200),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
    # Correção de digitação (a mesma certidão, outros números): só a CRT.
    "instrucao:oficio_corrigir_digitacao": {
        "GET": _SO_CRT | dict.fromkeys(CRT, 200),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
}
# Signatários (Art. 13): a CRT registra e importa; Mesa e Deputados só veem.
REGRAS_ASSINATURAS = {
    "representacao:assinaturas": {
        "GET": {"anonimo": LOGIN, "sem_papel": 403} | dict.fromkeys(LEITORES, 200),
        "POST": dict.fromkeys(PAPEIS, 405),
    },
    "representacao:adicionar_signatario": {
        "GET": dict.fromkeys(PAPEIS, 405),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
    "representacao:importar_assinaturas": {
        "GET": dict.fromkeys(PAPEIS, 405),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
    # O modelo do CSV serve a quem importa.
    "representacao:modelo_assinaturas": {"GET": _SO_CRT | dict.fromkeys(CRT, 200)},
    # Corrigir ou anular uma linha: só a CRT, como registrar.
    "representacao:corrigir_signatario": {
        "GET": _SO_CRT | dict.fromkeys(CRT, 200),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
    "representacao:anular_signatario": {
        "GET": _SO_CRT | dict.fromkeys(CRT, 200),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
}
# Documentos do Art. 15: a CRT junta e anula; todos os leitores veem o
# arquivo (o Deputado só inline, com a vista registrada — Art. 22).
_LEITORES_E_SEM_PAPEL = LEITORES | {"sem_papel"}
REGRAS_DOCUMENTOS_ART15 = {
    "representacao:documentos": {
        "GET": {"anonimo": LOGIN, "sem_papel": 403} | dict.fromkeys(LEITORES, 200),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
    "representacao:arquivo": {
        "GET": {"anonimo": LOGIN, "sem_papel": 403} | dict.fromkeys(LEITORES, 200),
        "POST": {"anonimo": LOGIN} | dict.fromkeys(_LEITORES_E_SEM_PAPEL, 405),
    },
    "representacao:anular_documento": {
        "GET": {"anonimo": LOGIN} | dict.fromkeys(_LEITORES_E_SEM_PAPEL, 405),
        "POST": _SO_CRT | dict.fromkeys(CRT, 302),
    },
}
# Dados da representação (Art. 6º, § 2º; Art. 10, III): a CRT registra, todos os leitores
# veem; Mesa e Deputado que enviam o formulário recebem 403.
REGRAS_DADOS_REPRESENTACAO = {
    "GET": {"anonimo": LOGIN, "sem_papel": 403} | dict.fromkeys(LEITORES, 200),
    "POST": _SO_CRT | dict.fromkeys(CRT, 302),
}


def _oficios_e_rascunhos() -> list:
    from instrucao.models import Certidao, RascunhoReiteracao

    return (
        list(Oficio.objects.order_by("id").values())
        + list(RascunhoReiteracao.objects.order_by("id").values())
        + list(Certidao.objects.order_by("id").values("id"))
    )


@pytest.mark.parametrize("papel", PAPEIS)
@pytest.mark.parametrize(
    ("nome", "metodo"),
    [(nome, metodo) for nome, regra in REGRAS_OFICIOS.items() for metodo in regra],
)
def test_cada_papel_recebe_o_que_a_regra_do_oficio_diz(nome, metodo, papel, como, operador):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    cartografia, tre, sefaz = processo.oficios.order_by("id")
    # TRE: recebido há muito e sem resposta (vencido, reiterável); SEFAZ: já respondido.
    Oficio.objects.filter(pk=tre.pk).update(recebido_em=PASSADO, vencimento=PASSADO)
    responder_oficios(processo, operador, orgaos=("sefaz",))
    hoje = timezone.localdate().strftime("%d/%m/%Y")
    alvos = {
        "instrucao:oficio_recebimento": (cartografia, "recebimento", {"recebido_em": hoje}),
        "instrucao:oficio_resposta": (
            cartografia,
            "resposta",
            {
                "respondido_em": hoje,
                "certidao": certidao_pdf(),
                "numero_certidao": "7/2026",
                "data_certidao": hoje,
            },
        ),
        "instrucao:oficio_retificar_recebimento": (
            tre,
            "retificar-recebimento",
            # A versão do AR que a página mostrou: nenhuma retificação ainda.
            {"recebido_em": hoje, "justificativa": "AR lido errado.", "versao_vista": 0},
        ),
        "instrucao:oficio_reiterar": (tre, "reiterar", {"enviado_em": hoje}),
        "instrucao:oficio_preparar_reiteracao": (
            tre,
            "preparar-reiteracao",
            {"enviar_em": hoje},
        ),
        "instrucao:oficio_descartar_rascunho": (
            tre,
            "descartar-rascunho",
            {"motivo": "Data proposta errada."},
        ),
        "instrucao:oficio_certidao": (sefaz, "certidao", {}),
        "instrucao:oficio_certidao_versao": (sefaz, "certidao/v1", {}),
        "instrucao:oficio_retificar_certidao": (
            sefaz,
            "retificar-certidao",
            {
                "certidao": certidao_pdf(),
                "numero_certidao": "8/2026",
                "data_certidao": hoje,
                "justificativa": "Certidão retificadora.",
                # A versão que a página mostrou: a certidão vigente.
                "versao_vista": sefaz.certidoes.vigentes().get().pk,
            },
        ),
        "instrucao:oficio_corrigir_digitacao": (
            sefaz,
            "corrigir-digitacao",
            {
                "area__valor_adicionado": "1.234,56",
                "justificativa": "Valor digitado errado.",
                "versao_vista": sefaz.certidoes.vigentes().get().pk,
            },
        ),
    }
    if nome == "instrucao:oficio_descartar_rascunho":
        from instrucao.models import RascunhoReiteracao

        RascunhoReiteracao.objects.create(
            oficio=tre, enviar_em=timezone.localdate(), preparado_por=operador
        )
    oficio, sufixo, dados = alvos[nome]
    antes = _oficios_e_rascunhos()
    client, _ = como(papel)

    resposta = getattr(client, metodo.lower())(
        f"/processos/{processo.slug}/oficios/{oficio.pk}/{sufixo}/", dados
    )

    esperado = REGRAS_OFICIOS[nome][metodo][papel]
    confere(resposta, esperado)
    mudou = _oficios_e_rascunhos() != antes
    assert mudou == (metodo == "POST" and esperado == 302)


@pytest.mark.parametrize("papel", PAPEIS)
@pytest.mark.parametrize(
    ("nome", "metodo"),
    [(nome, metodo) for nome, regra in REGRAS_ASSINATURAS.items() for metodo in regra],
)
def test_cada_papel_recebe_o_que_a_regra_das_assinaturas_diz(nome, metodo, papel, como, operador):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from representacao.models import Signatario

    processo = protocolar(operador)
    base = f"/processos/{processo.slug}/assinaturas/"
    caminho, dados = {
        "representacao:assinaturas": (base, {}),
        "representacao:adicionar_signatario": (
            base + "adicionar/",
            {
                "nome": "Maria da Silva",
                "titulo_eleitor": "0012 3456 1805",
                "reside_na_area": "sim",
                "firma_reconhecida": "sim",
            },
        ),
        "representacao:importar_assinaturas": (
            base + "importar/",
            {
                "arquivo": SimpleUploadedFile(
                    "lista.csv",
                    b"nome;titulo_eleitor;reside_na_area;firma_reconhecida\n"
                    b"Maria;001234561805;sim;sim\n",
                )
            },
        ),
        "representacao:modelo_assinaturas": (base + "modelo.csv", {}),
        "representacao:corrigir_signatario": (
            base + "1/corrigir/",
            {
                "nome": "Maria da Silva Souza",
                "titulo_eleitor": "0012 3456 1805",
                "reside_na_area": "sim",
                "firma_reconhecida": "sim",
                "justificativa": "Sobrenome faltando.",
            },
        ),
        "representacao:anular_signatario": (base + "1/anular/", {"motivo": "Lançada por engano."}),
    }[nome]
    linha_existente = nome in (
        "representacao:corrigir_signatario",
        "representacao:anular_signatario",
    )
    if linha_existente:
        from representacao.assinaturas import DadosSignatario, adicionar_signatario

        adicionar_signatario(
            processo=processo,
            usuario=operador,
            dados=DadosSignatario(nome="Maria da Silva", titulo="001234561805"),
        )
        from processos.versao import versao_do_processo

        # A versão do processo que a página da linha mostrou (o ato a exige).
        dados = dados | {"versao_vista": versao_do_processo(processo.pk)}
    client, _ = como(papel)

    resposta = getattr(client, metodo.lower())(caminho, dados)

    esperado = REGRAS_ASSINATURAS[nome][metodo][papel]
    confere(resposta, esperado)
    gravou = metodo == "POST" and esperado == 302
    if linha_existente:
        from representacao.models import CorrecaoSignatario

        assert CorrecaoSignatario.objects.count() == gravou
    else:
        assert Signatario.objects.count() == gravou


@pytest.mark.parametrize("papel", PAPEIS)
@pytest.mark.parametrize(
    ("nome", "metodo"),
    [(nome, metodo) for nome, regra in REGRAS_DOCUMENTOS_ART15.items() for metodo in regra],
)
def test_cada_papel_recebe_o_que_a_regra_dos_documentos_do_art_15_diz(
    nome, metodo, papel, como, operador
):
    from representacao.models import DocumentoRepresentacao
    from tests.representacao.construtores import arquivo, juntar, pdf_real

    processo = protocolar(operador)
    documento = juntar(processo, operador, "requerimento")
    base = f"/processos/{processo.slug}/documentos-art15/"
    caminho, dados = {
        "representacao:documentos": (
            base,
            {"item": "justificativa", "arquivo": arquivo(pdf_real(), "justificativa.pdf")},
        ),
        "representacao:arquivo": (f"{base}{documento.pk}/", {}),
        "representacao:anular_documento": (
            f"{base}{documento.pk}/anular/",
            {"justificativa": "Enviado por engano."},
        ),
    }[nome]
    client, _ = como(papel)

    resposta = getattr(client, metodo.lower())(caminho, dados)

    esperado = REGRAS_DOCUMENTOS_ART15[nome][metodo][papel]
    confere(resposta, esperado)
    agiu = metodo == "POST" and esperado == 302
    assert DocumentoRepresentacao.objects.count() == 1 + (agiu and nome.endswith("documentos"))
    documento.refresh_from_db()
    assert documento.anulado == (agiu and nome.endswith("anular_documento"))


@pytest.mark.parametrize("papel", PAPEIS)
@pytest.mark.parametrize("metodo", REGRAS_DADOS_REPRESENTACAO)
def test_cada_papel_recebe_o_que_a_regra_dos_dados_da_representacao_diz(
    metodo, papel, como, operador, sorriso
):
    processo = protocolar(
        operador, tipo="alteracao_nome", nome="Sorriso do Norte", municipios=[sorriso]
    )
    dados = {"camara_membros": "11", "camara_votos_favoraveis": "8", "camara_sessao": "3/2026"}
    dados["versao_vista"] = "0"  # a página mostrou: nenhuma versão ainda
    client, _ = como(papel)

    resposta = getattr(client, metodo.lower())(f"/processos/{processo.slug}/representacao/", dados)

    esperado = REGRAS_DADOS_REPRESENTACAO[metodo][papel]
    confere(resposta, esperado)
    assert processo.dados_representacao.exists() == (metodo == "POST" and esperado == 302)
