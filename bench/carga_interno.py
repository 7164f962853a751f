"""A parte da medição de carga que roda dentro do Django (chamada por `bench.carga`).

Escolhe as páginas medidas no banco de `DATABASE_URL` (o processo com mais andamentos, a
última página da lista...), abre a sessão do usuário de medição (o cookie vai para o wrk) e
mede cada página no próprio processo: tempo médio e mediano da requisição pelo `Client` do
Django, número de consultas e tempo de SQL (`CaptureQueriesContext`). Imprime um JSON.
"""

import json
import os
import statistics
import sys
import time
from urllib.parse import quote

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "emancipacao.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.core.cache import caches  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import NoReverseMatch, reverse  # noqa: E402

from painel.views import POR_PAGINA  # noqa: E402
from processos.models import Processo  # noqa: E402
from processos.papeis import GRUPOS, SERVIDOR  # noqa: E402

USUARIO = "bench.servidor"
TERMO_DE_BUSCA = "Esperança"
HOST = "127.0.0.1"
PAGINA_INEXISTENTE = "/medicao/pagina-que-nao-existe/"


def _url_prazos() -> str | None:
    for nome in ("instrucao:prazos", "processos:prazos"):
        try:
            return reverse(nome)
        except NoReverseMatch:
            continue
    return None


def paginas() -> dict[str, dict]:
    """Nome → URL e se pede login. O processo da página é o de mais andamentos."""
    total = Processo.objects.count()
    ultima = max(1, -(-total // POR_PAGINA))
    processo = (
        Processo.objects.annotate(n=Count("andamentos")).order_by("-n", "ano", "numero").first()
    )
    escolhidas = {
        "login": ("/entrar/", False),
        # O piso de toda página interna: sessão, usuário com os papéis e o base.html, sem
        # view nenhuma (o 404 de um endereço que não existe, com o usuário logado).
        "interno_vazio": (PAGINA_INEXISTENTE, True),
        "lista_p1": ("/processos/", True),
        "lista_ultima": (f"/processos/?pagina={ultima}", True),
        "lista_prazo": ("/processos/?ordem=prazo", True),
        # Um termo comum ("Esperança" está em ~6 % dos nomes sintéticos: os achados crescem
        # com N), o nome inteiro de um processo (dezenas de achados a 50 mil) e um protocolo.
        "busca": (f"/processos/?q={quote(TERMO_DE_BUSCA)}", True),
        "busca_nome": (f"/processos/?q={quote(processo.nome_proposto)}", True)
        if processo
        else None,
        "busca_protocolo": (f"/processos/?q={processo.numero}/{processo.ano}", True)
        if processo
        else None,
        "processo": (f"/processos/{processo.slug}/", True) if processo else None,
        "prazos": (_url_prazos(), True),
        "painel": ("/painel/", True),
        "portal_lista": ("/portal/", False),
        "portal_processo": (f"/portal/processos/{processo.slug}/", False) if processo else None,
    }
    medidas = {
        nome: {
            "url": par[0],
            "login": par[1],
            "esperado": 404 if par[0] == PAGINA_INEXISTENTE else 200,
        }
        for nome, par in escolhidas.items()
        if par and par[0]
    }
    # As páginas públicas são iguais para todo visitante e ficam em cache: a medida comum é o
    # acerto; a "sem cache" esvazia o cache antes de cada requisição (só no processo, o wrk
    # não tem como esvaziá-lo).
    for nome in ("portal_lista", "portal_processo"):
        if nome in medidas:
            medidas[f"{nome}_sem_cache"] = {**medidas[nome], "sem_cache": True}
    return medidas


def sessao() -> Client:
    usuario, _ = User.objects.get_or_create(username=USUARIO, defaults={"first_name": "Medição"})
    usuario.groups.add(Group.objects.get_or_create(name=GRUPOS[SERVIDOR])[0])
    cliente = Client(HTTP_HOST=HOST)
    cliente.force_login(usuario)
    return cliente


def medir(cliente: Client, url: str, repeticoes: int, sem_cache: bool = False) -> dict:
    def antes():
        if sem_cache:
            caches["portal"].clear()

    for _ in range(3):
        resposta = cliente.get(url)
    antes()
    with CaptureQueriesContext(connection) as consultas:
        resposta = cliente.get(url)
    # Lidas já: a próxima requisição zera o registro de consultas (reset_queries).
    capturadas = list(consultas.captured_queries)
    tempos = []
    for _ in range(repeticoes):
        antes()
        inicio = time.perf_counter()
        cliente.get(url)
        tempos.append((time.perf_counter() - inicio) * 1000)
    return {
        "status": resposta.status_code,
        "bytes": len(resposta.content),
        "media_ms": round(statistics.fmean(tempos), 2),
        "mediana_ms": round(statistics.median(tempos), 2),
        "consultas": len(capturadas),
        "sql_ms": round(sum(float(q["time"]) for q in capturadas) * 1000, 2),
        "consultas_sql": [f"{q['time']} {q['sql'][:400]}" for q in capturadas],
    }


def main() -> None:
    repeticoes = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    logado = sessao()
    anonimo = Client(HTTP_HOST=HOST)
    escolhidas = paginas()
    resultado = {
        "processos": Processo.objects.count(),
        "cookie": f"sessionid={logado.cookies['sessionid'].value}",
        "paginas": {},
    }
    for nome, pagina in escolhidas.items():
        cliente = logado if pagina["login"] else anonimo
        medida = medir(cliente, pagina["url"], repeticoes, pagina.get("sem_cache", False))
        resultado["paginas"][nome] = {**pagina, **medida}
    json.dump(resultado, sys.stdout)


if __name__ == "__main__":
    main()
