"""Portal público de transparência (Art. 23): sem login.

Mostra os processos, o estado e a linha do tempo pública. Art. 23: as informações sobre
processos em andamento são prestadas pelos Deputados; por isso a linha do tempo pública traz
só a data, o ato e o estado resultante — sem justificativas, dados registrados nem nomes de
servidores. Os documentos públicos por natureza vêm de `documentos` (tag de template)."""

import hashlib
from datetime import date
from functools import cache

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import caches
from django.db.models import (
    Count,
    Exists,
    Max,
    Subquery,
    Value,
    prefetch_related_objects,
)
from django.http import QueryDict
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe

from emancipacao import numeros
from emancipacao.limites import espera_se_excedeu, resposta_limite
from painel import prazos
from painel.filtros import ProcessoPublicoFilter
from painel.linhas import COLUNAS_DO_PORTAL, linhas_da_lista
from painel.paginacao import PaginadorDeProcessos
from processos import extensoes, leitura, nova_representacao
from processos.avisos import avisos_legais
from processos.diagrama import desenho, etapas
from processos.models import Processo
from processos.protocolos import processo_ou_404
from requisitos.models import ParametroLegal

POR_PAGINA = 50
# A busca do portal conta por endereço, como os demais serviços públicos (SIMULADOR_LIMITE):
# cada busca nova vai ao banco, e um robô não deve ocupar os processos do servidor.
GRUPO_DA_BUSCA = "processos.portal"
MENSAGEM_LIMITE = (
    "Muitas buscas no portal em pouco tempo a partir do mesmo endereço. "
    "Aguarde um minuto e tente de novo."
)

# O conteúdo das páginas do portal é o mesmo para todo visitante; fica no cache "portal"
# (CACHES) com a chave pelo que ele mostra. Um ato muda a chave (não há invalidação a
# fazer); a duração só limita o que a chave não vê — a troca do nome de um município no
# cadastro de referência — e recolhe as versões antigas. Mude a VERSAO ao mudar o HTML dos
# modelos do portal: o cache (banco ou Redis) sobrevive à implantação.
DURACAO_NO_CACHE = 6 * 60 * 60
VERSAO = 3
# O formulário de acompanhamento (acompanhamento/_secao.html) leva o token CSRF de quem
# visita: o conteúdo é montado com esta marca no lugar do token, e cada resposta a troca
# pelo token do visitante.
MARCA_CSRF = "token-csrf-do-visitante-8d1f0c"

# Os números que a Casa publica (Art. 19, § 1º: Decreto Legislativo; Art. 1º e 7º: a lei),
# como registrados pela Mesa nos atos, e as datas que os acompanham.
PUBLICADOS = {
    "decreto_legislativo": (
        "publicar_decreto",
        "numero_decreto",
        ("data_aprovacao", "data_diario_oficial"),
    ),
    "lei": ("registrar_lei", "numero_lei", ("data_sancao", "data_diario_oficial")),
}


def _data(valor):
    return date.fromisoformat(valor) if isinstance(valor, str) and valor else valor or None


def numeros_publicados(andamentos) -> dict:
    """{"decreto_legislativo": {...} | None, "lei": {...} | None}, do último ato de cada um
    (os andamentos vêm do mais novo ao mais antigo)."""
    numeros = {}
    for chave, (ato, campo, datas) in PUBLICADOS.items():
        andamento = next((a for a in andamentos if a.ato == ato and a.dados.get(campo)), None)
        numeros[chave] = andamento and {
            "numero": andamento.dados[campo],
            **{d: _data(andamento.dados.get(d)) for d in datas},
        }
    return numeros


