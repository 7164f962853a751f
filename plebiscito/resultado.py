"""Os atos do resultado do plebiscito, da apuração ao PDF do parecer (Art. 20 e Art. 11).

Tudo o que os blocos desses atos em `plebiscito/atos.py` declaram está aqui, um trecho por
ato, na ordem do rito:

- `registrar_resultado` / `retificar_resultado`: as guardas (há ou não resultado), o preparo
  que confere as unidades exigidas pela abrangência em vigor na data do ato (regras puras) e o
  registro da nova versão do resultado (Art. 20, § 1º: depois do parecer, só com novo ofício
  do TRE);
- `emitir_parecer_resultado`: o veredito da regra que governa, calculado das unidades da
  versão vigente e gravado com os parâmetros usados. A conclusão do parecer, o destino do
  processo, o PDF (`documento_do_parecer`, montado aqui, ao lado do que ele diz) e as páginas
  leem esse mesmo registro, por `parecer_gravado` — nunca pelas chaves do `Andamento.dados`;
- `apresentar_pl`: nenhum projeto de lei sem o parecer que aprovou o plebiscito (Art. 11).

As leituras do resultado (as versões, a vigente, as unidades exigidas e as que faltam) são de
`plebiscito/services.py`, que a página também usa."""

import re
from dataclasses import dataclass, replace
from datetime import date

from documentos import conteudo as c
from plebiscito import analise
from plebiscito.models import Resultado, UnidadeVotacao
from plebiscito.regras import ApuracaoInvalida, Unidade, Votacao, apurar_unidades
from plebiscito.services import (
    CAMPOS,
    CAMPOS_VOTOS,
    como_data,
    data_do_ato,
    resultado_vigente,
    resultados_do_processo,
    tem_pergunta_sede,
    unidades_exigidas,
    unidades_que_faltam,
)
from processos import leitura, rito
from processos.condicoes import condicao
from processos.estados import Estado
from processos.models import Andamento, AtoRecusado, Processo
from requisitos.aplicacao import aplica
from requisitos.models import parametros_em_vigor
from requisitos.parametros import ABRANGENCIAS_PLEBISCITO, REGRAS_PLEBISCITO

# --- registrar_resultado e retificar_resultado ---------------------------------------------


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


@dataclass(frozen=True)
class ResultadoConferido:
    """O que `registrar_resultado` e `retificar_resultado` gravam além dos números: a
    abrangência em vigor na data do ato, sob a qual as unidades foram conferidas."""

    abrangencia: str

    def como_dados(self) -> dict:
        return {"abrangencia": self.abrangencia}


def preparar_resultado(processo: Processo, dados: dict) -> ResultadoConferido:
    """Confere, na linha travada, os números que o formulário já validou: defesa de quem
    chama o serviço diretamente (nada inconsistente é gravado)."""
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
    if como_data(dados["data_consulta"]) > como_data(dados["data_oficio_tre"]):
        raise AtoRecusado("A consulta não pode ser posterior ao ofício do TRE que a apurou.")
    _novo_oficio_depois_do_parecer(processo, dados)
    return ResultadoConferido(abrangencia)


