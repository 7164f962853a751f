"""O número de protocolo lido do endereço e o processo que ele aponta.

O conversor `<protocolo:...>` das rotas entrega às views um `Protocolo`: o texto do endereço
("0003-2026"), que continua servindo a `reverse` e a `redirect`, já com o número e o ano
como inteiros. Toda view que abre um processo pelo endereço passa por `processo_ou_404`.
"""

from django.shortcuts import get_object_or_404

from processos.models import Processo


class Protocolo(str):
    """ "0003-2026", com `numero` (3) e `ano` (2026). A forma já foi conferida pela rota."""

    numero: int
    ano: int

    def __new__(cls, texto: str) -> "Protocolo":
        protocolo = super().__new__(cls, texto)
        numero, ano = texto.split("-")
        protocolo.numero, protocolo.ano = int(numero), int(ano)
        return protocolo

    def filtro(self, relacao: str = "") -> dict:
        """O filtro do processo deste protocolo; `relacao`: o caminho até ele ("processo")."""
        prefixo = f"{relacao}__" if relacao else ""
        return {f"{prefixo}numero": self.numero, f"{prefixo}ano": self.ano}


def processo_ou_404(protocolo: Protocolo, consulta=None) -> Processo:
    """O processo do protocolo, ou 404. `consulta`: um QuerySet de processos com o que a
    página precisa (select_related, anotações)."""
    return get_object_or_404(
        Processo if consulta is None else consulta, **Protocolo(protocolo).filtro()
    )
