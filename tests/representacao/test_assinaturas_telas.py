"""As telas dos signatários (Art. 13): a CRT registra e importa; Mesa e Deputados só veem;
a lista é paginada e pesquisável; contagem, relatório de importação e a seção do processo."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext

from processos.models import RegistroAcesso
from representacao.assinaturas import DadosSignatario, adicionar_signatario
from representacao.models import ImportacaoAssinaturas, Signatario
from representacao.titulo import digitos_verificadores
from tests.processos.construtores import protocolar

CABECALHO = "nome;titulo_eleitor;zona;secao;reside_na_area;firma_reconhecida"


def titulo_mt(i: int) -> str:
    base = f"{i:08d}18"
    return base + digitos_verificadores(base)


@pytest.fixture
def processo(operador):
    return protocolar(operador)


def url(processo, sufixo: str = "") -> str:
    return f"/processos/{processo.slug}/assinaturas/{sufixo}"


def semear(processo, usuario, quantos: int, *, inicio: int = 1) -> None:
    """Muitas linhas de uma vez (o serviço de importação é testado à parte)."""
    Signatario.objects.bulk_create(
        Signatario(
            processo=processo,
            ordem=i,
            nome=f"Eleitor {i:05d}",
            titulo_eleitor=titulo_mt(i),
            titulo_valido=True,
            reside_na_area=True,
            firma_reconhecida=True,
            criado_por=usuario,
        )
        for i in range(inicio, inicio + quantos)
    )


def post_signatario(**extra) -> dict:
    return {
        "nome": "Maria da Silva",
        "titulo_eleitor": "0012 3456 1805",
        "zona": "19",
        "secao": "123",
        "reside_na_area": "sim",
        "firma_reconhecida": "sim",
    } | extra


def arquivo_csv(linhas: list[str], nome: str = "lista.csv") -> SimpleUploadedFile:
    texto = "\n".join([CABECALHO, *linhas]) + "\n"
    return SimpleUploadedFile(nome, texto.encode("utf-8"), content_type="text/csv")


def linhas_na_tabela(html: str) -> list[str]:
    return re.findall(r'data-signatario="(\d+)"', html)


# --- papéis -----------------------------------------------------------------------------------


@pytest.mark.parametrize("papel", ["servidor", "presidente"])
def test_crt_registra_um_signatario(client, processo, papel, request):
    usuario = request.getfixturevalue(papel)
    client.force_login(usuario)

    resposta = client.post(url(processo, "adicionar/"), post_signatario())

    assert resposta.status_code == 302
    assert resposta["Location"] == url(processo)
    s = processo.signatarios.get()
    assert (s.ordem, s.nome, s.titulo_eleitor, s.zona, s.secao, s.criado_por) == (
        1,
        "Maria da Silva",
        "001234561805",
        "19",
        "123",
        usuario,
    )
    pagina = client.get(url(processo)).content.decode()
    assert "Signatário nº 1 registrado: Maria da Silva." in pagina
    assert "0012 3456 1805" in pagina


@pytest.mark.parametrize("papel", ["servidor", "presidente"])
def test_crt_importa_a_lista(client, processo, papel, request):
    client.force_login(request.getfixturevalue(papel))
    arquivo = arquivo_csv([f"Eleitor {i};{titulo_mt(i)};;;sim;sim" for i in range(1, 4)])

    resposta = client.post(url(processo, "importar/"), {"arquivo": arquivo})

    assert resposta.status_code == 302
    assert processo.signatarios.count() == 3
    pagina = client.get(url(processo)).content.decode()
    assert (
        "Arquivo lista.csv: 3 assinaturas importadas; aptas: 3 de 100 exigidas (Art. 13)." in pagina
    )


@pytest.mark.parametrize("papel", ["mesa", "deputado"])
def test_mesa_e_deputado_veem_a_lista_sem_formularios(client, processo, operador, papel, request):
    semear(processo, operador, 2)
    client.force_login(request.getfixturevalue(papel))

    resposta = client.get(url(processo))

    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert linhas_na_tabela(html) == ["1", "2"]
    assert "Registrar um signatário" not in html
    assert "Importar a lista" not in html


@pytest.mark.parametrize("papel", ["mesa", "deputado", "sem_papel"])
def test_quem_nao_e_da_crt_nao_registra_nem_importa(client, processo, papel, request):
    client.force_login(request.getfixturevalue(papel))

    adicionar = client.post(url(processo, "adicionar/"), post_signatario())
    importar = client.post(
        url(processo, "importar/"), {"arquivo": arquivo_csv([f"A;{titulo_mt(1)};;;s;s"])}
    )
    modelo = client.get(url(processo, "modelo.csv"))

    assert (adicionar.status_code, importar.status_code, modelo.status_code) == (403, 403, 403)
    assert not Signatario.objects.exists()
    assert not ImportacaoAssinaturas.objects.exists()


def test_anonimo_vai_para_o_login_e_sem_papel_recebe_403(client, processo, sem_papel):
    anonimo = client.get(url(processo))
    client.force_login(sem_papel)

    assert anonimo.status_code == 302
    assert anonimo["Location"].startswith("/entrar/?next=")
    assert client.get(url(processo)).status_code == 403


def test_registrar_e_importar_so_por_post(client, processo, servidor):
    client.force_login(servidor)

    assert client.get(url(processo, "adicionar/")).status_code == 405
    assert client.get(url(processo, "importar/")).status_code == 405


def test_processo_inexistente_da_404(client, servidor):
    client.force_login(servidor)

    assert client.get("/processos/9999-2026/assinaturas/").status_code == 404


def test_vista_da_lista_por_deputado_fica_registrada(client, processo, deputado, servidor):
    client.force_login(deputado)
    client.get(url(processo))
    client.force_login(servidor)
    client.get(url(processo))

    registros = RegistroAcesso.objects.filter(processo=processo)
    assert [(r.usuario, r.objeto) for r in registros] == [
        (deputado, "lista de signatários (Art. 13)")
    ]


# --- entrada ruim: 400, mensagem pt-BR, nada gravado -------------------------------------------


def test_signatario_sem_nome_e_sem_sim_nao_volta_com_400(client, processo, servidor):
    client.force_login(servidor)

    resposta = client.post(
        url(processo, "adicionar/"), post_signatario(nome="  ", reside_na_area="")
    )

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "Este campo é obrigatório." in html
    assert "Informe sim ou não." in html
    assert not Signatario.objects.exists()


@pytest.mark.parametrize(
    ("titulo", "mensagem"),
    [("001234561806", "Dígito verificador inválido."), ("1234", "O título deve ter 12 dígitos.")],
)
def test_titulo_que_nao_confere_volta_com_400_e_o_motivo(
    client, processo, servidor, titulo, mensagem
):
    client.force_login(servidor)

    resposta = client.post(url(processo, "adicionar/"), post_signatario(titulo_eleitor=titulo))

    assert resposta.status_code == 400
    assert mensagem in resposta.content.decode()
    assert not Signatario.objects.exists()


def test_titulo_que_nao_confere_entra_como_invalido_com_confirmacao(client, processo, servidor):
    client.force_login(servidor)

    resposta = client.post(
        url(processo, "adicionar/"),
        post_signatario(titulo_eleitor="0012 3456 1806", registrar_titulo_invalido="on"),
    )

    assert resposta.status_code == 302
    s = processo.signatarios.get()
    assert (s.titulo_valido, s.titulo_eleitor) == (False, "001234561806")
    pagina = client.get(url(processo)).content.decode()
    assert "Título inválido: a assinatura não conta para o Art. 13." in pagina
    assert "Título inválido</span> não conta" in pagina


@pytest.mark.parametrize("zona", ["19a", "12345"])
def test_zona_que_nao_e_numero_volta_com_400(client, processo, servidor, zona):
    client.force_login(servidor)

    resposta = client.post(url(processo, "adicionar/"), post_signatario(zona=zona))

    assert resposta.status_code == 400
    assert not Signatario.objects.exists()


def test_importacao_recusada_mostra_o_relatorio_por_linha_e_nao_grava(client, processo, servidor):
    client.force_login(servidor)
    arquivo = arquivo_csv(
        [
            f"Boa;{titulo_mt(1)};;;sim;sim",
            "  ;001234561806;;;sim;talvez",
            f"Boa;{titulo_mt(2)};;;s;s",
            f"José  da Silva;{titulo_mt(3)};;;sim;talvez",
        ]
    )

    resposta = client.post(url(processo, "importar/"), {"arquivo": arquivo})

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "Arquivo recusado: 2 linhas com problema." in html
    linha = re.search(
        r'<table class="table table-sm small relatorio-importacao">.*?</table>', html, re.S
    )
    celulas = [c.strip() for c in re.findall(r"<td>(.*?)</td>", linha.group(0), re.S)]
    # O nome vem no relatório, para achar a linha na lista assinada.
    assert celulas[:3] == ["3", "(sem nome)", "001234561806"]
    assert "Nome em branco." in celulas[3] and "Dígito verificador inválido." in celulas[3]
    assert celulas[4:6] == ["5", "José da Silva"]
    assert not Signatario.objects.exists()


def test_importacao_sem_arquivo_volta_com_400(client, processo, servidor):
    client.force_login(servidor)

    resposta = client.post(url(processo, "importar/"), {})

    assert resposta.status_code == 400
    assert "Escolha o arquivo CSV." in resposta.content.decode()


def test_importacao_de_binario_volta_com_400_e_mensagem(client, processo, servidor):
    client.force_login(servidor)
    arquivo = SimpleUploadedFile("foto.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 50)

    resposta = client.post(url(processo, "importar/"), {"arquivo": arquivo})

    assert resposta.status_code == 400
    assert "O arquivo não é um CSV de texto legível" in resposta.content.decode()


def test_formulario_de_importacao_mostra_andamento_ao_enviar(client, processo, servidor):
    client.force_login(servidor)

    html = client.get(url(processo)).content.decode()

    assert 'data-progresso="Conferindo e importando a lista de signatários' in html
    assert 'class="progresso-documento' in html
    assert "js/documentos.js" in html


# --- lista, busca, contagem ------------------------------------------------------------------


def test_lista_paginada_de_50_em_50(client, processo, operador, mesa):
    semear(processo, operador, 120)
    client.force_login(mesa)

    primeira = client.get(url(processo)).content.decode()
    terceira = client.get(url(processo) + "?pagina=3").content.decode()

    assert linhas_na_tabela(primeira) == [str(i) for i in range(1, 51)]
    assert linhas_na_tabela(terceira) == [str(i) for i in range(101, 121)]
    assert "Página 1 de 3" in primeira
    assert "120 linhas" in primeira


def test_busca_por_nome_ou_por_titulo_com_pontuacao(client, processo, operador, mesa):
    semear(processo, operador, 120)
    client.force_login(mesa)
    alvo = titulo_mt(77)
    formatado = f"{alvo[:4]}.{alvo[4:8]}-{alvo[8:]}"

    por_nome = client.get(url(processo), {"busca": "eleitor 00042"}).content.decode()
    por_titulo = client.get(url(processo), {"busca": formatado}).content.decode()
    nada = client.get(url(processo), {"busca": "Ninguém"}).content.decode()

    assert linhas_na_tabela(por_nome) == ["42"]
    assert linhas_na_tabela(por_titulo) == ["77"]
    assert linhas_na_tabela(nada) == []
    assert "Nenhum signatário com “Ninguém” no nome ou no título." in nada


def test_busca_mantida_na_paginacao(client, processo, operador, mesa):
    semear(processo, operador, 120)
    client.force_login(mesa)

    html = client.get(url(processo), {"busca": "Eleitor"}).content.decode()

    assert 'href="?busca=Eleitor&amp;pagina=2#lista"' in html


def test_pagina_mostra_contagem_e_marca_repetidos_e_invalidos_em_texto(client, processo, operador):
    def add(nome, titulo, **kw):
        adicionar_signatario(
            processo=processo, usuario=operador, dados=DadosSignatario(nome, titulo, **kw)
        )

    add("Ana", titulo_mt(1))
    add("Bento", titulo_mt(1))
    add("Carla", "001234561806")
    add("Davi", titulo_mt(2), reside_na_area=False)
    add("Elza", titulo_mt(3), firma_reconhecida=False)
    client.force_login(operador)

    html = client.get(url(processo)).content.decode()

    assert "Assinaturas aptas: 1 de 100 exigidas (Art. 13)</strong> —\n  faltam 99." in html
    contagem = dict(re.findall(r'data-contagem="(\w+)">(\d+)<', html))
    assert contagem == {
        "total": "5",
        "validos": "3",
        "invalidos": "1",
        "duplicados": "1",
        "nao_residentes": "1",
        "sem_firma": "1",
        "aptos": "1",
    }
    assert "Título repetido</span> repete o nº 1; conta uma vez" in html
    assert "Título inválido</span> não conta" in html
    assert "Não conta: não reside na área" in html
    assert "Não conta: sem firma reconhecida" in html


def test_pagina_diz_quando_o_minimo_esta_atendido(client, processo, operador):
    semear(processo, operador, 100)
    client.force_login(operador)

    html = client.get(url(processo)).content.decode()

    assert (
        "Assinaturas aptas: 100 de 100 exigidas (Art. 13)</strong> —\n  o mínimo está atendido."
        in html
    )


def test_numero_de_consultas_nao_cresce_com_a_lista(client, processo, operador):
    client.force_login(operador)
    semear(processo, operador, 10)
    client.get(url(processo))  # sessão e papéis já carregados
    with CaptureQueriesContext(connection) as poucas:
        assert client.get(url(processo)).status_code == 200
    semear(processo, operador, 190, inicio=11)
    with CaptureQueriesContext(connection) as muitas:
        assert client.get(url(processo)).status_code == 200

    assert len(poucas) == len(muitas)


# --- modelo CSV ------------------------------------------------------------------------------


def test_modelo_csv_tem_cabecalho_e_uma_linha_de_exemplo_que_o_proprio_sistema_aceita(
    client, processo, servidor
):
    client.force_login(servidor)

    resposta = client.get(url(processo, "modelo.csv"))

    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="modelo-assinaturas.csv"' in resposta["Content-Disposition"]
    texto = resposta.content.decode("utf-8-sig")
    assert texto.splitlines() == [CABECALHO, "Maria da Silva Souza;0012 3456 1805;19;123;sim;sim"]
    arquivo = SimpleUploadedFile("modelo.csv", resposta.content)
    assert client.post(url(processo, "importar/"), {"arquivo": arquivo}).status_code == 302
    assert processo.signatarios.get().titulo_eleitor == "001234561805"


def test_pagina_da_crt_tem_o_link_do_modelo(client, processo, servidor):
    client.force_login(servidor)

    html = client.get(url(processo)).content.decode()

    assert f'href="{url(processo, "modelo.csv")}"' in html


# --- seção na página do processo -------------------------------------------------------------


def test_pagina_do_processo_tem_a_secao_com_a_contagem_e_o_link(client, processo, operador, mesa):
    semear(processo, operador, 3)
    client.force_login(mesa)

    html = client.get(f"/processos/{processo.slug}/").content.decode()

    assert f'<a class="d-print-none" href="{url(processo)}">Assinaturas (Art. 13)</a>' in html
    assert "Assinaturas aptas: 3 de 100 exigidas (Art. 13)" in html


def test_secao_das_assinaturas_nao_aparece_no_portal_publico(client, processo, operador):
    semear(processo, operador, 3)

    html = client.get(f"/portal/processos/{processo.slug}/").content.decode()

    assert "Assinaturas aptas" not in html
    assert url(processo) not in html


def test_alteracao_de_nome_nao_tem_lista_de_signatarios(client, operador):
    processo = protocolar(operador, tipo="alteracao_nome", nome="Novo Nome", sede="Novo Nome")
    client.force_login(operador)

    detalhe = client.get(f"/processos/{processo.slug}/").content.decode()
    pagina = client.get(url(processo)).content.decode()

    assert "Assinaturas (Art. 13)</a>" not in detalhe
    assert "não há lista de signatários" in pagina
    assert "Registrar um signatário" not in pagina
