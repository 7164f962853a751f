"""As linhas da tabela de processos, a mesma na lista interna e na do portal."""

from collections import defaultdict
from html import escape

from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe

from processos import proximo_ato
from processos.estados import CLASSE_DO_ESTADO, ROTULO_DO_ESTADO, ROTULO_DO_TIPO
from processos.models import Processo, protocolo_de

# As colunas, com o nome da ordem na URL (None: a coluna não ordena). O portal mostra as seis
# primeiras: o prazo mais próximo é da tramitação interna.
COLUNAS = [
    ("numero", "Número"),
    ("tipo", "Tipo"),
    ("nome", "Nome proposto"),
    (None, "Municípios de origem"),
    ("estado", "Estado"),
    ("movimentacao", "Última movimentação"),
    ("prazo", "Prazo mais próximo"),
]
COLUNAS_DO_PORTAL = [
    {"rotulo": rotulo, "url": None, "aria_sort": None} for _, rotulo in COLUNAS[:6]
]

# O que a linha da lista mostra de cada processo; `prazo_mais_proximo` é anotado por
# `painel.prazos.para_listagem`.
CAMPOS_DA_LINHA = (
    "pk",
    "numero",
    "ano",
    "tipo",
    "estado",
    "nome_proposto",
    "ultima_movimentacao",
    "prazo_mais_proximo",
)


class LinhasDaTabela(list):
    """As linhas da página (dicts, uma por processo) e o corpo da tabela (`_tabela.html`)
    já escrito: 50 linhas de 7 células pelo motor de templates custavam quase metade da
    página (cada `{{ }}` resolvido, localizado e escapado um a um). Aqui cada valor é
    escapado como o template o escaparia, numa passada."""

    def corpo_interno(self) -> SafeString:
        """Com o ato pendente e o prazo mais próximo, da tramitação."""
        return _corpo(self, interna=True)

    def corpo_do_portal(self) -> SafeString:
        """Sem o ato pendente nem o prazo mais próximo (o portal não os mostra, Art. 23)."""
        return _corpo(self, interna=False)


# Os rótulos de cada célula (`data-rotulo`, a tabela em cartões no celular), escapados uma vez.
_ROTULOS = [escape(str(rotulo)) for _, rotulo in COLUNAS]


def _corpo(linhas, *, interna: bool) -> SafeString:
    r0, r1, r2, r3, r4, r5, r6 = _ROTULOS
    partes = []
    for p in linhas:
        estado = (
            f'<span class="badge badge-estado {escape(p["estado_classe"])}">'
            f"{escape(str(p['estado_rotulo']))}</span>"
        )
        if interna and p["aguardando"]:
            estado += f'<br><span class="small" data-aguardando>{escape(p["aguardando"])}</span>'
        protocolo = f'<a href="{escape(p["url"])}">{escape(p["protocolo"])}</a>'
        celulas = [
            f'<td data-rotulo="{r0}">{protocolo}</td>',
            f'<td data-rotulo="{r1}">{escape(str(p["tipo"]))}</td>',
            f'<td data-rotulo="{r2}">{escape(p["nome"])}</td>',
            f'<td data-rotulo="{r3}">{escape(p["municipios"])}</td>',
            f'<td data-rotulo="{r4}">{estado}</td>',
            f'<td data-rotulo="{r5}">{p["movimentacao_texto"]}</td>',
        ]
        if interna:
            celulas.append(f'<td data-rotulo="{r6}">{_prazo(p)}</td>')
        partes.append("<tr>\n      " + "\n      ".join(celulas) + "\n    </tr>")
    return mark_safe("\n    ".join(partes))  # noqa: S308 — cada valor escapado acima


def _prazo(p) -> str:
    if not p["prazo"]:
        return '<span class="text-muted">—</span>'
    if p["prazo_vencido"]:
        return f'<span class="text-danger fw-semibold">{p["prazo_texto"]} (vencido)</span>'
    return f"<span>{p['prazo_texto']}</span>"


def linhas_da_lista(processos, *, prefixo: str | None = None) -> LinhasDaTabela:
    """O que cada linha mostra, já resolvido (URL, rótulos, datas em texto): o template só
    escreve (50 linhas com um `{% url %}` e um `{% include %}` cada custavam mais que as
    consultas). `processos`: a página (QuerySet de `para_listagem`), lida como valores — sem
    instanciar 50 processos — e os municípios de origem numa consulta para a página toda.
    `prefixo`: onde fica a página de cada processo (a interna, ou a do portal)."""
    hoje = timezone.localdate()
    prefixo = prefixo or reverse("painel:lista")
    valores = list(processos.prefetch_related(None).values(*CAMPOS_DA_LINHA))
    municipios = _municipios_de_origem([v["pk"] for v in valores])
    linhas = LinhasDaTabela()
    for v in valores:
        prazo = v["prazo_mais_proximo"]
        movimentacao = timezone.localtime(v["ultima_movimentacao"])
        linhas.append(
            {
                "protocolo": protocolo_de(v["numero"], v["ano"]),
                "url": f"{prefixo}{protocolo_de(v['numero'], v['ano'], '-')}/",
                "tipo": ROTULO_DO_TIPO[v["tipo"]],
                "nome": v["nome_proposto"],
                "municipios": ", ".join(municipios.get(v["pk"], ())),
                "estado_rotulo": ROTULO_DO_ESTADO[v["estado"]],
                "estado_classe": CLASSE_DO_ESTADO.get(v["estado"], "andamento"),
                "movimentacao": movimentacao,
                "movimentacao_texto": f"{movimentacao:%d/%m/%Y}",
                "prazo": prazo,
                "prazo_texto": f"{prazo:%d/%m/%Y}" if prazo else "",
                "prazo_vencido": prazo is not None and prazo < hoje,
                # O ato pendente e quem o pratica, sem consulta: só do estado.
                "aguardando": proximo_ato.ato_pendente(v["tipo"], v["estado"]),
            }
        )
    return linhas


def _municipios_de_origem(ids) -> dict[int, list[str]]:
    """Processo → os nomes dos municípios de origem, na ordem do cadastro (por nome)."""
    origem = Processo.municipios_origem.through.objects.filter(processo_id__in=ids)
    nomes = defaultdict(list)
    for processo_id, nome in origem.order_by("municipio__nome").values_list(
        "processo_id", "municipio__nome"
    ):
        nomes[processo_id].append(nome)
    return nomes


def colunas_ordenaveis(query) -> list[dict]:
    """Cabeçalhos clicáveis: clicar ordena pela coluna; clicar de novo inverte."""
    atual = query.get("ordem", "")
    colunas = []
    for campo, rotulo in COLUNAS:
        coluna = {"rotulo": rotulo, "url": None, "aria_sort": None}
        if campo:
            parametros = query.copy()
            parametros.pop("pagina", None)
            parametros["ordem"] = f"-{campo}" if atual == campo else campo
            coluna["url"] = "?" + parametros.urlencode()
            if atual.lstrip("-") == campo:
                coluna["aria_sort"] = "descending" if atual.startswith("-") else "ascending"
        colunas.append(coluna)
    return colunas
