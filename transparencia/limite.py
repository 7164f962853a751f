"""Limite de uso dos dados abertos (API e exportações) por endereço do cliente: a mesma taxa
dos demais serviços públicos (`SIMULADOR_LIMITE`), no cache compartilhado
(emancipacao.limites), num contador próprio."""

from django.conf import settings

from emancipacao.limites import espera_se_excedeu

GRUPO = "transparencia.dados_abertos"
MENSAGEM = (
    "Muitas consultas aos dados abertos em pouco tempo a partir do mesmo endereço. "
    "Aguarde um minuto e tente de novo."
)


def espera_dos_dados_abertos(request) -> int | None:
    """Conta esta requisição; acima do limite, os segundos até o endereço poder voltar."""
    return espera_se_excedeu(request, grupo=GRUPO, taxa=settings.SIMULADOR_LIMITE)
