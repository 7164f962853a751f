"""Art. 14: quem protocola recebe o comprovante — número, data e o que foi recebido —,
documento oficial verificável em /validar/."""

from documentos.models import Documento
from tests.documentos.auxiliares import paginas_texto, sem_espacos
from tests.processos.construtores import protocolar


def test_protocolo_emite_comprovante_verificavel(client, servidor, comprovante_real):
    processo = protocolar(servidor, nome="Vale do Arinos", sede="Vale do Arinos")

    comprovante = Documento.objects.get(processo=processo, tipo="comprovante_protocolo")
    texto = sem_espacos(" ".join(paginas_texto(comprovante.arquivo.path)))
    assert sem_espacos(f"protocolada, registrada e autuada sob o nº {processo.protocolo}") in texto
    assert sem_espacos("Representação: Criação do Município de Vale do Arinos") in texto
    assert sem_espacos("representantes: Comissão pró-emancipação") in texto
    assert comprovante.andamento == processo.andamentos.get(ato="protocolar")
    validacao = client.get("/validar/", {"codigo": comprovante.codigo}).content.decode()
    assert comprovante.codigo in validacao and "Comprovante de protocolo" in validacao


def test_comprovante_nao_e_documento_publico_do_portal(client, servidor, comprovante_real):
    processo = protocolar(servidor)
    comprovante = Documento.objects.get(processo=processo, tipo="comprovante_protocolo")

    assert client.get(f"/portal/documentos/{comprovante.codigo}/").status_code == 404
