"""Quem pode o quê (Art. 21 a 23): cada URL × cada papel.

A tabela abaixo é escrita a partir da lei (Art. 21 a 23), não de `processos.atos`; um teste
garante que toda URL do projeto (fora das apps de outros donos) tem aqui a sua regra.
"""

from html.parser import HTMLParser

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from instrucao.models import Oficio
from processos.atos import ATOS
from processos.models import Andamento, Processo
from processos.papeis import PRESIDENTE, SERVIDOR
from processos.registros import ExercicioPresidencia, RegistroAcesso
from tests.processos.construtores import (
    DADOS,
    PASSADO,
    certidao_pdf,
    formulario_do_ato,
    praticar,
    processo_no_estado,
    protocolar,
    protocolar_instruido,
    recarregar,
    responder_oficios,
    usuario_com_papeis,
)
from tests.representacao.construtores import juntar_certidao_ibge

PAPEIS = ("anonimo", "servidor", "presidente", "mesa", "deputado", "sem_papel")
CRT = {"servidor", "presidente"}  # o Presidente faz tudo o que o servidor faz (§4)
PRES = {"presidente"}
MESA = {"mesa"}
LEITORES = {"servidor", "presidente", "mesa", "deputado"}

# ato: (quem pode, estado de onde o ato parte)
ATOS_POR_PAPEL = {
    "baixar_em_diligencia": (CRT, "protocolada"),
    "receber_na_crt": (CRT, "protocolada"),
    "registrar_visita": (CRT, "em_instrucao"),
    "emitir_parecer_preliminar": (PRES, "visita_realizada"),
    "deliberar_arquivamento": (MESA, "deliberacao_arquivamento"),
    "concluir_certidoes": (CRT, "aguardando_certidoes"),
    "emitir_parecer_merito": (PRES, "aguardando_parecer_merito"),
    "deliberar_plenario": (MESA, "deliberacao_plenario"),
    "registrar_parecer_ccj": (MESA, "na_ccj"),
    "apresentar_pdl": (PRES, "elaboracao_pdl"),
    "publicar_decreto": (MESA, "pdl_em_tramitacao"),
    "rejeitar_pdl": (MESA, "pdl_em_tramitacao"),
    "encaminhar_ao_tre": (PRES, "decreto_publicado"),
    "registrar_resultado": (MESA, "plebiscito_no_tre"),
    "emitir_parecer_resultado": (PRES, "resultado_em_analise"),
    "apresentar_pl": (PRES, "elaboracao_pl"),
    "aprovar_pl": (MESA, "pl_em_ordem_do_dia"),
    "rejeitar_pl": (MESA, "pl_em_ordem_do_dia"),
    "registrar_lei": (MESA, "aguardando_sancao"),
    "arquivar": (PRES, "em_instrucao"),
    "desarquivar": (PRES, "arquivado"),
    "reabrir_por_decisao_do_plenario": (MESA, "arquivado"),
    "sobrestar": (PRES, "em_instrucao"),
    "retomar": (PRES, "sobrestado"),
    "registrar_fase_tre": (CRT, "plebiscito_no_tre"),
    "retificar_resultado": (MESA, "resultado_em_analise"),
    "retificar_dados": (CRT, "em_instrucao"),
    # Art. 23: o Presidente (o Deputado autor, por processo, em tests/transparencia).
    "liberar_informacao": (PRES, "em_instrucao"),
    "revogar_liberacao": (PRES, "em_instrucao"),
}

