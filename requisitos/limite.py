"""Limite de uso dos simuladores públicos por endereço do cliente (`SIMULADOR_LIMITE`).

O contador fica no cache padrão, compartilhado pelos processos (emancipacao.limites): o
limite vale para o servidor inteiro. Acima dele, 429 com Retry-After.
"""

from functools import wraps

from django.conf import settings

from emancipacao.limites import espera_se_excedeu, resposta_limite

GRUPO = "requisitos.simuladores"
MENSAGEM = (
    "Muitas simulações em pouco tempo a partir do mesmo endereço. "
    "Aguarde um minuto e tente de novo."
)


def espera_do_simulador(request) -> int | None:
    """Conta esta requisição; acima do limite, os segundos até o endereço poder voltar."""
    # Lido a cada requisição (e não na importação): o limite muda sem reiniciar nos testes.
    return espera_se_excedeu(request, grupo=GRUPO, taxa=settings.SIMULADOR_LIMITE)


def limitar_simulador(view):
    """Páginas dos simuladores: acima do limite, 429 com página em pt-BR."""

    @wraps(view)
    def envolvida(request, *args, **kwargs):
        espera = espera_do_simulador(request)
        if espera is not None:
            contexto = {"mensagem": MENSAGEM}
            return resposta_limite(
                request, "requisitos/limite_excedido.html", contexto, espera=espera
            )
        return view(request, *args, **kwargs)

    return envolvida
