"""O conteúdo de cada documento: que modelo, que título, que dados — lidos do processo e dos
andamentos, nunca digitados de novo. Cada função devolve uma `Peca` pronta para `render_pdf`
(minuta) ou para a emissão (com código)."""

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from processos import leitura, rito
from processos.estados import Tipo
from processos.linha_do_tempo import descrever_dado
from processos.models import Andamento, ExercicioPresidencia, Processo
from processos.papeis import GRUPOS, MESA, PRESIDENTE, SERVIDOR
from requisitos.eleicoes import ELEICOES_MUNICIPAIS
from requisitos.regras import avaliar_revisao_limites

CRT = "Comissão de Revisão Territorial"


@dataclass(frozen=True)
class Emitente:
    nome: str
    cargo: str = ""


@dataclass
class Conteudo:
    """Um documento antes de ser emitido: o modelo e tudo o que ele precisa."""

    tipo: str
    titulo: str
    serie: str
    template: str
    contexto: dict = field(default_factory=dict)


def emitente_de(usuario: AbstractBaseUser | None, data: date | None = None) -> Emitente:
    """Nome e cargo de quem fala pela Comissão (Art. 21): o Presidente, ou o membro em
    exercício da Presidência, ou o servidor que emitiu um documento de rotina."""
    if usuario is None:
        return Emitente("Sistema Emancipação (emissão automática)", CRT)
    nome = usuario.get_full_name() or usuario.get_username()
    grupos = set(usuario.groups.values_list("name", flat=True))
    if GRUPOS[PRESIDENTE] in grupos:
        return Emitente(nome, f"Presidente da {CRT}")
    data = data or timezone.localdate()
    if ExercicioPresidencia.objects.vigentes(data).filter(membro=usuario).exists():
        return Emitente(nome, f"Membro em exercício da Presidência da {CRT} (Art. 21)")
    if GRUPOS[SERVIDOR] in grupos:
        return Emitente(nome, f"Servidor(a) da {CRT}")
    if GRUPOS[MESA] in grupos:
        return Emitente(nome, "Secretaria da Mesa Diretora")
    return Emitente(nome)


def nomes_origem(processo: Processo) -> list[str]:
    return [m.nome for m in processo.municipios_origem.all()]


def lista_por_extenso(nomes: list[str]) -> str:
    if len(nomes) <= 1:
        return "".join(nomes)
    return ", ".join(nomes[:-1]) + " e " + nomes[-1]


def contexto_processo(processo: Processo, andamento: Andamento | None = None) -> dict:
    origens = nomes_origem(processo)
    return {
        "processo": processo,
        "andamento": andamento,
        "origens": origens,
        "origens_extenso": lista_por_extenso(origens),
        "tipo_rotulo": Tipo(processo.tipo).label,
        "data_documento": andamento.data_ato if andamento else timezone.localdate(),
    }


def _ultimo(processo: Processo, ato: str) -> Andamento | None:
    return processo.andamentos.filter(ato=ato).select_related("usuario").first()


def _base(andamento: Andamento, **extra) -> dict:
    contexto = contexto_processo(andamento.processo, andamento)
    contexto["emitente"] = emitente_de(andamento.usuario, andamento.data_ato)
    contexto["dados"] = andamento.dados or {}
    contexto.update(extra)
    return contexto


def _serie(andamento: Andamento, tipo: str, sufixo: str = "") -> str:
    return f"andamento:{andamento.pk}:{tipo}{sufixo}"


def comprovante_protocolo(andamento: Andamento) -> Conteudo:
    """Art. 14: a representação lida no expediente é protocolada; os peticionários recebem o
    comprovante (número, data e o que foi recebido), verificável em /validar/."""
    processo = andamento.processo
    return Conteudo(
        "comprovante_protocolo",
        f"Comprovante de protocolo — Processo nº {processo.protocolo}",
        _serie(andamento, "comprovante_protocolo"),
        "pdf/comprovante_protocolo.html",
        _base(
            andamento,
            protocolado_em=processo.criado_em,
            data_documento=timezone.localtime(processo.criado_em).date(),
        ),
    )


def parecer_preliminar(andamento: Andamento) -> Conteudo:
    """Art. 17, II: parecer preliminar precedido do relatório circunstanciado da visita."""
    processo = andamento.processo
    visita = _ultimo(processo, "registrar_visita")
    contexto = _base(
        andamento,
        visita=visita,
        visita_dados=visita.dados if visita else {},
        visita_facultativa=rito.RITOS[processo.tipo].visita_facultativa,
        arquivamento=andamento.dados.get("conclusao") == "arquivamento",
        com_certidoes=rito.RITOS[processo.tipo].certidoes,
        art8=_art8_no_parecer_preliminar(processo, andamento),
    )
    return Conteudo(
        "parecer_preliminar",
        f"Parecer preliminar — Processo nº {processo.protocolo}",
        _serie(andamento, "parecer_preliminar"),
        "pdf/parecer_preliminar.html",
        contexto,
    )


