"""O selo num dispositivo PKCS#11: o certificado A3 da Assembleia num cartão ou token USB, ou
num HSM, falado pelo módulo PKCS#11 do fabricante (EMANCIPACAO_SELO_PKCS11_BIBLIOTECA). A chave
nunca sai do dispositivo: o resumo do PDF é calculado aqui e só ele é assinado lá. O PIN do
usuário do token vem do segredo do selo (EMANCIPACAO_SELO_PIN ou _PIN_ARQUIVO), nunca do banco.

A sessão com o token fica aberta só enquanto um documento é selado; o certificado, a cadeia
gravada no token e a chave são procurados ao abrir, para que a falta de um deles dê o motivo
em português antes de o PDF começar a ser assinado. O python-pkcs11 e o pyHanko só são
importados aqui dentro: o worker que só serve páginas não os carrega."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings

from documentos.assinatura import SeloIndisponivel

BIBLIOTECA = "EMANCIPACAO_SELO_PKCS11_BIBLIOTECA"
TOKEN = "EMANCIPACAO_SELO_PKCS11_TOKEN"
SLOT = "EMANCIPACAO_SELO_PKCS11_SLOT"
ROTULO = "EMANCIPACAO_SELO_PKCS11_ROTULO"


def configurado() -> bool:
    return bool(settings.SELO_PKCS11_BIBLIOTECA)


def faltas() -> list[str]:
    """O que falta na configuração do token, conferido sem carregar o módulo."""
    biblioteca = settings.SELO_PKCS11_BIBLIOTECA
    faltam = []
    if not Path(biblioteca).is_file():
        faltam.append(f"A biblioteca PKCS#11 do selo não existe: {biblioteca} ({BIBLIOTECA}).")
    if not settings.SELO_PKCS11_TOKEN and settings.SELO_PKCS11_SLOT is None:
        faltam.append(f"Falta o rótulo do token do selo ({TOKEN}) ou a posição do slot ({SLOT}).")
    if not settings.SELO_PKCS11_ROTULO:
        faltam.append(f"Falta o rótulo da chave e do certificado do selo no token ({ROTULO}).")
    return faltam


def _nome_do_token() -> str:
    if settings.SELO_PKCS11_TOKEN:
        return f"“{settings.SELO_PKCS11_TOKEN}”"
    return f"do slot {settings.SELO_PKCS11_SLOT}"


def _biblioteca():
    import pkcs11

    try:
        return pkcs11.lib(settings.SELO_PKCS11_BIBLIOTECA)
    except pkcs11.PKCS11Error as erro:
        raise SeloIndisponivel(
            f"A biblioteca PKCS#11 do selo não carrega: {settings.SELO_PKCS11_BIBLIOTECA} "
            "(não é um módulo PKCS#11 para este sistema?)."
        ) from erro


def _token(biblioteca):
    import pkcs11
    from pyhanko.config.pkcs11 import TokenCriteria
    from pyhanko.sign.pkcs11 import find_token

    rotulo = settings.SELO_PKCS11_TOKEN or None
    criterio = TokenCriteria(label=rotulo) if rotulo else None
    try:
        token = find_token(
            biblioteca.get_slots(), slot_no=settings.SELO_PKCS11_SLOT, token_criteria=criterio
        )
    except pkcs11.PKCS11Error as erro:
        raise SeloIndisponivel(
            f"O token do selo {_nome_do_token()} não foi encontrado no módulo "
            f"{settings.SELO_PKCS11_BIBLIOTECA}: ele está conectado, e o rótulo e o slot "
            "configurados são os dele?"
        ) from erro
    if token is None:
        raise SeloIndisponivel(
            f"Nenhum token {_nome_do_token()} no módulo {settings.SELO_PKCS11_BIBLIOTECA}: o "
            "token está conectado (ou o HSM acessível), com o rótulo configurado?"
        )
    return token


def _abrir(token, pin: str):
    import pkcs11

    if not pin:
        raise SeloIndisponivel(
            "Falta o PIN do token do selo (EMANCIPACAO_SELO_PIN ou EMANCIPACAO_SELO_PIN_ARQUIVO)."
        )
    try:
        return token.open(user_pin=pin)
    except pkcs11.PinLocked as erro:
        raise SeloIndisponivel(
            f"O PIN do token do selo {_nome_do_token()} está bloqueado: desbloqueie-o com o PIN "
            "do administrador do token (SO) e configure o novo PIN."
        ) from erro
    except (pkcs11.PinIncorrect, pkcs11.PinInvalid, pkcs11.PinLenRange) as erro:
        raise SeloIndisponivel(
            f"O token do selo {_nome_do_token()} recusou o PIN configurado."
        ) from erro
    except pkcs11.PKCS11Error as erro:
        raise SeloIndisponivel(
            f"O token do selo {_nome_do_token()} não abriu ({type(erro).__name__})."
        ) from erro


def _rotulos(sessao, classe) -> list[str]:
    from pkcs11 import Attribute

    return sorted(str(o[Attribute.LABEL]) for o in sessao.get_objects({Attribute.CLASS: classe}))


def _o_que_falta_no_token(sessao, rotulo: str) -> str:
    from pkcs11 import ObjectClass

    certificados = _rotulos(sessao, ObjectClass.CERTIFICATE)
    chaves = _rotulos(sessao, ObjectClass.PRIVATE_KEY)
    if certificados.count(rotulo) != 1:
        objeto, encontrados = "o certificado", certificados
    else:
        objeto, encontrados = "a chave privada", chaves
    if encontrados.count(rotulo) > 1:
        return f"O token do selo tem mais de um objeto “{rotulo}”: dê rótulos distintos."
    lista = ", ".join(f"“{r}”" for r in encontrados) or "nenhum"
    return (
        f"O token do selo {_nome_do_token()} não tem {objeto} “{rotulo}” ({ROTULO}); "
        f"rótulos no token: {lista}."
    )


def _carregar(sessao):
    """O assinante com o certificado, a cadeia gravada no token e a chave já encontrados."""
    import pkcs11
    from pyhanko.sign.pkcs11 import PKCS11Signer

    rotulo = settings.SELO_PKCS11_ROTULO
    # A cadeia (a AC intermediária, a raiz) costuma vir gravada no token A3 com o certificado:
    # todos os certificados dele entram no registro, para o DSS do B-LTA.
    assinante = PKCS11Signer(sessao, cert_label=rotulo, other_certs_to_pull=None)
    try:
        assinante.signing_cert  # noqa: B018 — busca o certificado e a chave agora
    except pkcs11.PKCS11Error as erro:
        raise SeloIndisponivel(_o_que_falta_no_token(sessao, rotulo)) from erro
    return assinante


@contextmanager
def assinante(pin: str) -> Iterator[object]:
    """O assinante do selo no token configurado, com a sessão aberta só enquanto assina."""
    import pkcs11

    if faltam := faltas():
        raise SeloIndisponivel(" ".join(faltam))
    sessao = _abrir(_token(_biblioteca()), pin)
    try:
        selo = _carregar(sessao)
        try:
            yield selo
        except pkcs11.PKCS11Error as erro:
            raise SeloIndisponivel(
                f"O token do selo {_nome_do_token()} falhou ao assinar ({type(erro).__name__}): "
                "ele foi desconectado?"
            ) from erro
    finally:
        sessao.close()


def descrever() -> str:
    """Onde o selo está, para o diagnóstico (`manage.py conferir_selo`)."""
    return f"token PKCS#11 {_nome_do_token()} do módulo {settings.SELO_PKCS11_BIBLIOTECA}"
