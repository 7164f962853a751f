"""A fase do plebiscito ligada aos atos do hub (Arts. 11-12, 19-20).

Os atos continuam sendo de `processos.services.praticar_ato`; esta app registra (em
`apps.py`) o que cada um deles confere, calcula e grava:

- `registrar_resultado` / `retificar_resultado`: as unidades exigidas pela abrangência em
  vigor na data do ato, conferidas pelas regras puras; gravadas como nova versão;
- `emitir_parecer_resultado`: o veredito da regra que governa, calculado das unidades da
  versão vigente e gravado com os parâmetros usados — a conclusão do parecer, o destino do
  processo e o PDF leem esse mesmo registro;
- `registrar_fase_tre`: cada fase do plebiscito no TRE (Art. 19, § 2º).
"""

from dataclasses import dataclass, replace
from datetime import date

from django.db.models import Exists, OuterRef, Prefetch
from django.utils import timezone

from plebiscito import analise
from plebiscito.models import AcompanhamentoTre, FaseTre, Resultado, UnidadeVotacao
from plebiscito.regras import ApuracaoInvalida, Unidade, Votacao, apurar_unidades
from processos import leitura, rito
from processos.condicoes import condicao
from processos.estados import Tipo
from processos.models import AtoRecusado, Processo
from requisitos.aplicacao import aplica
from requisitos.models import parametros_em_vigor
from requisitos.parametros import ABRANGENCIAS_PLEBISCITO, REGRAS_PLEBISCITO

CAMPOS_VOTOS = ("sim", "nao", "brancos", "nulos")
CAMPOS = ("inscritos", "comparecimento", *CAMPOS_VOTOS)
# Tipos em que a consulta é a de uma parte do território (a área a desmembrar ou a mover);
# nos demais (fusão, incorporação, alteração de nome) cada município inteiro é a unidade.
TIPOS_COM_AREA = (Tipo.CRIACAO, Tipo.REVISAO_LIMITES)


@dataclass(frozen=True)
class UnidadeExigida:
    chave: str  # prefixo dos campos do formulário: "area" ou "m<código IBGE>"
    nome: str
    area_desmembrada: bool
    municipio_id: int | None = None


def data_do_ato(processo: Processo) -> date:
    return getattr(processo, "data_do_ato", None) or timezone.localdate()


def tem_pergunta_sede(processo: Processo) -> bool:
    """Art. 4º, parágrafo único: na fusão, a cédula pergunta também a sede."""
    return processo.tipo == Tipo.FUSAO


@aplica(
    "Art. 11, § 1º; Art. 12, I",
    descricao="As unidades de votação que o resultado deve trazer, pela abrangência em vigor.",
    parametro="abrangencia_plebiscito",
    testes=(
        "tests.plebiscito.test_resultado.test_abrangencia_dos_municipios_envolvidos_conta_o_remanescente",
        "tests.plebiscito.test_resultado.test_abrangencia_da_area_exige_so_a_area",
    ),
    decisao="Na criação e na revisão de limites, a área a desmembrar é uma unidade e cada "
    "município de origem remanescente é outra.",
)
def unidades_exigidas(processo: Processo, data: date | None = None) -> list[UnidadeExigida]:
    """As unidades de votação que a abrangência em vigor na data exige (Art. 11, § 1º;
    Art. 12, I; e, sob `municipios_envolvidos`, CF art. 18, § 4º e ADI 2650).

    Decisão: na criação e na revisão de limites, a área é uma unidade e cada município de
    origem remanescente outra (contada só sob `municipios_envolvidos`); na fusão, na
    incorporação e na alteração de nome, cada município envolvido é, inteiro, unidade
    consultada sob qualquer abrangência."""
    abrangencia = leitura.parametros(processo, data or data_do_ato(processo)).abrangencia_plebiscito
    # A ordem por nome é a do modelo (Municipio.Meta.ordering): `all()` aproveita o prefetch
    # da página do processo, que um `order_by` descartaria.
    municipios = list(processo.municipios_origem.all())
    if processo.tipo not in TIPOS_COM_AREA:
        return [UnidadeExigida(f"m{m.codigo_ibge}", m.nome, True, m.pk) for m in municipios]
    rotulo = "futuro Município de" if processo.tipo == Tipo.CRIACAO else "área a transferir:"
    unidades = [
        UnidadeExigida("area", f"Área a desmembrar ({rotulo} {processo.nome_proposto})", True)
    ]
    if abrangencia == "municipios_envolvidos":
        unidades += [
            UnidadeExigida(f"m{m.codigo_ibge}", f"{m.nome} (território remanescente)", False, m.pk)
            for m in municipios
        ]
    return unidades


