"""O parecer de mérito da extinção (Art. 18; Art. 10) em PDF: o fundamento e o resultado da
conferência, lidos do que o ato gravou (`extincao_art10`), como o Art. 2º na criação."""

import pytest

from documentos import emissao
from documentos.models import Documento
from instrucao import documentos as instrucao_documentos
from representacao.models import DadosRepresentacao
from tests.documentos.auxiliares import sem_espacos, texto
from tests.processos.construtores import praticar, processo_no_estado
from tests.representacao.construtores import juntar, registrar_origem

pytestmark = pytest.mark.django_db


def _extincao_no_parecer(usuario):
    """Extinção pelo Art. 10, III (`instruir_extincao`): 100 assinaturas aptas de 199
    eleitores, a maioria absoluta exata."""
    return processo_no_estado(usuario, "extincao", "aguardando_parecer_merito", nome="Sorriso")


def _emitir_parecer(processo, usuario, conclusao="favoravel"):
    dados = {"conclusao": conclusao, "texto_parecer": "Parecer de mérito da extinção."}
    return praticar(processo, usuario, "emitir_parecer_merito", dados=dados)


def _pdf(processo) -> str:
    doc = Documento.objects.get(processo=processo, tipo="parecer_merito")
    return sem_espacos(texto(doc.arquivo.path))


def _contem(pdf: str, *trechos: str) -> None:
    for trecho in trechos:
        assert sem_espacos(trecho) in pdf, trecho


def test_parecer_favoravel_pelo_art_10_iii_imprime_o_fundamento_e_a_maioria_conferida(operador):
    processo = _extincao_no_parecer(operador)

    _emitir_parecer(processo, operador)

    pdf = _pdf(processo)
    _contem(
        pdf,
        "I — FUNDAMENTO DA EXTINÇÃO (ART. 10)",  # os títulos saem em maiúsculas
        "Fundamento registrado na representação: Art. 10, III — requerimento da maioria "
        "absoluta dos eleitores.",
        "Conferido ao emitir o parecer: maioria absoluta dos eleitores do município.",
        "Assinaturas aptas: 100, de 199 eleitores do município (certidão do TRE); maioria "
        "absoluta: 100.",
        "Resultado: fundamento demonstrado — o parecer favorável atende ao Art. 10, III.",
    )
    # A extinção não diz que o Art. 2º "não se aplica": o Art. 10, I, o usa.
    assert sem_espacos("não se aplicam a este tipo de processo") not in pdf


def test_parecer_favoravel_pelo_art_10_ii_cita_a_prova_da_sede_nos_autos(operador):
    processo = _extincao_no_parecer(operador)
    vigente = processo.dados_representacao.order_by("-versao").first()
    DadosRepresentacao.objects.create(
        processo=processo,
        versao=vigente.versao + 1,
        registrado_por=operador,
        fundamento_extincao="II",
    ).municipios_destino.set(vigente.municipios_destino.all())
    # Art. 10, § 1º: no II o território volta à origem — a registrada é o mesmo destino.
    destino = vigente.municipios_destino.get()
    registrar_origem(processo.municipios_origem.get(), destino.nome, destino.codigo_ibge)
    prova = juntar(processo, operador, "comprovacao_sede")

    _emitir_parecer(processo, operador)

    _contem(
        _pdf(processo),
        "Art. 10, II — inundação ou destruição da sede.",
        "Conferido ao emitir o parecer: prova da inundação ou destruição da sede nos autos.",
        f"Prova nos autos: {prova.nome_original} (versão {prova.versao}; SHA-256 {prova.sha256}).",
        "o parecer favorável atende ao Art. 10, II.",
        "Destino do território (Art. 10, § 1º), conferido ao emitir o parecer:",
        f"{destino.nome}: origem",
        "Evidência: Lei de criação (teste); fonte: Teste.",
    )


def test_parecer_contrario_imprime_o_fundamento_sem_conferencia(operador):
    processo = _extincao_no_parecer(operador)

    _emitir_parecer(processo, operador, "contrario")

    pdf = _pdf(processo)
    _contem(
        pdf,
        "Fundamento registrado na representação: Art. 10, III",
        "Resultado: não conferido — a conferência do fundamento é exigida do parecer "
        "favorável; o parecer contrário não depende dela.",
    )
    assert sem_espacos("fundamento demonstrado") not in pdf


def test_o_pdf_le_a_conferencia_gravada_e_nao_a_recalcula(operador, tmp_path):
    """Depois do ato, os autos mudam (as assinaturas saem): o parecer emitido de novo ainda
    diz o que foi conferido no ato, que é o que valeu."""
    processo = _extincao_no_parecer(operador)
    andamento = _emitir_parecer(processo, operador)
    processo.signatarios.all().delete()

    caminho = tmp_path / "parecer.pdf"
    caminho.write_bytes(emissao.minuta(instrucao_documentos.parecer_merito(andamento)))

    _contem(
        sem_espacos(texto(caminho)),
        "Assinaturas aptas: 100, de 199 eleitores do município (certidão do TRE); maioria "
        "absoluta: 100.",
    )


def test_parecer_de_extincao_sem_o_registro_diz_que_nao_foi_registrado(operador, tmp_path):
    """Um parecer gravado antes de existir a conferência do Art. 10 não inventa uma."""
    processo = _extincao_no_parecer(operador)
    andamento = _emitir_parecer(processo, operador)
    andamento.dados.pop("extincao_art10")

    caminho = tmp_path / "parecer.pdf"
    caminho.write_bytes(emissao.minuta(instrucao_documentos.parecer_merito(andamento)))

    pdf = sem_espacos(texto(caminho))
    _contem(pdf, "A conferência do fundamento da extinção (Art. 10) não foi registrada")
    assert sem_espacos("Fundamento registrado") not in pdf
