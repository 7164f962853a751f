"""Os documentos do Art. 15 nos serviços: a lista por tipo, as versões (nada se apaga), a
anulação com justificativa e a conferência do hash do arquivo armazenado."""

import hashlib
import re
from pathlib import Path

import pytest
from django.core.exceptions import PermissionDenied
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction
from django.utils import timezone

from processos.models import AtoRecusado
from processos.services import praticar_ato
from representacao.documentos import (
    anular_documento,
    checklist_do_processo,
    conferir_hash,
    documentos_vigentes,
    enviar_documento,
    itens_faltantes,
)
from representacao.models import DocumentoRepresentacao
from tests.processos.construtores import (
    dados_em,
    praticar,
    processo_no_estado,
    protocolar,
    recarregar,
)
from tests.representacao.construtores import (
    arquivo,
    imagem,
    juntar,
    juntar_certidao_ibge,
    pdf_real,
)

# A lista de cada tipo, escrita aqui a partir do Art. 15 (não de checklist.py).
FALTANTES_POR_TIPO = {
    "criacao": [
        "Requerimento com as assinaturas dos eleitores (Art. 15, I)",
        "Mapa e memorial descritivo do território do novo município (Art. 15, II)",
        "Mapa e memorial descritivo dos municípios de origem (Art. 15, III)",
        "Justificativa socioeconômica (Art. 15, IV)",
        "Fotografias do centro urbano (indústria, comércio, agropecuária) (Art. 15, V)",
    ],
    "alteracao_nome": [
        "Representação do Prefeito (Art. 6º, § 2º)",
        "Ata da sessão da Câmara Municipal que aprovou a alteração por 2/3 (Art. 6º, § 2º)",
        "Certidão do IBGE sobre topônimos correlatos (Art. 6º, § 1º)",
    ],
    "fusao": [
        "Requerimento com as assinaturas dos eleitores (Art. 13 e Art. 15, I)",
        "Mapa e memorial descritivo dos municípios envolvidos (Art. 15, II e III)",
        "Justificativa socioeconômica (Art. 15, IV)",
    ],
    # A comprovação da sede inundada ou destruída (Art. 10, II) é opcional: não falta.
    "extincao": [
        "Requerimento com as assinaturas dos eleitores (Art. 15, I; Art. 10, III)",
        "Mapa e memorial descritivo do município (Art. 15, II)",
        "Justificativa socioeconômica (Art. 15, IV)",
    ],
}
FALTANTES_POR_TIPO["revisao_limites"] = FALTANTES_POR_TIPO["criacao"]
FALTANTES_POR_TIPO["incorporacao"] = FALTANTES_POR_TIPO["fusao"]


@pytest.fixture
def processo(servidor):
    return protocolar(servidor)


def _variante(tipo: str) -> dict:
    if tipo == "revisao_limites":
        return {"area_movida": 100, "area_total": 1000}
    return {}


@pytest.mark.parametrize("tipo", list(FALTANTES_POR_TIPO))
def test_lista_de_cada_tipo_diz_o_que_falta_com_o_artigo(servidor, tipo):
    processo = protocolar(servidor, tipo=tipo, **_variante(tipo))

    assert itens_faltantes(processo) == FALTANTES_POR_TIPO[tipo]


def test_extincao_lista_a_comprovacao_da_sede_como_opcional(servidor):
    processo = protocolar(servidor, tipo="extincao")

    opcionais = [linha.item for linha in checklist_do_processo(processo) if not linha.obrigatorio]

    assert opcionais == ["comprovacao_sede"]


def test_documento_juntado_sai_da_lista_do_que_falta(servidor, processo):
    juntar(processo, servidor, "mapa_territorio", imagem("PNG"), "mapa.png")

    assert "Mapa e memorial descritivo do território do novo município (Art. 15, II)" not in (
        itens_faltantes(processo)
    )
    assert len(itens_faltantes(processo)) == 4


