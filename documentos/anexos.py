"""O papel que a lei prevê para um ato, juntado ao registro dele: a ata da sessão em que o
Plenário votou (Art. 17, § 1º; Art. 18, § 1º; o Projeto de Lei), o parecer da CCJR
(Art. 18, § 2º), o ofício do TRE com o resultado do plebiscito (Art. 20), o relatório da
visita in loco (Art. 17, I).

O formulário do ato declara o campo (`processos.campos.CampoAnexo`, opcional, só PDF); o
arquivo é conferido aqui (`conferir`) pelo mesmo módulo de todo envio (`documentos.arquivos`,
no orçamento de leitura) antes de o ato ser praticado — o arquivo recusado devolve o
formulário com a mensagem, e nada é gravado.
O ato praticado junta o anexo na mesma transação (`AnexoConferido.juntar`), com o SHA-256 do
envio; ele aparece na linha do tempo, é servido conferido e entra na cópia integral."""

from dataclasses import dataclass

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils import timezone

from documentos import arquivos
from documentos.models import AnexoDoAto


@dataclass
class AnexoConferido:
    """O PDF enviado, já conferido: o que o ato grava se for praticado."""

    descricao: str
    arquivo: UploadedFile
    nome_original: str
    paginas: int
    sha256: str
    guardado: str = ""

    def juntar(self, andamento) -> AnexoDoAto:
        """Grava o arquivo (nome gerado) e o registro, dentro da transação do ato."""
        anexo = AnexoDoAto(
            andamento=andamento,
            descricao=self.descricao,
            nome_original=self.nome_original,
            tamanho=self.arquivo.size,
            paginas=self.paginas,
            sha256=self.sha256,
        )
        self.arquivo.seek(0)
        anexo.arquivo.save("anexo.pdf", self.arquivo, save=False)
        self.guardado = anexo.arquivo.name
        anexo.save()
        return anexo

    def descartar(self) -> None:
        """O ato foi recusado depois de gravado o arquivo: ele não pertence aos autos."""
        if self.guardado and not AnexoDoAto.objects.filter(arquivo=self.guardado).exists():
            AnexoDoAto.arquivo.field.storage.delete(self.guardado)
        self.guardado = ""


def conferir(descricao: str, arquivo: UploadedFile) -> AnexoConferido:
    """O conteúdo do PDF enviado ao campo do anexo (`processos.campos.CampoAnexo`), conferido
    antes de o ato ser praticado: o recusado volta ao formulário com a mensagem."""
    try:
        paginas = arquivos.conferir_pdf(arquivo)
    except arquivos.ArquivoRecusado as exc:
        raise forms.ValidationError(str(exc)) from exc
    return AnexoConferido(
        descricao=descricao,
        arquivo=arquivo,
        nome_original=arquivos.nome_para_exibir(arquivo.name),
        paginas=paginas,
        sha256=arquivos.resumo_sha256(arquivo),
    )


def pecas_dos_anexos(processo) -> list:
    """Os anexos dos atos na cópia integral (Art. 19, § 1º), cada um conferido com o SHA-256
    do envio antes de entrar."""
    # A cópia integral lê os formulários dos atos (que declaram este campo): importada aqui.
    from documentos.copia_integral import Peca, exigir_integro, no_armazenamento

    pecas = []
    anexos = AnexoDoAto.objects.filter(andamento__processo=processo).select_related("andamento")
    for anexo in anexos.order_by("andamento__registrado_em", "pk"):
        exigir_integro(
            anexo.arquivo, anexo.sha256, objeto=f"O anexo “{anexo.nome_original}” do ato"
        )
        data = anexo.andamento.data_ato
        pecas.append(
            Peca(
                titulo=f"{anexo.descricao} — {anexo.nome_original} ({data:%d/%m/%Y})",
                data=timezone.localtime(anexo.andamento.registrado_em),
                tipo_conteudo="application/pdf",
                **no_armazenamento(anexo.arquivo),
                descricao=f"Anexo do ato “{anexo.andamento.get_ato_display()}”, SHA-256 "
                f"{anexo.sha256}",
            )
        )
    return pecas
