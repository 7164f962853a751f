"""A jornada inteira de uma criação de município no Chromium, só pela interface: cada papel
pratica os próprios atos (a servidora, o Presidente da CRT, a Secretaria da Mesa), do
protocolo (Arts. 13 e 14) à lei publicada (Art. 1º; Art. 7º), com as assinaturas e os
documentos juntados, as certidões respondidas com os números, o plebiscito registrado e os
PDFs emitidos conferidos na página pública /validar/. A segunda jornada termina arquivada pelo
Plenário, que delibera sobre o parecer de mérito contrário (Art. 18, § 1º).

Depois do preparo mínimo (município de origem, tabela do valor adicionado da SEFAZ, usuários),
nada passa pelo ORM: o que se afirma é o que as páginas mostram. As capturas das telas-chave
ficam em artefatos/jornada/<teste>/ (ou em $ARTEFATOS_DIR/<teste>/)."""

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone

from processos.papeis import GRUPOS
from tests.navegador import roteiro as r
from tests.processos.construtores import origem_padrao, semear_tabela_va
from tests.representacao.construtores import pdf_real

pytestmark = [
    pytest.mark.navegador,
    # Os grupos dos papéis vêm de uma migração de dados: sem o serialized_rollback, o flush
    # deste teste transacional os apagaria para os testes seguintes.
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

# O elenco fixo de tests/conftest.py (fixtures servidor, presidente e mesa).
SERVIDORA, PRESIDENTE, MESA = "alice", "bruno", "carla"
NOME = "Nova Fronteira do Norte"
UNIDADE = f"Área a desmembrar (futuro Município de {NOME})"
# Tabocão/TO, 2018: aprovado pelas três leituras do Art. 11.
TABOCAO = {
    "Eleitores inscritos": "2719",
    "Comparecimento": "2175",
    "Sim": "1561",
    "Não": "525",
    "Brancos": "41",
    "Nulos": "48",
}
ASSINATURAS = 101  # uma acima do mínimo do Art. 13
SESSAO = {
    "Sessão (número)": "42ª Ordinária",
    "Votos favoráveis": "14",
    "Votos contrários": "6",
    "Abstenções": "1",
}


def _protocolo() -> str:
    """O número que o primeiro protocolo do ano recebe."""
    return f"0001/{timezone.localdate().year}"


def _preparar(tmp_path) -> None:
    """O mínimo que o ORM semeia: grupos, o município de origem e a tabela da SEFAZ."""
    # Ver test_jornada.py: recriar os grupos torna o teste independente da ordem.
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    origem_padrao()  # Sorriso, o único município da lista do protocolo além dos fictícios
    semear_tabela_va()  # último exercício encerrado, média dos dez menores: R$ 5.500.000,00
    (tmp_path / "certidao.pdf").write_bytes(pdf_real())


def _protocolar(pagina, capturas) -> str:
    """A servidora protocola a representação lida no expediente (Arts. 13 e 14)."""
    pagina.get_by_role("link", name="Novo processo").first.click()
    r.campo(pagina, "Tipo").select_option("criacao")
    r.preencher(pagina, {"Nome proposto": NOME, "Sede proposta": NOME})
    pagina.get_by_role("searchbox", name="Filtrar municípios pelo nome").fill("sorri")
    pagina.get_by_role("checkbox", name="Sorriso", exact=True).check()
    pagina.get_by_label("Diretamente pela comunidade").check()
    pagina.get_by_label("Representantes da comunidade").fill("Comissão pró-emancipação")
    pagina.get_by_label("Lida no expediente em").fill(r.data(10))
    capturas(pagina, "protocolo-formulario")
    pagina.get_by_role("button", name="Protocolar").click()
    pagina.get_by_text(f"Processo protocolado sob o nº {_protocolo()}.").wait_for()
    assert pagina.url.endswith(f"/processos/{_protocolo().replace('/', '-')}/")
    assert r.estado(pagina) == "Protocolada"
    assert r.acoes(pagina).get_by_role("button", name="Receber na CRT").is_disabled()
    capturas(pagina, "processo-protocolado")
    return pagina.url


def _completar_representacao(pagina, url: str, tmp_path, capturas) -> None:
    """As assinaturas do Art. 13 (por CSV) e os cinco documentos do Art. 15."""
    voltar = f"← Processo nº {_protocolo()}"
    csv = r.csv_de_signatarios(tmp_path / "signatarios.csv", ASSINATURAS)
    assert r.importar_assinaturas(pagina, csv) == (
        f"Arquivo {csv.name}: {ASSINATURAS} assinaturas importadas; "
        f"aptas: {ASSINATURAS} de 100 exigidas (Art. 13)."
    )
    capturas(pagina, "assinaturas-importadas")
    pagina.get_by_role("link", name=voltar).click()
    pagina.get_by_role("link", name="Documentos do Art. 15").click()
    r.juntar_documentos_da_criacao(pagina, tmp_path)
    assert r.texto(pagina.locator("[data-faltantes]")) == (
        "Todos os documentos obrigatórios do Art. 15 foram juntados."
    )
    capturas(pagina, "documentos-art15")
    pagina.get_by_role("link", name=voltar).click()
    pagina.wait_for_url(url)
    validade = pagina.get_by_role("region", name="Validade da representação")
    assert validade.locator(".alert").count() == 0


def _receber_e_visitar(pagina, capturas) -> None:
    """A servidora recebe a representação na CRT (Art. 16) e registra a visita (Art. 17, I)."""
    r.abrir_ato(pagina, "Receber na CRT")
    r.preencher(
        pagina,
        {
            "Data do ato": r.data(6),
            "Cópias distribuídas aos Deputados em": r.data(8),
            "Publicada no órgão oficial em": r.data(7),
        },
    )
    capturas(pagina, "receber-na-crt-formulario")
    r.confirmar(pagina, "Receber na CRT", "Em instrução na CRT")
    r.abrir_ato(pagina, "Registrar visita in loco")
    r.preencher(
        pagina,
        {
            "Data do ato": r.data(2),
            "Membros presentes": "Dep. Fulano; Dep. Beltrana",
            "Levantamento socioeconômico (Art. 17, I)": "Comércio, escola e posto de saúde.",
            "Relatório circunstanciado da visita": "Visita à sede proposta.",
        },
    )
    pagina.get_by_label("Sim").check()  # Art. 2º, V: condições de instalação
    r.confirmar(pagina, "Registrar visita in loco", "Visita in loco realizada")
    assert r.estado(pagina) == "Visita in loco realizada"
    capturas(pagina, "processo-visita-realizada")


def _instruir(pagina, url: str, certidao, cartografia: dict[str, str], capturas) -> None:
    """Do parecer preliminar (Presidente, Art. 17, II) à conclusão das certidões (servidora,
    Art. 2º, §§ 2º e 3º): o AR e a resposta de cada órgão, com os números certificados."""
    r.trocar_de_usuario(pagina, PRESIDENTE, url)
    r.abrir_ato(pagina, "Emitir parecer preliminar")
    pagina.get_by_label("Solicitar os documentos do Art. 2º").check()
    r.campo(pagina, "Texto do parecer").fill("Cumpridos os Arts. 15 e 16; oficiem-se os órgãos.")
    r.confirmar(pagina, "Emitir parecer preliminar", "Aguardando certidões", timeout=60_000)
    capturas(pagina, "processo-oficios-enviados")

    r.trocar_de_usuario(pagina, SERVIDORA, url)
    for orgao in (r.CARTOGRAFIA, r.TRE, r.SEFAZ):
        r.registrar_ar(pagina, orgao, url)
        assert "No prazo (faltam" in r.texto(r.linha_do_oficio(pagina, orgao))
    continuidade = {f"{r.AREA}: {r.CONTINUIDADE}": "Sim", f"{r.SORRISO}: {r.CONTINUIDADE}": "Sim"}
    respostas = (
        (r.CARTOGRAFIA, "CART-101/2026", cartografia, continuidade),
        (r.TRE, "TRE-7/2026", r.NUMEROS_TRE, {}),
        (r.SEFAZ, "SEFAZ-33/2026", r.NUMEROS_SEFAZ, {}),
    )
    for orgao, numero, numeros, escolhas in respostas:
        r.responder_oficio(pagina, orgao, numero, certidao, numeros, url, escolhas=escolhas)
        linha = r.linha_do_oficio(pagina, orgao)
        assert linha.get_by_role("link", name=f"Certidão nº {numero}").is_visible()
        assert "Todos os números pedidos certificados." in r.texto(linha)
    previa = pagina.get_by_role("region", name="Requisitos — prévia sobre as certidões")
    assert "Avaliação parcial" not in r.texto(previa)
    capturas(pagina, "processo-certidoes-respondidas")
    r.abrir_ato(pagina, "Concluir certidões")
    r.confirmar(pagina, "Concluir certidões", "Aguardando parecer de mérito")
    # O parecer de mérito é ato do Presidente (Art. 21): a servidora não o tem entre as ações.
    assert r.acoes(pagina).get_by_role("link", name="Emitir parecer de mérito").count() == 0


def _ate_o_parecer_de_merito(pagina, tmp_path, capturas, cartografia: dict[str, str]) -> str:
    """Do protocolo ao formulário do parecer de mérito aberto pelo Presidente."""
    r.entrar(pagina, SERVIDORA)
    url = _protocolar(pagina, capturas)
    _completar_representacao(pagina, url, tmp_path, capturas)
    _receber_e_visitar(pagina, capturas)
    _instruir(pagina, url, tmp_path / "certidao.pdf", cartografia, capturas)
    r.trocar_de_usuario(pagina, PRESIDENTE, url)
    r.abrir_ato(pagina, "Emitir parecer de mérito")
    return url


def _deliberar_no_plenario(pagina, url: str, decisao: str, destino: str, capturas) -> None:
    """A Secretaria da Mesa registra a deliberação do Plenário (Art. 18, § 1º)."""
    r.trocar_de_usuario(pagina, MESA, url)
    r.abrir_ato(pagina, "Deliberar no Plenário")
    # Os votos dão o resultado (maioria simples): o arquivamento, com mais votos contra.
    contra = {"Votos favoráveis": "6", "Votos contrários": "14"}
    r.preencher(pagina, SESSAO | (contra if decisao == "Pelo arquivamento" else {}))
    pagina.get_by_label(decisao, exact=True).check()
    capturas(pagina, "deliberar-no-plenario-formulario")
    r.confirmar(pagina, "Deliberar no Plenário", destino)


def _plebiscito(pagina, url: str, capturas, executor_de_tarefas) -> None:
    """Do PDL ao parecer sobre o resultado (Arts. 18, § 2º, 19 e 20)."""
    r.abrir_ato(pagina, "Registrar parecer da CCJR")
    pagina.get_by_label("Favorável", exact=True).check()
    r.preencher(pagina, {"Número do parecer da CCJR": "12/2026", "Relator(a)": "Dep. Cicrano"})
    r.confirmar(pagina, "Registrar parecer da CCJR", "Elaboração do PDL")

    r.trocar_de_usuario(pagina, PRESIDENTE, url)
    r.abrir_ato(pagina, "Apresentar PDL")
    r.preencher(pagina, {"Número do PDL": "5/2026", "Ementa": "Autoriza o TRE a realizar..."})
    r.confirmar(pagina, "Apresentar PDL", "PDL em tramitação", timeout=30_000)

    r.trocar_de_usuario(pagina, MESA, url)
    r.abrir_ato(pagina, "Publicar Decreto Legislativo")
    r.preencher(
        pagina,
        {
            "Número do Decreto Legislativo": "2.944",
            "Aprovado em": r.data(0),  # não antes do PDL, apresentado hoje
            "Publicado no Diário Oficial em": r.data(0),
        },
    )
    r.confirmar(pagina, "Publicar Decreto Legislativo", "Decreto Legislativo publicado")

    # A cópia integral autenticada (Art. 19, § 1º) é montada em segundo plano; pronta, o
    # Decreto segue ao TRE com ela.
    r.trocar_de_usuario(pagina, PRESIDENTE, url)
    r.montar_copia_integral(pagina, executor_de_tarefas)
    r.abrir_ato(pagina, "Encaminhar ao TRE")
    r.confirmar(pagina, "Encaminhar ao TRE", "Plebiscito no TRE", timeout=60_000)

    r.trocar_de_usuario(pagina, MESA, url)
    r.abrir_ato(pagina, "Registrar resultado do plebiscito")
    r.preencher(
        pagina,
        {
            "Ofício do TRE (número)": "TRE-MT 88/2026",
            "Data do ofício do TRE": r.hoje(),
            "Lido em Plenário em": r.hoje(),
            "Data da consulta (dia da votação)": r.hoje(),
        },
    )
    r.preencher(pagina, {f"{UNIDADE}: {coluna}": valor for coluna, valor in TABOCAO.items()})
    capturas(pagina, "resultado-do-plebiscito-formulario")
    r.confirmar(pagina, "Registrar resultado do plebiscito", "Resultado do plebiscito em análise")
    veredito = pagina.locator("#plebiscito .veredito-plebiscito")
    assert "o plebiscito foi aprovado" in r.texto(veredito)
    capturas(pagina.locator("#plebiscito"), "plebiscito-resultado")

    r.trocar_de_usuario(pagina, PRESIDENTE, url)
    r.abrir_ato(pagina, "Emitir parecer sobre o resultado")
    assert r.texto(pagina.get_by_text("O processo passará para:")) == (
        "O processo passará para: Elaboração do Projeto de Lei."
    )
    r.campo(pagina, "Análise (texto do parecer)").fill(
        "O Sim alcançou a maioria absoluta dos eleitores inscritos (Art. 11, § 2º)."
    )
    r.confirmar(
        pagina, "Emitir parecer sobre o resultado", "Elaboração do Projeto de Lei", timeout=30_000
    )


def _lei(pagina, url: str, capturas) -> None:
    """O Projeto de Lei (Art. 7º; Art. 20, §§ 1º e 2º), a aprovação e a lei publicada."""
    r.abrir_ato(pagina, "Apresentar Projeto de Lei")
    r.preencher(
        pagina,
        {
            "Número do Projeto de Lei": "99/2026",
            "Sessão em cuja Ordem do Dia será incluído (a seguinte, Art. 20, § 2º)": r.hoje(),
        },
    )
    pagina.get_by_label("Declaro que o nome não é de pessoa viva", exact=False).check()
    capturas(pagina, "projeto-de-lei-formulario")
    r.confirmar(pagina, "Apresentar Projeto de Lei", "PL na Ordem do Dia", timeout=30_000)

    r.trocar_de_usuario(pagina, MESA, url)
    r.abrir_ato(pagina, "Aprovar PL")
    r.preencher(pagina, SESSAO)
    r.confirmar(pagina, "Aprovar PL", "Aguardando sanção")
    r.abrir_ato(pagina, "Registrar lei")
    r.preencher(
        pagina,
        {
            "Número da lei": "12.345",
            "Sancionada em": r.hoje(),
            "Publicada no Diário Oficial em": r.hoje(),
        },
    )
    r.confirmar(pagina, "Registrar lei", "Concluído (lei publicada)")


def _situacoes_no_diagrama(pagina) -> dict[str, str]:
    """Cada etapa do diagrama de fluxo com a sua situação (passada, atual, futura...)."""
    etapas = pagina.locator("[data-testid=diagrama] li")
    return {
        etapas.nth(i).get_attribute("data-estado"): etapas.nth(i).get_attribute("data-situacao")
        for i in range(etapas.count())
    }


def _validar_emitidos(pagina, titulos: dict[str, str], tmp_path, capturas) -> None:
    """Cada PDF (título → nome da captura, ou "" sem captura) é aberto pela equipe na página
    do processo; depois, sem login, o código e o arquivo são conferidos em /validar/, como
    faria quem recebeu o documento."""
    baixados = [(t, *r.baixar_documento(pagina, t, tmp_path)) for t in titulos]
    r.sair(pagina)
    for titulo, codigo, arquivo in baixados:
        r.validar_documento(pagina, codigo, arquivo, titulo, _protocolo())
        if titulos[titulo]:
            capturas(pagina, f"validar-{titulos[titulo]}")


def test_criacao_do_protocolo_a_lei_publicada_so_pela_interface(
    pagina, servidor, presidente, mesa, comprovante_real, tmp_path, executor_de_tarefas
):
    _preparar(tmp_path)
    capturas = r.Capturas(r.pasta_de_artefatos("criacao-ate-concluido"))
    url = _ate_o_parecer_de_merito(pagina, tmp_path, capturas, r.NUMEROS_CARTOGRAFIA)

    # Art. 2º, I a VI e § 1º: 4.000 habitantes atendem ("não inferior a 4.000").
    formulario = pagina.locator("form").filter(
        has=pagina.get_by_role("button", name="Confirmar: Emitir parecer de mérito")
    )
    assert "Atende a todos os requisitos indispensáveis." in r.texto(formulario)
    tabela = formulario.get_by_role("table", name="Requisitos calculados sobre as certidões")
    assert "4.000" in r.texto(r.linha_do_inciso(tabela, "I"))
    assert "✓ Atende" in r.texto(r.linha_do_inciso(tabela, "I"))
    pagina.get_by_label("Favorável", exact=True).check()
    r.campo(pagina, "Texto do parecer").fill("Os números certificados atendem ao Art. 2º.")
    # Art. 1º, § 1º: a análise da CRT sobre a unidade histórico-cultural, com o fundamento.
    pagina.get_by_label(
        "A continuidade e a unidade histórico-cultural do ambiente urbano são preservadas"
    ).check()
    r.campo(pagina, "Fundamento da análise (Art. 1º, § 1º)").fill(
        "Sede e área num só ambiente urbano, ouvida a Cartografia."
    )
    capturas(pagina, "parecer-de-merito-formulario")
    r.confirmar(pagina, "Emitir parecer de mérito", "Em deliberação no Plenário", timeout=60_000)
    capturas(pagina, "processo-em-deliberacao-no-plenario")

    _deliberar_no_plenario(pagina, url, "Pela tramitação (segue à CCJR)", "Na CCJR", capturas)
    _plebiscito(pagina, url, capturas, executor_de_tarefas)
    capturas(pagina, "processo-elaboracao-do-pl")
    _lei(pagina, url, capturas)

    assert pagina.url == url
    assert r.estado(pagina) == "Concluído (lei publicada)"
    # Concluído, todas as etapas do rito da criação estão cumpridas (✓).
    situacoes = _situacoes_no_diagrama(pagina)
    assert len(situacoes) == 16 and set(situacoes.values()) == {"passada"}, situacoes
    assert r.acoes(pagina).get_by_role("link", name="Aprovar PL").count() == 0
    capturas(pagina, "processo-concluido")
    # Cada ato que emite documento deixou o seu PDF, com código de verificação.
    de_processo = f" — Processo nº {_protocolo()}"
    ano = timezone.localdate().year  # os ofícios da CRT são numerados por ano
    titulos = {
        "Comprovante de protocolo" + de_processo: "",
        "Parecer preliminar" + de_processo: "",
        f"Ofício nº 1/{ano}-CRT — {r.CARTOGRAFIA}" + de_processo: "",
        f"Ofício nº 2/{ano}-CRT — Tribunal Regional Eleitoral de Mato Grosso" + de_processo: "",
        f"Ofício nº 3/{ano}-CRT — {r.SEFAZ}" + de_processo: "",
        "Parecer de mérito" + de_processo: "parecer-de-merito",
        "Projeto de Decreto Legislativo nº 5/2026" + de_processo: "",
        f"Cópia integral autenticada do Processo nº {_protocolo()}": "",
        # Art. 19, § 1º: o ofício ao TRE continua a numeração dos ofícios da CRT.
        f"Ofício nº 4/{ano}-CRT — Tribunal Regional Eleitoral de Mato Grosso" + de_processo: "",
        "Informe ao Plenário (Encaminhamento ao Tribunal Regional Eleitoral)" + de_processo: "",
        "Parecer sobre o resultado do plebiscito" + de_processo: "parecer-sobre-o-resultado",
        "Projeto de Lei nº 99/2026" + de_processo: "projeto-de-lei",
    }
    links = r.documentos_emitidos(pagina).get_by_role("link").filter(has_not_text="baixar")
    assert sorted(links.all_inner_texts()) == sorted(titulos)
    _validar_emitidos(pagina, titulos, tmp_path, capturas)


def test_parecer_de_merito_contrario_e_arquivado_pelo_plenario(
    pagina, servidor, presidente, mesa, tmp_path
):
    _preparar(tmp_path)
    capturas = r.Capturas(r.pasta_de_artefatos("arquivado-pelo-plenario"))
    # Art. 2º, I: 3.999 habitantes, um abaixo do mínimo ("não inferior a 4.000").
    populacao = f"{r.AREA}: população estimada (Art. 2º, I)"
    cartografia = r.NUMEROS_CARTOGRAFIA | {populacao: "3.999"}
    url = _ate_o_parecer_de_merito(pagina, tmp_path, capturas, cartografia)

    formulario = pagina.locator("form").filter(
        has=pagina.get_by_role("button", name="Confirmar: Emitir parecer de mérito")
    )
    assert "Atende a todos os requisitos indispensáveis." not in r.texto(formulario)
    tabela = formulario.get_by_role("table", name="Requisitos calculados sobre as certidões")
    assert "3.999" in r.texto(r.linha_do_inciso(tabela, "I"))
    assert "Não atende" in r.texto(r.linha_do_inciso(tabela, "I"))
    assert "✓ Atende" in r.texto(r.linha_do_inciso(tabela, "II"))  # 800 ≥ 20 % de 3.999
    # O parecer favorável com requisito indispensável não atendido é recusado (Art. 2º, § 1º).
    pagina.get_by_label("Favorável", exact=True).check()
    r.campo(pagina, "Texto do parecer").fill("Favorável, apesar da população.")
    pagina.get_by_role("button", name="Confirmar: Emitir parecer de mérito").click()
    recusa = pagina.locator(".alert-danger").filter(has_text="Parecer favorável recusado")
    recusa.wait_for(timeout=30_000)
    assert r.texto(recusa) == (
        "Há 1 problema no formulário; nada foi gravado: "
        "Parecer favorável recusado: requisitos indispensáveis não atendidos (Art. 2º e § 1º). "
        "Art. 2º, I: População estimada de 3.999 habitantes, inferior ao mínimo de 4.000."
    )
    capturas(pagina, "parecer-favoravel-recusado")
    pagina.goto(url)
    assert r.estado(pagina) == "Aguardando parecer de mérito"

    r.abrir_ato(pagina, "Emitir parecer de mérito")
    pagina.get_by_label("Contrário", exact=True).check()
    r.campo(pagina, "Texto do parecer").fill("A população certificada não atinge 4.000.")
    r.confirmar(pagina, "Emitir parecer de mérito", "Em deliberação no Plenário", timeout=60_000)

    _deliberar_no_plenario(pagina, url, "Pelo arquivamento", "Arquivado", capturas)
    assert pagina.url == url
    assert r.estado(pagina) == "Arquivado"
    # O diagrama marca o arquivamento logo depois da deliberação, e o resto do rito por vir.
    situacoes = list(_situacoes_no_diagrama(pagina).items())
    indice = [codigo for codigo, _ in situacoes].index("arquivado")
    assert situacoes[indice - 1] == ("deliberacao_plenario", "passada")
    assert situacoes[indice] == ("arquivado", "desvio-atual")
    assert {s for _, s in situacoes[:indice]} == {"passada"}
    assert {s for _, s in situacoes[indice + 1 :]} == {"futura"}
    andamento = r.texto(pagina.locator(".timeline li").first)
    assert "Deliberar no Plenário" in andamento and "Carla da Mesa" in andamento
    assert r.acoes(pagina).get_by_role("link", name="Registrar parecer da CCJR").count() == 0
    capturas(pagina, "processo-arquivado")
    titulo = f"Parecer de mérito — Processo nº {_protocolo()}"
    _validar_emitidos(pagina, {titulo: "parecer-de-merito-contrario"}, tmp_path, capturas)