def test_envio_grava_a_versao_1_com_hash_paginas_e_nome_gerado(servidor, processo):
    conteudo = pdf_real(3)
    antes = processo.ultima_movimentacao

    documento = enviar_documento(
        processo=processo,
        usuario=servidor,
        item="justificativa",
        arquivo=arquivo(conteudo, "Justificativa final.PDF"),
    )

    documento.refresh_from_db()
    assert documento.versao == 1
    assert documento.sha256 == hashlib.sha256(conteudo).hexdigest()
    assert (documento.tamanho, documento.paginas) == (len(conteudo), 3)
    assert documento.tipo_conteudo == "application/pdf"
    assert documento.nome_original == "Justificativa final.PDF"
    assert (documento.enviado_por, documento.anulado_em) == (servidor, None)
    ano = timezone.localdate().year
    assert re.fullmatch(rf"representacao/{ano}/[0-9a-f]{{32}}\.pdf", documento.arquivo.name)
    assert Path(documento.arquivo.path).read_bytes() == conteudo
    assert recarregar(processo).ultima_movimentacao > antes


def test_extensao_do_arquivo_guardado_vem_do_conteudo_e_nao_do_nome(servidor, processo):
    documento = juntar(processo, servidor, "fotografias", imagem("JPEG"), "foto.pdf")

    assert documento.tipo_conteudo == "image/jpeg"
    assert documento.arquivo.name.endswith(".jpg")
    assert documento.paginas is None


def test_novo_envio_do_mesmo_item_e_nova_versao_e_a_anterior_continua(servidor, processo):
    primeiro, segundo = pdf_real(1), pdf_real(2)
    v1 = juntar(processo, servidor, "requerimento", primeiro)
    v2 = juntar(processo, servidor, "requerimento", segundo, substitui=1)
    outro = juntar(processo, servidor, "justificativa")

    linha = checklist_do_processo(processo)[0]

    assert (v1.versao, v2.versao, outro.versao) == (1, 2, 1)
    assert (v1.numero, v2.numero, outro.numero) == (1, 1, 1)
    assert linha.vigentes == [v2]
    assert linha.versoes == [v2, v1]
    assert Path(v1.arquivo.path).read_bytes() == primeiro
    assert Path(v2.arquivo.path).read_bytes() == segundo
    assert conferir_hash(v1) and conferir_hash(v2)
    assert DocumentoRepresentacao.objects.count() == 3


def test_versao_repetida_e_barrada_pelo_banco(servidor, processo):
    v1 = juntar(processo, servidor, "requerimento")

    with pytest.raises(IntegrityError), transaction.atomic():
        DocumentoRepresentacao.objects.create(
            processo=processo,
            item="requerimento",
            versao=1,
            arquivo=v1.arquivo.name,
            nome_original="copia.pdf",
            tipo_conteudo=v1.tipo_conteudo,
            tamanho=v1.tamanho,
            sha256=v1.sha256,
            enviado_por=servidor,
            enviado_em=timezone.now(),
        )


def test_anulacao_sem_justificativa_completa_e_barrada_pelo_banco(servidor, processo):
    v1 = juntar(processo, servidor, "requerimento")

    with pytest.raises(IntegrityError), transaction.atomic():
        DocumentoRepresentacao.objects.filter(pk=v1.pk).update(anulado_em=timezone.now())


@pytest.mark.parametrize("justificativa", ["", "   \n  "])
def test_anular_exige_justificativa(servidor, processo, justificativa):
    documento = juntar(processo, servidor, "requerimento")

    with pytest.raises(AtoRecusado, match="Informe a justificativa da anulação"):
        anular_documento(documento_id=documento.pk, usuario=servidor, justificativa=justificativa)

    documento.refresh_from_db()
    assert documento.anulado_em is None


