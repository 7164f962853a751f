"""Quem pratica cada ato (Art. 21 a 23): cada ato × cada papel, pela tela e pelo serviço,
e o servidor em exercício da Presidência."""

import pytest
from django.utils import timezone

from processos.atos import ATOS
from processos.models import Andamento
from processos.registros import ExercicioPresidencia
from tests.processos.construtores import (
    DADOS,
    formulario_do_ato,
    praticar,
    processo_no_estado,
    protocolar,
    recarregar,
)
from tests.processos.permissoes import CRT, LOGIN, MESA, PAPEIS, PRES, confere
from tests.representacao.construtores import juntar_certidao_ibge

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


def test_toda_acao_do_codigo_tem_regra_de_permissao():
    from processos.atos import ATOS

    # O recálculo territorial pede um mapa conferido e outra edição da malha: a matriz dele
    # (quem pratica, quem é barrado) está em tests/territorio/test_recalcular.py. Os da tela
    # da fase têm a regra na URL da fase (representacao:corrigir_signatario...).
    com_matriz_propria = {"protocolar", "recalcular_territorio"}
    da_fase = {nome for nome, ato in ATOS.items() if ato.tela_da_fase}
    assert set(ATOS) - com_matriz_propria - da_fase == set(ATOS_POR_PAPEL)
    assert set(ATOS_POR_PAPEL) == set(DADOS) - com_matriz_propria


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

    confere(client.get(url), esperado_get)
    resposta = client.post(url, formulario_do_ato(processo, nome_ato, next(iter(DADOS[nome_ato]))))

    if papel in papeis:
        assert resposta.status_code == 302
        assert resposta["Location"] == f"/processos/{processo.slug}/"
        ultimo = processo.andamentos.first()
        assert (ultimo.ato, ultimo.usuario) == (nome_ato, usuario)
        # Os atos que corrigem ou completam o registro não mudam o estado.
        assert (recarregar(processo).estado == origem) is ATOS[nome_ato].permanece
    else:
        confere(resposta, esperado_get)
        assert recarregar(processo).estado == origem
        assert processo.andamentos.count() == andamentos


def test_servidor_em_exercicio_da_presidencia_pratica_atos_do_presidente(client, servidor):

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