def _art8_no_parecer_preliminar(processo: Processo, andamento: Andamento) -> dict | None:
    """Art. 8º na revisão de limites: a dispensa do plebiscito lida no dia deste parecer (as
    áreas travam nele), com a versão do parâmetro que a decidiu."""
    if rito.RITOS[processo.tipo].plebiscito != "art8":
        return None
    if processo.area_movida_km2 is None or not processo.area_total_km2:
        return {"sem_areas": True}
    data = andamento.data_ato
    try:
        veredito = avaliar_revisao_limites(
            processo.area_movida_km2, processo.area_total_km2, leitura.parametros(processo, data)
        )
    except ValueError as erro:
        return {"sem_areas": True, "erro": str(erro)}
    return {
        "dispensado": veredito.plebiscito_dispensado,
        "mensagem": veredito.requisitos[0].mensagem,
        "versao": leitura.versao_do_parametro(processo, "percentual_area_revisao", data),
    }


def parecer_merito(andamento: Andamento) -> Conteudo:
    """Art. 18: parecer de mérito; na criação, com a tabela dos requisitos do Art. 2º; na
    extinção, com o fundamento do Art. 10 e o que o ato conferiu (o registro gravado no
    Andamento pela fase da representação, não recalculado: o PDF diz o que valeu no ato)."""
    from documentos.tabelas import tabela_requisitos

    processo = andamento.processo
    contexto = _base(
        andamento,
        favoravel=andamento.dados.get("conclusao") == "favoravel",
        requisitos=tabela_requisitos(processo, andamento),
        exige_art2=rito.RITOS[processo.tipo].requisitos_art2,
        extincao_art10=andamento.dados.get("extincao_art10"),
    )
    return Conteudo(
        "parecer_merito",
        f"Parecer de mérito — Processo nº {processo.protocolo}",
        _serie(andamento, "parecer_merito"),
        "pdf/parecer_merito.html",
        contexto,
    )


def pergunta_plebiscito(processo: Processo) -> str:
    """A pergunta da cédula, conforme o tipo do processo."""
    origens = lista_por_extenso(nomes_origem(processo))
    nome, sede = processo.nome_proposto, processo.sede_proposta or processo.nome_proposto
    perguntas = {
        Tipo.CRIACAO: f"Você é a favor da criação do Município de {nome}, com sede em {sede}, "
        f"por desmembramento do território de {origens}?",
        Tipo.FUSAO: f"Você é a favor da fusão dos Municípios de {origens}, formando o "
        f"Município de {nome}?",
        Tipo.INCORPORACAO: f"Você é a favor da incorporação entre os Municípios de {origens}?",
        Tipo.ALTERACAO_NOME: f"Você é a favor de que o Município de {origens} passe a "
        f"denominar-se {nome}?",
        Tipo.REVISAO_LIMITES: f"Você é a favor da revisão dos limites entre {origens}, "
        "conforme o memorial descritivo?",
        Tipo.EXTINCAO: f"Você é a favor da extinção do Município de {origens}?",
    }
    return perguntas[processo.tipo]


def perguntas_plebiscito(processo: Processo) -> list[str]:
    """As perguntas da cédula. Na fusão, duas (Art. 4º, parágrafo único: "a concordância com
    a fusão e a sede do novo município"), que o resultado registra cada uma com os seus
    votos; nos demais tipos, uma."""
    perguntas = [pergunta_plebiscito(processo)]
    if processo.tipo == Tipo.FUSAO:
        nome, sede = processo.nome_proposto, processo.sede_proposta or processo.nome_proposto
        perguntas.append(f"Você é a favor de que a sede do novo Município de {nome} seja {sede}?")
    return perguntas


def pdl(andamento: Andamento) -> Conteudo:
    """Art. 18, § 2º e Art. 19: o PDL que autoriza o TRE a realizar o plebiscito."""
    from requisitos.models import parametros_em_vigor
    from requisitos.parametros import ABRANGENCIAS_PLEBISCITO

    processo = andamento.processo
    abrangencia = parametros_em_vigor(andamento.data_ato).abrangencia_plebiscito
    contexto = _base(
        andamento,
        perguntas=perguntas_plebiscito(processo),
        abrangencia=abrangencia,
        abrangencia_rotulo=ABRANGENCIAS_PLEBISCITO[abrangencia],
    )
    numero = andamento.dados.get("numero_pdl", "")
    return Conteudo(
        "pdl",
        f"Projeto de Decreto Legislativo nº {numero} — Processo nº {processo.protocolo}",
        _serie(andamento, "pdl"),
        "pdf/pdl.html",
        contexto,
    )


