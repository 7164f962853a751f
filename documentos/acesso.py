"""Quem pode o quê com documentos (Arts. 22 e 23): a regra de cada URL, num só lugar."""

from collections.abc import Callable

from django.core.exceptions import PermissionDenied

from documentos.models import Documento
from processos.papeis import DEPUTADO, LEITORES, MESA, PRESIDENTE, SERVIDOR, tem_papel


def pode_emitir_extrato(user) -> bool:
    return tem_papel(user, SERVIDOR, PRESIDENTE)


def pode_emitir_copia_integral(user) -> bool:
    """Art. 19, § 1º e Art. 21: a cópia que segue ao TRE fala pela Comissão."""
    return tem_papel(user, PRESIDENTE)


def pode_pedir_selo(user) -> bool:
    """O selo que falhou é pedido de novo pela CRT, que emite e guarda os documentos do
    processo (Art. 21); a Mesa e os Deputados veem a falha, não operam a fila."""
    return tem_papel(user, SERVIDOR, PRESIDENTE)


def pode_baixar(user) -> bool:
    """Art. 22: o Deputado tem vista, "não podendo retirá-lo" — vê, não baixa."""
    return tem_papel(user, SERVIDOR, PRESIDENTE, MESA)


def exigir_vista(user, documento) -> None:
    if documento.processo_id is None and not pode_baixar(user):
        raise PermissionDenied("Documento avulso: acesso restrito à CRT e à Mesa.")
    if not tem_papel(user, *LEITORES):
        raise PermissionDenied("Área restrita à CRT, à Mesa e aos Deputados.")


def e_deputado_sem_equipe(user) -> bool:
    return tem_papel(user, DEPUTADO) and not pode_baixar(user)


# O que o portal serve a qualquer pessoa (Art. 23): quem publica — a transparência, acima
# desta app — registra a consulta no seu `ready()`. Sem ela, nenhum documento é público.
_publicos: list[Callable] = []


def registrar_publicos(consulta: Callable) -> None:
    """`consulta()` devolve o QuerySet de `Documento` que o portal pode servir."""
    _publicos[:] = [consulta]


def documentos_publicos():
    return _publicos[0]() if _publicos else Documento.objects.none()