# --- registrar_resultado e retificar_resultado ---------------------------------------------


def _data(valor) -> date:
    return valor if isinstance(valor, date) else date.fromisoformat(str(valor))


def unidade_de_dados(dados: dict) -> Unidade:
    votacao = Votacao(*(dados.get(c) for c in CAMPOS))
    sede = None
    if dados.get("sede_sim") is not None:
        sede = Votacao(
            dados.get("inscritos"),
            dados.get("comparecimento"),
            *(dados.get(f"sede_{c}") for c in CAMPOS_VOTOS),
        )
    return Unidade(str(dados.get("nome", "")), bool(dados.get("area_desmembrada")), votacao, sede)


def preparar_resultado(processo: Processo, dados: dict) -> None:
    """Confere, dentro da transição, os números que o formulário já validou: defesa de
    quem chama o serviço diretamente (nada inconsistente é gravado)."""
    quando = data_do_ato(processo)
    exigidas = unidades_exigidas(processo, quando)
    recebidas = dados.get("unidades") or []
    nomes = [str(u.get("nome", "")) for u in recebidas]
    if sorted(nomes) != sorted(u.nome for u in exigidas):
        raise AtoRecusado(
            "Informe exatamente as unidades de votação exigidas pela abrangência em vigor: "
            + "; ".join(u.nome for u in exigidas)
            + "."
        )
    com_sede = {u.get("sede_sim") is not None for u in recebidas}
    if com_sede != {tem_pergunta_sede(processo)}:
        raise AtoRecusado(
            "Na fusão, informe em todas as unidades a pergunta sobre a sede (Art. 4º, p.ú.)."
            if tem_pergunta_sede(processo)
            else "Só a fusão tem a pergunta sobre a sede (Art. 4º, p.ú.)."
        )
    abrangencia = parametros_em_vigor(quando).abrangencia_plebiscito
    try:
        apurar_unidades([unidade_de_dados(u) for u in recebidas], "lc23_literal", abrangencia)
    except (ApuracaoInvalida, TypeError) as exc:
        raise AtoRecusado(f"Resultado inconsistente: {exc}") from exc
    # A ordem do ofício do TRE, da leitura e do ato: processos.cronologia.
    if not dados.get("data_consulta"):
        raise AtoRecusado("Informe a data da consulta (o dia da votação do plebiscito).")
    if _data(dados["data_consulta"]) > _data(dados["data_oficio_tre"]):
        raise AtoRecusado("A consulta não pode ser posterior ao ofício do TRE que a apurou.")
    _novo_oficio_depois_do_parecer(processo, dados)
    dados["abrangencia"] = abrangencia


@aplica(
    "Art. 20, § 1º",
    descricao="Depois do parecer sobre o resultado, o resultado só se retifica com um novo "
    "ofício do TRE (número, data e leitura em Plenário); o parecer é então emitido de novo.",
    testes=(
        "tests.plebiscito.test_retificacao_pelo_tre.test_retificar_depois_do_parecer_sem_novo_oficio_e_recusado",
        "tests.plebiscito.test_retificacao_pelo_tre.test_novo_oficio_do_tre_reabre_a_analise_e_o_parecer_e_recalculado",
    ),
    decisao="O veredito do plebiscito muda só pelo TRE: nem o Presidente (desarquivar) nem a "
    "Mesa sem novo ofício o desfazem.",
)
def _novo_oficio_depois_do_parecer(processo: Processo, dados: dict) -> None:
    vigente = Resultado.objects.vigente(processo)
    if vigente is None:
        return
    parecer = (
        processo.andamentos.filter(ato="emitir_parecer_resultado", pk__gt=vigente.andamento_id)
        .order_by("-pk")
        .first()
    )
    if parecer is None:
        return
    mesmo_numero = str(dados.get("oficio_tre", "")).strip() == vigente.oficio_tre.strip()
    if mesmo_numero or _data(dados["data_oficio_tre"]) < vigente.data_oficio_tre:
        raise AtoRecusado(
            f"O parecer sobre o resultado foi emitido em {parecer.data_ato:%d/%m/%Y}: a "
            "retificação só vale com um novo ofício do TRE (número, data e leitura em "
            f"Plenário), diferente do ofício {vigente.oficio_tre} de "
            f"{vigente.data_oficio_tre:%d/%m/%Y} e não anterior a ele (Art. 20, § 1º)."
        )


