"""O núcleo de assinatura (documentos.assinatura) sobre um PDF simples, com a ICP de teste:
campos criados antes, selo B-LTA, assinatura pessoal em dois passos pelos dois adaptadores, e
a validação dizendo o que cada assinatura é — ou por que não vale."""

from io import BytesIO

import pytest
from pypdf import PdfWriter

from documentos.assinatura import campos, pessoal, selo, validacao
from tests.assinaturas.pki import SENHA_PKCS12


def _pdf_simples() -> bytes:
    escritor = PdfWriter()
    escritor.add_blank_page(width=595, height=842)
    saida = BytesIO()
    escritor.write(saida)
    return saida.getvalue()


@pytest.fixture
def original():
    return campos.criar_campos(_pdf_simples(), ["relator", "presidente", "membro", "selo"])


def test_dois_passos_com_pkcs12_do_usuario_da_b_t_e_comeca_pelos_bytes_do_original(
    original, icp, selo_instalado
):
    adaptador = pessoal.AdaptadorPkcs12(icp.relator.pkcs12(), SENHA_PKCS12.decode())
    assinado = pessoal.assinar(original, "relator", adaptador)
    assert assinado.startswith(original)
    (parecer,) = validacao.validar(assinado)
    assert parecer.valida, parecer.motivo
    assert parecer.campo == "relator"
    assert "Relatora de Teste" in parecer.titular
    assert parecer.nivel == "B-T"
    assert parecer.carimbo_em


def test_tres_signatarios_e_o_selo_b_lta_por_ultimo(original, icp, selo_instalado, servidores):
    doc = pessoal.assinar(
        original, "relator", pessoal.AdaptadorPkcs12(icp.relator.pkcs12(), "pin-de-teste")
    )
    doc = pessoal.assinar(
        doc, "presidente", pessoal.AdaptadorPkcs12(icp.presidente.pkcs12(), "pin-de-teste")
    )
    govbr = pessoal.AdaptadorGovBr("codigo", "http://testserver/volta")
    doc = pessoal.assinar(doc, "membro", govbr)
    doc = selo.selar(doc)
    assert doc.startswith(original)
    pareceres = validacao.validar(doc)
    assinaturas = [p for p in pareceres if not p.carimbo_do_documento]
    assert [p.campo for p in assinaturas] == ["relator", "presidente", "membro", "selo"]
    assert all(p.valida for p in pareceres), [p.motivo for p in pareceres]
    assert assinaturas[-1].nivel == "B-LTA"
    assert "ASSEMBLEIA LEGISLATIVA" in assinaturas[-1].titular


def test_um_byte_alterado_depois_de_assinar_e_recusado(original, icp, selo_instalado):
    assinado = pessoal.assinar(
        original, "relator", pessoal.AdaptadorPkcs12(icp.relator.pkcs12(), "pin-de-teste")
    )
    # Um byte do conteúdo original (dentro do intervalo assinado) trocado: a largura da
    # página, 595 → 695 (o arquivo continua legível; só o conteúdo mudou).
    posicao = original.index(b"595")
    adulterado = bytearray(assinado)
    adulterado[posicao] = ord("6")
    (parecer,) = validacao.validar(bytes(adulterado))
    assert not parecer.valida
    assert parecer.motivo == validacao.ALTERADA


def test_certificado_revogado_e_recusado_com_o_motivo(original, icp, raizes, settings):
    settings.CARIMBO_DO_TEMPO_URL = ""
    assinado = pessoal.assinar(
        original, "relator", pessoal.AdaptadorPkcs12(icp.revogado.pkcs12(), "pin-de-teste")
    )
    (parecer,) = validacao.validar(assinado)
    assert parecer.motivo == "assinatura inválida: certificado revogado"


def test_certificado_vencido_e_recusado(original, icp, raizes, settings):
    settings.CARIMBO_DO_TEMPO_URL = ""
    assinado = pessoal.assinar(
        original, "relator", pessoal.AdaptadorPkcs12(icp.vencido.pkcs12(), "pin-de-teste")
    )
    (parecer,) = validacao.validar(assinado)
    assert parecer.motivo == validacao.VENCIDO


def test_sem_raiz_carregada_nenhuma_assinatura_e_confiavel(original, icp, db, settings):
    settings.CARIMBO_DO_TEMPO_URL = ""
    assinado = pessoal.assinar(
        original, "relator", pessoal.AdaptadorPkcs12(icp.relator.pkcs12(), "pin-de-teste")
    )
    (parecer,) = validacao.validar(assinado)
    assert parecer.motivo == validacao.SEM_CADEIA


def test_senha_errada_do_pkcs12_e_recusada_em_portugues(icp):
    with pytest.raises(pessoal.AssinaturaRecusada, match="não abre com esta senha"):
        pessoal.AdaptadorPkcs12(icp.relator.pkcs12(), "errada")


def test_autoridade_de_carimbo_fora_do_ar_recusa_em_portugues_sem_assinar(original, icp, settings):
    settings.CARIMBO_DO_TEMPO_URL = "http://127.0.0.1:9/tsa"  # porta fechada
    adaptador = pessoal.AdaptadorPkcs12(icp.relator.pkcs12(), SENHA_PKCS12.decode())
    with pytest.raises(pessoal.AssinaturaRecusada, match="carimbo do tempo não respondeu"):
        pessoal.assinar(original, "relator", adaptador)


def test_gov_br_com_token_recusado_nao_assina(original, selo_instalado, settings):
    settings.GOVBR_TOKEN_URL = settings.GOVBR_ASSINATURA_URL + "/nao-existe"
    with pytest.raises(pessoal.AssinaturaRecusada, match="recusou o pedido"):
        pessoal.AdaptadorGovBr("codigo", "http://testserver/volta")


def test_gov_br_desligado_diz_como_ligar(settings):
    settings.GOVBR_ASSINATURA_URL = ""
    with pytest.raises(pessoal.AssinaturaRecusada, match="EMANCIPACAO_GOVBR_ASSINATURA_URL"):
        pessoal.AdaptadorGovBr("codigo", "http://testserver/volta")


def test_gov_br_recebe_so_o_resumo_de_32_bytes(original, selo_instalado, servidores):
    antes = len(servidores.resumos_govbr)
    pessoal.assinar(original, "membro", pessoal.AdaptadorGovBr("c", "http://testserver/v"))
    (resumo,) = servidores.resumos_govbr[antes:]
    assert len(resumo) == 32  # o documento não sai do servidor: só o SHA-256 do intervalo
