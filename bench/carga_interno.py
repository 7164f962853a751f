"""As páginas que o benchmark de carga mede, escolhidas no banco de `DATABASE_URL` (o
processo com mais andamentos, a última página da lista...), e o usuário de medição. Roda
dentro do processo medido (`bench.rodadas`), com os settings `bench.piso_interno`.
"""

from urllib.parse import quote

from django.contrib.auth.models import Group, User
from django.db.models import Count
from django.urls import NoReverseMatch, reverse

from bench.piso_interno_urls import ENDERECO_VAZIO
from painel.views import POR_PAGINA
from processos.models import Processo
from processos.papeis import GRUPOS, SERVIDOR

USUARIO = "bench.servidor"
TERMO_DE_BUSCA = "Esperança"


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
        # O piso de toda página interna: sessão, usuário com os papéis e o base.html, sem
        # nada de view (bench.piso_interno_urls).
        "interno_vazio": (ENDERECO_VAZIO, True),
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
        nome: {"url": par[0], "login": par[1]} for nome, par in escolhidas.items() if par and par[0]
    }
    # As páginas públicas são iguais para todo visitante e ficam em cache: a medida comum é o
    # acerto; a "sem cache" esvazia o cache antes de cada requisição (só no processo, o wrk
    # não tem como esvaziá-lo).
    for nome in ("portal_lista", "portal_processo"):
        if nome in medidas:
            medidas[f"{nome}_sem_cache"] = {**medidas[nome], "sem_cache": True}
    return medidas


def criar_usuario() -> None:
    """O usuário da medição, servidor da CRT (as páginas internas pedem um papel)."""
    usuario, _ = User.objects.get_or_create(username=USUARIO, defaults={"first_name": "Medição"})
    usuario.groups.add(Group.objects.get_or_create(name=GRUPOS[SERVIDOR])[0])