LOGIN = "login"
# Regra de cada URL nomeada: {método: {papel: status esperado}}. "ato" tem a sua tabela acima.
REGRAS = {
    "entrar": {"GET": dict.fromkeys(PAPEIS, 200)},
    "sair": {"GET": dict.fromkeys(PAPEIS, 405), "POST": dict.fromkeys(PAPEIS, 302)},
    # A sonda do balanceador e do contêiner (emancipacao.saude): sem login, só leitura.
    "saude": {"GET": dict.fromkeys(PAPEIS, 200), "POST": dict.fromkeys(PAPEIS, 405)},
    "processos:inicio": {"GET": {"anonimo": 200, "sem_papel": 200} | dict.fromkeys(LEITORES, 302)},
    "painel:lista": {"GET": {"anonimo": LOGIN, "sem_papel": 403} | dict.fromkeys(LEITORES, 200)},
    # A exportação da lista (CSV): CRT e Mesa; o Deputado tem vista, não cópia (Art. 22).
    "painel:exportar_lista": {
        "GET": {"anonimo": LOGIN, "sem_papel": 403, "deputado": 403}
        | dict.fromkeys(CRT | MESA, 200)
    },
    "painel:painel": {"GET": {"anonimo": LOGIN, "sem_papel": 403} | dict.fromkeys(LEITORES, 200)},
    "processos:novo": {
        "GET": {"anonimo": LOGIN, "sem_papel": 403, "deputado": 403}
        | dict.fromkeys(CRT | MESA, 200),
        "POST": {"anonimo": LOGIN, "sem_papel": 403, "deputado": 403}
        | dict.fromkeys(CRT | MESA, 302),
    },
    "processos:detalhe": {
        "GET": {"anonimo": LOGIN, "sem_papel": 403} | dict.fromkeys(LEITORES, 200)
    },
    "processos:ato": "ATOS_POR_PAPEL",
    # Art. 22: voz do Deputado — só ele registra manifestação; nenhum outro papel.
    "processos:manifestacao": {
        "GET": {"anonimo": LOGIN, "deputado": 200} | dict.fromkeys(CRT | MESA | {"sem_papel"}, 403),
        "POST": {"anonimo": LOGIN, "deputado": 302}
        | dict.fromkeys(CRT | MESA | {"sem_papel"}, 403),
    },
    # UX, tela 5: os prazos são lidos por todos os leitores da área interna.
    "instrucao:prazos": {
        "GET": {"anonimo": LOGIN, "sem_papel": 403} | dict.fromkeys(LEITORES, 200)
    },
    # Art. 23: o portal de transparência é público — todos, inclusive sem login.
    "instrucao:oficio_recebimento": "REGRAS_OFICIOS",
    "instrucao:oficio_resposta": "REGRAS_OFICIOS",
    "instrucao:oficio_retificar_recebimento": "REGRAS_OFICIOS",
    "instrucao:oficio_reiterar": "REGRAS_OFICIOS",
    "instrucao:oficio_preparar_reiteracao": "REGRAS_OFICIOS",
    "instrucao:oficio_descartar_rascunho": "REGRAS_OFICIOS",
    "instrucao:oficio_certidao": "REGRAS_OFICIOS",
    "instrucao:oficio_certidao_versao": "REGRAS_OFICIOS",
    "instrucao:oficio_retificar_certidao": "REGRAS_OFICIOS",
    "instrucao:oficio_corrigir_digitacao": "REGRAS_OFICIOS",
    "representacao:assinaturas": "REGRAS_ASSINATURAS",
    "representacao:adicionar_signatario": "REGRAS_ASSINATURAS",
    "representacao:importar_assinaturas": "REGRAS_ASSINATURAS",
    "representacao:modelo_assinaturas": "REGRAS_ASSINATURAS",
    "representacao:corrigir_signatario": "REGRAS_ASSINATURAS",
    "representacao:anular_signatario": "REGRAS_ASSINATURAS",
    "representacao:documentos": "REGRAS_DOCUMENTOS_ART15",
    "representacao:arquivo": "REGRAS_DOCUMENTOS_ART15",
    "representacao:anular_documento": "REGRAS_DOCUMENTOS_ART15",
    "representacao:dados": "REGRAS_DADOS_REPRESENTACAO",
}
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
# Apps de outros donos, com as suas próprias matrizes.
# Apps com a sua própria matriz de permissões (tests/<app>/test_permissoes.py ou afins).
OUTRAS_APPS = {"admin", "requisitos", "documentos", "api", "plebiscito", "lei", "acompanhamento"}
OUTRAS_APPS |= {"transparencia"}  # Art. 23 e dados abertos: matriz em tests/transparencia
# O simulador territorial é público como os outros simuladores: anônimo entra, com o limite
# de uso (tests/territorio/test_simulador.py).
OUTRAS_APPS |= {"territorio"}


