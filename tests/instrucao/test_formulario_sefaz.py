"""O formulário da certidão da SEFAZ como o servidor da CRT o usa: o
exercício do Art. 2º, IV, vem preenchido com o último encerrado cuja tabela está no sistema;
sem a tabela, a mensagem diz quem a importa e como (nunca "o admin"); as unidades (R$, %)
aparecem; e "Corrigir digitação" muda só os números, com a mesma certidão, registrado."""

from decimal import Decimal

import pytest
from django.utils import timezone

from instrucao.models import Certidao
from requisitos.models import Municipio, ValorAdicionado
from tests.processos.construtores import (
    ANO_VA,
    FIGURAS_ART2,
    praticar,
    processo_no_estado,
    recarregar,
    responder_oficios,
)

ANO = timezone.localdate().year


def _tabela(exercicio: int, municipios: int = 10) -> None:
    for i in range(1, municipios + 1):
        municipio, _ = Municipio.objects.get_or_create(
            codigo_ibge=9900000 + i, defaults={"nome": f"Município fictício {i}"}
        )
        ValorAdicionado.objects.create(
            municipio=municipio, exercicio=exercicio, valor=Decimal(i * 1_000_000)
        )


def _pagina(client, servidor, processo, acao="resposta") -> str:
    oficio = processo.oficios.vigentes().get(orgao="sefaz")
    client.force_login(servidor)
    resposta = client.get(f"/processos/{processo.slug}/oficios/{oficio.pk}/{acao}/")
    assert resposta.status_code == 200
    return resposta.content.decode()


@pytest.fixture
def aguardando(operador):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    ValorAdicionado.objects.all().delete()
    return processo


# --- o exercício pré-preenchido (Art. 2º, IV) -----------------------------------------------


def test_exercicio_vem_com_o_ultimo_encerrado_quando_a_tabela_dele_esta_no_sistema(
    client, servidor, aguardando
):
    _tabela(ANO - 2)
    _tabela(ANO - 1)
    _tabela(ANO)  # o exercício corrente não está encerrado

    pagina = _pagina(client, servidor, aguardando)

    assert f'name="exercicio" value="{ANO - 1}"' in pagina
    assert "o último exercício encerrado, com a tabela da SEFAZ no sistema" in pagina


def test_sem_a_tabela_do_ultimo_encerrado_vem_o_anterior_e_o_aviso_de_quem_importa(
    client, servidor, aguardando
):
    _tabela(ANO - 2)
    _tabela(ANO - 1, municipios=9)  # incompleta: a média do Art. 2º, IV, pede 10

    pagina = _pagina(client, servidor, aguardando)

    assert f'name="exercicio" value="{ANO - 2}"' in pagina
    assert f"A de {ANO - 1} ainda não foi importada" in pagina
    assert "manage.py importar_valor_adicionado ARQUIVO.csv" in pagina
    assert "admin" not in pagina.split("<main")[1].lower()


def test_sem_nenhuma_tabela_o_campo_vem_vazio_com_o_aviso(client, servidor, aguardando):
    pagina = _pagina(client, servidor, aguardando)

    assert 'name="exercicio" value=' not in pagina
    assert "Nenhuma tabela do valor adicionado da SEFAZ está no sistema" in pagina
    assert "suporte técnico do sistema" in pagina


def test_unidades_do_valor_adicionado_e_da_parcela_do_icms(client, servidor, aguardando):
    pagina = _pagina(client, servidor, aguardando)

    assert "Em R$; escreva como" in pagina
    assert "Em % do índice; escreva como" in pagina


def test_parecer_sem_a_tabela_diz_quem_importa_e_nao_fala_do_admin(operador, presidente):
    from processos.models import AtoRecusado

    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    from requisitos.models import ValorAdicionado
    from tests.processos.construtores import ANO_VA

    # A certidão é do último exercício encerrado (Art. 2º, IV), mas a tabela dele não está.
    responder_oficios(processo, operador, figuras=FIGURAS_ART2 | {"exercicio_va": ANO_VA})
    praticar(recarregar(processo), operador, "concluir_certidoes")
    ValorAdicionado.objects.filter(exercicio=ANO_VA).delete()

    with pytest.raises(AtoRecusado) as recusa:
        praticar(recarregar(processo), presidente, "emitir_parecer_merito", "favoravel")

    assert "importar_valor_adicionado" in str(recusa.value)
    assert "admin" not in str(recusa.value)


# --- Corrigir digitação: a mesma certidão, só os números -------------------------------------


@pytest.fixture
def respondido(operador):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    responder_oficios(processo, operador)
    return processo


