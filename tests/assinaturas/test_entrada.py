"""PDFs assinados que chegam de fora: a certidão de um órgão tem as assinaturas validadas no
envio contra as raízes carregadas por `manage.py carregar_raizes_confiaveis`, e o relatório
aparece na seção dos ofícios — o certificado revogado como "assinatura inválida: certificado
revogado"."""

from datetime import timedelta

import pytest
from cryptography.hazmat.primitives.serialization import Encoding
from django.core.management import CommandError, call_command
from django.utils import timezone

from documentos.assinatura import campos, pessoal
from documentos.models import MaterialDeConfianca, RelatorioAssinaturas
from instrucao.services import registrar_resposta
from processos.models import AtoRecusado
from representacao import checklist
from representacao.documentos import enviar_documento
from tests.assinaturas.pki import SENHA_PKCS12
from tests.processos.construtores import (
    PDF_MINIMO,
    certidao_pdf,
    dados_certidao,
    processo_no_estado,
    protocolar,
)
from tests.representacao.construtores import arquivo, juntar, pdf_real

PIN = SENHA_PKCS12.decode()


@pytest.fixture
def raizes_pelo_comando(db, icp, tmp_path):
    arquivo = tmp_path / "raizes.pem"
    arquivo.write_bytes(icp.raiz.pem + icp.lcr.public_bytes(Encoding.PEM))
    call_command("carregar_raizes_confiaveis", str(arquivo))
    return arquivo


def _assinada_por(identidade) -> bytes:
    pdf = campos.criar_campos(PDF_MINIMO, ["orgao"])
    return pessoal.assinar(pdf, "orgao", pessoal.AdaptadorPkcs12(identidade.pkcs12(), PIN))


def _responder_sefaz(operador, conteudo: bytes):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    sefaz = processo.oficios.get(orgao="sefaz")
    registrar_resposta(
        oficio_id=sefaz.pk,
        usuario=operador,
        respondido_em=timezone.localdate(),
        certidao=dados_certidao(sefaz, arquivo=certidao_pdf(conteudo=conteudo)),
    )
    return processo


def test_comando_carrega_raiz_e_lcr_sem_repetir(raizes_pelo_comando, capsys):
    assert MaterialDeConfianca.objects.count() == 2
    call_command("carregar_raizes_confiaveis", str(raizes_pelo_comando))
    assert MaterialDeConfianca.objects.count() == 2
    assert "0 item(ns) carregado(s); 2 já estava(m)" in capsys.readouterr().out


def test_comando_recusa_arquivo_que_nao_e_certificado(db, tmp_path):
    lixo = tmp_path / "lixo.pem"
    lixo.write_bytes(b"isto nao e um certificado")
    with pytest.raises(CommandError, match="Nada foi carregado"):
        call_command("carregar_raizes_confiaveis", str(lixo))
    assert MaterialDeConfianca.objects.count() == 0


def test_certidao_assinada_por_certificado_revogado_mostra_assinatura_invalida(
    raizes_pelo_comando, icp, client, servidor, settings
):
    settings.CARIMBO_DO_TEMPO_URL = ""
    processo = _responder_sefaz(servidor, _assinada_por(icp.revogado))
    (relatorio,) = RelatorioAssinaturas.objects.all()
    assert not relatorio.todas_validas
    client.force_login(servidor)
    html = client.get(f"/processos/{processo.slug}/").content.decode()
    assert "assinatura inválida: certificado revogado" in html
    assert "Pessoa Revogada" in html


def test_certidao_assinada_por_certificado_valido_mostra_assinatura_valida(
    raizes_pelo_comando, icp, client, servidor, settings
):
    settings.CARIMBO_DO_TEMPO_URL = ""
    processo = _responder_sefaz(servidor, _assinada_por(icp.presidente))
    client.force_login(servidor)
    html = client.get(f"/processos/{processo.slug}/").content.decode()
    assert "assinatura válida" in html
    assert "Presidente de Teste" in html
    assert "certificado revogado" not in html


def test_certidao_sem_assinatura_nao_grava_relatorio(db, servidor):
    _responder_sefaz(servidor, PDF_MINIMO)
    assert not RelatorioAssinaturas.objects.exists()


def test_documento_do_art15_assinado_mostra_o_relatorio_na_lista(
    raizes_pelo_comando, icp, client, servidor, settings
):
    settings.CARIMBO_DO_TEMPO_URL = ""
    processo = protocolar(servidor)
    item = next(i.codigo for i in checklist.itens_do_tipo(processo.tipo) if i.obrigatorio)
    pdf = campos.criar_campos(pdf_real(), ["prefeito"])
    assinado = pessoal.assinar(pdf, "prefeito", pessoal.AdaptadorPkcs12(icp.revogado.pkcs12(), PIN))
    juntar(processo, servidor, item, assinado)
    client.force_login(servidor)
    html = client.get(f"/processos/{processo.slug}/documentos-art15/").content.decode()
    assert "assinatura inválida: certificado revogado" in html


def _art15_assinado(icp, servidor):
    processo = protocolar(servidor)
    item = next(i.codigo for i in checklist.itens_do_tipo(processo.tipo) if i.obrigatorio)
    pdf = campos.criar_campos(pdf_real(), ["prefeito"])
    assinado = pessoal.assinar(pdf, "prefeito", pessoal.AdaptadorPkcs12(icp.revogado.pkcs12(), PIN))
    return processo, item, assinado


@pytest.mark.parametrize("versao_vista, juntado", [(0, True), (1, False)])
def test_juntada_do_art15_recusada_nao_deixa_relatorio(
    raizes_pelo_comando, icp, servidor, settings, versao_vista, juntado
):
    """O relatório é gravado na transação da juntada: a juntada recusada dentro dela (outro
    arquivo juntado ao item depois que a página foi aberta) não deixa relatório órfão; a
    aceita, com a mesma página vista, deixa."""
    settings.CARIMBO_DO_TEMPO_URL = ""
    processo, item, assinado = _art15_assinado(icp, servidor)
    envio = dict(processo=processo, usuario=servidor, item=item, versao_vista=versao_vista)
    if juntado:
        enviar_documento(**envio, arquivo=arquivo(assinado, "assinado.pdf"))
    else:
        with pytest.raises(AtoRecusado, match="Outro usuário alterou"):
            enviar_documento(**envio, arquivo=arquivo(assinado, "assinado.pdf"))
    assert processo.documentos_representacao.exists() == juntado
    relatorios = list(RelatorioAssinaturas.objects.values_list("processo_id", flat=True))
    assert relatorios == ([processo.pk] if juntado else [])


def test_resposta_recusada_na_transacao_nao_deixa_relatorio(
    raizes_pelo_comando, icp, servidor, settings
):
    """Art. 2º, § 2º: a certidão assinada com data posterior à resposta é recusada sob a
    trava do ofício; o relatório das assinaturas dela não fica."""
    settings.CARIMBO_DO_TEMPO_URL = ""
    processo = processo_no_estado(
        servidor, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    sefaz = processo.oficios.get(orgao="sefaz")
    arquivo_assinado = certidao_pdf(conteudo=_assinada_por(icp.presidente))
    with pytest.raises(AtoRecusado, match="posterior à resposta"):
        registrar_resposta(
            oficio_id=sefaz.pk,
            usuario=servidor,
            respondido_em=timezone.localdate() - timedelta(days=1),
            certidao=dados_certidao(sefaz, arquivo=arquivo_assinado),
        )
    assert not RelatorioAssinaturas.objects.exists()