@aplica(
    "Art. 20, § 1º",
    descricao="Depois do parecer sobre o resultado, o resultado só se retifica com um novo "
    "ofício do TRE (número, data e leitura em Plenário); o parecer é então emitido de novo.",
    testes=(
        "tests.plebiscito.test_retificacao_pelo_tre.test_retificar_depois_do_parecer_sem_novo_oficio_e_recusado",
        "tests.plebiscito.test_retificacao_pelo_tre.test_novo_oficio_do_tre_reabre_a_analise_e_o_parecer_e_recalculado",
        "tests.plebiscito.test_retificacao_pelo_tre.test_caso_relatado_rejeitado_e_arquivado_nao_volta_pelo_presidente_nem_pela_mesa",
        "tests.plebiscito.test_retificacao_pelo_tre.test_o_mesmo_oficio_escrito_de_outro_jeito_nao_e_novo_oficio",
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
    mesmo_numero = _numero_do_oficio(dados.get("oficio_tre", "")) == _numero_do_oficio(
        vigente.oficio_tre
    )
    if mesmo_numero or como_data(dados["data_oficio_tre"]) < vigente.data_oficio_tre:
        raise AtoRecusado(
            f"O parecer sobre o resultado foi emitido em {parecer.data_ato:%d/%m/%Y}: a "
            "retificação só vale com um novo ofício do TRE (número, data e leitura em "
            f"Plenário), diferente do ofício {vigente.oficio_tre} de "
            f"{vigente.data_oficio_tre:%d/%m/%Y} e não anterior a ele (Art. 20, § 1º)."
        )


def _numero_do_oficio(numero) -> str:
    """O número como número: "01/2026", " 1 / 2026 " e "1/2026" são o mesmo ofício (sem os
    espaços, sem os zeros à esquerda de cada grupo de algarismos, sem caixa)."""
    sem_espacos = re.sub(r"\s+", "", str(numero)).casefold()
    return re.sub(r"\d+", lambda grupo: grupo.group().lstrip("0") or "0", sem_espacos)


def gravar_resultado(andamento, conferido: ResultadoConferido | None = None) -> Resultado:
    """A versão seguinte do resultado, com as suas unidades (o ato já foi conferido)."""
    dados = andamento.dados
    conferido = conferido or ResultadoConferido(dados["abrangencia"])
    anterior = Resultado.objects.vigente(andamento.processo)
    exigidas = {u.nome: u for u in unidades_exigidas(andamento.processo, andamento.data_ato)}
    resultado = Resultado.objects.create(
        processo=andamento.processo,
        versao=anterior.versao + 1 if anterior else 1,
        andamento=andamento,
        oficio_tre=dados["oficio_tre"],
        data_oficio_tre=como_data(dados["data_oficio_tre"]),
        data_leitura_plenario=como_data(dados["data_leitura_plenario"]),
        data_consulta=como_data(dados["data_consulta"]) if dados.get("data_consulta") else None,
        abrangencia=conferido.abrangencia,
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


# --- emitir_parecer_resultado ----------------------------------------------------------------


@dataclass(frozen=True)
class ParecerDoResultado:
    """O que o ato `emitir_parecer_resultado` decide e grava: a apuração (a forma de
    `apuracao_como_dict`), e dela a conclusão e o destino do processo."""

    apuracao: dict

    @property
    def aprovado(self) -> bool:
        return self.apuracao["aprovado"] is True

    @property
    def versao_resultado(self) -> int:
        return self.apuracao["versao_resultado"]

    @property
    def conclusao(self) -> str:
        return "favoravel" if self.aprovado else "contrario"

    @property
    def destino(self) -> str:
        # Art. 20, § 1º: rejeitado o plebiscito, o processo é arquivado.
        return Estado.ELABORACAO_PL if self.aprovado else Estado.ARQUIVADO

    def como_dados(self) -> dict:
        return {"apuracao": self.apuracao, "conclusao": self.conclusao}


def parecer_gravado(andamento: Andamento | None) -> ParecerDoResultado | None:
    """O parecer que o Andamento de `emitir_parecer_resultado` gravou (None em outro ato)."""
    if andamento is None or andamento.ato != "emitir_parecer_resultado":
        return None
    apuracao = andamento.dados.get("apuracao")
    return ParecerDoResultado(apuracao) if apuracao else None


def documento_do_parecer(andamento: Andamento) -> c.Conteudo:
    """Art. 20 e Art. 11: parecer sobre o resultado. As três leituras, a regra que governa e
    a conclusão vêm da apuração que o próprio ato calculou e gravou: o PDF não recalcula e
    não pode dizer outra coisa que o ato."""
    processo = andamento.processo
    gravado = parecer_gravado(andamento)
    registro = processo.andamentos.filter(
        ato__in=("registrar_resultado", "retificar_resultado"),
        resultado_plebiscito__versao=gravado.versao_resultado,
    ).first()
    contexto = c.base(
        andamento,
        registro=registro,
        apuracao=gravado.apuracao,
        favoravel=gravado.aprovado,
    )
    return c.Conteudo(
        "parecer_resultado",
        f"Parecer sobre o resultado do plebiscito — Processo nº {processo.protocolo}",
        c.serie(andamento, "parecer_resultado"),
        "pdf/parecer_resultado.html",
        contexto,
    )


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
    """A data da consulta; num resultado gravado sem ela, a de referência — só na prévia da
    página, porque o parecer exige a data (`preparar_parecer_resultado`)."""
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
        "data_consulta": resultado.data_consulta.isoformat() if resultado.data_consulta else None,
        "vigencia_inicio": registro.vigencia_inicio.isoformat() if registro else None,
        "fundamento": fundamento,
        "texto": f"{_quando(resultado, dia)}: {versao} ({fundamento})",
    }


def _quando(resultado: Resultado, dia: date) -> str:
    if resultado.data_consulta is None:  # a prévia de um resultado gravado sem a data
        return f"em vigor em {dia:%d/%m/%Y} (a data da consulta não foi registrada)"
    return f"em vigor na data da consulta ({dia:%d/%m/%Y})"


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


@condicao(
    lambda processo: (
        "O resultado registrado não tem as unidades que a abrangência em vigor "
        "exige (" + "; ".join(unidades_que_faltam(processo)) + "): retifique o resultado."
    )
)
def resultado_cobre_a_abrangencia(processo) -> bool:
    return not unidades_que_faltam(processo)


@aplica(
    "Art. 20, § 1º; Art. 11, § 2º",
    descricao="O parecer sobre o resultado segue o veredito calculado dos números registrados: "
    "aprovado, o processo vai à elaboração do PL; rejeitado, é arquivado.",
    parametro="regra_plebiscito",
    testes=(
        "tests.plebiscito.test_resultado.test_caso_relatado_com_a_regra_literal_arquiva",
        "tests.plebiscito.test_resultado.test_regra_literal_metade_exata_dos_inscritos_nao_aprova",
        "tests.plebiscito.test_retificacao_pelo_tre.test_regra_do_plebiscito_e_a_do_dia_da_consulta",
        "tests.plebiscito.test_retificacao_pelo_tre.test_resultado_gravado_sem_a_data_da_consulta_pede_a_data_antes_do_parecer",
    ),
)
def preparar_parecer_resultado(processo: Processo, dados: dict) -> ParecerDoResultado:
    """Art. 11 e Art. 20, § 1º: o veredito é calculado aqui, na linha travada, e gravado; o
    formulário visto por quem emite não decide nada."""
    resultado, apuracao, parametros = apurar_processo(processo)
    if resultado is None:
        raise AtoRecusado("Não há resultado do plebiscito registrado neste processo (Art. 20).")
    if resultado.data_consulta is None:
        raise AtoRecusado(
            "O resultado registrado não traz a data da consulta, e a regra do plebiscito é a "
            "em vigor no dia da votação (Art. 11, § 2º; tempus regit actum). Registre a data em "
            "“Retificar resultado do plebiscito” (antes do parecer, o mesmo ofício do TRE "
            "serve) e emita o parecer."
        )
    vista = dados.pop("versao_resultado", None)
    if vista is not None and int(vista) != resultado.versao:
        raise AtoRecusado(
            "O resultado do plebiscito foi retificado enquanto este formulário estava aberto. "
            "Recarregue a página para ver os números atuais; nada foi gravado."
        )
    # A análise é do autor; a conclusão, do veredito. A contradição exige confirmação.
    achadas = analise.palavras_da_conclusao_oposta(
        str(dados.get("texto_parecer", "")), apuracao.aprovado
    )
    if achadas and not dados.get("confirma_analise"):
        raise AtoRecusado(analise.aviso(apuracao.aprovado, achadas))
    return ParecerDoResultado(apuracao_como_dict(resultado, apuracao, parametros))


# --- apresentar_pl ---------------------------------------------------------------------------


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
    gravado = parecer_gravado(parecer)
    return bool(gravado and gravado.aprovado)