def _corrigir(client, servidor, processo, **campos):
    oficio = processo.oficios.vigentes().get(orgao="sefaz")
    vigente = oficio.certidoes.vigentes().get()
    dados = {
        "exercicio": str(ANO_VA),  # o da certidão dos construtores (último encerrado)
        "area__valor_adicionado": "5.500.000,01",
        "m5107925__valor_adicionado": "900.000.000",
        "m5107925__participacao_icms": "12,5",
        "justificativa": "O VA da área foi digitado com um zero a menos.",
        "versao_vista": vigente.pk,
    } | campos
    client.force_login(servidor)
    return client.post(f"/processos/{processo.slug}/oficios/{oficio.pk}/corrigir-digitacao/", dados)


def test_corrigir_digitacao_mantem_arquivo_numero_e_data_e_muda_so_o_numero(
    client, servidor, respondido
):
    anterior = Certidao.objects.get(oficio__processo=respondido, oficio__orgao="sefaz")

    resposta = _corrigir(client, servidor, respondido, area__valor_adicionado="55.000.000,10")

    assert resposta.status_code == 302
    nova = Certidao.objects.vigentes().get(oficio__processo=respondido, oficio__orgao="sefaz")
    assert (nova.versao, nova.correcao_de_digitacao) == (2, True)
    assert (nova.numero, nova.data, nova.sha256) == (
        anterior.numero,
        anterior.data,
        anterior.sha256,
    )
    assert nova.arquivo.name == anterior.arquivo.name
    assert nova.figuras.get(chave="area").valor_adicionado == Decimal("55000000.10")
    assert nova.registrada_por == servidor


def test_a_correcao_aparece_na_secao_dos_oficios_com_antes_depois_quem_e_por_que(
    client, servidor, respondido
):
    _corrigir(client, servidor, respondido, area__valor_adicionado="55.000.000,10")

    pagina = client.get(f"/processos/{respondido.slug}/").content.decode()

    assert "Correção de digitação (v2, a mesma certidão)" in pagina
    assert "R$ 5.500.000,01 → R$ 55.000.000,1" in pagina
    assert "O VA da área foi digitado com um zero a menos." in pagina
    assert (servidor.get_full_name() or servidor.username) in pagina


def test_corrigir_digitacao_sem_justificativa_e_recusada_e_nada_muda(client, servidor, respondido):
    resposta = _corrigir(
        client, servidor, respondido, area__valor_adicionado="1,00", justificativa=""
    )

    assert resposta.status_code == 400
    assert "Informe a justificativa da correção de digitação." in resposta.content.decode()
    assert Certidao.objects.filter(oficio__processo=respondido, oficio__orgao="sefaz").count() == 1


def test_corrigir_digitacao_sem_mudar_nenhum_numero_e_recusada(client, servidor, respondido):
    resposta = _corrigir(client, servidor, respondido)

    assert resposta.status_code == 400
    assert "Nenhum número mudou" in resposta.content.decode()
    assert Certidao.objects.filter(oficio__processo=respondido, oficio__orgao="sefaz").count() == 1


def test_corrigir_digitacao_com_parcela_do_icms_acima_de_100_e_erro_no_campo(
    client, servidor, respondido
):
    resposta = _corrigir(client, servidor, respondido, m5107925__participacao_icms="100,01")

    assert resposta.status_code == 400
    assert "A parcela do ICMS é um percentual de 0 a 100." in resposta.content.decode()


def test_corrigir_digitacao_depois_do_parecer_de_merito_e_recusada(
    client, servidor, operador, presidente, respondido
):
    """Art. 18: emitido o parecer, o que ele avaliou fica como foi."""
    praticar(recarregar(respondido), operador, "concluir_certidoes")
    praticar(recarregar(respondido), presidente, "emitir_parecer_merito", "favoravel")

    resposta = _corrigir(client, servidor, respondido, area__valor_adicionado="1,00")

    assert resposta.status_code == 400
    assert "O parecer de mérito já foi emitido" in resposta.content.decode()


def test_corrigir_digitacao_sobre_versao_ja_substituida_e_recusada(client, servidor, respondido):
    oficio = respondido.oficios.vigentes().get(orgao="sefaz")
    vista = oficio.certidoes.vigentes().get().pk
    _corrigir(client, servidor, respondido, area__valor_adicionado="2,00")

    resposta = _corrigir(
        client, servidor, respondido, area__valor_adicionado="3,00", versao_vista=vista
    )

    assert resposta.status_code == 400
    assert oficio.certidoes.count() == 2