def portal(request):
    """A lista do portal. O conteúdo (busca, tabela, paginação) é o mesmo para toda busca
    igual: no cache pela busca normalizada e pelo último movimento de qualquer processo —
    um protocolo novo (maior id) ou um ato em qualquer processo (última movimentação).
    A busca com um critério ilegível responde 400, com o erro no campo (guardado junto)."""
    parametros = _busca_normalizada(request.GET)
    # Conta a busca (com critério ou página); a lista de abertura é uma só e sai da memória:
    # contá-la no cache do banco custaria três vezes a própria página.
    if parametros and (espera := _espera_da_busca(request)):
        contexto = {"mensagem": MENSAGEM_LIMITE}
        return resposta_limite(request, "transparencia/portal_limite.html", contexto, espera=espera)
    movimento = Processo.objects.aggregate(ultima=Max("ultima_movimentacao"), maior=Max("pk"))
    chave = _chave("lista", parametros.urlencode(), movimento["ultima"], movimento["maior"])
    conteudo, status = _do_cache(chave, lambda: _conteudo_da_lista(parametros))
    contexto = {"conteudo": mark_safe(conteudo)}
    return render(request, "transparencia/portal_lista.html", contexto, status=status)


def _espera_da_busca(request) -> int | None:
    return espera_se_excedeu(request, grupo=GRUPO_DA_BUSCA, taxa=settings.SIMULADOR_LIMITE)


def _busca_normalizada(consulta: QueryDict) -> QueryDict:
    """Só os critérios da busca, em ordem e sem os vazios: `?tipo=&q=x` e `?q=x` dão a
    mesma chave, e um parâmetro estranho (utm_source...) não cria outra."""
    conhecidos = [*ProcessoPublicoFilter.base_filters, "pagina"]
    normalizada = QueryDict(mutable=True)
    for nome in sorted(set(conhecidos) - {"aguardando"}):
        valores = [v.strip() for v in consulta.getlist(nome) if v.strip()]
        if valores:
            normalizada.setlist(nome, valores)
    return normalizada


def _conteudo_da_lista(parametros: QueryDict) -> tuple[str, int]:
    """O HTML da lista e o status: 400 quando um critério não se lê."""
    # O portal não mostra o prazo mais próximo (é da tramitação interna): a subconsulta nos
    # ofícios só entra para ordenar por ele; senão, a coluna vem vazia. O mesmo QuerySet
    # serve aos filtros e às linhas.
    pelo_prazo = parametros.get("ordem", "").lstrip("-") == "prazo"
    processos = prazos.para_listagem(prazo=pelo_prazo)
    filtro = ProcessoPublicoFilter(parametros, queryset=processos)
    paginador = PaginadorDeProcessos(
        filtro.qs,
        POR_PAGINA,
        linhas=processos,
        abertos=prazos.ids_com_prazo_aberto() if pelo_prazo else None,
    )
    pagina = paginador.get_page(numeros.pagina(parametros.get("pagina")))
    sem_pagina = parametros.copy()
    sem_pagina.pop("pagina", None)
    contexto = {
        "filtro": filtro,
        "pagina": pagina,
        "linhas": linhas_da_lista(
            pagina.object_list, prefixo=f"{reverse('transparencia:portal')}processos/"
        ),
        "parametros": sem_pagina.urlencode(),
        "colunas": COLUNAS_DO_PORTAL,
    }
    conteudo = render_to_string("transparencia/_portal_lista_conteudo.html", contexto)
    return conteudo, 400 if filtro.recusado() else 200


def portal_processo(request, protocolo):
    """A página pública do processo. O conteúdo é o mesmo para todo visitante: no cache pelo
    processo e pela sua última movimentação, que todo ato grava (services.praticar_ato) e
    também o que muda sem Andamento e aparece aqui (dados e documentos da representação,
    AR de ofício: `ultima_movimentacao` atualizada por quem grava). Os avisos legais e a
    prévia do plebiscito dependem ainda do dia e dos parâmetros legais em vigor
    (Art. 3º; Art. 11), que o cadastro muda sem ato: entram na chave o dia e o cadastro dos
    parâmetros, lido na mesma consulta do processo. O cabeçalho de quem está logado, as
    mensagens e o token CSRF ficam fora do cache."""
    processo = processo_ou_404(protocolo, _com_cadastro_de_parametros())
    chave = _chave(
        "processo",
        processo.pk,
        processo.ultima_movimentacao.isoformat(),
        timezone.localdate().isoformat(),
        processo.parametros_gravados,
        processo.parametros_ultimo,
    )
    with leitura.leitura_unica(processo):
        conteudo = _do_cache(chave, lambda: _conteudo_do_processo(processo))
    contexto = {"processo": processo, "conteudo": _com_token(conteudo, request)}
    return render(request, "transparencia/portal_processo.html", contexto)