def gravar_resultado(andamento) -> Resultado:
    """A versão seguinte do resultado, com as suas unidades (o ato já foi conferido)."""
    dados = andamento.dados
    anterior = Resultado.objects.vigente(andamento.processo)
    exigidas = {u.nome: u for u in unidades_exigidas(andamento.processo, andamento.data_ato)}
    resultado = Resultado.objects.create(
        processo=andamento.processo,
        versao=anterior.versao + 1 if anterior else 1,
        andamento=andamento,
        oficio_tre=dados["oficio_tre"],
        data_oficio_tre=_data(dados["data_oficio_tre"]),
        data_leitura_plenario=_data(dados["data_leitura_plenario"]),
        data_consulta=_data(dados["data_consulta"]) if dados.get("data_consulta") else None,
        abrangencia=dados["abrangencia"],
        pergunta_sede=tem_pergunta_sede(andamento.processo),
    )
    UnidadeVotacao.objects.bulk_create(
        UnidadeVotacao(
            resultado=resultado,
            ordem=i,
            chave=exigidas[u["nome"]].chave,
            nome=u["nome"],
            municipio_id=exigidas[u["nome"]].municipio_id,
            area_desmembrada=exigidas[u["nome"]].area_desmembrada,
            **{c: u[c] for c in CAMPOS},
            **{f"sede_{c}": u.get(f"sede_{c}") for c in CAMPOS_VOTOS},
        )
        for i, u in enumerate(dados["unidades"], start=1)
    )
    return resultado


@condicao(
    lambda processo: (
        "Já há resultado registrado neste processo (versão "
        f"{resultados_do_processo(processo)[0].versao}); corrija-o por “Retificar "
        "resultado do plebiscito”."
    )
)
def sem_resultado_registrado(processo) -> bool:
    return not resultados_do_processo(processo)


@condicao("Não há resultado do plebiscito registrado neste processo (Art. 20).")
def com_resultado_registrado(processo) -> bool:
    return bool(resultados_do_processo(processo))


@leitura.por_pagina
def resultados_do_processo(processo) -> list[Resultado]:
    """Todas as versões do resultado, da vigente (a mais alta) às anteriores, com as
    unidades: lidas uma vez na página do processo (`processos.leitura`)."""
    # A ordem do modelo junta o processo (a ordem dele); aqui o processo é um só.
    resultados = list(
        Resultado.objects.filter(processo=processo)
        .order_by("-versao")
        .prefetch_related(Prefetch("unidades", UnidadeVotacao.objects.order_by("ordem")))
    )
    for resultado in resultados:  # o mesmo processo, com a leitura única da página
        resultado.processo = processo
    return resultados


@resultados_do_processo.na_pagina
def _resultados_na_pagina(processo) -> list[Resultado]:
    """Na página, sem o ato que grava o resultado entre os andamentos já lidos, ou com a
    consulta do processo dizendo que não há resultado gravado, não há o que ler."""
    if not leitura.praticado(processo, ATOS_DO_RESULTADO) or leitura.sem(processo, TEM_RESULTADO):
        return []
    return resultados_do_processo.consultar(processo)


# A anotação da página do processo (`processos.extensoes.registrar_anotacao`).
TEM_RESULTADO = "plebiscito_tem_resultado"


def existe_resultado():
    return Exists(Resultado.objects.filter(processo=OuterRef("pk")))


# Os únicos atos que gravam um resultado (cada versão nasce do Andamento do seu ato).
ATOS_DO_RESULTADO = frozenset({"registrar_resultado", "retificar_resultado"})


@leitura.por_pagina
def fases_do_processo(processo) -> list[AcompanhamentoTre]:
    """As fases no TRE (Art. 19, § 2º); cada uma nasce de um ato "registrar_fase_tre"."""
    return list(processo.fases_tre.all())


@fases_do_processo.na_pagina
def _fases_na_pagina(processo) -> list[AcompanhamentoTre]:
    """Na página, sem o ato entre os andamentos já lidos, não há fase a ler."""
    if not leitura.praticado(processo, {"registrar_fase_tre"}):
        return []
    return fases_do_processo.consultar(processo)