def ano_instalacao_sugerido(data_lei: date) -> int:
    """Art. 7º, III e Art. 1º, § 2º: instala-se com a posse dos eleitos na primeira eleição
    municipal seguinte à lei — em 1º de janeiro do ano seguinte ao da eleição."""
    for eleicao in ELEICOES_MUNICIPAIS:
        if eleicao > data_lei:
            return eleicao.year + 1
    ultima = ELEICOES_MUNICIPAIS[-1].year
    return ultima + 4 * ((data_lei.year - ultima) // 4 + 1) + 1


def _percentual_icms(valor: Decimal) -> str:
    """12.500000 → "12,5"; 0.000100 → "0,0001" (as casas que a SEFAZ certificou, sem zeros
    à direita)."""
    texto = format(valor.normalize(), "f") if valor else "0"
    return texto.replace(".", ",")


def pl(andamento: Andamento) -> Conteudo:
    """Art. 7º e Art. 20, § 1º: o projeto de lei, com nome (= sede), divisas, ano de
    instalação, divisas dos municípios de origem e percentuais do índice do ICMS."""
    processo = andamento.processo
    ano = andamento.dados.get("ano_instalacao") or ano_instalacao_sugerido(andamento.data_ato)
    # Art. 7º, V: as parcelas do índice do ICMS gravadas no ato (da certidão da SEFAZ), cada
    # uma contra o índice do seu próprio município de origem — por isso sem total: somar
    # percentuais de índices diferentes não dá número algum (o total que atos antigos
    # gravaram não é impresso).
    parcelas = andamento.dados.get("participacoes_icms") or []
    percentuais = [(p["municipio"], Decimal(p["percentual"])) for p in parcelas]
    contexto = _base(
        andamento,
        ano_instalacao=str(ano),  # ano não leva separador de milhar
        percentuais_icms=[(nome, _percentual_icms(p)) for nome, p in percentuais]
        or [(nome, None) for nome in nomes_origem(processo)],
        certidoes_icms=sorted({p["certidao"] for p in parcelas}),
        **_extincao_no_pl(andamento),
    )
    numero = andamento.dados.get("numero_pl", "")
    return Conteudo(
        "pl",
        f"Projeto de Lei nº {numero} — Processo nº {processo.protocolo}",
        _serie(andamento, "pl"),
        "pdf/pl.html",
        contexto,
    )


def _extincao_no_pl(andamento: Andamento) -> dict:
    """Art. 10, §§ 1º e 2º: o município extinto e os que recebem o território, como o ato os
    gravou (o PDF não diz outra coisa que o Andamento)."""
    extincao = andamento.dados.get("extincao")
    if not extincao:
        return {}
    destinos = [m["nome"] for m in extincao["municipios_destino"]]
    return {
        "extincao": extincao,
        "destinos": destinos,
        "destinos_extenso": lista_por_extenso(destinos),
    }


def informe_plenario(
    andamento: Andamento, fase: str, texto: str, copia_integral: str = ""
) -> Conteudo:
    """Art. 19, § 2º: a CRT acompanha cada fase do plebiscito no TRE e informa o Plenário."""
    processo = andamento.processo
    contexto = _base(andamento, fase=fase, texto=texto, copia_integral=copia_integral)
    return Conteudo(
        "informe_plenario",
        f"Informe ao Plenário ({fase}) — Processo nº {processo.protocolo}",
        _serie(andamento, "informe_plenario"),
        "pdf/informe_plenario.html",
        contexto,
    )


def linhas_do_andamento(andamento: Andamento) -> list[tuple[str, object]]:
    return [
        descrever_dado(andamento.ato, campo, valor)
        for campo, valor in (andamento.dados or {}).items()
        # Avaliações e números estruturados têm as suas seções nos pareceres.
        if valor not in (None, "", []) and not isinstance(valor, dict | list)
    ]


def extrato(processo: Processo, usuario, documentos) -> Conteudo:
    """O extrato: a linha do tempo do processo, do protocolo ao último ato."""
    andamentos = list(processo.andamentos.select_related("usuario").order_by("registrado_em", "id"))
    contexto = contexto_processo(processo)
    contexto.update(
        emitente=emitente_de(usuario),
        andamentos=[(a, linhas_do_andamento(a)) for a in andamentos],
        documentos=documentos,
        data_documento=timezone.localdate(),
    )
    return Conteudo(
        "extrato",
        f"Extrato do Processo nº {processo.protocolo}",
        f"processo:{processo.pk}:extrato",
        "pdf/extrato.html",
        contexto,
    )


def parecer_resultado(andamento: Andamento) -> Conteudo:
    """Art. 20 e Art. 11: parecer sobre o resultado. As três leituras, a regra que governa e
    a conclusão vêm da apuração que o próprio ato calculou e gravou: o PDF não recalcula e
    não pode dizer outra coisa que o ato."""
    processo = andamento.processo
    apuracao = andamento.dados["apuracao"]
    registro = processo.andamentos.filter(
        ato__in=("registrar_resultado", "retificar_resultado"),
        resultado_plebiscito__versao=apuracao["versao_resultado"],
    ).first()
    contexto = _base(
        andamento,
        registro=registro,
        apuracao=apuracao,
        favoravel=apuracao["aprovado"],
    )
    return Conteudo(
        "parecer_resultado",
        f"Parecer sobre o resultado do plebiscito — Processo nº {processo.protocolo}",
        _serie(andamento, "parecer_resultado"),
        "pdf/parecer_resultado.html",
        contexto,
    )


def informe_fase_tre(andamento: Andamento) -> Conteudo | None:
    """Art. 19, § 2º: o informe ao Plenário sobre uma fase do plebiscito no TRE, quando quem
    a registrou pediu a emissão."""
    dados = andamento.dados
    if not dados.get("emitir_informe"):
        return None
    fase = andamento.fase_tre
    texto = f"{fase.get_fase_display()} em {fase.data:%d/%m/%Y} — referência: {fase.referencia}."
    if fase.observacao:
        texto += "\n\n" + fase.observacao
    return informe_plenario(andamento, fase.get_fase_display(), texto)


ORGAOS_OFICIO = {
    "cartografia": (
        "Órgão de Informação e Cartografia do Estado",
        "população estimada da área (Art. 2º, I), número de casas do centro urbano "
        "(Art. 2º, III) e mapa e memorial descritivo com a continuidade territorial "
        "(Art. 2º, VI), inclusive dos municípios de origem remanescentes (Art. 2º, § 1º)",
    ),
    "tre": (
        "Tribunal Regional Eleitoral de Mato Grosso",
        "número de eleitores da área e dos municípios de origem remanescentes (Art. 2º, II e § 1º)",
    ),
    "sefaz": (
        "Órgão Fazendário Estadual (SEFAZ)",
        "valor adicionado da área no último exercício encerrado e a média dos municípios de "
        "menor valor adicionado (Art. 2º, IV), e o índice de participação no ICMS de cada "
        "município de origem (Art. 7º, V e parágrafo único)",
    ),
}


def oficio(
    andamento: Andamento,
    *,
    orgao: str,
    numero: str,
    assunto: str = "",
    texto: str = "",
    reitera: tuple[str, date] | None = None,
    copia_integral: str = "",
) -> Conteudo:
    """Ofícios do Art. 2º, §§ 2º e 3º (e suas reiterações, que citam o Art. 9º) e o ofício
    ao TRE que encaminha o Decreto Legislativo e a cópia integral (Art. 19, § 1º)."""
    processo = andamento.processo
    destinatario, pedido = ORGAOS_OFICIO.get(orgao, (orgao, ""))
    contexto = _base(
        andamento,
        orgao=orgao,
        destinatario=destinatario,
        pedido=pedido,
        numero=numero,
        assunto=assunto,
        texto=texto,
        reitera=reitera,
        copia_integral=copia_integral,
        decreto=_ultimo(processo, "publicar_decreto"),
        # O ofício que encaminha o Decreto ao TRE repete as perguntas da cédula (na fusão,
        # as duas do Art. 4º, parágrafo único).
        perguntas=perguntas_plebiscito(processo) if copia_integral else [],
    )
    sufixo = f":{orgao}:{'reiteracao:' + reitera[0] if reitera else 'original'}"
    return Conteudo(
        "oficio",
        f"Ofício nº {numero} — {destinatario} — Processo nº {processo.protocolo}",
        _serie(andamento, "oficio", sufixo),
        "pdf/oficio.html",
        contexto,
    )


def certidao_distrito(veredito, *, localidade: str = "") -> Conteudo:
    """Art. 25: certidão dos requisitos de distrito, a partir do simulador público. A série
    é o resumo do conteúdo (números, localidade, parâmetros e data impressos): o mesmo
    pedido no mesmo dia devolve a mesma certidão, e o armazenamento não cresce a cada
    clique (ver `emissao.emitir_certidao_distrito`)."""
    from documentos.pdf import hash_do_conteudo

    contexto = {
        "veredito": veredito,
        "localidade": localidade,
        "emitente": emitente_de(None),
        "data_documento": timezone.localdate(),
    }
    return Conteudo(
        "certidao_distrito",
        "Certidão de requisitos para criação de distrito (Art. 25)"
        + (f" — {localidade}" if localidade else ""),
        f"certidao_distrito:{hash_do_conteudo('pdf/certidao_distrito.html', contexto)}",
        "pdf/certidao_distrito.html",
        contexto,
    )
