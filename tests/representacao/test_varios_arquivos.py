"""Um item do Art. 15 com vários arquivos vigentes (as fotografias do centro urbano,
Art. 15, V; o mapa e o memorial, Art. 15, II), cada um com as suas versões e a sua anulação.
Juntar ao item soma um arquivo; só "nova versão deste arquivo" substitui — e só aquele."""

import pytest

from documentos.copia_integral import emitir_copia_integral, pecas_do_processo
from processos.models import AtoRecusado
from representacao.documentos import (
    anular_documento,
    checklist_do_processo,
    documentos_vigentes,
    itens_faltantes,
)
from representacao.models import DocumentoRepresentacao
from tests.documentos.auxiliares import paginas_texto
from tests.processos.construtores import protocolar
from tests.representacao.construtores import arquivo, imagem, juntar, pdf_real

FOTOS = "Fotografias do centro urbano (indústria, comércio, agropecuária)"


@pytest.fixture
def processo(servidor):
    return protocolar(servidor)


@pytest.fixture
def tres_fotos(processo, servidor):
    return [
        juntar(processo, servidor, "fotografias", imagem("JPEG"), nome)
        for nome in ("industria.jpg", "comercio.jpg", "lavoura.jpg")
    ]


def _linha(processo, item):
    return next(x for x in checklist_do_processo(processo) if x.item == item)


def test_tres_fotografias_ficam_vigentes_juntas(processo, tres_fotos):
    linha = _linha(processo, "fotografias")

    assert [d.numero for d in tres_fotos] == [1, 2, 3]
    assert [d.versao for d in tres_fotos] == [1, 1, 1]
    assert linha.vigentes == tres_fotos
    assert [d.nome_original for d in documentos_vigentes(processo)] == [
        "industria.jpg",
        "comercio.jpg",
        "lavoura.jpg",
    ]


def test_memorial_em_pdf_nao_substitui_o_mapa_do_item_ii(processo, servidor):
    """Art. 15, II: o mapa (GeoJSON) e o memorial (PDF) são dois arquivos do mesmo item."""
    mapa = juntar(
        processo,
        servidor,
        "mapa_territorio",
        b'{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[-55.5,-12.5],'
        b'[-55.4,-12.5],[-55.4,-12.4],[-55.5,-12.4],[-55.5,-12.5]]]},"properties":{}}',
        "mapa.geojson",
    )
    memorial = juntar(processo, servidor, "mapa_territorio", pdf_real(2), "memorial.pdf")

    assert _linha(processo, "mapa_territorio").vigentes == [mapa, memorial]


def test_nova_versao_de_um_arquivo_mantem_os_outros(processo, servidor, tres_fotos):
    nova = juntar(processo, servidor, "fotografias", imagem("PNG"), "comercio-2.png", substitui=2)

    linha = _linha(processo, "fotografias")
    assert (nova.numero, nova.versao) == (2, 2)
    assert linha.vigentes == [tres_fotos[0], nova, tres_fotos[2]]
    assert [d.pk for d in linha.arquivos[1].versoes] == [nova.pk, tres_fotos[1].pk]
    assert DocumentoRepresentacao.objects.filter(item="fotografias").count() == 4


def test_nova_versao_de_arquivo_que_nao_existe_e_recusada_sem_gravar(
    processo, servidor, tres_fotos
):
    with pytest.raises(AtoRecusado, match="O arquivo nº 4 não existe em “Fotografias"):
        juntar(processo, servidor, "fotografias", imagem("JPEG"), "x.jpg", substitui=4)

    assert DocumentoRepresentacao.objects.filter(item="fotografias").count() == 3


def test_anular_um_arquivo_deixa_os_outros_vigentes(processo, servidor, tres_fotos):
    anular_documento(documento_id=tres_fotos[0].pk, usuario=servidor, justificativa="Borrada.")

    linha = _linha(processo, "fotografias")
    assert linha.vigentes == tres_fotos[1:]
    assert linha.presente
    assert [a.numero for a in linha.arquivos] == [1, 2, 3]  # o anulado segue no histórico
    assert linha.arquivos[0].vigente is None


def test_item_so_volta_a_faltar_quando_todos_os_arquivos_estao_anulados(
    processo, servidor, tres_fotos
):
    for foto in tres_fotos[:2]:
        anular_documento(documento_id=foto.pk, usuario=servidor, justificativa="Repetida.")
    assert FOTOS + " (Art. 15, V)" not in itens_faltantes(processo)

    anular_documento(documento_id=tres_fotos[2].pk, usuario=servidor, justificativa="Repetida.")
    assert FOTOS + " (Art. 15, V)" in itens_faltantes(processo)


# --- a cópia integral (Art. 19, § 1º) ------------------------------------------------------


def test_as_tres_fotografias_entram_no_indice_da_copia_integral(
    processo, presidente, tres_fotos, settings, tmp_path
):
    settings.URL_PUBLICA = "https://emancipacao.al.mt.gov.br"

    doc = emitir_copia_integral(processo, usuario=presidente)

    paginas = paginas_texto(doc.arquivo.path)
    indice = next(p for p in paginas if "ÍNDICE DAS PEÇAS" in p.upper())
    for numero, nome in enumerate(("industria.jpg", "comercio.jpg", "lavoura.jpg"), 1):
        assert f"arquivo {numero}: {nome} (versão 1)" in indice