def test_anular_mantem_o_historico_e_devolve_a_vigencia_a_versao_anterior(servidor, processo):
    v1 = juntar(processo, servidor, "requerimento")
    v2 = juntar(processo, servidor, "requerimento", pdf_real(2), "errado.pdf", substitui=1)

    anular_documento(
        documento_id=v2.pk, usuario=servidor, justificativa="  Arquivo de outro processo. "
    )

    v2.refresh_from_db()
    linha = checklist_do_processo(processo)[0]
    assert (v2.anulado_por, v2.justificativa_anulacao) == (servidor, "Arquivo de outro processo.")
    assert v2.anulado_em is not None
    assert linha.vigentes == [v1]
    assert [d.pk for d in linha.versoes] == [v2.pk, v1.pk]
    assert default_storage.exists(v2.arquivo.name)
    assert documentos_vigentes(processo) == [v1]


def test_anular_a_unica_versao_faz_o_item_voltar_a_faltar(servidor, processo):
    documento = juntar(processo, servidor, "requerimento")

    anular_documento(documento_id=documento.pk, usuario=servidor, justificativa="Ilegível.")

    assert (
        itens_faltantes(processo)[0] == "Requerimento com as assinaturas dos eleitores (Art. 15, I)"
    )
    assert DocumentoRepresentacao.objects.filter(pk=documento.pk).exists()


def test_versao_anulada_nao_se_anula_de_novo(servidor, processo):
    documento = juntar(processo, servidor, "requerimento")
    anular_documento(documento_id=documento.pk, usuario=servidor, justificativa="Ilegível.")

    with pytest.raises(AtoRecusado, match="já foi anulada"):
        anular_documento(documento_id=documento.pk, usuario=servidor, justificativa="De novo.")

    documento.refresh_from_db()
    assert documento.justificativa_anulacao == "Ilegível."


@pytest.mark.parametrize("papel", ["mesa", "deputado", "sem_papel"])
def test_quem_nao_e_da_crt_nao_junta_nem_anula(request, servidor, processo, papel):
    usuario = request.getfixturevalue(papel)
    documento = juntar(processo, servidor, "requerimento")

    with pytest.raises(PermissionDenied):
        juntar(processo, usuario, "justificativa")
    with pytest.raises(PermissionDenied):
        anular_documento(documento_id=documento.pk, usuario=usuario, justificativa="Não.")

    assert DocumentoRepresentacao.objects.count() == 1


def test_presidente_junta_documentos(presidente):
    processo = protocolar(presidente)

    assert juntar(processo, presidente, "requerimento").enviado_por == presidente


def test_envio_recusado_pelo_conteudo_nao_grava_registro_nem_arquivo(servidor, processo, settings):
    with pytest.raises(AtoRecusado, match="O arquivo é uma imagem PNG, não um PDF."):
        juntar(processo, servidor, "requerimento", imagem("PNG"), "requerimento.pdf")

    assert not DocumentoRepresentacao.objects.exists()
    pasta = settings.MEDIA_ROOT / "representacao"
    assert not pasta.exists() or not any(p.is_file() for p in pasta.rglob("*"))


def test_item_fora_da_lista_do_tipo_e_recusado(servidor):
    processo = protocolar(servidor, tipo="alteracao_nome")

    with pytest.raises(AtoRecusado, match="não faz parte da lista do Art. 15"):
        juntar(processo, servidor, "fotografias")


def test_arquivo_acima_do_limite_e_recusado_pelo_servico(servidor, processo, settings):
    settings.UPLOAD_LIMITE_MB = 1

    with pytest.raises(AtoRecusado, match="passa do limite de 1 MB"):
        juntar(processo, servidor, "requerimento", pdf_real(preenchimento=1024 * 1024))

    assert not DocumentoRepresentacao.objects.exists()


