"""Sonda de saúde (`/saude/`) para o balanceador de carga e a healthcheck do contêiner: sem
login, sem sessão, sem template. 200 `{"status": "ok"}` quando o processo responde e alcança
o banco; 503 `{"status": "indisponivel"}` (com `Retry-After`) quando não alcança — o
balanceador tira este processo da rotação até o banco voltar. A HEALTHCHECK do contêiner a
consulta com `python -m operacao.sonda`."""

import logging

from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from emancipacao.erros import ESPERA_EM_SEGUNDOS

logger = logging.getLogger(__name__)


@never_cache
@require_safe
def saude(request):
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        logger.error("Sonda de saúde: banco inacessível (%s)", exc)
        resposta = JsonResponse(
            {"status": "indisponivel", "detalhe": "sem acesso ao banco de dados"}, status=503
        )
        resposta["Retry-After"] = str(ESPERA_EM_SEGUNDOS)
        return resposta
    return JsonResponse({"status": "ok"})
