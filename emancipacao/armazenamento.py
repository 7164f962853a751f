"""O armazenamento dos arquivos no disco (MEDIA_ROOT), que não deixa arquivo pela metade.

O `FileSystemStorage` do Django grava direto no nome definitivo: com o disco cheio no meio
da gravação, sobra um arquivo parcial (ou vazio) com nome de documento. Aqui o arquivo é
gravado com um nome provisório, único, ao lado do definitivo, e só ganha o nome definitivo
(um link, que não sobrescreve o de outra gravação) quando está inteiro. Se a gravação
falha, o provisório é apagado — é só dele, nenhum outro processo o conhece.

Disco cheio, cota esgotada, pasta somente leitura ou sem permissão de escrita sobem como
`ArmazenamentoIndisponivel`, que vira a resposta 503 "armazenamento indisponível"
(emancipacao.erros); a transação do ato que gravava o arquivo é desfeita junto.
"""

import errno
import logging
import os
import uuid

from django.core.files.storage import FileSystemStorage

logger = logging.getLogger(__name__)

# O disco não aceita o arquivo: cheio, cota do usuário, somente leitura, arquivo acima do
# que o sistema de arquivos (ou o limite do processo) permite.
SEM_ESPACO_OU_SO_LEITURA = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG})
# A pasta existe, mas o processo não pode escrever nela (permissões, montagem).
SEM_PERMISSAO = frozenset({errno.EACCES, errno.EPERM})
# O sistema de arquivos não faz links (ou não os deixa a este processo).
SEM_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP})


class ArmazenamentoIndisponivel(OSError):
    """O arquivo não pôde ser gravado por causa do armazenamento, não do arquivo."""


def e_falta_de_armazenamento(exc: BaseException) -> bool:
    """Disco cheio ou somente leitura em qualquer gravação (a de um arquivo temporário da
    emissão, por exemplo), não só nas deste armazenamento; ou o S3 fora do alcance ou sem o
    bucket (EMANCIPACAO_S3_*)."""
    return (
        isinstance(exc, ArmazenamentoIndisponivel)
        or (isinstance(exc, OSError) and exc.errno in SEM_ESPACO_OU_SO_LEITURA)
        or _e_falha_do_s3(exc)
    )


# O S3 respondeu que não pode guardar nem servir agora (ou que o bucket não existe, ou que a
# chave não dá acesso): a implantação, não o pedido, está com problema.
ERROS_DO_S3 = frozenset(
    {"NoSuchBucket", "AccessDenied", "ServiceUnavailable", "SlowDown", "InternalError", "503"}
)


def _e_falha_do_s3(exc: BaseException) -> bool:
    try:
        from botocore.exceptions import ClientError, HTTPClientError
        from botocore.exceptions import ConnectionError as S3ForaDoAlcance
    except ImportError:  # sem o boto3, não há S3 configurado
        return False
    if isinstance(exc, S3ForaDoAlcance | HTTPClientError):
        return True
    return isinstance(exc, ClientError) and exc.response.get("Error", {}).get("Code") in ERROS_DO_S3


class ArmazenamentoLocal(FileSystemStorage):
    def _save(self, name, content):
        provisorio = f"{name}.{uuid.uuid4().hex}.parcial"
        try:
            gravado = super()._save(provisorio, content)
            return self._dar_nome_definitivo(gravado, name)
        except OSError as exc:
            self._apagar_provisorio(provisorio)
            if exc.errno in SEM_ESPACO_OU_SO_LEITURA | SEM_PERMISSAO:
                raise ArmazenamentoIndisponivel(
                    exc.errno, f"Armazenamento indisponível ao gravar {name}: {exc.strerror}"
                ) from exc
            raise

    def _dar_nome_definitivo(self, provisorio: str, name: str) -> str:
        """O link não sobrescreve: com o nome tomado por outra gravação simultânea, outro
        nome livre é escolhido, como no `FileSystemStorage`. No sistema de arquivos sem
        links (FAT, alguns compartilhamentos de rede), renomeia."""
        while True:
            try:
                os.link(self.path(provisorio), self.path(name))
            except FileExistsError:
                name = self.get_available_name(name)
            except OSError as exc:
                if exc.errno not in SEM_LINKS:
                    raise
                name = self.get_available_name(name)
                os.rename(self.path(provisorio), self.path(name))
                return name
            else:
                break
        os.unlink(self.path(provisorio))
        return name

    def _apagar_provisorio(self, provisorio: str) -> None:
        try:
            os.unlink(self.path(provisorio))
        except FileNotFoundError:
            pass
        except OSError as exc:  # a pasta somente leitura não deixa nem apagar
            logger.warning("Arquivo provisório %s não apagado: %s", provisorio, exc)