@pytest.mark.parametrize("estado", ["arquivado", "concluido"])
def test_processo_encerrado_nao_recebe_nem_anula_documentos(operador, estado):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    documento = juntar(processo, operador, "requerimento")
    type(processo).objects.filter(pk=processo.pk).update(estado=estado)
    processo = recarregar(processo)

    with pytest.raises(AtoRecusado, match="não recebem novos registros"):
        juntar(processo, operador, "justificativa")
    with pytest.raises(AtoRecusado, match="não recebem novos registros"):
        anular_documento(documento_id=documento.pk, usuario=operador, justificativa="Erro.")


def test_conferir_hash_acusa_arquivo_alterado_ou_perdido(servidor, processo, caplog):
    alterado = juntar(processo, servidor, "requerimento")
    perdido = juntar(processo, servidor, "justificativa")
    intacto = juntar(processo, servidor, "mapa_origem")
    caminho = default_storage.path(alterado.arquivo.name)
    with open(caminho, "r+b") as arquivo_no_disco:
        arquivo_no_disco.write(b"%PDF-9.9")
    default_storage.delete(perdido.arquivo.name)

    assert conferir_hash(intacto) is True
    assert conferir_hash(alterado) is False
    assert conferir_hash(perdido) is False
    assert f"Documento do Art. 15 {alterado.pk}: SHA-256" in caplog.text
    assert f"Documento do Art. 15 {perdido.pk}" in caplog.text


def test_checklist_do_processo_em_uma_consulta(servidor, processo, django_assert_num_queries):
    juntar(processo, servidor, "requerimento")
    juntar(processo, servidor, "requerimento")
    juntar(processo, servidor, "fotografias", imagem("JPEG"), "feira.jpg")

    with django_assert_num_queries(1):
        linhas = checklist_do_processo(processo)
        nomes = [d.enviado_por.username for linha in linhas for d in linha.versoes]

    assert nomes == ["alice", "alice", "alice"]
    # Os cinco do Art. 15 e, por último, a certidão do IBGE do Projeto de Lei (Art. 6º, § 1º).
    assert [linha.presente for linha in linhas] == [True, False, False, False, True, False]


def test_documentos_vigentes_seguem_a_ordem_da_lista(servidor, processo):
    fotos = juntar(processo, servidor, "fotografias", imagem("PNG"), "foto.png")
    requerimento = juntar(processo, servidor, "requerimento")
    justificativa = juntar(processo, servidor, "justificativa")

    assert documentos_vigentes(processo) == [requerimento, justificativa, fotos]


def test_documentos_de_outro_processo_nao_entram_na_lista(servidor, processo):
    outro = protocolar(servidor, nome="Vila Outra")
    juntar(outro, servidor, "requerimento")

    assert documentos_vigentes(processo) == []
    assert len(itens_faltantes(processo)) == 5


# --- Art. 19, § 3º: o mapa e o memorial travam com as divisas no Decreto Legislativo -------


def _com_mapa(operador, estado):
    """Mapa juntado antes do decreto (PDL em tramitação) e o processo posto em `estado`."""
    from processos.models import Processo

    processo = processo_no_estado(operador, "criacao", "pdl_em_tramitacao")
    mapa = juntar(processo, operador, "mapa_territorio")
    Processo.objects.filter(pk=processo.pk).update(estado=estado)  # atalho
    return recarregar(processo), mapa


@pytest.mark.parametrize(
    ("estado", "aceito"), [("pdl_em_tramitacao", True), ("decreto_publicado", False)]
)
def test_mapa_travado_depois_do_decreto_nao_recebe_nova_versao(operador, estado, aceito):
    processo, mapa = _com_mapa(operador, estado)

    if aceito:
        nova = juntar(processo, operador, "mapa_territorio", substitui=mapa.numero)
        assert nova.versao == mapa.versao + 1
        assert juntar(processo, operador, "mapa_territorio").numero == mapa.numero + 1
        return
    with pytest.raises(AtoRecusado, match=r"travados .* \(Art. 19, § 3º\)"):
        juntar(processo, operador, "mapa_territorio", substitui=mapa.numero)
    with pytest.raises(AtoRecusado, match=r"travados .* \(Art. 19, § 3º\)"):
        juntar(processo, operador, "mapa_territorio")  # nem um arquivo novo no item
    assert DocumentoRepresentacao.objects.filter(processo=processo).count() == 1


