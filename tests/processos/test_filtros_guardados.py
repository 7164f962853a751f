"""O formulário de filtros da lista guardado por critérios e municípios
(`painel.filtros._html_dos_filtros`): a guarda nunca mostra um formulário de
outra busca nem de outra lista de municípios, e a lista sem critério não valida nada à toa."""

import pytest
from django.http import QueryDict

from painel.filtros import ProcessoFilter, ProcessoPublicoFilter
from processos.models import Processo
from requisitos.models import Municipio


def _select_municipio(html: str) -> str:
    inicio = html.index('name="municipio"')
    return html[inicio : html.index("</select>", inicio)]


@pytest.fixture
def municipios(db):
    for codigo, nome in [(5100250, "Alta Floresta"), (5107925, "Sorriso")]:
        Municipio.objects.create(codigo_ibge=codigo, nome=nome)


def test_municipio_novo_aparece_no_filtro_da_pagina_seguinte(client, servidor, municipios):
    client.force_login(servidor)
    antes = _select_municipio(client.get("/processos/").content.decode())
    assert "Água Boa" not in antes

    Municipio.objects.create(codigo_ibge=5100102, nome="Água Boa")
    depois = _select_municipio(client.get("/processos/").content.decode())

    # Na ordem do pt-BR: Água Boa antes de Alta Floresta.
    assert depois.index("Água Boa") < depois.index("Alta Floresta") < depois.index("Sorriso")


def test_municipio_renomeado_muda_o_filtro(client, servidor, municipios):
    client.force_login(servidor)
    client.get("/processos/")
    Municipio.objects.filter(nome="Sorriso").update(nome="Sorriso Novo")

    filtro = _select_municipio(client.get("/processos/").content.decode())

    assert ">Sorriso Novo</option>" in filtro
    assert ">Sorriso</option>" not in filtro


def test_cada_busca_mostra_os_proprios_criterios_e_erros(client, servidor, municipios):
    client.force_login(servidor)
    sorriso = Municipio.objects.get(nome="Sorriso")

    invalido = client.get("/processos/?ano=abc").content.decode()
    valido = client.get(f"/processos/?ano=2026&municipio={sorriso.pk}").content.decode()
    de_novo = client.get("/processos/?ano=abc").content.decode()
    vazio = client.get("/processos/").content.decode()

    assert 'class="textinput form-control is-invalid"' in invalido
    assert invalido.count("is-invalid") == de_novo.count("is-invalid") > 0
    assert "is-invalid" not in valido
    assert 'name="ano" value="2026"' in valido
    assert f'<option value="{sorriso.pk}" selected>Sorriso</option>' in valido
    assert 'name="ano" value="2026"' not in vazio and " selected>Sorriso" not in vazio


def test_o_portal_nao_recebe_o_formulario_interno(client, servidor, municipios):
    """Mesmos critérios, classes diferentes: "aguardando atos do meu perfil" é só da interna."""
    client.force_login(servidor)
    interno = client.get("/processos/?ano=2026").content.decode()
    client.logout()
    publico = client.get("/portal/?ano=2026").content.decode()

    assert 'name="aguardando"' in interno
    assert 'name="aguardando"' not in publico
    assert 'name="ano" value="2026"' in publico


@pytest.mark.parametrize("dados", ["", "pagina=2", "utm_source=email"])
def test_sem_criterio_a_lista_e_a_de_todos_sem_validar(db, dados):
    filtro = ProcessoFilter(QueryDict(dados), queryset=Processo.objects.all())

    assert filtro.criterios() == ()
    assert str(filtro.qs.query) == str(Processo.objects.all().query)
    assert not hasattr(filtro, "_form")


def test_criterio_vazio_ainda_passa_pelo_formulario(db):
    """`?tipo=` é um critério (vazio): o formulário é validado como antes."""
    filtro = ProcessoPublicoFilter(QueryDict("tipo="), queryset=Processo.objects.all())

    assert filtro.criterios() == (("tipo", ("",)),)
    assert list(filtro.qs) == []
    assert filtro.form.is_valid()