def _nomes_das_urls(padroes, prefixo="") -> set[str]:
    nomes = set()
    for padrao in padroes:
        if isinstance(padrao, URLResolver):
            if padrao.namespace in OUTRAS_APPS:
                continue
            ns = f"{prefixo}{padrao.namespace}:" if padrao.namespace else prefixo
            nomes |= _nomes_das_urls(padrao.url_patterns, ns)
        elif isinstance(padrao, URLPattern):
            nomes.add(f"{prefixo}{padrao.name}" if padrao.name else f"<sem nome: {padrao.pattern}>")
    return nomes


def test_toda_url_do_projeto_tem_regra_de_permissao():
    urls = _nomes_das_urls(get_resolver().url_patterns)

    assert urls - set(REGRAS) == set(), "URLs sem regra na matriz de permissões"
    assert set(REGRAS) - urls == set(), "regras de URLs que não existem mais"


def test_toda_acao_do_codigo_tem_regra_de_permissao():
    from processos.atos import ATOS

    # O recálculo territorial pede um mapa conferido e outra edição da malha: a matriz dele
    # (quem pratica, quem é barrado) está em tests/territorio/test_recalcular.py. Os da tela
    # da fase têm a regra na URL da fase (representacao:corrigir_signatario...).
    com_matriz_propria = {"protocolar", "recalcular_territorio"}
    da_fase = {nome for nome, ato in ATOS.items() if ato.tela_da_fase}
    assert set(ATOS) - com_matriz_propria - da_fase == set(ATOS_POR_PAPEL)
    assert set(ATOS_POR_PAPEL) == set(DADOS) - com_matriz_propria


@pytest.fixture
def como(client, request):
    """Entra no sistema com o papel dado (ou não entra, para "anonimo")."""

    def entrar(papel: str):
        usuario = None if papel == "anonimo" else request.getfixturevalue(papel)
        if usuario:
            client.force_login(usuario)
        return client, usuario

    return entrar


def _confere(resposta, esperado):
    if esperado == LOGIN:
        assert resposta.status_code == 302
        assert resposta["Location"].startswith("/entrar/?next=")
    else:
        assert resposta.status_code == esperado


def _protocolo_post(municipio_id) -> dict:
    return {
        "tipo": "criacao",
        "nome_proposto": "Nova Fronteira do Norte",
        "sede_proposta": "Nova Fronteira do Norte",
        "municipios_origem": [municipio_id],
        "forma_encaminhamento": "comunidade",
        "data_leitura_expediente": PASSADO.strftime("%d/%m/%Y"),
    }


@pytest.mark.parametrize("papel", PAPEIS)
@pytest.mark.parametrize(
    ("nome", "metodo"),
    [
        (nome, metodo)
        for nome, regra in REGRAS.items()
        if isinstance(regra, dict)
        for metodo in regra
    ],
)
def test_cada_papel_recebe_o_que_a_regra_da_url_diz(nome, metodo, papel, como, operador, sorriso):
    processo = protocolar(operador)
    caminhos = {
        "entrar": "/entrar/",
        "sair": "/sair/",
        "saude": "/saude/",
        "processos:inicio": "/",
        "painel:lista": "/processos/",
        "painel:exportar_lista": "/processos/exportar.csv",
        "painel:painel": "/painel/",
        "processos:novo": "/processos/novo/",
        "processos:detalhe": f"/processos/{processo.slug}/",
        "processos:manifestacao": f"/processos/{processo.slug}/manifestacao/",
        "instrucao:prazos": "/prazos/",
    }
    dados = {}
    if nome == "processos:novo":
        dados = _protocolo_post(sorriso.pk)
    if nome == "processos:manifestacao":
        dados = {"texto": "A comunidade pede celeridade."}
    client, _ = como(papel)
    antes = Processo.objects.count()

    resposta = getattr(client, metodo.lower())(caminhos[nome], dados)

    esperado = REGRAS[nome][metodo][papel]
    _confere(resposta, esperado)
    criado = metodo == "POST" and esperado == 302
    assert Processo.objects.count() == antes + (criado and nome == "processos:novo")
    manifestou = criado and nome == "processos:manifestacao"
    assert processo.manifestacoes.count() == manifestou


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
    _confere(resposta, esperado)
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
    _confere(resposta, esperado)
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
    _confere(resposta, esperado)
    agiu = metodo == "POST" and esperado == 302
    assert DocumentoRepresentacao.objects.count() == 1 + (agiu and nome.endswith("documentos"))
    documento.refresh_from_db()
    assert documento.anulado == (agiu and nome.endswith("anular_documento"))


