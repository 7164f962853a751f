"""Os textos do prazo dos ofícios seguem o parâmetro legal `prazo_oficio_dias` (Art. 2º,
§ 3º), não um "30 dias" escrito no código."""

from django.utils import timezone

from requisitos.models import ParametroLegal
from tests.processos.construtores import PASSADO, processo_no_estado


def _vigorar_prazo(dias: int) -> None:
    ParametroLegal.objects.create(
        nome="prazo_oficio_dias", valor=str(dias), vigencia_inicio=PASSADO, fundamento="Teste"
    )


def test_paginas_dizem_o_prazo_do_parametro_em_vigor(client, operador):
    _vigorar_prazo(45)
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    oficio = processo.oficios.first()
    client.force_login(operador)

    prazos = client.get("/prazos/").content.decode()
    detalhe = client.get(f"/processos/{processo.slug}/").content.decode()
    formulario = client.get(
        f"/processos/{processo.slug}/oficios/{oficio.pk}/recebimento/"
    ).content.decode()
    resposta = client.post(
        f"/processos/{processo.slug}/oficios/{oficio.pk}/recebimento/",
        {"recebido_em": timezone.localdate().strftime("%d/%m/%Y")},
        follow=True,
    ).content.decode()

    assert "45 dias a contar do recebimento (AR)" in prazos
    assert "fornecidas em 45 dias a contar do recebimento" in detalhe
    assert "O prazo de 45 dias conta desta data" in formulario
    assert "o prazo de 45 dias está correndo" in resposta
    assert "30 dias" not in prazos + detalhe + formulario
