"""Admin: toda tabela do sistema tem lista útil, em pt-BR; o estado do processo e os
registros de auditoria e documentos emitidos não se editam nem se apagam por ali."""

from datetime import date

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.urls import reverse

from processos.models import Processo
from processos.services import DadosProtocolo, protocolar_processo
from requisitos.models import Municipio

APPS_DO_SISTEMA = {"requisitos", "processos", "representacao", "plebiscito", "documentos"}


@pytest.fixture
def administrador(db):
    return User.objects.create_superuser("root", password="x", first_name="Administrador")


def test_todo_modelo_do_sistema_tem_admin():
    from django.apps import apps

    modelos = {m for m in apps.get_models() if m._meta.app_label in APPS_DO_SISTEMA}
    assert modelos <= set(admin.site._registry)


def test_listas_do_admin_abrem_para_o_administrador(client, administrador):
    client.force_login(administrador)
    for modelo in admin.site._registry:
        if modelo._meta.app_label not in APPS_DO_SISTEMA:
            continue
        url = reverse(f"admin:{modelo._meta.app_label}_{modelo._meta.model_name}_changelist")
        resposta = client.get(url)
        assert resposta.status_code == 200, url


def test_estado_do_processo_e_somente_leitura_no_admin(client, administrador, servidor):
    municipio = Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")
    processo = protocolar_processo(
        usuario=servidor,
        dados=DadosProtocolo(
            tipo="criacao",
            nome_proposto="Vale do Arinos",
            sede_proposta="Vale do Arinos",
            municipios_origem=[municipio],
            forma_encaminhamento="comunidade",
            data_leitura_expediente=date.today(),
        ),
    )
    client.force_login(administrador)
    url = reverse("admin:processos_processo_change", args=[processo.pk])
    html = client.get(url).content.decode()
    assert 'name="estado"' not in html
    assert "Protocolada" in html
    assert (
        client.post(reverse("admin:processos_processo_delete", args=[processo.pk])).status_code
        == 403
    )
    assert Processo.objects.filter(pk=processo.pk).exists()


def test_dados_do_processo_sao_somente_leitura_no_admin(client, administrador, servidor):
    """Os dados mudam só pelo ato "retificar_dados" (antes/depois no Andamento, bloqueios
    do Art. 19, § 3º); o admin não os edita, nem cria processos."""
    municipio = Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")
    processo = protocolar_processo(
        usuario=servidor,
        dados=DadosProtocolo(
            tipo="criacao",
            nome_proposto="Vale do Arinos",
            sede_proposta="Vale do Arinos",
            municipios_origem=[municipio],
            forma_encaminhamento="comunidade",
            data_leitura_expediente=date.today(),
            divisas="Ao norte, o Rio Arinos.",
        ),
    )
    client.force_login(administrador)
    url = reverse("admin:processos_processo_change", args=[processo.pk])

    pagina = client.get(url)
    resposta = client.post(
        url,
        {
            "tipo": "criacao",
            "nome_proposto": "Outro Nome",
            "sede_proposta": "Outro Nome",
            "municipios_origem": [municipio.pk],
            "forma_encaminhamento": "comunidade",
            "data_leitura_expediente": date.today().isoformat(),
            "divisas": "Divisas trocadas pelo admin.",
            "andamentos-TOTAL_FORMS": "0",
            "andamentos-INITIAL_FORMS": "0",
        },
    )

    assert pagina.status_code == 200
    html = pagina.content.decode()
    assert "Ao norte, o Rio Arinos." in html
    for campo in ("divisas", "nome_proposto", "municipios_origem", "memorial_descritivo"):
        assert f'name="{campo}"' not in html
    assert resposta.status_code == 403
    processo = Processo.objects.get(pk=processo.pk)
    assert (processo.divisas, processo.nome_proposto) == (
        "Ao norte, o Rio Arinos.",
        "Vale do Arinos",
    )
    assert processo.andamentos.count() == 1
    assert client.get(reverse("admin:processos_processo_add")).status_code == 403
