"""Os dados da representação (Art. 6º, § 2º; Art. 10) gravam uma versão nova a
cada envio. A página leva a versão que mostrou; o envio feito de uma página aberta antes da
versão de um colega é recusado com o aviso e devolve o que foi digitado."""

import re

from representacao.models import DadosRepresentacao
from tests.processos.construtores import protocolar

DESATUALIZADOS = (
    "Outro usuário alterou os dados da representação depois que você abriu o formulário; "
    "recarregue a página e confira antes de repetir. Nada foi gravado."
)
SEM_VERSAO = (
    "Este formulário não diz qual versão do processo você viu; recarregue a página e confira "
    "antes de repetir. Nada foi gravado."
)
CAMARA = {"camara_membros": "11", "camara_votos_favoraveis": "8", "camara_sessao": "3/2026"}


def _processo(operador, sorriso):
    return protocolar(
        operador, tipo="alteracao_nome", nome="Sorriso do Norte", municipios=[sorriso]
    )


def _versao_da_pagina(client, url) -> str:
    pagina = client.get(url).content.decode()
    return re.search(r'name="versao_vista" value="(\d+)"', pagina).group(1)


def test_dados_enviados_de_pagina_desatualizada_sao_recusados(client, operador, servidor, sorriso):
    processo = _processo(operador, sorriso)
    url = f"/processos/{processo.slug}/representacao/"
    client.force_login(servidor)
    visto = _versao_da_pagina(client, url)
    assert visto == "0"
    # Um colega registra a aprovação da Câmara com a página dele.
    client.force_login(operador)
    assert client.post(url, CAMARA | {"versao_vista": visto}).status_code == 302

    client.force_login(servidor)
    digitado = CAMARA | {"camara_votos_favoraveis": "9", "versao_vista": visto}
    resposta = client.post(url, digitado)

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert DESATUALIZADOS in html
    assert 'name="camara_votos_favoraveis" value="9"' in html
    vigente = DadosRepresentacao.objects.vigente(processo)
    assert (vigente.versao, vigente.camara_votos_favoraveis) == (1, 8)

    # Recarregada, a página leva a versão 1 e o envio grava a versão 2.
    atual = _versao_da_pagina(client, url)
    assert atual == "1"
    assert client.post(url, digitado | {"versao_vista": atual}).status_code == 302
    assert DadosRepresentacao.objects.vigente(processo).versao == 2


def test_dados_sem_a_versao_vista_sao_recusados(client, operador, sorriso):
    processo = _processo(operador, sorriso)
    client.force_login(operador)

    resposta = client.post(f"/processos/{processo.slug}/representacao/", CAMARA)

    assert resposta.status_code == 400
    assert SEM_VERSAO in resposta.content.decode()
    assert not processo.dados_representacao.exists()