def resultado_vigente(processo) -> Resultado | None:
    """A versão mais alta do resultado (a que vale), das versões lidas uma vez na página."""
    resultados = resultados_do_processo(processo)
    return resultados[0] if resultados else None


@leitura.por_pagina
def unidades_que_faltam(processo) -> list[str]:
    resultado = resultado_vigente(processo)
    if resultado is None:
        return []
    gravadas = {unidade.chave for unidade in resultado.unidades.all()}
    return [u.nome for u in unidades_exigidas(processo) if u.chave not in gravadas]


@condicao(
    lambda processo: (
        "O resultado registrado não tem as unidades que a abrangência em vigor "
        "exige (" + "; ".join(unidades_que_faltam(processo)) + "): retifique o resultado."
    )
)
def resultado_cobre_a_abrangencia(processo) -> bool:
    return not unidades_que_faltam(processo)


# --- emitir_parecer_resultado: o veredito que governa ---------------------------------------


@leitura.por_pagina
def apurar_processo(processo: Processo, data: date | None = None):
    """As três leituras sobre a versão vigente do resultado, com a regra e a abrangência em
    vigor na data (a do ato, ou hoje para a prévia). None sem resultado registrado."""
    resultado = resultado_vigente(processo)
    if resultado is None:
        return None, None, None
    parametros = leitura.parametros(processo, data or data_do_ato(processo))
    # Tempus regit actum: a regra é a em vigor no dia da consulta, não no do parecer.
    regra = leitura.parametros(processo, _dia_da_regra(resultado, parametros)).regra_plebiscito
    parametros = replace(parametros, regra_plebiscito=regra)
    apuracao = apurar_unidades(
        resultado.unidades_puras(), parametros.regra_plebiscito, parametros.abrangencia_plebiscito
    )
    return resultado, apuracao, parametros


def _dia_da_regra(resultado: Resultado, parametros) -> date:
    """A data da consulta; num resultado anterior ao registro dela, a do parecer."""
    return resultado.data_consulta or parametros.data_referencia


def versao_da_regra(resultado: Resultado, parametros) -> dict:
    """A versão do parâmetro `regra_plebiscito` usada: o registro em vigor no dia da
    consulta (ou o padrão da lei, sem registro)."""
    dia = _dia_da_regra(resultado, parametros)
    versoes = [
        r
        for r in leitura.registros_de_parametros(resultado.processo)
        if r.nome == "regra_plebiscito" and r.vigencia_inicio <= dia
    ]
    registro = max(versoes, key=lambda r: (r.vigencia_inicio, r.pk), default=None)
    fundamento = registro.fundamento if registro else "padrão da lei (Art. 11, § 2º)"
    versao = f"vigente desde {registro.vigencia_inicio:%d/%m/%Y}" if registro else "a da lei"
    return {
        "valor": parametros.regra_plebiscito,
        "data_consulta": dia.isoformat() if dia else None,
        "vigencia_inicio": registro.vigencia_inicio.isoformat() if registro else None,
        "fundamento": fundamento,
        "texto": f"em vigor na data da consulta ({dia:%d/%m/%Y}): {versao} ({fundamento})",
    }


def _votacao_dict(v: Votacao) -> dict:
    return {c: getattr(v, c) for c in CAMPOS}


def _leituras(resultado_pergunta) -> list[dict]:
    return [
        {
            "regra": v.regra,
            "descricao": v.descricao,
            "fundamento": v.fundamento,
            "formula": v.formula,
            "aprovado": v.aprovado,
            "governa": v.governa,
        }
        for v in resultado_pergunta.vereditos
    ]