@cache
def _com_cadastro_de_parametros():
    """O processo e, na mesma consulta, quantos parâmetros legais há gravados e o maior id:
    o cadastro só cresce (uma versão gravada não se altera — requisitos, migração 0003 — e
    o admin não apaga), e cada versão nova muda os dois. Assim o acerto do cache não lê os
    parâmetros; a página montada os lê, uma vez (processos.leitura)."""
    cadastro = ParametroLegal.objects.order_by().annotate(todos=Value(1)).values("todos")
    return Processo.objects.annotate(
        parametros_gravados=Subquery(cadastro.annotate(n=Count("pk")).values("n")),
        parametros_ultimo=Subquery(cadastro.annotate(ultimo=Max("pk")).values("ultimo")),
    )


@cache
def _existencias() -> dict:
    """Das anotações das fases (`extensoes.registrar_anotacao`), as que dizem se uma relação
    quase sempre vazia tem linhas (`Exists`): com elas, as seções públicas e os documentos
    públicos só consultam quando há o que mostrar. As contagens servem à página interna."""
    return {nome: e for nome, e in extensoes.anotacoes().items() if isinstance(e, Exists)}


def _anotar(processo: Processo) -> None:
    """As existências numa consulta, só ao montar a página: o acerto do cache lê o
    processo sem elas."""
    if _existencias():
        valores = Processo.objects.filter(pk=processo.pk).order_by().values(**_existencias())
        for nome, valor in valores.get().items():
            setattr(processo, nome, valor)


def _conteudo_do_processo(processo: Processo) -> str:
    # Uma consulta por relação, lida pelo diagrama, pela linha do tempo e pelas seções. Sem
    # o usuário de cada andamento: quem praticou o ato não é exibido no portal. Os
    # municípios inteiros: a prévia do plebiscito usa o código do IBGE de cada um.
    _anotar(processo)
    prefetch_related_objects([processo], "andamentos", "municipios_origem")
    andamentos = leitura.andamentos(processo)
    return render_to_string(
        "transparencia/_portal_processo_conteudo.html",
        {
            "processo": processo,
            "diagrama": desenho(tuple(etapas(processo, andamentos))),
            "andamentos": andamentos,
            "avisos": avisos_legais(processo),
            "municipios": processo.municipios_origem.all(),
            "publicados": numeros_publicados(andamentos),
            "ligacoes": nova_representacao.ligacoes(processo),
            # As seções públicas montadas para o visitante anônimo: o conteúdo não pode
            # depender de quem o pôs no cache.
            "secoes": extensoes.secoes(processo, AnonymousUser(), publica=True),
            "csrf_token": MARCA_CSRF,
        },
    )


def _chave(pagina: str, *partes) -> str:
    """A busca é texto livre: entra resumida, e a chave serve a qualquer backend."""
    resumo = hashlib.sha256("|".join(str(p) for p in partes).encode()).hexdigest()
    return f"portal:v{VERSAO}:{pagina}:{resumo}"


def _do_cache(chave: str, montar):
    cache = caches["portal"]
    conteudo = cache.get(chave)
    if conteudo is None:
        conteudo = montar()
        cache.set(chave, conteudo, DURACAO_NO_CACHE)
    return conteudo


def _com_token(conteudo: str, request) -> str:
    """O conteúdo com o token CSRF do visitante; `get_token` também faz a resposta gravar o
    cookie do token, como o `{% csrf_token %}` faria."""
    if MARCA_CSRF not in conteudo:
        return mark_safe(conteudo)
    return mark_safe(conteudo.replace(MARCA_CSRF, get_token(request)))
