"""Extinção de município (Art. 10): as guardas de cada fundamento no parecer de mérito
(I: perda de requisito do Art. 2º; II: prova da sede vigente; III: maioria absoluta do
eleitorado certificado), dos dois lados de cada fronteira, e o projeto de lei que nomeia
o município extinto e os que recebem o território."""

from decimal import Decimal

import pytest
from django.utils import timezone

from documentos.models import Documento
from instrucao.services import DadosCertidao, registrar_resposta
from processos.models import AtoRecusado, Processo
from tests.documentos.auxiliares import sem_espacos, texto
from tests.processos.construtores import (
    ANO_VA,
    DADOS,
    certidao_pdf,
    completar_tabela_va,
    praticar,
    processo_no_estado,
    recarregar,
)
from tests.representacao.construtores import (
    juntar,
    registrar_dados,
    semear_assinaturas,
)

# --- parecer de mérito (Art. 18) pelo fundamento ---------------------------------------------

# Números certificados do próprio município (Art. 10, I): todos atendem ao Art. 2º, I a IV;
# o V vem da visita semeada (condições de instalação: sim). Média do VA (último
# exercício encerrado): 5,5 milhões.
ATENDEM = {"populacao": 4000, "eleitores": 800, "casas_centro_urbano": 201}
VA_ATENDE = Decimal("5500000.01")


def _no_parecer(usuario, sorriso, destinos, fundamento, *, figuras=None, **campos):
    """Extinção em aguardando_parecer_merito, com as certidões respondidas pelos serviços
    com `figuras` (sem resposta quando None)."""
    processo = processo_no_estado(
        usuario,
        "extincao",
        "aguardando_certidoes",
        certidoes_respondidas=False,
        nome="Sorriso",
        municipios=[sorriso],
    )
    registrar_dados(processo, usuario, destinos, fundamento_extincao=fundamento, **campos)
    if figuras is not None:
        _responder(processo, usuario, figuras)
    Processo.objects.filter(pk=processo.pk).update(estado="aguardando_parecer_merito")
    return recarregar(processo)


def _responder(processo, usuario, figuras: dict) -> None:
    hoje = timezone.localdate()
    completar_tabela_va()  # a tabela completa do exercício (Art. 2º, IV)
    por_orgao = {
        "cartografia": {c: figuras[c] for c in ("populacao", "casas_centro_urbano")},
        "tre": {"eleitores": figuras["eleitores"]},
        "sefaz": {"valor_adicionado": figuras["valor_adicionado"]},
    }
    for oficio in processo.oficios.all():
        registrar_resposta(
            oficio_id=oficio.pk,
            usuario=usuario,
            respondido_em=hoje,
            certidao=DadosCertidao(
                arquivo=certidao_pdf(),
                numero=f"{oficio.orgao}-1/2026",
                data=hoje,
                figuras={"area": por_orgao[oficio.orgao]},
                exercicio=ANO_VA if oficio.orgao == "sefaz" else None,
            ),
        )


def _parecer(processo, usuario, conclusao="favoravel"):
    dados = {"conclusao": conclusao, "texto_parecer": "Parecer de mérito."}
    return praticar(processo, usuario, "emitir_parecer_merito", dados=dados)


def test_art_10_i_favoravel_recusado_quando_todos_os_requisitos_continuam_atendidos(
    operador, sorriso, vizinhos
):
    """Art. 10, I: sem perda de requisito do Art. 2º, I a V, não há extinção."""
    figuras = ATENDEM | {"valor_adicionado": VA_ATENDE}
    processo = _no_parecer(operador, sorriso, vizinhos[:1], "I", figuras=figuras)

    with pytest.raises(AtoRecusado, match="todos os requisitos do Art. 2º, I a V, continuam"):
        _parecer(processo, operador)

    assert recarregar(processo).estado == "aguardando_parecer_merito"
    assert not processo.andamentos.filter(ato="emitir_parecer_merito").exists()


@pytest.mark.parametrize(
    ("perdido", "figuras", "fundamento"),
    [
        ("população 3.999 (< 4.000)", ATENDEM | {"populacao": 3999}, "Art. 2º, I"),
        ("casas 200 (não > 200)", ATENDEM | {"casas_centro_urbano": 200}, "Art. 2º, III"),
        ("VA igual à média", ATENDEM | {"valor_adicionado": Decimal("5500000.00")}, "Art. 2º, IV"),
    ],
)
def test_art_10_i_favoravel_aceito_com_a_perda_de_um_requisito(
    operador, sorriso, nobres, perdido, figuras, fundamento
):
    """Art. 10, I, do outro lado de cada fronteira do Art. 2º: um número certificado que
    deixa de atender basta; o Andamento grava o fundamento e o requisito perdido."""
    figuras = {"valor_adicionado": VA_ATENDE} | figuras
    processo = _no_parecer(operador, sorriso, [nobres], "I", figuras=figuras)

    andamento = _parecer(processo, operador)

    assert recarregar(processo).estado == "deliberacao_plenario"
    conferencia = andamento.dados["extincao_art10"]
    assert conferencia["fundamento"] == "I"
    assert [p.split(":")[0] for p in conferencia["requisitos_perdidos"]] == [fundamento]


