"""Os documentos que os atos da instrução emitem, montados aqui, ao lado dos atos: o parecer
preliminar (Art. 17, II), os ofícios aos órgãos (Art. 2º, §§ 2º e 3º; Art. 17, § 2º) e as
suas reiterações (Art. 9º), o parecer de mérito (Art. 18), o projeto de lei (Art. 7º e
Art. 20, § 1º) e o encaminhamento ao TRE com a cópia integral (Art. 19, § 1º).

Cada função recebe o Andamento do ato e devolve o `Conteudo` que `documentos` emite; a
ligação com o ato está no bloco do ato em `instrucao/atos.py`."""

from datetime import date
from decimal import Decimal

from documentos import conteudo as c
from documentos import emissao
from documentos.copia_integral import copia_atual
from documentos.models import Documento
from instrucao.conferido_pela_representacao import (
    CertidaoIbgeNoPl,
    ExtincaoNoParecer,
    ExtincaoNoPl,
    MapasTravados,
)
from instrucao.oficio_ao_tre import numero_do_oficio_ao_tre
from instrucao.parecer import parcelas_gravadas
from instrucao.tabelas import tabela_requisitos
from plebiscito.documentos import perguntas_plebiscito
from processos import leitura, rito
from processos.models import Andamento, AtoRecusado
from requisitos.eleicoes import ELEICOES_MUNICIPAIS
from requisitos.regras import avaliar_revisao_limites
from territorio.memorial.adocao import MemorialNoPl


def parecer_preliminar(andamento: Andamento) -> c.Conteudo:
    """Art. 17, II: parecer preliminar precedido do relatório circunstanciado da visita."""
    processo = andamento.processo
    visita = c.ultimo(processo, "registrar_visita")
    contexto = c.base(
        andamento,
        visita=visita,
        visita_dados=visita.dados if visita else {},
        visita_facultativa=rito.RITOS[processo.tipo].visita_facultativa,
        arquivamento=andamento.dados.get("conclusao") == "arquivamento",
        com_certidoes=rito.RITOS[processo.tipo].certidoes,
        territorio=c.territorio(processo),
        art8=_art8_no_parecer_preliminar(processo, andamento),
    )
    return c.Conteudo(
        "parecer_preliminar",
        f"Parecer preliminar — Processo nº {processo.protocolo}",
        c.serie(andamento, "parecer_preliminar"),
        "pdf/parecer_preliminar.html",
        contexto,
    )


def _art8_no_parecer_preliminar(processo, andamento: Andamento) -> dict | None:
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


def parecer_merito(andamento: Andamento) -> c.Conteudo:
    """Art. 18: parecer de mérito; na criação, com a tabela dos requisitos do Art. 2º; na
    extinção, com o fundamento do Art. 10 e o que o ato conferiu (o registro gravado no
    Andamento pela fase da representação, não recalculado: o PDF diz o que valeu no ato)."""
    processo = andamento.processo
    extincao = ExtincaoNoParecer.de_andamento(andamento)
    contexto = c.base(
        andamento,
        favoravel=andamento.dados.get("conclusao") == "favoravel",
        requisitos=tabela_requisitos(processo, andamento),
        exige_art2=rito.RITOS[processo.tipo].requisitos_art2,
        extincao_art10=extincao.conferencia if extincao else None,
        parametros_aplicados=andamento.dados.get("parametros_aplicados") or [],
    )
    return c.Conteudo(
        "parecer_merito",
        f"Parecer de mérito — Processo nº {processo.protocolo}",
        c.serie(andamento, "parecer_merito"),
        "pdf/parecer_merito.html",
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


def pl(andamento: Andamento) -> c.Conteudo:
    """Art. 7º e Art. 20, § 1º: o projeto de lei, com nome (= sede), divisas, ano de
    instalação, divisas dos municípios de origem e percentuais do índice do ICMS."""
    processo = andamento.processo
    ano = andamento.dados.get("ano_instalacao") or ano_instalacao_sugerido(andamento.data_ato)
    # Art. 7º, V: as parcelas do índice do ICMS gravadas no ato (da certidão da SEFAZ), cada
    # uma contra o índice do seu próprio município de origem — por isso sem total: somar
    # percentuais de índices diferentes não dá número algum (o total que atos antigos
    # gravaram não é impresso).
    parcelas = parcelas_gravadas(andamento)
    percentuais = [(p["municipio"], Decimal(p["percentual"])) for p in parcelas]
    contexto = c.base(
        andamento,
        ano_instalacao=str(ano),  # ano não leva separador de milhar
        percentuais_icms=[(nome, _percentual_icms(p)) for nome, p in percentuais]
        or [(nome, None) for nome in c.nomes_origem(processo)],
        certidoes_icms=sorted({p["certidao"] for p in parcelas}),
        territorio=c.territorio(processo),
        # Art. 19, § 3º e Art. 6º, § 1º: o que a representação e o território gravaram no ato.
        mapas_art15=MapasTravados.de_andamento(andamento).mapas,
        certidao_ibge=CertidaoIbgeNoPl.de_andamento(andamento).arquivos,
        memorial_adotado=MemorialNoPl.de_andamento(andamento),
        **_extincao_no_pl(andamento),
    )
    numero = andamento.dados.get("numero_pl", "")
    return c.Conteudo(
        "pl",
        f"Projeto de Lei nº {numero} — Processo nº {processo.protocolo}",
        c.serie(andamento, "pl"),
        "pdf/pl.html",
        contexto,
    )


def _extincao_no_pl(andamento: Andamento) -> dict:
    """Art. 10, §§ 1º e 2º: o município extinto e os que recebem o território, como o ato os
    gravou (o PDF não diz outra coisa que o Andamento)."""
    gravada = ExtincaoNoPl.de_andamento(andamento)
    if gravada is None:
        return {}
    return {
        "extincao": gravada.extincao,
        "destinos": gravada.destinos,
        "destinos_extenso": c.lista_por_extenso(gravada.destinos),
    }


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
) -> c.Conteudo:
    """Ofícios do Art. 2º, §§ 2º e 3º (e suas reiterações, que citam o Art. 9º) e o ofício
    ao TRE que encaminha o Decreto Legislativo e a cópia integral (Art. 19, § 1º)."""
    processo = andamento.processo
    destinatario, pedido = ORGAOS_OFICIO.get(orgao, (orgao, ""))
    contexto = c.base(
        andamento,
        orgao=orgao,
        destinatario=destinatario,
        pedido=pedido,
        numero=numero,
        assunto=assunto,
        texto=texto,
        reitera=reitera,
        copia_integral=copia_integral,
        decreto=c.ultimo(processo, "publicar_decreto"),
        # O ofício que encaminha o Decreto ao TRE repete as perguntas da cédula (na fusão,
        # as duas do Art. 4º, parágrafo único).
        perguntas=perguntas_plebiscito(processo) if copia_integral else [],
    )
    sufixo = f":{orgao}:{'reiteracao:' + reitera[0] if reitera else 'original'}"
    return c.Conteudo(
        "oficio",
        f"Ofício nº {numero} — {destinatario} — Processo nº {processo.protocolo}",
        c.serie(andamento, "oficio", sufixo),
        "pdf/oficio.html",
        contexto,
    )