def test_mapa_travado_nao_se_anula_e_a_justificativa_segue_livre(operador):
    processo, mapa = _com_mapa(operador, "decreto_publicado")

    with pytest.raises(AtoRecusado, match="Art. 19, § 3º"):
        anular_documento(documento_id=mapa.pk, usuario=operador, justificativa="Erro.")
    assert juntar(processo, operador, "justificativa").versao == 1  # não é divisa: aceito
    assert not DocumentoRepresentacao.objects.get(pk=mapa.pk).anulado


def test_projeto_de_lei_le_a_versao_travada_do_mapa(operador):
    from tests.documentos.auxiliares import sem_espacos, texto
    from tests.processos.construtores import praticar

    processo, mapa = _com_mapa(operador, "elaboracao_pl")
    _semear_parecer_aprovado(processo, operador)

    andamento = praticar(processo, operador, "apresentar_pl")

    travados = {m["nome"]: m for m in andamento.dados["mapas_art15"]}
    assert travados[mapa.nome_original]["sha256"] == mapa.sha256
    pdf = sem_espacos(texto(processo.documentos.get(tipo="pl").arquivo.path))
    assert sem_espacos(f"{mapa.nome_original}, versão {mapa.versao}, SHA-256 {mapa.sha256}") in pdf


def _semear_parecer_aprovado(processo, operador):
    """O parecer que aprovou o plebiscito, que o PL exige (como `processo_no_estado`)."""
    from processos.models import Andamento
    from tests.processos.construtores import PASSADO

    Andamento.objects.create(
        processo=processo,
        ato="emitir_parecer_resultado",
        estado_origem="resultado_em_analise",
        estado_destino="elaboracao_pl",
        usuario=operador,
        data_ato=PASSADO,
        dados={"conclusao": "favoravel", "apuracao": {"aprovado": True}},
    )


# --- Art. 6º, § 1º: a informação do IBGE no Projeto de Lei de criação ----------------------


@pytest.mark.parametrize("variante", ["criacao", "fusao"])
def test_art6_p1_pl_de_criacao_sem_a_certidao_do_ibge_e_recusado(operador, variante):
    processo = processo_no_estado(operador, variante, "elaboracao_pl")
    # A certidão juntada e depois anulada não conta.
    juntar_certidao_ibge(processo, operador)
    for documento in DocumentoRepresentacao.objects.filter(processo=processo, item="certidao_ibge"):
        anular_documento(documento_id=documento.pk, usuario=operador, justificativa="Engano.")

    # Pelo serviço, sem o construtor `praticar` (que junta a certidão que falta).
    with pytest.raises(AtoRecusado, match=r"informação da Fundação IBGE .*\(Art\. 6º, § 1º\)"):
        praticar_ato(
            processo_id=processo.pk,
            nome_ato="apresentar_pl",
            usuario=operador,
            data_ato=timezone.localdate(),
            dados=dados_em("apresentar_pl", "", timezone.localdate()),
        )

    assert recarregar(processo).estado == "elaboracao_pl"


@pytest.mark.parametrize("variante", ["criacao", "fusao"])
def test_art6_p1_pl_de_criacao_com_a_certidao_do_ibge_a_cita(operador, variante):
    processo = processo_no_estado(operador, variante, "elaboracao_pl")

    andamento = praticar(processo, operador, "apresentar_pl")

    assert [c["versao"] for c in andamento.dados["certidao_ibge"]] == [1]


def test_art6_p1_revisao_de_limites_nao_exige_a_certidao_do_ibge(operador):
    processo = processo_no_estado(operador, "revisao_limites_sem_plebiscito", "elaboracao_pl")

    andamento = praticar(processo, operador, "apresentar_pl")

    assert "certidao_ibge" not in andamento.dados
