"""Os documentos que os atos emitem: conteúdo legível, código, hash, paginação."""

import re

import pytest
from django.utils import timezone
from pypdf import PdfReader

from documentos import conteudo, emissao
from documentos.models import Documento, Modalidade
from instrucao import documentos as instrucao_documentos
from instrucao.models import FiguraCertidao
from processos.models import AtoRecusado, Processo
from processos.services import praticar_ato
from tests.documentos.auxiliares import paginas_texto, sem_espacos, sha256, texto
from tests.documentos.conftest import HOSTIL

pytestmark = pytest.mark.django_db


def _doc(processo, tipo) -> Documento:
    return Documento.objects.get(processo=processo, tipo=tipo)


def test_parecer_preliminar_traz_relatorio_da_visita_codigo_e_assinatura(construir, presidente):
    processo = construir(ate="emitir_parecer_preliminar", texto="Sede com 320 casas e feira.")
    doc = _doc(processo, "parecer_preliminar")
    conteudo_pdf = texto(doc.arquivo.path)
    assert f"Processo nº {processo.protocolo}" in conteudo_pdf
    assert "Art. 17, II" in conteudo_pdf
    assert "Sede com 320 casas e feira." in conteudo_pdf
    assert doc.codigo in conteudo_pdf
    assert doc.sha256_conteudo[:16] in conteudo_pdf
    assert "https://emancipacao.al.mt.gov.br/validar/" in conteudo_pdf
    assert "Bruno Presidente" in conteudo_pdf
    assert "Presidente da Comissão de Revisão Territorial" in conteudo_pdf
    assert doc.emitido_por == presidente and doc.andamento.ato == "emitir_parecer_preliminar"
    assinatura = doc.assinaturas.get()
    assert assinatura.modalidade == Modalidade.ATO and assinatura.signatario == presidente


def test_parecer_de_merito_traz_a_tabela_de_requisitos(construir):
    processo = construir(ate="emitir_parecer_merito")
    conteudo_pdf = sem_espacos(texto(_doc(processo, "parecer_merito").arquivo.path))
    for citacao in ("Art.2º,I", "Art.2º,II", "Art.2º,IV", "Art.2º,V", "Art.2º,§1º"):
        assert citacao in conteudo_pdf
    assert sem_espacos("Condições apropriadas para a instalação da Prefeitura") in conteudo_pdf
    assert conteudo_pdf.count("Atende") >= 7
    assert "peloandamento" in conteudo_pdf
    # Os números das certidões, avaliados pela regra, e as linhas do § 1º do remanescente.
    assert "4.071" in conteudo_pdf
    assert sem_espacos("Tapurah, após o desmembramento") in conteudo_pdf
    assert "Nãoatende" not in conteudo_pdf


def _confere_hash_e_paginas(processo):
    documentos = Documento.objects.filter(processo=processo)
    assert set(documentos.values_list("tipo", flat=True)) == {
        "parecer_preliminar",
        "parecer_merito",
        "pdl",
        "copia_integral",
        "oficio",
        "informe_plenario",
        "parecer_resultado",
        "pl",
    }
    for doc in documentos:
        assert doc.sha256 == sha256(doc.arquivo.path)
        assert doc.tamanho == doc.arquivo.size
        paginas = paginas_texto(doc.arquivo.path)
        assert doc.paginas == len(paginas)
        for numero, pagina in enumerate(paginas, start=1):
            assert f"Página {numero} de {len(paginas)}" in pagina
            assert doc.codigo in pagina


def _confere_pdl(processo):
    conteudo_pdf = sem_espacos(texto(_doc(processo, "pdl").arquivo.path))
    assert sem_espacos("PROJETO DE DECRETO LEGISLATIVO Nº 7/2026") in conteudo_pdf
    assert sem_espacos("Tribunal Regional Eleitoral de Mato Grosso autorizado") in conteudo_pdf
    criacao = "criação do Município de Vale do Arinos, com sede em Vale do Arinos"
    assert sem_espacos(criacao) in conteudo_pdf
    assert sem_espacos("área a ser desmembrada") in conteudo_pdf
    assert sem_espacos("vedada a urgência (Art. 19)") in conteudo_pdf


def _confere_encaminhamento_ao_tre(processo):
    copia = _doc(processo, "copia_integral")
    # Os ofícios do Art. 17, § 2º também são do tipo "oficio"; aqui, o do Art. 19, § 1º.
    ao_tre = Documento.objects.get(
        processo=processo, tipo="oficio", andamento__ato="encaminhar_ao_tre"
    )
    oficio = sem_espacos(texto(ao_tre.arquivo.path))
    # O número é o seguinte da numeração dos ofícios da CRT (nunca digitado, Art. 19, § 1º).
    numero = ao_tre.andamento.dados["numero_oficio"]
    assert re.fullmatch(r"\d+/\d{4}-CRT", numero)
    assert not processo.oficios.filter(numero=numero).exists()
    assert sem_espacos(f"Ofício nº {numero}") in oficio
    assert copia.codigo in oficio and "Art.19,§1º" in oficio
    assert "Decreto Legislativo nº 2.944" in texto(ao_tre.arquivo.path)
    informe = sem_espacos(texto(_doc(processo, "informe_plenario").arquivo.path))
    assert "Art.19,§2º" in informe and copia.codigo in informe