def emitir_oficios(andamento: Andamento, oficios) -> list[Documento]:
    """Os ofícios que o ato fez nascer (Art. 17, § 2º: um por órgão, com o número do
    cadastro), emitidos em nome de quem praticou o ato."""
    return [
        emissao.emitir(oficio(andamento, orgao=o.orgao, numero=o.numero), usuario=andamento.usuario)
        for o in oficios
    ]


def emitir_reiteracao(reiteracao, andamento: Andamento, *, usuario) -> Documento:
    """Reiteração do ofício vencido, citando o Art. 9º. Não é ato do processo (não muda o
    estado nem gera Andamento): apoia-se no ato que originou o pedido, mas fala quem reitera,
    na data do envio da reiteração."""
    original = reiteracao.reitera
    conteudo = oficio(
        andamento,
        orgao=reiteracao.orgao,
        numero=reiteracao.numero,
        reitera=(original.numero, original.enviado_em),
    )
    conteudo.contexto["emitente"] = c.emitente_de(usuario, reiteracao.enviado_em)
    conteudo.contexto["data_documento"] = reiteracao.enviado_em
    return emissao.emitir(conteudo, usuario=usuario)


def encaminhar_ao_tre(andamento: Andamento) -> list[Documento]:
    """Art. 19, § 1º: o Decreto segue ao TRE com a cópia autenticada de todo o processo,
    por ofício que cita o código da cópia; § 2º: o Plenário é informado. A cópia é a já
    montada em segundo plano (documentos.tarefas): a condição do ato a exige pronta."""
    copia = copia_atual(andamento.processo, exceto_andamento=andamento)
    if copia is None:
        raise AtoRecusado(
            "A cópia integral autenticada do processo (Art. 19, § 1º) não está pronta: "
            "peça-a na seção “Documentos emitidos” e encaminhe quando ela estiver pronta."
        )
    remessa = emissao.emitir(
        oficio(
            andamento,
            orgao="tre",
            numero=numero_do_oficio_ao_tre(andamento),
            assunto="Encaminhamento do Decreto Legislativo e da cópia integral do processo",
            copia_integral=copia.codigo,
        ),
        usuario=andamento.usuario,
    )
    informe = emissao.emitir(
        c.informe_plenario(
            andamento,
            "Encaminhamento ao Tribunal Regional Eleitoral",
            f"O Decreto Legislativo foi encaminhado ao Tribunal Regional Eleitoral pelo Ofício "
            f"nº {numero_do_oficio_ao_tre(andamento)}.",
            copia_integral=copia.codigo,
        ),
        usuario=andamento.usuario,
    )
    return [remessa, informe]
