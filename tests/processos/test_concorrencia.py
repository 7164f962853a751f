"""Numeração do protocolo e atos simultâneos, com threads reais no PostgreSQL.

O que se afirma sobre lacunas: o número sai de um UPDATE na linha do ano dentro da
transação do protocolo. Um protocolo que falha desfaz a transação inteira, inclusive o
incremento; o número volta a ficar livre e o seguinte o recebe. Logo não há lacuna nenhuma
(nem a "de rollback" que uma SEQUENCE do banco deixaria).
"""

import threading

import pytest
from django.db import IntegrityError, connection
from django.utils import timezone

from processos.models import Andamento, FormaEncaminhamento, Processo
from processos.services import DadosProtocolo, ProcessoDesatualizado, protocolar_processo
from tests.processos.construtores import (
    PASSADO,
    origem_padrao,
    praticar,
    protocolar,
    protocolar_instruido,
    recarregar,
)

# Os grupos dos papéis vêm de uma migração de dados; o flush dos testes transacionais os
# apagaria para os testes seguintes sem o serialized_rollback.
transacional = pytest.mark.django_db(transaction=True, serialized_rollback=True)


def _em_paralelo(funcoes) -> list:
    """Roda as funções ao mesmo tempo (barreira) e devolve ("ok", valor) ou ("erro", exc)."""
    barreira = threading.Barrier(len(funcoes))
    resultados = [None] * len(funcoes)

    def trabalhar(indice, funcao):
        try:
            barreira.wait(timeout=10)
            resultados[indice] = ("ok", funcao())
        except Exception as exc:  # noqa: BLE001 — o teste examina o que cada thread recebeu
            resultados[indice] = ("erro", exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=trabalhar, args=(i, f)) for i, f in enumerate(funcoes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "thread presa (deadlock?)"
    return resultados


def _protocolo_que_falha() -> DadosProtocolo:
    """Viola a restrição do banco "encaminhamento por deputado nomeado" no save(), depois de
    o número já ter sido tirado: a falha acontece dentro da transação do protocolo."""
    return DadosProtocolo(
        tipo="criacao",
        nome_proposto="Falha",
        sede_proposta="Falha",
        municipios_origem=[origem_padrao()],  # Art. 1º, § 3º: a falha é só a do banco
        forma_encaminhamento=FormaEncaminhamento.DEPUTADO,
        deputado_autor=None,
        data_leitura_expediente=PASSADO,
    )


def test_protocolo_que_falha_nao_deixa_lacuna_na_numeracao(servidor):
    ano = timezone.localdate().year
    primeiro = protocolar(servidor)

    with pytest.raises(IntegrityError):
        protocolar_processo(usuario=servidor, dados=_protocolo_que_falha())
    segundo = protocolar(servidor)

    assert [primeiro.protocolo, segundo.protocolo] == [f"0001/{ano}", f"0002/{ano}"]
    assert not Processo.objects.filter(nome_proposto="Falha").exists()
    assert Andamento.objects.count() == 2


@transacional
@pytest.mark.so_postgresql
def test_protocolos_simultaneos_recebem_numeros_distintos_e_consecutivos(servidor):
    ano = timezone.localdate().year
    n = 8

    resultados = _em_paralelo([lambda: protocolar(servidor).protocolo] * n)

    assert [r[0] for r in resultados] == ["ok"] * n, resultados
    assert sorted(r[1] for r in resultados) == [f"{i:04d}/{ano}" for i in range(1, n + 1)]
    assert Andamento.objects.filter(ato="protocolar").count() == n


@transacional
@pytest.mark.so_postgresql
def test_protocolo_que_falha_entre_simultaneos_nao_deixa_lacuna(servidor):
    ano = timezone.localdate().year
    funcoes = [lambda: protocolar(servidor).protocolo] * 5
    funcoes.insert(2, lambda: protocolar_processo(usuario=servidor, dados=_protocolo_que_falha()))

    resultados = _em_paralelo(funcoes)

    erros = [r[1] for r in resultados if r[0] == "erro"]
    assert len(erros) == 1 and isinstance(erros[0], IntegrityError)
    numeros = sorted(r[1] for r in resultados if r[0] == "ok")
    assert numeros == [f"{i:04d}/{ano}" for i in range(1, 6)]
    assert Processo.objects.count() == 5


@transacional
@pytest.mark.so_postgresql
def test_dois_atos_ao_mesmo_tempo_no_mesmo_processo_so_um_vale(servidor, presidente):
    processo = protocolar_instruido(servidor)

    resultados = _em_paralelo(
        [
            lambda: (
                praticar(processo, servidor, "receber_na_crt", estado_esperado="protocolada").pk
            ),
            lambda: (
                praticar(processo, presidente, "receber_na_crt", estado_esperado="protocolada").pk
            ),
        ]
    )

    situacoes = sorted(r[0] for r in resultados)
    assert situacoes == ["erro", "ok"], resultados
    erro = next(r[1] for r in resultados if r[0] == "erro")
    assert isinstance(erro, ProcessoDesatualizado)
    assert "Recarregue a página" in str(erro)
    assert recarregar(processo).estado == "em_instrucao"
    assert processo.andamentos.filter(ato="receber_na_crt").count() == 1


@transacional
@pytest.mark.so_postgresql
def test_atos_conflitantes_simultaneos_sem_estado_esperado_um_e_recusado(servidor, presidente):
    """Sem o estado nem a versão vistos pelo usuário, a trava da linha ainda impede a
    atualização perdida: o segundo ato é avaliado no estado que o primeiro deixou, e ali ele
    não cabe."""
    processo = protocolar(servidor)
    praticar(processo, servidor, "receber_na_crt")
    sem_versao = {"ultimo_andamento": None}

    resultados = _em_paralelo(
        [
            lambda: praticar(processo, servidor, "registrar_visita", **sem_versao).estado_destino,
            lambda: (
                praticar(processo, presidente, "baixar_em_diligencia", **sem_versao).estado_destino
            ),
        ]
    )

    assert sorted(r[0] for r in resultados) == ["erro", "ok"], resultados
    erro = next(r[1] for r in resultados if r[0] == "erro")
    assert str(erro).startswith("Ato não disponível no estado atual")
    vencedor = next(r[1] for r in resultados if r[0] == "ok")
    assert recarregar(processo).estado == vencedor
    assert processo.andamentos.count() == 3