def apuracao_como_dict(resultado: Resultado, apuracao, parametros) -> dict:
    """A forma gravada no Andamento do parecer (e lida pelo PDF e pelas páginas): o
    veredito, as unidades, os totais e os parâmetros usados."""
    return {
        "versao_resultado": resultado.versao,
        "aprovado": apuracao.aprovado,
        "regra": apuracao.regra_vigente,
        "regra_rotulo": REGRAS_PLEBISCITO[apuracao.regra_vigente],
        "abrangencia": apuracao.abrangencia,
        "abrangencia_rotulo": ABRANGENCIAS_PLEBISCITO[apuracao.abrangencia],
        "vereditos": apuracao.vereditos,
        "unidades": [
            {
                "nome": u.nome,
                "contada": u.nome in apuracao.contadas,
                **_votacao_dict(u.votacao),
                **({f"sede_{c}": getattr(u.sede, c) for c in CAMPOS_VOTOS} if u.sede else {}),
            }
            for u in apuracao.unidades
        ],
        "totais": _votacao_dict(apuracao.totais),
        "leituras": _leituras(apuracao.principal),
        "totais_sede": _votacao_dict(apuracao.sede.votacao) if apuracao.sede else None,
        "leituras_sede": _leituras(apuracao.sede) if apuracao.sede else None,
        "parametros": parametros.como_dict(),
        "versao_regra": versao_da_regra(resultado, parametros),
    }


@aplica(
    "Art. 20, § 1º; Art. 11, § 2º",
    descricao="O parecer sobre o resultado segue o veredito calculado dos números registrados: "
    "aprovado, o processo vai à elaboração do PL; rejeitado, é arquivado.",
    parametro="regra_plebiscito",
    testes=(
        "tests.plebiscito.test_resultado.test_caso_relatado_com_a_regra_literal_arquiva",
        "tests.plebiscito.test_resultado.test_regra_literal_metade_exata_dos_inscritos_nao_aprova",
    ),
)
def preparar_parecer_resultado(processo: Processo, dados: dict) -> None:
    """Art. 11 e Art. 20, § 1º: o veredito é calculado aqui, na transição, e gravado; o
    formulário visto por quem emite não decide nada."""
    resultado, apuracao, parametros = apurar_processo(processo)
    if resultado is None:
        raise AtoRecusado("Não há resultado do plebiscito registrado neste processo (Art. 20).")
    vista = dados.pop("versao_resultado", None)
    if vista is not None and int(vista) != resultado.versao:
        raise AtoRecusado(
            "O resultado do plebiscito foi retificado enquanto este formulário estava aberto. "
            "Recarregue a página para ver os números atuais; nada foi gravado."
        )
    dados["apuracao"] = apuracao_como_dict(resultado, apuracao, parametros)
    # A análise é do autor; a conclusão, do veredito. A contradição exige confirmação.
    achadas = analise.palavras_da_conclusao_oposta(
        str(dados.get("texto_parecer", "")), apuracao.aprovado
    )
    if achadas and not dados.get("confirma_analise"):
        raise AtoRecusado(analise.aviso(apuracao.aprovado, achadas))


@aplica(
    "Art. 11",
    descricao="Nenhum Projeto de Lei sem o parecer que registrou o plebiscito aprovado, quando "
    "o tipo tem plebiscito.",
    testes=(
        "tests.plebiscito.test_resultado.test_projeto_de_lei_exige_o_parecer_que_aprovou_o_plebiscito",
    ),
)
@condicao(
    "O projeto de lei exige o parecer sobre o resultado do plebiscito que o tenha aprovado "
    "sob a regra vigente (Art. 11, § 2º; Art. 20, § 1º)."
)
def plebiscito_aprovado_se_exigido(processo) -> bool:
    """Segunda barreira: nenhum caminho (desarquivamento, dado antigo, atalho) leva ao PL de
    um tipo com plebiscito sem o veredito aprovado gravado pelo parecer."""
    if not rito.tem_plebiscito(processo.tipo, processo.plebiscito_dispensado):
        return True
    # Os andamentos da página (já lidos) ou do banco, do mais novo ao mais antigo.
    parecer = next(
        (a for a in leitura.andamentos(processo) if a.ato == "emitir_parecer_resultado"), None
    )
    return bool(parecer and (parecer.dados.get("apuracao") or {}).get("aprovado") is True)


# --- registrar_fase_tre ---------------------------------------------------------------------


def preparar_fase_tre(processo: Processo, dados: dict) -> None:
    if dados.get("fase") not in FaseTre.values:
        raise AtoRecusado("Escolha a fase do plebiscito no TRE.")
    # A data da fase (futura só a "Data marcada"): processos.cronologia.


def gravar_fase_tre(andamento) -> AcompanhamentoTre:
    dados = andamento.dados
    return AcompanhamentoTre.objects.create(
        processo=andamento.processo,
        andamento=andamento,
        fase=dados["fase"],
        data=_data(dados["data_fase"]),
        referencia=dados.get("referencia", ""),
        observacao=dados.get("observacao", ""),
    )
