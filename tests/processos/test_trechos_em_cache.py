"""A página do processo guarda em cache as seções mais pesadas (ofícios e prazos, documentos
emitidos, documentos do Art. 15), chaveadas pela revisão do processo, pela data local e pelos
papéis; a linha do tempo, pelo que as linhas mostram; e cada processo do servidor guarda as
anotações das fases pela revisão (`processos.consulta_da_pagina`). Toda gravação nas linhas
do processo — cada ato da tabela, e as retificações, juntadas, assinaturas e manifestações
que não passam por ela — incrementa a revisão: a página inteira vista logo depois é a mesma
que se desenharia sem cache nenhum.

Os atos vêm da tabela processos.atos: um ato novo entra nestes testes sozinho."""

import re
from datetime import timedelta

import pytest
from django.core.cache import caches
from django.urls import reverse
from django.utils import timezone

from documentos import emissao, tarefas
from instrucao import correcao, reiteracao
from instrucao.services import (
    registrar_recebimento,
    registrar_resposta,
    retificar_certidao,
    retificar_recebimento,
)
from processos import consulta_da_pagina
from processos.atos import ATOS
from processos.models import RevisaoDoProcesso
from processos.services import registrar_manifestacao
from processos.versao import tocar, versao_do_processo
from representacao.assinaturas import DadosSignatario, adicionar_signatario
from representacao.documentos import anular_documento
from requisitos.models import ParametroLegal
from tests.processos.construtores import (
    DADOS,
    FIGURAS_ART2,
    dados_certidao,
    formulario_do_ato,
    juntar_certidao_ibge,
    processo_no_estado,
)
from tests.processos.test_versao_do_formulario import ATOS_COM_FORMULARIO, processo_em_que_cabe
from tests.representacao.construtores import juntar
from tests.representacao.test_assinaturas_telas import titulo_mt

_SECOES = (
    r'<section[^>]*data-secao="oficios".*?</section>',
    r'<section[^>]*aria-labelledby="titulo-documentos-emitidos".*?</section>',
)


def _revisao(processo) -> int:
    linha = RevisaoDoProcesso.objects.filter(processo=processo).first()
    return linha.valor if linha else 0


def _secoes_guardadas(html: str) -> list[str]:
    """As seções em cache como o usuário as vê (sem o token do CSRF, que muda a cada página)."""
    achadas = [re.search(padrao, html, re.S) for padrao in _SECOES]
    textos = [a.group(0) if a else "" for a in achadas]
    return [re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", t) for t in textos]


def _pagina(client, processo) -> str:
    resposta = client.get(f"/processos/{processo.slug}/")
    assert resposta.status_code == 200
    return resposta.content.decode()


def _conteudo(html: str) -> str:
    """O conteúdo da página do processo, do cabeçalho ao fim (sem as mensagens do último
    envio, mostradas uma vez só, nem o token do CSRF, que muda a cada página)."""
    conteudo = re.search(r'<header class="mb-3">.*</main>', html, re.S).group(0)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", conteudo)


def _sem_cache_nenhum() -> None:
    for cache in caches.all():
        cache.clear()
    consulta_da_pagina.esquecer()


def _conferir_na_hora(client, processo, gravar) -> list[str]:
    """Abre a página (guarda os trechos e as anotações), grava, e confere que a página vista
    logo depois mostra o mesmo que a desenhada sem cache nenhum; devolve as seções vistas."""
    _pagina(client, processo)
    _pagina(client, processo)
    antes = _revisao(processo)
    gravar()
    assert _revisao(processo) > antes
    vista = _pagina(client, processo)
    _sem_cache_nenhum()
    assert _conteudo(vista) == _conteudo(_pagina(client, processo))
    return _secoes_guardadas(vista)


@pytest.mark.parametrize("nome_ato", ATOS_COM_FORMULARIO)
def test_todo_ato_muda_na_hora_o_que_a_pagina_mostra(client, operador, nome_ato):
    processo = processo_em_que_cabe(operador, nome_ato)
    client.force_login(operador)
    url = reverse("processos:ato", args=[processo.slug, ATOS[nome_ato].slug])

    # A primeira conclusão do ato (favorável, aprovado...), quando o formulário pede uma.
    conclusao = next(iter(DADOS.get(nome_ato, {"": None})))
    if nome_ato == "apresentar_pl":
        juntar_certidao_ibge(processo, operador)  # Art. 6º, § 1º

    def praticar():
        visto = versao_do_processo(processo.pk)
        post = formulario_do_ato(processo, nome_ato, conclusao, ultimo_andamento=visto)
        resposta = client.post(url, post)
        assert resposta.status_code == 302, resposta.content.decode()[:2000]

    _conferir_na_hora(client, processo, praticar)


@pytest.fixture
def aguardando(operador, client):
    client.force_login(operador)
    return processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )


def _dia(atras: int):
    return timezone.localdate() - timedelta(days=atras)


def test_ar_registrado_e_retificado_aparecem_na_hora(client, operador, aguardando):
    """Art. 2º, § 3º: o AR inicia o prazo; a retificação recalcula o vencimento."""
    tre = aguardando.oficios.vigentes().get(orgao="tre")

    def registrar():
        registrar_recebimento(oficio_id=tre.pk, usuario=operador, recebido_em=_dia(5))

    vista = _conferir_na_hora(client, aguardando, registrar)
    assert _dia(5).strftime("%d/%m/%Y") in vista[0]

    def retificar():
        retificar_recebimento(
            oficio_id=tre.pk,
            usuario=operador,
            recebido_em=_dia(4),
            justificativa="AR lido errado.",
            versao_vista=0,
        )

    vista = _conferir_na_hora(client, aguardando, retificar)
    assert "retificado; lançado antes como" in vista[0]


def test_certidao_retificada_e_corrigida_aparecem_na_hora(client, operador, aguardando):
    """Art. 2º, § 2º: a resposta com a certidão, a certidão retificadora e a correção de
    digitação, cada uma uma versão nova, mostradas na hora."""
    tre = aguardando.oficios.vigentes().get(orgao="tre")

    def responder():
        registrar_resposta(
            oficio_id=tre.pk,
            usuario=operador,
            respondido_em=_dia(0),
            certidao=dados_certidao(tre, numero="TRE-1/2026"),
        )

    assert "Certidão nº TRE-1/2026" in _conferir_na_hora(client, aguardando, responder)[0]
    vigente = tre.certidoes.vigentes().get()

    def retificar():
        retificar_certidao(
            oficio_id=tre.pk,
            usuario=operador,
            certidao=dados_certidao(tre, numero="TRE-2/2026"),
            justificativa="Certidão retificadora.",
            versao_vista=vigente.pk,
        )

    assert "Certidão nº TRE-2/2026" in _conferir_na_hora(client, aguardando, retificar)[0]
    vigente = tre.certidoes.vigentes().get()
    # O TRE certifica só o eleitorado da área: um número a mais, digitado errado antes.
    figuras = dados_certidao(tre, area={"eleitores": FIGURAS_ART2["eleitores"] + 1}).figuras

    def corrigir():
        correcao.corrigir_digitacao(
            oficio_id=tre.pk,
            usuario=operador,
            figuras=figuras,
            exercicio=vigente.exercicio,
            justificativa="Digitação.",
            versao_vista=vigente.pk,
        )

    assert "Correção de digitação" in _conferir_na_hora(client, aguardando, corrigir)[0]


def test_rascunho_de_reiteracao_aparece_e_some_na_hora(client, operador, aguardando):
    """Art. 21: o rascunho da reiteração do ofício vencido, e o seu descarte."""
    tre = aguardando.oficios.vigentes().get(orgao="tre")
    registrar_recebimento(oficio_id=tre.pk, usuario=operador, recebido_em=_dia(120))

    def preparar():
        reiteracao.preparar_reiteracao(oficio_id=tre.pk, usuario=operador, enviar_em=_dia(0))

    assert "data-rascunho-reiteracao" in _conferir_na_hora(client, aguardando, preparar)[0]

    def descartar():
        reiteracao.descartar_rascunho(oficio_id=tre.pk, usuario=operador, motivo="Não sai.")

    assert "data-rascunho-reiteracao" not in _conferir_na_hora(client, aguardando, descartar)[0]


def test_documento_emitido_fora_de_ato_aparece_na_hora(client, operador, aguardando):
    def emitir():
        emissao.emitir_extrato(aguardando, usuario=operador)

    assert "Extrato" in _conferir_na_hora(client, aguardando, emitir)[1]


def test_juntada_do_art_15_muda_a_revisao_e_a_pagina(client, operador):
    processo = processo_no_estado(operador, "criacao", "protocolada")
    client.force_login(operador)
    _conferir_na_hora(client, processo, lambda: juntar(processo, operador, "justificativa"))