def _confere_parecer_resultado(processo):
    conteudo_pdf = texto(_doc(processo, "parecer_resultado").arquivo.path)
    for numero in ("2.719", "2.175", "1.561", "525"):
        assert numero in conteudo_pdf
    assert conteudo_pdf.count("Aprovado") == 3
    assert "(regra vigente)" in conteudo_pdf
    assert sem_espacos("Maioria absoluta dos eleitores inscritos") in sem_espacos(conteudo_pdf)
    assert "3.122 > 2.719" in conteudo_pdf


def _confere_projeto_de_lei(processo):
    conteudo_pdf = sem_espacos(texto(_doc(processo, "pl").arquivo.path))
    assert sem_espacos("PROJETO DE LEI Nº 300/2026") in conteudo_pdf
    assert sem_espacos("Fica criado o Município de Vale do Arinos") in conteudo_pdf
    assert sem_espacos("cujo nome é o da sede (Art. 7º, I)") in conteudo_pdf
    assert sem_espacos("Começa na foz do Rio Arinos") in conteudo_pdf
    assert sem_espacos("1º de janeiro de 2029") in conteudo_pdf
    assert "Art.7º,IV" in conteudo_pdf and "FPM-ICMS-25" in conteudo_pdf
    # Art. 7º, V: a parcela certificada pela SEFAZ, não "conforme certidão", sem total.
    assert "Tapurah12,5%" in conteudo_pdf
    assert "Total" not in conteudo_pdf
    assert "conformecertidãodaSEFAZ" not in conteudo_pdf
    # Art. 6º, § 1º: a informação do IBGE sobre topônimo correlato, citada no projeto.
    assert sem_espacos("informação da Fundação IBGE sobre a existência de topônimo") in (
        conteudo_pdf
    )


def test_processo_ate_o_pl_emite_cada_documento_com_seu_conteudo_hash_e_paginacao(construir):
    """Um só percurso do rito (cada ato emite os seus PDFs), conferido documento a documento:
    PDL (Art. 18, § 2º), ofício e informe do Art. 19, parecer do Art. 20 e PL do Art. 7º."""
    processo = construir(ate="apresentar_pl")
    _confere_hash_e_paginas(processo)
    _confere_pdl(processo)
    _confere_encaminhamento_ao_tre(processo)
    _confere_parecer_resultado(processo)
    _confere_projeto_de_lei(processo)


def test_texto_hostil_sai_escapado_e_nao_estoura_a_pagina(construir):
    processo = construir(ate="emitir_parecer_preliminar", texto=HOSTIL)
    doc = _doc(processo, "parecer_preliminar")
    conteudo_pdf = texto(doc.arquivo.path)
    assert "<script>alert('x')</script>" in conteudo_pdf
    assert "Pneumoultramicroscopicossilicovulcanoconi" in conteudo_pdf
    leitor = PdfReader(doc.arquivo.path)
    assert all(round(float(p.mediabox.width)) == 595 for p in leitor.pages)


def test_relatorio_de_cinquenta_paginas_e_paginado_inteiro(construir):
    paragrafo = "Relatório extenso da visita à sede do futuro município, com detalhes. " * 30
    processo = construir(ate="emitir_parecer_preliminar", texto="\n\n".join([paragrafo] * 90))
    doc = _doc(processo, "parecer_preliminar")
    assert doc.paginas >= 50
    ultima = paginas_texto(doc.arquivo.path)[-1]
    assert f"Página {doc.paginas} de {doc.paginas}" in ultima


def test_minuta_tem_marca_dagua_e_nenhum_codigo(construir, servidor, tmp_path):
    processo = construir(ate="receber_na_crt")
    pdf = emissao.minuta(conteudo.extrato(processo, servidor, []))
    arquivo = tmp_path / "minuta.pdf"
    arquivo.write_bytes(pdf)
    conteudo_pdf = texto(arquivo)
    assert "MINUTA" in conteudo_pdf
    assert "Código de verificação" not in conteudo_pdf
    assert "validar" not in conteudo_pdf
    assert not Documento.objects.exists()


