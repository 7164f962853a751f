"""Modelos da representação (Arts. 13 a 16), um módulo por conceito."""

from representacao.models.assinaturas import (  # noqa: F401
    CorrecaoSignatario,
    ImportacaoAssinaturas,
    Signatario,
)
from representacao.models.dados import DadosRepresentacao  # noqa: F401
from representacao.models.documentos import DocumentoRepresentacao  # noqa: F401
