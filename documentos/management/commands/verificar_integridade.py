"""Confere todo arquivo armazenado com o SHA-256 registrado (para o cron): o de cada linha de
cada modelo que guarda arquivo (`documentos.models.ArquivoGuardado` — os documentos
emitidos, os anexos dos atos e os arquivos que as fases guardam). Imprime uma linha por
problema e o resumo; termina com erro (código 1) se algum arquivo foi alterado ou sumiu.

Lista também os arquivos órfãos — nas pastas do sistema, sem registro que os cite: o PDF de
uma emissão cuja transação foi desfeita, o de um processo morto no meio da gravação. Com
`--remover-orfaos`, apaga os que têm mais de uma hora (o mais novo pode ser de uma emissão
ainda em curso, cujo registro só aparece no commit).

Com `--pdfa`, passa também cada documento emitido pela conferência offline do PDF/A-2B e
lista os que não a passam: os emitidos antes do PDF/A, e as cópias integrais que juntaram
peças recebidas não conformes (que por isso não se declaram PDF/A). É um relatório, não um
erro: nenhum desses arquivos pode ser refeito sem mudar o que foi emitido."""

from collections.abc import Iterator
from datetime import timedelta

from django.apps import apps
from django.core.files.storage import default_storage
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from documentos import integridade
from documentos.models import ArquivoGuardado, Documento
from documentos.pdfa import falhas_pdfa

IDADE_MINIMA_ORFAO = timedelta(hours=1)
PORTA = "verificar_integridade"


def modelos_de_arquivo() -> list[type[ArquivoGuardado]]:
    """Os modelos instalados que guardam arquivo, na ordem do registro das apps."""
    return [m for m in apps.get_models() if issubclass(m, ArquivoGuardado)]


def pastas() -> list[str]:
    """As pastas em que o sistema grava (a de cada modelo de arquivo)."""
    return sorted({m.PASTA for m in modelos_de_arquivo()})


def arquivos_registrados() -> Iterator[tuple[str, object, str]]:
    """(objeto, arquivo, SHA-256 registrado) de cada arquivo que um registro cita."""
    for modelo in modelos_de_arquivo():
        for linha in modelo.para_varredura().iterator():
            yield linha.objeto_na_varredura(), linha.arquivo, linha.sha256


def _arquivos_na_pasta(pasta: str) -> Iterator[str]:
    # Sem exists(): no S3 uma "pasta" é só um prefixo, que não existe como objeto.
    try:
        subpastas, arquivos = default_storage.listdir(pasta)
    except FileNotFoundError:
        return
    for nome in arquivos:
        yield f"{pasta}/{nome}"
    for subpasta in subpastas:
        yield from _arquivos_na_pasta(f"{pasta}/{subpasta}")


def orfaos(citados: set[str]) -> list[str]:
    return sorted(
        nome for pasta in pastas() for nome in _arquivos_na_pasta(pasta) if nome not in citados
    )


class Command(BaseCommand):
    help = (
        "Confere o SHA-256 de todos os arquivos armazenados e lista os órfãos; termina com "
        "erro se algum arquivo foi alterado ou sumiu."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--remover-orfaos",
            action="store_true",
            help="Apaga os arquivos órfãos com mais de uma hora.",
        )
        parser.add_argument(
            "--pdfa",
            action="store_true",
            help="Lista também os documentos emitidos que não passam na conferência do PDF/A-2B.",
        )

    def handle(self, *args, remover_orfaos=False, pdfa=False, **opcoes):
        conferidos, problemas, citados, fora_do_pdfa = 0, 0, set(), 0
        for objeto, arquivo, registrado in arquivos_registrados():
            conferidos += 1
            citados.add(arquivo.name)
            falha = integridade.conferir(arquivo, registrado, objeto=objeto, porta=PORTA)
            if falha:
                problemas += 1
                self.stdout.write(f"PROBLEMA {objeto}: {falha.descricao} — {arquivo.name}")
            elif pdfa and isinstance(arquivo.instance, Documento):
                # Só os que o sistema emite: os arquivos recebidos não são dele.
                fora_do_pdfa += self._fora_do_pdfa(objeto, arquivo)
        sem_registro = orfaos(citados)
        removidos = self._orfaos(sem_registro, remover=remover_orfaos)
        resumo = f"{conferidos} arquivos conferidos; {problemas} com problema"
        resumo += f"; {len(sem_registro)} órfãos"
        if pdfa:
            resumo += f"; {fora_do_pdfa} documento(s) emitido(s) fora do PDF/A-2B"
        if remover_orfaos:
            resumo += f" ({removidos} removidos)"
        self.stdout.write(resumo + ".")
        if problemas:
            raise CommandError(
                f"{problemas} arquivo(s) alterado(s) ou ausente(s): restaure-os da cópia de "
                "segurança (a lista está no admin, em Falhas de integridade)."
            )

    def _fora_do_pdfa(self, objeto: str, arquivo) -> bool:
        with arquivo.storage.open(arquivo.name, "rb") as aberto:
            falhas = falhas_pdfa(aberto.read())
        if falhas:
            mais = f" (e mais {len(falhas) - 1})" if len(falhas) > 1 else ""
            self.stdout.write(f"FORA DO PDF/A {objeto}: {falhas[0]}{mais} — {arquivo.name}")
        return bool(falhas)

    def _orfaos(self, nomes: list[str], *, remover: bool) -> int:
        limite = timezone.now() - IDADE_MINIMA_ORFAO
        removidos = 0
        for nome in nomes:
            recente = default_storage.get_modified_time(nome) > limite
            if remover and not recente:
                default_storage.delete(nome)
                removidos += 1
                self.stdout.write(f"ÓRFÃO removido: {nome}")
            elif recente:
                self.stdout.write(f"ÓRFÃO (recente, mantido por ora): {nome}")
            else:
                self.stdout.write(f"ÓRFÃO: {nome}")
        return removidos