def test_reemitir_cria_nova_versao_e_a_anterior_fica_substituida(construir, servidor):
    processo = construir(ate="receber_na_crt")
    primeiro = emissao.emitir_extrato(processo, usuario=servidor)
    segundo = emissao.emitir_extrato(processo, usuario=servidor)
    primeiro.refresh_from_db()
    assert (primeiro.versao, segundo.versao) == (1, 2)
    assert segundo.substitui == primeiro and primeiro.substituido and not segundo.substituido
    assert primeiro.codigo != segundo.codigo
    assert primeiro.sha256 == sha256(primeiro.arquivo.path)  # o arquivo antigo continua lá
    assert "Receber na CRT" in texto(segundo.arquivo.path)


def test_falha_na_emissao_desfaz_o_ato(construir, presidente, monkeypatch):
    processo = construir(ate="registrar_visita")

    def quebra(*args, **kwargs):
        raise OSError("disco cheio")

    monkeypatch.setattr(emissao, "render_pdf", quebra)
    with pytest.raises(OSError):
        praticar_ato(
            processo_id=processo.pk,
            nome_ato="emitir_parecer_preliminar",
            usuario=presidente,
            data_ato=timezone.localdate(),
            dados={"conclusao": "arquivamento", "texto_parecer": "x"},
        )
    processo = Processo.objects.get(pk=processo.pk)
    assert processo.estado == "visita_realizada"
    assert not processo.andamentos.filter(ato="emitir_parecer_preliminar").exists()
    assert not Documento.objects.exists()


def test_ato_recusado_nao_emite_nada(construir, presidente):
    processo = construir(ate="concluir_certidoes")
    # O TRE certificou 1 eleitor: o Art. 2º, II, não é atendido e o favorável é recusado.
    FiguraCertidao.objects.filter(
        certidao__oficio__processo=processo, certidao__oficio__orgao="tre"
    ).update(eleitores=1)
    with pytest.raises(AtoRecusado, match="Parecer favorável recusado"):
        praticar_ato(
            processo_id=processo.pk,
            nome_ato="emitir_parecer_merito",
            usuario=presidente,
            data_ato=timezone.localdate(),
            dados={"conclusao": "favoravel", "texto_parecer": "x"},
        )
    assert not Documento.objects.filter(tipo="parecer_merito").exists()


def test_datas_por_extenso_em_portugues():
    from datetime import date

    from documentos.formatacao import data_extenso, numero

    assert data_extenso(date(1992, 11, 19)) == "19 de novembro de 1992"
    assert data_extenso(date(2025, 1, 1)) == "1º de janeiro de 2025"
    assert numero(4071) == "4.071"


def test_ano_de_instalacao_sugerido_e_o_seguinte_a_proxima_eleicao():
    from datetime import date

    assert instrucao_documentos.ano_instalacao_sugerido(date(2026, 5, 1)) == 2029
    assert instrucao_documentos.ano_instalacao_sugerido(date(2000, 3, 29)) == 2001


# --- ofícios do Art. 17, § 2º e reiterações (Art. 9º) ------------------------------------------


def test_parecer_que_solicita_documentos_emite_um_oficio_por_orgao(construir):
    processo = construir(ate="emitir_parecer_preliminar")

    oficios = processo.oficios.order_by("id")
    docs = Documento.objects.filter(processo=processo, tipo="oficio").order_by("id")

    assert [d.titulo.split(" — ")[0] for d in docs] == [f"Ofício nº {o.numero}" for o in oficios]
    conteudo_pdf = texto(docs[1].arquivo.path)
    assert f"Ofício nº {oficios[1].numero}" in conteudo_pdf
    assert "Tribunal Regional Eleitoral de Mato Grosso" in conteudo_pdf
    assert "30 (trinta) dias a contar do recebimento" in conteudo_pdf
    assert "REITERAÇÃO" not in conteudo_pdf


def test_reiteracao_emite_oficio_que_cita_o_art_9(construir, presidente):
    from datetime import timedelta

    from instrucao.models import Oficio
    from instrucao.reiteracao import reiterar_oficio

    processo = construir(ate="emitir_parecer_preliminar")
    tre = processo.oficios.get(orgao="tre")
    ontem = timezone.localdate() - timedelta(days=1)
    Oficio.objects.filter(pk=tre.pk).update(
        enviado_em=ontem - timedelta(days=40),
        recebido_em=ontem - timedelta(days=40),
        vencimento=ontem,
    )
    tre.refresh_from_db()

    # Art. 21: a reiteração é emitida pelo Presidente.
    nova = reiterar_oficio(oficio_id=tre.pk, usuario=presidente, enviado_em=timezone.localdate())

    doc = Documento.objects.get(processo=processo, tipo="oficio", titulo__contains=nova.numero)
    conteudo_pdf = texto(doc.arquivo.path)
    assert "REITERAÇÃO" in conteudo_pdf
    assert f"Reitero o Ofício nº {tre.numero}" in conteudo_pdf
    assert "(Art. 9º)" in conteudo_pdf
    assert doc.emitido_por == presidente and "Bruno Presidente" in conteudo_pdf
    assert "Presidente da" in conteudo_pdf