@pytest.mark.parametrize("papel", PAPEIS)
@pytest.mark.parametrize("nome_ato", ATOS_POR_PAPEL)
def test_cada_papel_pratica_ou_e_barrado_em_cada_ato(nome_ato, papel, como, operador):
    papeis, origem = ATOS_POR_PAPEL[nome_ato]
    processo = processo_no_estado(operador, "criacao", origem)
    if nome_ato == "apresentar_pl":  # o PL de criação cita a certidão do IBGE (Art. 6º, § 1º)
        juntar_certidao_ibge(processo, operador)
    if nome_ato == "revogar_liberacao":  # revoga-se o que foi liberado (Art. 23)
        praticar(processo, operador, "liberar_informacao")
    if nome_ato == "reabrir_por_decisao_do_plenario":  # reabre-se o que uma votação arquivou
        processo.andamentos.filter(ato="arquivar").update(
            ato="deliberar_plenario", estado_origem="deliberacao_plenario"
        )
    andamentos = processo.andamentos.count()
    url = f"/processos/{processo.slug}/atos/{nome_ato.replace('_', '-')}/"
    client, usuario = como(papel)
    esperado_get = LOGIN if papel == "anonimo" else 200 if papel in papeis else 403

    _confere(client.get(url), esperado_get)
    resposta = client.post(url, formulario_do_ato(processo, nome_ato, next(iter(DADOS[nome_ato]))))

    if papel in papeis:
        assert resposta.status_code == 302
        assert resposta["Location"] == f"/processos/{processo.slug}/"
        ultimo = processo.andamentos.first()
        assert (ultimo.ato, ultimo.usuario) == (nome_ato, usuario)
        # Os atos que corrigem ou completam o registro não mudam o estado.
        assert (recarregar(processo).estado == origem) is ATOS[nome_ato].permanece
    else:
        _confere(resposta, esperado_get)
        assert recarregar(processo).estado == origem
        assert processo.andamentos.count() == andamentos


def test_servidor_em_exercicio_da_presidencia_pratica_atos_do_presidente(client, servidor):
    from django.utils import timezone

    hoje = timezone.localdate()
    processo = processo_no_estado(servidor, "criacao", "em_instrucao")
    url = f"/processos/{processo.slug}/atos/arquivar/"
    client.force_login(servidor)
    assert client.get(url).status_code == 403
    ExercicioPresidencia.objects.create(
        membro=servidor, inicio=hoje, ato_designacao="Portaria 1/2026 (Art. 21)"
    )

    resposta = client.post(url, formulario_do_ato(processo, "arquivar"))

    assert resposta.status_code == 302
    assert recarregar(processo).estado == "arquivado"


def test_exercicio_da_presidencia_encerrado_nao_da_poderes(client, servidor):
    from datetime import timedelta

    from django.utils import timezone

    hoje = timezone.localdate()
    ExercicioPresidencia.objects.create(
        membro=servidor,
        inicio=hoje - timedelta(days=10),
        fim=hoje - timedelta(days=1),
        ato_designacao="Portaria 1/2026",
    )
    processo = processo_no_estado(servidor, "criacao", "em_instrucao")
    client.force_login(servidor)

    resposta = client.post(
        f"/processos/{processo.slug}/atos/arquivar/", formulario_do_ato(processo, "arquivar")
    )

    assert resposta.status_code == 403
    assert recarregar(processo).estado == "em_instrucao"


# --- Art. 22: vista do Deputado registrada ---------------------------------------------------


def test_cada_vista_de_deputado_ao_processo_fica_registrada(client, deputado, operador):
    processo = protocolar(operador)
    client.force_login(deputado)

    client.get(f"/processos/{processo.slug}/")
    client.get(f"/processos/{processo.slug}/")

    registros = RegistroAcesso.objects.filter(processo=processo)
    assert [(r.usuario, r.objeto) for r in registros] == [(deputado, "processo")] * 2