def test_copia_integral_traz_a_versao_nova_e_os_outros_arquivos(processo, servidor, tres_fotos):
    juntar(processo, servidor, "fotografias", imagem("PNG"), "comercio-2.png", substitui=2)

    titulos = [p.titulo for p in pecas_do_processo(processo) if "Fotografias" in p.titulo]

    # A cópia ordena as peças pela data; a versão nova é a mais recente.
    assert sorted(titulos) == [
        f"{FOTOS} — arquivo 1: industria.jpg (versão 1)",
        f"{FOTOS} — arquivo 2: comercio-2.png (versão 2)",
        f"{FOTOS} — arquivo 3: lavoura.jpg (versão 1)",
    ]


# --- as telas ------------------------------------------------------------------------------


def _url(processo) -> str:
    return f"/processos/{processo.slug}/documentos-art15/"


def _secao(html: str, item: str) -> str:
    return html.split(f'data-item="{item}"')[1].split("</section>")[0]


def test_pagina_lista_cada_arquivo_com_a_sua_nova_versao(client, servidor, processo, tres_fotos):
    client.force_login(servidor)

    secao = _secao(client.get(_url(processo)).content.decode(), "fotografias")

    for numero, nome in enumerate(("industria.jpg", "comercio.jpg", "lavoura.jpg"), 1):
        assert f"Arquivo {numero} — {nome}" in secao
    assert secao.count("Enviar nova versão deste arquivo") == 3
    assert "Juntar outro arquivo a este item" in secao
    assert 'data-juntar><input type="hidden" name="csrfmiddlewaretoken"' in secao
    assert "(3 arquivos)" in client.get(f"/processos/{processo.slug}/").content.decode()


def test_envio_pela_tela_soma_um_arquivo_e_a_nova_versao_substitui_so_aquele(
    client, servidor, processo, tres_fotos
):
    client.force_login(servidor)

    soma = client.post(
        _url(processo),
        {"item": "fotografias", "arquivo": arquivo(imagem("JPEG"), "feira.jpg"), "versao_vista": 3},
    )
    assert soma.status_code == 302
    troca = client.post(
        _url(processo),
        {
            "item": "fotografias",
            "arquivo": arquivo(imagem("JPEG"), "lavoura-2.jpg"),
            "substitui": 3,
            "versao_vista": 1,
        },
    )
    assert troca.status_code == 302

    pagina = client.get(_url(processo)).content.decode()
    assert "Fotografias do centro urbano" in pagina
    assert "versão 2 do arquivo nº 3 juntada (JPEG)" in pagina
    vigentes = [d.nome_original for d in _linha(processo, "fotografias").vigentes]
    assert vigentes == ["industria.jpg", "comercio.jpg", "lavoura-2.jpg", "feira.jpg"]


def test_nova_versao_com_arquivo_errado_volta_com_o_erro_no_arquivo(
    client, servidor, processo, tres_fotos
):
    client.force_login(servidor)

    resposta = client.post(
        _url(processo),
        {
            "item": "fotografias",
            "arquivo": arquivo(b"texto qualquer", "foto.jpg"),
            "substitui": 2,
            "versao_vista": 1,
        },
    )

    assert resposta.status_code == 400
    secao = _secao(resposta.content.decode(), "fotografias")
    assert 'id="erro-arquivo-fotografias-2" data-erro>' in secao
    assert DocumentoRepresentacao.objects.filter(item="fotografias").count() == 3


# --- a migração: os dados que já existiam continuam com o mesmo sentido --------------------


@pytest.mark.django_db(transaction=True)
def test_migracao_faz_de_cada_cadeia_de_versoes_o_arquivo_1_do_item(servidor):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor
    from django.utils import timezone

    processo = protocolar(servidor)
    antes = ("representacao", "0006_correcao_de_signatario")
    executor = MigrationExecutor(connection)
    executor.migrate([antes])
    Antigo = executor.loader.project_state([antes]).apps.get_model(
        "representacao", "DocumentoRepresentacao"
    )
    for versao, nome in ((1, "fotos-velhas.pdf"), (2, "fotos-novas.pdf")):
        Antigo.objects.create(
            processo_id=processo.pk,
            item="fotografias",
            versao=versao,
            arquivo=f"representacao/2026/{nome}",
            nome_original=nome,
            tipo_conteudo="application/pdf",
            tamanho=100,
            sha256="a" * 64,
            enviado_por_id=servidor.pk,
            enviado_em=timezone.now(),
        )
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    linha = _linha(processo, "fotografias")
    assert [a.numero for a in linha.arquivos] == [1]
    assert [(d.versao, d.nome_original) for d in linha.arquivos[0].versoes] == [
        (2, "fotos-novas.pdf"),
        (1, "fotos-velhas.pdf"),
    ]
    assert [d.nome_original for d in linha.vigentes] == ["fotos-novas.pdf"]
