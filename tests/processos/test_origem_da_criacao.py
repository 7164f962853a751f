"""Art. 1º, § 3º: o novo município resulta do desmembramento de área de um ou mais
municípios — o protocolo da criação sem município de origem é recusado também no serviço
(o formulário não é a única barreira)."""

import pytest

from processos.models import AtoRecusado, Processo
from processos.services import DadosProtocolo, protocolar_processo
from tests.processos.construtores import PASSADO, origem_padrao


def dados(tipo="criacao", origens=()):
    return DadosProtocolo(
        tipo=tipo,
        nome_proposto="Nova Fronteira do Norte",
        sede_proposta="Nova Fronteira do Norte",
        municipios_origem=list(origens),
        forma_encaminhamento="comunidade",
        data_leitura_expediente=PASSADO,
    )


def test_criacao_sem_municipio_de_origem_e_recusada_e_nada_se_grava(operador):
    with pytest.raises(AtoRecusado, match=r"municípios de origem .* \(Art. 1º, § 3º\)"):
        protocolar_processo(usuario=operador, dados=dados())

    assert not Processo.objects.exists()


def test_criacao_com_um_municipio_de_origem_e_protocolada(operador):
    processo = protocolar_processo(usuario=operador, dados=dados(origens=[origem_padrao()]))

    assert processo.estado == "protocolada"
    assert [m.nome for m in processo.municipios_origem.all()] == ["Sorriso"]
