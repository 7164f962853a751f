"""Duas pessoas corrigindo o mesmo registro do ofício a partir de páginas abertas
ao mesmo tempo. Cada correção grava uma versão nova (a retificação do AR, a certidão
retificadora); a página leva a versão que mostrou, e a correção feita sobre uma página
desatualizada é recusada com o aviso, em vez de substituir em silêncio a do colega."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from instrucao.models import Certidao, RetificacaoRecebimento
from instrucao.services import registrar_recebimento, retificar_certidao, retificar_recebimento
from processos.models import AtoRecusado
from tests.processos.construtores import (
    certidao_pdf,
    dados_certidao,
    processo_no_estado,
    responder_oficios,
)

DESATUALIZADO_AR = (
    "Outro usuário alterou o recebimento (AR) deste ofício depois que você abriu o "
    "formulário; recarregue a página e confira antes de repetir. Nada foi gravado."
)
DESATUALIZADA_CERTIDAO = (
    "Outro usuário alterou a certidão deste ofício depois que você abriu o formulário; "
    "recarregue a página e confira antes de repetir. Nada foi gravado."
)
SEM_VERSAO = (
    "Este formulário não diz qual versão do processo você viu; recarregue a página e confira "
    "antes de repetir. Nada foi gravado."
)


def _dia(atras: int) -> str:
    return (timezone.localdate() - timedelta(days=atras)).strftime("%d/%m/%Y")


def _versao_da_pagina(client, url) -> str:
    pagina = client.get(url).content.decode()
    return re.search(r'name="versao_vista" value="(\d+)"', pagina).group(1)


@pytest.fixture
def processo(operador):
    return processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )


# --- retificação do AR (Art. 2º, § 3º) ---------------------------------------------------------


@pytest.fixture
def tre(processo, servidor):
    oficio = processo.oficios.vigentes().get(orgao="tre")
    hoje = timezone.localdate()
    registrar_recebimento(oficio_id=oficio.pk, usuario=servidor, recebido_em=hoje - timedelta(5))
    return oficio


def _url_ar(processo, oficio) -> str:
    return f"/processos/{processo.slug}/oficios/{oficio.pk}/retificar-recebimento/"


def test_retificacao_do_ar_sobre_pagina_desatualizada_e_recusada(
    client, processo, tre, servidor, presidente
):
    client.force_login(servidor)
    visto = _versao_da_pagina(client, _url_ar(processo, tre))
    assert visto == "0"
    # Outra pessoa corrige o AR enquanto a página está aberta.
    primeira = retificar_recebimento(
        oficio_id=tre.pk,
        usuario=presidente,
        recebido_em=timezone.localdate() - timedelta(4),
        justificativa="AR lido errado.",
        versao_vista=0,
    )

    resposta = client.post(
        _url_ar(processo, tre),
        {"recebido_em": _dia(3), "justificativa": "Outra leitura do AR.", "versao_vista": visto},
    )

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert DESATUALIZADO_AR in html
    assert f'value="{_dia(3)}"' in html and "Outra leitura do AR." in html
    assert list(RetificacaoRecebimento.objects.filter(oficio=tre)) == [primeira]
    tre.refresh_from_db()
    assert tre.recebido_em == timezone.localdate() - timedelta(4)

    # Recarregada, a página leva a versão nova e a correção vale.
    atual = _versao_da_pagina(client, _url_ar(processo, tre))
    assert atual == str(primeira.pk)
    post = {"recebido_em": _dia(3), "justificativa": "Outra leitura.", "versao_vista": atual}
    assert client.post(_url_ar(processo, tre), post).status_code == 302
    assert RetificacaoRecebimento.objects.filter(oficio=tre).count() == 2


def test_retificacao_do_ar_sem_a_versao_vista_e_recusada(client, processo, tre, servidor):
    client.force_login(servidor)

    resposta = client.post(
        _url_ar(processo, tre), {"recebido_em": _dia(3), "justificativa": "AR lido errado."}
    )

    assert resposta.status_code == 400
    assert SEM_VERSAO in resposta.content.decode()
    assert not RetificacaoRecebimento.objects.exists()


def test_servico_recusa_a_retificacao_do_ar_sobre_versao_antiga(processo, tre, servidor):
    retificar_recebimento(
        oficio_id=tre.pk,
        usuario=servidor,
        recebido_em=timezone.localdate() - timedelta(4),
        justificativa="Primeira.",
        versao_vista=0,
    )

    with pytest.raises(AtoRecusado, match="Outro usuário alterou o recebimento"):
        retificar_recebimento(
            oficio_id=tre.pk,
            usuario=servidor,
            recebido_em=timezone.localdate() - timedelta(3),
            justificativa="Segunda, da página antiga.",
            versao_vista=0,
        )
    assert RetificacaoRecebimento.objects.filter(oficio=tre).count() == 1


# --- certidão retificadora (Art. 2º, § 2º) ------------------------------------------------------


def _post_certidao(oficio, numero: str, visto) -> dict:
    return {
        "certidao": certidao_pdf(),
        "numero_certidao": numero,
        "data_certidao": _dia(0),
        "area__populacao": "5200",
        "justificativa": f"Certidão retificadora {numero}.",
        "versao_vista": visto,
    }


def test_certidao_retificada_sobre_pagina_desatualizada_e_recusada(
    client, processo, operador, servidor, presidente
):
    responder_oficios(processo, operador, orgaos=["cartografia"])
    oficio = processo.oficios.vigentes().get(orgao="cartografia")
    url = f"/processos/{processo.slug}/oficios/{oficio.pk}/retificar-certidao/"
    client.force_login(servidor)
    visto = _versao_da_pagina(client, url)
    assert visto == str(oficio.certidoes.vigentes().get().pk)
    retificar_certidao(
        oficio_id=oficio.pk,
        usuario=presidente,
        certidao=dados_certidao(oficio, numero="CART-2"),
        justificativa="Retificação do colega.",
        versao_vista=int(visto),
    )

    resposta = client.post(url, _post_certidao(oficio, "CART-3", visto))

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert DESATUALIZADA_CERTIDAO in html
    assert 'value="CART-3"' in html
    versoes = Certidao.objects.filter(oficio=oficio).order_by("versao")
    assert [(c.versao, c.numero) for c in versoes][-1] == (2, "CART-2")

    atual = _versao_da_pagina(client, url)
    assert client.post(url, _post_certidao(oficio, "CART-3", atual)).status_code == 302
    assert oficio.certidoes.vigentes().get().numero == "CART-3"


def test_certidao_retificada_sem_a_versao_vista_e_recusada(client, processo, operador, servidor):
    responder_oficios(processo, operador, orgaos=["cartografia"])
    oficio = processo.oficios.vigentes().get(orgao="cartografia")
    client.force_login(servidor)
    post = _post_certidao(oficio, "CART-2", "")
    del post["versao_vista"]

    resposta = client.post(
        f"/processos/{processo.slug}/oficios/{oficio.pk}/retificar-certidao/", post
    )

    assert resposta.status_code == 400
    assert SEM_VERSAO in resposta.content.decode()
    assert Certidao.objects.filter(oficio=oficio).count() == 1
