"""Quem pode o quê (Art. 21 a 23): cada URL × cada papel.

A tabela abaixo é escrita a partir da lei (Art. 21 a 23), não de `processos.atos`; um teste
garante que toda URL do projeto (fora das apps de outros donos) tem aqui a sua regra.
"""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from processos.models import Processo
from processos.registros import RegistroAcesso
from tests.processos.construtores import (
    PASSADO,
    protocolar,
)
from tests.processos.permissoes import CRT, LEITORES, LOGIN, MESA, PAPEIS, confere

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
    confere(resposta, esperado)
    criado = metodo == "POST" and esperado == 302
    assert Processo.objects.count() == antes + (criado and nome == "processos:novo")
    manifestou = criado and nome == "processos:manifestacao"
    assert processo.manifestacoes.count() == manifestou


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