def test_vista_da_equipe_nao_e_registrada_como_de_deputado(client, servidor, mesa, operador):
    processo = protocolar(operador)
    for usuario in (servidor, mesa):
        client.force_login(usuario)
        client.get(f"/processos/{processo.slug}/")

    assert not RegistroAcesso.objects.exists()


def test_lista_vista_por_deputado_nao_conta_como_vista_ao_processo(client, deputado, operador):
    protocolar(operador)
    client.force_login(deputado)

    assert client.get("/processos/").status_code == 200
    assert not RegistroAcesso.objects.exists()


# --- os botões da página do processo -----------------------------------------------------------


class _Acoes(HTMLParser):
    """Lê a seção "Ações disponíveis": links habilitados e botões desabilitados com motivo."""

    def __init__(self):
        super().__init__()
        self.na_secao = False
        self.habilitados, self.desabilitados, self.motivos = {}, {}, {}
        self._atual = None
        self.texto = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section" and "acoes" in (attrs.get("class") or ""):
            self.na_secao = True
        if not self.na_secao:
            return
        if tag == "a" and "/atos/" in (attrs.get("href") or ""):
            self._atual = (self.habilitados, attrs["href"].rstrip("/").rsplit("/", 1)[1])
        elif tag == "button" and "disabled" in attrs:
            self._atual = (self.desabilitados, attrs["aria-describedby"].removeprefix("motivo-"))
        elif tag == "span" and (attrs.get("id") or "").startswith("motivo-"):
            self._atual = (self.motivos, attrs["id"].removeprefix("motivo-"))

    def handle_endtag(self, tag):
        if tag == "section":
            self.na_secao = False
        if tag in ("a", "button", "span"):
            self._atual = None

    def handle_data(self, data):
        if self.na_secao:
            self.texto += data
        if self._atual:
            destino, chave = self._atual
            destino[chave] = (destino.get(chave, "") + data).strip()


# Os atos do Art. 23 (liberar e revogar informação) cabem em toda etapa e o Deputado autor
# também os pratica: os botões deles são conferidos em tests/transparencia. O recálculo da
# conferência territorial (Art. 15, II) cabe em todo estado em andamento e depende do mapa
# e das edições da malha carregadas: conferido em tests/territorio.
ATOS_ART23 = ("liberar-informacao", "revogar-liberacao", "recalcular-territorio")


def _acoes(client, processo) -> _Acoes:
    leitor = _Acoes()
    leitor.feed(client.get(f"/processos/{processo.slug}/").content.decode())
    for botoes in (leitor.habilitados, leitor.desabilitados, leitor.motivos):
        for slug in ATOS_ART23:
            botoes.pop(slug, None)
    return leitor


@pytest.mark.parametrize(
    ("papel", "habilitados"),
    [
        (
            "servidor",
            {
                "baixar-em-diligencia": "Baixar em diligência",
                "receber-na-crt": "Receber na CRT",
                "retificar-dados": "Retificar dados do processo",
            },
        ),
        (
            "presidente",
            {
                "baixar-em-diligencia": "Baixar em diligência",
                "receber-na-crt": "Receber na CRT",
                "arquivar": "Arquivar",
                "sobrestar": "Sobrestar",
                "retificar-dados": "Retificar dados do processo",
            },
        ),
        ("mesa", {}),
        ("deputado", {}),
    ],
)
def test_pagina_mostra_exatamente_os_botoes_dos_atos_que_o_usuario_pode(
    papel, habilitados, como, operador
):
    processo = protocolar_instruido(operador)
    client, _ = como(papel)

    acoes = _acoes(client, processo)

    assert acoes.habilitados == habilitados
    assert acoes.desabilitados == {}
    if not habilitados:
        assert "Nenhum ato disponível para o seu perfil nesta etapa." in acoes.texto
    if papel == "deputado":
        assert "Deputados têm vista ao processo, com voz e sem voto (Art. 22)." in acoes.texto


