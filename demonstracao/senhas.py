"""As senhas dos usuários de demonstração, guardadas só neste computador.

`make run` as mostra na última tela a cada vez que sobe: quem acabou de instalar não precisa
caçá-las no meio da saída da primeira vez. O arquivo fica fora do git, legível só pelo dono,
e só existe no modo local (os dados de demonstração não são criados fora dele)."""

from pathlib import Path

from django.conf import settings


def arquivo() -> Path:
    return Path(settings.SENHAS_DEMONSTRACAO)


def ler() -> dict[str, str]:
    if not arquivo().exists():
        return {}
    linhas = arquivo().read_text(encoding="utf-8").splitlines()
    return dict(linha.split(" ", 1) for linha in linhas if " " in linha)


def guardar(novas: dict[str, str]) -> None:
    """Acrescenta (ou substitui) as senhas dos usuários recém-criados."""
    senhas = {**ler(), **novas}
    caminho = arquivo()
    caminho.touch(mode=0o600, exist_ok=True)
    caminho.chmod(0o600)
    caminho.write_text("".join(f"{u} {s}\n" for u, s in senhas.items()), encoding="utf-8")