def test_art_10_i_favoravel_recusado_sem_os_numeros_certificados(operador, sorriso, vizinhos):
    processo = _no_parecer(operador, sorriso, vizinhos[:1], "I")

    with pytest.raises(AtoRecusado, match="ainda não tem todos os números certificados"):
        _parecer(processo, operador)


def test_parecer_contrario_e_sempre_aceito(operador, sorriso, vizinhos):
    figuras = ATENDEM | {"valor_adicionado": VA_ATENDE}
    processo = _no_parecer(operador, sorriso, vizinhos[:1], "I", figuras=figuras)

    andamento = _parecer(processo, operador, "contrario")

    assert andamento.dados["extincao_art10"]["fundamento"] == "I"
    assert recarregar(processo).estado == "deliberacao_plenario"


def test_art_10_ii_favoravel_exige_a_prova_da_sede_vigente(operador, sorriso, nobres):
    processo = _no_parecer(operador, sorriso, [nobres], "II")

    with pytest.raises(AtoRecusado, match=r"Art. 10, II\): falta nos autos a prova"):
        _parecer(processo, operador)

    prova = juntar(processo, operador, "comprovacao_sede")
    andamento = _parecer(recarregar(processo), operador)

    documentos = andamento.dados["extincao_art10"]["documentos"]
    assert [(d["item"], d["sha256"]) for d in documentos] == [("comprovacao_sede", prova.sha256)]


def _iii_com_certidao(operador, sorriso, vizinhos, certificado):
    """O caso relatado: 199 eleitores digitados na representação (maioria: 100), 100
    assinaturas aptas e a certidão do TRE com outro eleitorado (None: respondida em branco;
    "sem": o ofício ao TRE sem resposta)."""
    figuras = ATENDEM | {"valor_adicionado": VA_ATENDE, "eleitores": certificado}
    processo = _no_parecer(
        operador,
        sorriso,
        vizinhos,
        "III",
        figuras=None if certificado == "sem" else figuras,
        eleitores_municipio=199,
    )
    existentes = processo.signatarios.count()
    semear_assinaturas(processo, operador, 100 - existentes, inicio=existentes)
    return processo


@pytest.mark.parametrize("certidao", ["sem", None], ids=["sem_certidao", "eleitorado_em_branco"])
def test_art_10_iii_favoravel_recusado_sem_o_eleitorado_certificado_pelo_tre(
    operador, sorriso, vizinhos, certidao
):
    """Art. 10, III, decisão da issue 25: a maioria absoluta é contada sobre o eleitorado
    certificado pelo TRE. Sem a certidão — ou com ela respondida sem o eleitorado — o
    favorável é recusado, ainda que as 100 assinaturas sejam maioria dos 199 digitados."""
    processo = _iii_com_certidao(operador, sorriso, vizinhos, certidao)

    with pytest.raises(AtoRecusado) as erro:
        _parecer(processo, operador)

    assert "Parecer favorável à extinção recusado (Art. 10, III)" in str(erro.value)
    assert "falta nos autos a certidão do TRE com o eleitorado do município" in str(erro.value)
    assert "digitado na representação (199) é só a prévia" in str(erro.value)
    assert recarregar(processo).estado == "aguardando_parecer_merito"
    assert not processo.andamentos.filter(ato="emitir_parecer_merito").exists()


def test_art_10_iii_caso_relatado_conta_sobre_o_eleitorado_certificado_pelo_tre(
    operador, sorriso, vizinhos
):
    """Decisão: com a certidão do TRE nos autos, o número digitado é só prévia — 100 de
    5.000 eleitores não é maioria absoluta, ainda que o digitado (199) dissesse que é."""
    processo = _iii_com_certidao(operador, sorriso, vizinhos, 5000)

    with pytest.raises(AtoRecusado) as erro:
        _parecer(processo, operador)

    assert "(Art. 10, III)" in str(erro.value)
    assert "a maioria absoluta é 2.501" in str(erro.value)
    assert "certificado pelo TRE (5.000), não sobre o registrado na representação (199)" in (
        str(erro.value)
    )
    assert recarregar(processo).estado == "aguardando_parecer_merito"


@pytest.mark.parametrize(
    ("certificado", "aceito"),
    [(199, True), (200, False)],  # 100 aptas: ⌊199/2⌋ + 1 = 100; ⌊200/2⌋ + 1 = 101
)
def test_art_10_iii_maioria_absoluta_do_eleitorado_certificado_dos_dois_lados(
    operador, sorriso, vizinhos, certificado, aceito
):
    processo = _iii_com_certidao(operador, sorriso, vizinhos, certificado)

    if not aceito:
        with pytest.raises(AtoRecusado, match="a maioria absoluta é 101. Falta 1 assinatura."):
            _parecer(processo, operador)
        return
    conferencia = _parecer(processo, operador).dados["extincao_art10"]
    assert (conferencia["eleitores"], conferencia["eleitores_fonte"]) == (199, "certidão do TRE")
    assert (conferencia["assinaturas"], conferencia["maioria_absoluta"]) == (100, 100)


