"""A massa sintética (`manage.py gerar_massa`): as formas que os serviços gravam, em estados
que o rito de cada tipo alcança, e a mesma semente dá os mesmos dados."""

from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command

from processos import rito
from processos.estados import Estado
from processos.models import Andamento, Processo, SequenciaProtocolo
from processos.services import DadosProtocolo, protocolar_processo
from representacao.titulo import verificar_titulo
from requisitos.models import Municipio

pytestmark = pytest.mark.django_db

DESVIOS = {Estado.EM_DILIGENCIA, Estado.ARQUIVADO, Estado.SOBRESTADO}


@pytest.fixture
def municipios(db):
    return [
        Municipio.objects.create(codigo_ibge=5100000 + i, nome=f"Município {i}") for i in range(5)
    ]


def _gerar(n: int, semente: int = 7) -> str:
    saida = StringIO()
    call_command("gerar_massa", processos=n, semente=semente, assinaturas=3, stdout=saida)
    return saida.getvalue()


def _retrato() -> list[tuple]:
    """Os dados gerados, sem os ids: tipo, estado, datas, a trilha e os ofícios."""
    Oficio = Processo._meta.get_field("oficios").related_model
    return [
        (
            p.protocolo,
            p.tipo,
            p.estado,
            p.nome_proposto,
            p.data_leitura_expediente,
            tuple(p.andamentos.order_by("id").values_list("ato", "estado_destino", "data_ato")),
            tuple(
                Oficio.objects.filter(processo=p)
                .order_by("orgao")
                .values_list("orgao", "numero", "vencimento", "respondido_em")
            ),
        )
        for p in Processo.objects.order_by("ano", "numero")
    ]


def test_gera_processos_de_todos_os_tipos_em_estados_que_o_rito_alcanca(municipios):
    _gerar(120)

    processos = list(Processo.objects.prefetch_related("andamentos"))
    assert len(processos) == 120
    assert {p.tipo for p in processos} == {t for t in rito.RITOS}
    for p in processos:
        caminho = set(p.caminho())
        assert p.estado in caminho | DESVIOS, (p.tipo, p.estado)
        trilha = sorted(p.andamentos.all(), key=lambda a: a.id)
        # Uma trilha contínua: cada ato parte de onde o anterior chegou, em datas em ordem.
        assert trilha[0].ato == "protocolar" and trilha[0].estado_origem == ""
        assert trilha[-1].estado_destino == p.estado
        for antes, depois in zip(trilha, trilha[1:], strict=False):
            assert depois.estado_origem == antes.estado_destino
            assert depois.data_ato >= antes.data_ato
        assert p.municipios_origem.exists()
        assert p.data_leitura_expediente == trilha[0].data_ato


def test_oficios_com_vencimento_so_onde_o_parecer_preliminar_pediu_certidoes(municipios):
    _gerar(150)
    Oficio = Processo._meta.get_field("oficios").related_model

    com_oficios = Processo.objects.filter(oficios__isnull=False).distinct()
    assert com_oficios.exists()
    for p in com_oficios:
        assert p.andamentos.filter(estado_destino=Estado.AGUARDANDO_CERTIDOES).exists()
    abertos = Oficio.objects.com_prazo_aberto()
    assert abertos.exists()
    # Art. 2º, § 3º: o vencimento conta do recebimento (AR), 30 dias corridos ou mais.
    for oficio in Oficio.objects.filter(vencimento__isnull=False):
        assert (oficio.vencimento - oficio.recebido_em).days >= 30
        assert oficio.numero.endswith(f"/{oficio.enviado_em.year}-CRT")
    # Os que passaram de "concluir certidões" têm todas as respostas.
    concluidos = Andamento.objects.filter(ato="concluir_certidoes").values("processo")
    assert not Oficio.objects.filter(processo__in=concluidos, respondido_em__isnull=True).exists()


def test_documentos_e_signatarios_com_as_formas_da_representacao(municipios):
    _gerar(150)
    Documento = apps.get_model("representacao", "DocumentoRepresentacao")
    Signatario = apps.get_model("representacao", "Signatario")

    assert Documento.objects.filter(versao=1).exists()
    signatarios = list(Signatario.objects.all()[:30])
    assert signatarios
    assert all(verificar_titulo(s.titulo_eleitor).valido for s in signatarios)


def test_a_mesma_semente_da_os_mesmos_dados_e_rodar_de_novo_nao_duplica(municipios):
    _gerar(60)
    primeiro = _retrato()

    saida = _gerar(60)

    assert "Nada a fazer" in saida
    assert _retrato() == primeiro
    _gerar(80)
    assert set(primeiro) <= set(_retrato())
    assert Processo.objects.count() == 80


def test_sequencia_do_protocolo_segue_a_massa(municipios, servidor):
    """O próximo protocolo de verdade não colide com um número da massa."""
    _gerar(40)
    ano_atual = Processo.objects.order_by("-ano").values_list("ano", flat=True).first()

    for seq in SequenciaProtocolo.objects.all():
        assert seq.ultimo == max(
            Processo.objects.filter(ano=seq.ano).values_list("numero", flat=True)
        )
    processo = protocolar_processo(
        usuario=servidor,
        dados=DadosProtocolo(
            tipo="criacao",
            nome_proposto="Nova Real",
            sede_proposta="Nova Real",
            municipios_origem=[municipios[0]],
            forma_encaminhamento="comunidade",
            data_leitura_expediente=Processo.objects.first().data_leitura_expediente.today(),
        ),
    )
    assert processo.pk
    assert ano_atual is not None