def test_revisao_de_um_processo_nao_muda_a_de_outro(operador):
    """Nunca uma versão global: gravar num processo não apaga o cache dos outros."""
    um = processo_no_estado(operador, "criacao", "protocolada")
    outro = processo_no_estado(operador, "fusao", "protocolada")
    antes = _revisao(outro)

    tocar(um)

    assert _revisao(outro) == antes


def test_versao_nova_do_prazo_dos_oficios_aparece_na_hora(client, operador, aguardando):
    """Art. 2º, § 3º: o prazo dito na seção dos ofícios é o do parâmetro em vigor; uma
    versão nova dele (sem gravação nenhuma no processo) aparece na página seguinte."""
    _pagina(client, aguardando)
    assert "fornecidas em 30 dias" in _secoes_guardadas(_pagina(client, aguardando))[0]

    ParametroLegal.objects.create(
        nome="prazo_oficio_dias",
        valor="45",
        vigencia_inicio=timezone.localdate(),
        fundamento="Lei de teste",
    )

    assert "fornecidas em 45 dias" in _secoes_guardadas(_pagina(client, aguardando))[0]


def test_juntada_e_anulacao_do_art_15_aparecem_na_hora(client, operador):
    """Art. 15: o documento juntado e o anulado, na seção dos documentos (em cache) e nas
    anotações guardadas pela revisão."""
    processo = processo_no_estado(operador, "criacao", "protocolada")
    client.force_login(operador)
    juntados = []

    def juntar_outro():
        juntados.append(juntar(processo, operador, "justificativa"))

    _conferir_na_hora(client, processo, juntar_outro)
    assert "(2 arquivos)" in _justificativa(_pagina(client, processo))

    def anular():
        anular_documento(documento_id=juntados[0].pk, usuario=operador, justificativa="Errado.")

    _conferir_na_hora(client, processo, anular)
    assert "(versão 1)" in _justificativa(_pagina(client, processo))


def _justificativa(html: str) -> str:
    """O item da justificativa na seção dos documentos do Art. 15."""
    return re.search(r'<li data-item="justificativa">.*?</li>', html, re.S).group(0)


def test_signatario_acrescentado_conta_na_hora(client, operador):
    """Art. 13: a contagem das assinaturas (anotação guardada pela revisão) muda com a
    linha acrescentada à lista, fora de um ato."""
    processo = processo_no_estado(operador, "criacao", "protocolada")
    client.force_login(operador)

    def acrescentar():
        adicionar_signatario(
            processo=processo,
            usuario=operador,
            dados=DadosSignatario(nome="Eleitora Um", titulo=titulo_mt(1)),
        )

    _conferir_na_hora(client, processo, acrescentar)
    assert "1 assinatura" in _pagina(client, processo)


def test_manifestacao_do_deputado_aparece_na_hora(client, operador, deputado):
    """Art. 22: a manifestação registrada aparece na página seguinte do Deputado."""
    processo = processo_no_estado(operador, "criacao", "protocolada")
    client.force_login(deputado)

    def manifestar():
        registrar_manifestacao(processo=processo, deputado=deputado, texto="Sou a favor.")

    _conferir_na_hora(client, processo, manifestar)
    assert "Sou a favor." in _pagina(client, processo)


def test_linha_do_tempo_mostra_o_nome_novo_de_quem_praticou(client, operador):
    """A linha do tempo em cache é chaveada pelo que mostra: o nome de quem praticou o ato,
    alterado no cadastro (sem gravação no processo), aparece na página seguinte."""
    processo = processo_no_estado(operador, "criacao", "protocolada")
    client.force_login(operador)
    _pagina(client, processo)

    operador.first_name, operador.last_name = "Nome", "Trocado"
    operador.save()

    assert "Nome Trocado" in re.search(
        r'<ol class="timeline".*?</ol>', _pagina(client, processo), re.S
    ).group(0)


def test_copia_integral_pedida_aparece_na_hora(client, operador, aguardando):
    """Art. 19, § 1º: o pedido da cópia integral incrementa a revisão (a anotação da fila é
    guardada por ela); o resto da fila, em tests/assinaturas/test_fila_na_pagina.py."""

    def pedir():
        tarefas.solicitar_copia_integral(aguardando, usuario=operador)

    _conferir_na_hora(client, aguardando, pedir)
    assert "está sendo montada em segundo plano" in _pagina(client, aguardando)