def test_art_10_iii_parecer_mostra_os_dois_eleitorados_quando_diferem(operador, sorriso, vizinhos):
    processo = _iii_com_certidao(operador, sorriso, vizinhos, 198)

    _parecer(processo, operador)

    pdf = sem_espacos(
        texto(Documento.objects.get(processo=processo, tipo="parecer_merito").arquivo.path)
    )
    assert (
        sem_espacos(
            "O eleitorado registrado na representação (199) difere do certificado pelo TRE (198)"
        )
        in pdf
    )


# --- projeto de lei (Art. 10, §§ 1º e 2º; Art. 20, § 1º) -------------------------------------


def _apresentar_pl(processo, usuario):
    return praticar(processo, usuario, "apresentar_pl", dados=dict(DADOS["apresentar_pl"][""]))


def test_projeto_de_lei_nomeia_o_extinto_e_os_contiguos_indicados(operador, sorriso, vizinhos):
    """Art. 10, § 2º: no III, o território passa aos contíguos indicados pelos eleitores — o
    ato os grava e o PDF do projeto diz o mesmo."""
    processo = processo_no_estado(
        operador, "extincao", "elaboracao_pl", nome="Sorriso", municipios=[sorriso]
    )
    registrar_dados(processo, operador, vizinhos, fundamento_extincao="III")

    andamento = _apresentar_pl(processo, operador)

    gravado = andamento.dados["extincao"]
    assert gravado["municipio_extinto"]["nome"] == "Sorriso"
    assert [m["nome"] for m in gravado["municipios_destino"]] == ["Nova Mutum", "Nova Ubiratã"]
    pdf = sem_espacos(texto(Documento.objects.get(processo=processo, tipo="pl").arquivo.path))
    assert sem_espacos("Fica extinto o Município de Sorriso") in pdf
    assert sem_espacos("com fundamento no Art. 10, III") in pdf
    assert sem_espacos("aos Municípios de Nova Mutum e Nova Ubiratã") in pdf
    assert sem_espacos("indicados pelos eleitores requerentes (Art. 10, § 2º)") in pdf


def test_projeto_de_lei_no_fundamento_i_devolve_ao_municipio_de_origem(operador, sorriso, nobres):
    processo = processo_no_estado(
        operador, "extincao", "elaboracao_pl", nome="Sorriso", municipios=[sorriso]
    )
    registrar_dados(processo, operador, [nobres], fundamento_extincao="I")

    _apresentar_pl(processo, operador)

    pdf = sem_espacos(texto(Documento.objects.get(processo=processo, tipo="pl").arquivo.path))
    assert sem_espacos("passa a pertencer ao Município de Nobres") in pdf
    assert sem_espacos("de sua origem (Art. 10, § 1º)") in pdf


def test_projeto_de_lei_da_extincao_sem_destino_e_recusado(operador, sorriso):
    processo = processo_no_estado(
        operador, "extincao", "elaboracao_pl", nome="Sorriso", municipios=[sorriso]
    )
    registrar_dados(processo, operador, [], fundamento_extincao="I")

    with pytest.raises(AtoRecusado, match=r"municípios que recebem o território \(Art. 10"):
        _apresentar_pl(processo, operador)

    assert recarregar(processo).estado == "elaboracao_pl"


@pytest.mark.parametrize(
    ("fundamento", "eleitores", "concluido"),
    [("III", None, False), ("III", 199, True), ("I", None, True)],
    ids=["iii_em_branco", "iii_com_o_eleitorado", "i_em_branco"],
)
def test_art_10_iii_concluir_certidoes_exige_o_eleitorado_na_certidao_do_tre(
    operador, sorriso, vizinhos, fundamento, eleitores, concluido
):
    """Art. 10, III: na extinção a requerimento, a certidão do TRE respondida sem o eleitorado
    não conclui as certidões (é o número do parecer de mérito); nos outros fundamentos, sim."""
    processo = processo_no_estado(
        operador,
        "extincao",
        "aguardando_certidoes",
        certidoes_respondidas=False,
        nome="Sorriso",
        municipios=[sorriso],
    )
    destinos = vizinhos if fundamento == "III" else vizinhos[:1]
    registrar_dados(processo, operador, destinos, fundamento_extincao=fundamento)
    _responder(
        processo, operador, ATENDEM | {"valor_adicionado": VA_ATENDE, "eleitores": eleitores}
    )

    if not concluido:
        with pytest.raises(AtoRecusado, match="respondida sem o eleitorado do município"):
            praticar(recarregar(processo), operador, "concluir_certidoes")
        assert recarregar(processo).estado == "aguardando_certidoes"
        assert not processo.andamentos.filter(ato="concluir_certidoes").exists()
        return
    praticar(recarregar(processo), operador, "concluir_certidoes")
    assert recarregar(processo).estado == "aguardando_parecer_merito"
