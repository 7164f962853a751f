"""O documento emitido nunca contradiz o ato que o emitiu (Art. 20, § 1º): o PDF do parecer
sobre o resultado diz o veredito calculado e a conclusão que o ato seguiu; o informe ao
Plenário de cada fase no TRE (Art. 19, § 2º) é verificável."""

from documentos.models import Documento
from tests.documentos.auxiliares import paginas_texto, sem_espacos
from tests.plebiscito.conftest import vigorar
from tests.plebiscito.test_resultado import RELATADO, no_tre, parecer, registrar
from tests.processos.construtores import DADOS, praticar


def _texto(andamento, tipo) -> str:
    documento = Documento.objects.get(andamento=andamento, tipo=tipo)
    return sem_espacos(" ".join(paginas_texto(documento.arquivo.path)))


def test_parecer_de_plebiscito_rejeitado_diz_rejeitado_e_arquivamento(operador):
    processo = no_tre(operador)
    registrar(processo, operador, RELATADO)

    andamento = parecer(processo, operador)

    assert andamento.estado_destino == "arquivado"
    pdf = _texto(andamento, "parecer_resultado")
    assert sem_espacos("Sob a regra vigente, o plebiscito foi rejeitado") in pdf
    assert sem_espacos("conclui pelo arquivamento") in pdf
    assert "prosseguimento" not in pdf
    assert sem_espacos("Sim × 2 = 2.400 ≤ 2.719 inscritos") in pdf
    assert sem_espacos("Sim 1.200 > Não 250") in pdf  # a leitura federal, registrada


def test_parecer_com_maioria_simples_em_vigor_diz_aprovado_e_prosseguimento(operador):
    vigorar("regra_plebiscito", "maioria_simples_validos")
    processo = no_tre(operador)
    registrar(processo, operador, RELATADO)

    andamento = parecer(processo, operador)

    assert andamento.estado_destino == "elaboracao_pl"
    pdf = _texto(andamento, "parecer_resultado")
    assert sem_espacos("Sob a regra vigente, o plebiscito foi aprovado") in pdf
    assert sem_espacos("conclui pelo prosseguimento") in pdf
    assert "arquivamento" not in pdf
    assert sem_espacos("Maioria simples dos votos válidos (Lei 9.709/1998, art. 10)") in pdf


def test_fase_no_tre_emite_informe_ao_plenario_verificavel(operador, client):
    processo = no_tre(operador)
    dados = dict(DADOS["registrar_fase_tre"][""], fase="data_marcada", emitir_informe=True)
    dados["referencia"] = "Resolução TRE-MT 77/2026"

    andamento = praticar(processo, operador, "registrar_fase_tre", dados=dados)

    informe = Documento.objects.get(andamento=andamento, tipo="informe_plenario")
    pdf = _texto(andamento, "informe_plenario")
    assert sem_espacos("FASE: DATA MARCADA") in pdf and sem_espacos("Data marcada em") in pdf
    assert sem_espacos("Resolução TRE-MT 77/2026") in pdf
    validacao = client.get("/validar/", {"codigo": informe.codigo}).content.decode()
    assert informe.codigo in validacao and informe.sha256 in validacao


def test_fase_no_tre_sem_pedido_de_informe_nao_emite_documento(operador):
    processo = no_tre(operador)

    andamento = praticar(processo, operador, "registrar_fase_tre")

    assert not Documento.objects.filter(andamento=andamento).exists()
