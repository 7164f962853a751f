"""As certidões na cópia integral autenticada (Art. 19, § 1º): a versão vigente da resposta
de cada órgão, juntada na data do registro, cada uma conferida com o SHA-256 do envio antes
de entrar nos autos (um arquivo que não confere impede a emissão)."""

from documentos.copia_integral import Peca, exigir_integro, no_armazenamento
from instrucao.models import Certidao


def pecas_das_certidoes(processo):
    vigentes = (
        Certidao.objects.vigentes()
        .filter(oficio__processo=processo)
        .select_related("oficio")
        .order_by("registrada_em", "id")
    )
    for certidao in vigentes:
        oficio = certidao.oficio
        exigir_integro(
            certidao.arquivo,
            certidao.sha256,
            objeto=f"A certidão nº {certidao.numero} (resposta ao Ofício nº {oficio.numero})",
        )
        versao = f", versão {certidao.versao}" if certidao.versao > 1 else ""
        yield Peca(
            titulo=(
                f"Certidão nº {certidao.numero}{versao} — resposta ao Ofício nº {oficio.numero} "
                f"({oficio.get_orgao_display()})"
            ),
            data=certidao.registrada_em,
            tipo_conteudo="application/pdf",
            **no_armazenamento(certidao.arquivo),
            descricao=f"Certidão juntada à resposta, SHA-256 {certidao.sha256}",
        )