def test_pagina_mostra_ato_com_guarda_falhando_desabilitado_e_com_o_motivo(client, presidente):
    processo = processo_no_estado(presidente, "criacao", "em_instrucao")
    client.force_login(presidente)

    acoes = _acoes(client, processo)

    assert set(acoes.habilitados) == {
        "baixar-em-diligencia",
        "registrar-visita",
        "arquivar",
        "sobrestar",
        "retificar-dados",
    }
    assert acoes.habilitados["registrar-visita"] == "Registrar visita in loco"
    assert acoes.desabilitados == {"emitir-parecer-preliminar": "Emitir parecer preliminar"}
    assert acoes.motivos["emitir-parecer-preliminar"] == (
        "Indisponível: A visita in loco ainda não foi registrada (Art. 17, I)."
    )


def test_alteracao_de_nome_oferece_o_parecer_preliminar_sem_visita(client, presidente):
    processo = processo_no_estado(presidente, "alteracao_nome", "em_instrucao")
    client.force_login(presidente)

    acoes = _acoes(client, processo)

    assert acoes.habilitados["emitir-parecer-preliminar"] == "Emitir parecer preliminar"
    assert acoes.desabilitados == {}


def test_pagina_explica_por_que_o_projeto_de_lei_nao_pode_ser_apresentado(client, presidente):
    processo = processo_no_estado(
        presidente, "criacao", "elaboracao_pl", nome="Nova Fronteira", sede="Vila Esperança"
    )
    client.force_login(presidente)

    acoes = _acoes(client, processo)

    assert set(acoes.habilitados) == {"arquivar", "sobrestar", "retificar-dados"}
    assert acoes.desabilitados == {"apresentar-pl": "Apresentar Projeto de Lei"}
    assert "O nome do município deve ser o da sede (Art. 7º, I)." in acoes.motivos["apresentar-pl"]


@pytest.mark.parametrize(
    ("estado", "papel", "habilitados", "desabilitados"),
    [
        ("concluido", "presidente", set(), set()),
        ("concluido", "mesa", set(), set()),
        ("arquivado", "presidente", {"desarquivar"}, set()),
        ("sobrestado", "presidente", {"retomar", "arquivar", "retificar-dados"}, set()),
        ("pl_em_ordem_do_dia", "mesa", {"aprovar-pl", "rejeitar-pl"}, set()),
        # Do PL em diante nenhum dado se retifica (Art. 7º, I; Art. 19, § 3º): botão com motivo.
        ("pl_em_ordem_do_dia", "servidor", set(), {"retificar-dados"}),
        ("aguardando_certidoes", "servidor", {"concluir-certidoes", "retificar-dados"}, set()),
    ],
)
def test_botoes_de_cada_etapa_seguem_estado_e_papel(
    estado, papel, habilitados, desabilitados, como, operador
):
    processo = processo_no_estado(operador, "criacao", estado)
    client, _ = como(papel)

    acoes = _acoes(client, processo)

    assert set(acoes.habilitados) == habilitados
    assert set(acoes.desabilitados) == desabilitados


def test_deputado_nao_pratica_ato_nem_pelo_servico(deputado, operador):
    from django.core.exceptions import PermissionDenied

    from tests.processos.construtores import praticar

    processo = protocolar(operador)

    with pytest.raises(PermissionDenied):
        praticar(processo, deputado, "receber_na_crt")

    assert recarregar(processo).estado == "protocolada"
    assert not Andamento.objects.filter(processo=processo, usuario=deputado).exists()


def test_servidor_nao_arquiva_pelo_servico(servidor):
    from django.core.exceptions import PermissionDenied

    from tests.processos.construtores import praticar

    processo = processo_no_estado(servidor, "criacao", "em_instrucao")

    with pytest.raises(PermissionDenied, match="Seu papel não permite o ato “Arquivar”."):
        praticar(processo, servidor, "arquivar")

    assert recarregar(processo).estado == "em_instrucao"


def test_usuario_servidor_e_presidente_ao_mesmo_tempo_tem_os_dois_papeis(client, db):
    usuario = usuario_com_papeis("ana", SERVIDOR, PRESIDENTE)
    processo = processo_no_estado(usuario, "criacao", "protocolada")
    client.force_login(usuario)

    acoes = _acoes(client, processo)

    assert set(acoes.habilitados) == {
        "baixar-em-diligencia",
        "receber-na-crt",
        "arquivar",
        "sobrestar",
        "retificar-dados",
    }


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
    _confere(resposta, esperado)
    assert processo.dados_representacao.exists() == (metodo == "POST" and esperado == 302)
