"""Construtores simples de processos para os testes (funções, não fábricas).

Os dados de cada ato e o caminho de cada tipo estão escritos aqui a partir da lei, sem
ler `processos.rito`: os testes comparam o código com esta tabela independente.
"""

import hashlib
from contextlib import contextmanager
from datetime import date
from decimal import Decimal

from django.contrib.auth.models import Group, User
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.utils import timezone

from instrucao.models import Certidao, FiguraCertidao, Oficio
from instrucao.services import DadosCertidao, registrar_resposta
from processos.models import Andamento, FormaEncaminhamento, Processo
from processos.papeis import GRUPOS
from processos.services import DadosProtocolo, praticar_ato, protocolar_processo
from processos.versao import versao_do_processo
from requisitos.models import Municipio, ValorAdicionado
from tests.representacao.construtores import (
    instruir_extincao,
    instruir_representacao,
    juntar_certidao_ibge,
    pdf_real,
)

SENHA = "senha-de-teste-123"
# Data dos andamentos semeados: anterior a qualquer ato praticado "hoje" nos testes.
PASSADO = date(2020, 3, 2)
FUNDAMENTO_UNIDADE = (
    "A sede e a área formam um só ambiente urbano contínuo, conforme a Cartografia."
)
JUSTIFICATIVA = "Justificativa registrada pelo teste."
# As datas que seguem atos praticados "hoje" pelos testes (processos.cronologia): a
# aprovação e a publicação do Decreto Legislativo, a fase no TRE, a sessão da Ordem do Dia
# (não anterior ao PL, e o PL não é votado antes dela), a sanção e a publicação da lei.
HOJE = timezone.localdate()

# --- caminhos por tipo (Arts. 7º a 20), escritos por extenso -----------------------------

COMPLETO = (
    "protocolada",
    "em_instrucao",
    "visita_realizada",
    "aguardando_certidoes",
    "aguardando_parecer_merito",
    "deliberacao_plenario",
    "na_ccj",
    "elaboracao_pdl",
    "pdl_em_tramitacao",
    "decreto_publicado",
    "plebiscito_no_tre",
    "resultado_em_analise",
    "elaboracao_pl",
    "pl_em_ordem_do_dia",
    "aguardando_sancao",
    "concluido",
)
PLEBISCITO = {
    "elaboracao_pdl",
    "pdl_em_tramitacao",
    "decreto_publicado",
    "plebiscito_no_tre",
    "resultado_em_analise",
}
SEM_CERTIDOES = tuple(e for e in COMPLETO if e != "aguardando_certidoes")
SEM_PLEBISCITO = tuple(e for e in COMPLETO if e not in PLEBISCITO)

# Variante = tipo + (na revisão de limites) a área movida, que decide o plebiscito (Art. 8º).
VARIANTES = {
    "criacao": {"tipo": "criacao"},
    "fusao": {"tipo": "fusao"},
    "incorporacao": {"tipo": "incorporacao"},
    "extincao": {"tipo": "extincao"},
    # 20,001 % da área: plebiscito exigido; exatamente 20 %: dispensado ("≤ 20 %").
    "revisao_limites_com_plebiscito": {
        "tipo": "revisao_limites",
        "area_movida": Decimal("200.010"),
        "area_total": Decimal("1000.000"),
    },
    "revisao_limites_sem_plebiscito": {
        "tipo": "revisao_limites",
        "area_movida": Decimal("200.000"),
        "area_total": Decimal("1000.000"),
    },
    "alteracao_nome": {"tipo": "alteracao_nome"},
}
CAMINHOS = {
    "criacao": COMPLETO,
    "fusao": SEM_CERTIDOES,
    "incorporacao": SEM_CERTIDOES,
    "alteracao_nome": SEM_CERTIDOES,
    "extincao": SEM_PLEBISCITO,
    "revisao_limites_com_plebiscito": COMPLETO,
    "revisao_limites_sem_plebiscito": SEM_PLEBISCITO,
}
DESVIOS = ("em_diligencia", "deliberacao_arquivamento", "arquivado", "sobrestado")


def alcancaveis(variante: str) -> tuple[str, ...]:
    return CAMINHOS[variante] + DESVIOS


# --- dados válidos de cada ato, por conclusão ---------------------------------------------

# Município de origem padrão dos processos de teste e os números das certidões que atendem
# ao Art. 2º (I-VI) e ao § 1º; a média do VA vem da tabela de 2024 semeada por
# `semear_tabela_va` (dez municípios de 1 a 10 milhões: média 5,5 milhões).
ORIGEM_PADRAO = {"codigo_ibge": 5107925, "nome": "Sorriso"}
# Art. 2º, IV: o VA do último exercício encerrado antes do parecer (o ano anterior ao de hoje).
ANO_VA = timezone.localdate().year - 1
FIGURAS_ART2 = {
    "exercicio_va": ANO_VA,
    "populacao": 4000,
    "eleitores": 800,
    "casas_centro_urbano": 201,
    "valor_adicionado": Decimal("5500000.01"),
    "continuidade_territorial": True,
    "remanescentes": [
        ORIGEM_PADRAO
        | {
            "populacao": 60000,
            "eleitores": 40000,
            "casas_centro_urbano": 9000,
            "valor_adicionado": Decimal("900000000"),
        }
    ],
}


def semear_tabela_va(exercicio: int = ANO_VA) -> None:
    """Tabela da SEFAZ do exercício (o último encerrado, por padrão) com dez municípios
    fictícios de 1 a 10 milhões (média: 5,5 milhões; Art. 2º, IV), completada com os demais."""
    if not ValorAdicionado.objects.filter(exercicio=exercicio).exists():
        for i in range(1, 11):
            municipio, _ = Municipio.objects.get_or_create(
                codigo_ibge=9900000 + i, defaults={"nome": f"Município fictício {i}"}
            )
            ValorAdicionado.objects.get_or_create(
                municipio=municipio, exercicio=exercicio, defaults={"valor": Decimal(i * 1_000_000)}
            )
    completar_tabela_va(exercicio)


def completar_tabela_va(exercicio: int = ANO_VA) -> None:
    """A tabela completa (todo município cadastrado, Art. 2º, IV): os que ainda não têm VA no
    exercício recebem um valor alto, fora dos dez menores (a média não muda)."""
    faltam = Municipio.objects.exclude(valores_adicionados__exercicio=exercicio)
    # Protocolos simultâneos (testes de concorrência) completam a mesma tabela: sem conflito.
    ValorAdicionado.objects.bulk_create(
        (ValorAdicionado(municipio=m, exercicio=exercicio, valor=Decimal(10**12)) for m in faltam),
        ignore_conflicts=True,
    )


def origem_padrao() -> Municipio:
    municipio, _ = Municipio.objects.get_or_create(
        codigo_ibge=ORIGEM_PADRAO["codigo_ibge"], defaults={"nome": ORIGEM_PADRAO["nome"]}
    )
    return municipio


def _sessao(**extra) -> dict:
    return {"sessao_numero": "42ª Ordinária", "votos_sim": 14, "votos_nao": 6, "abstencoes": 1} | (
        extra
    )


def _sessao_contra(**extra) -> dict:
    """Os votos que rejeitam (maioria simples, requisitos.votacoes)."""
    return _sessao(votos_sim=6, votos_nao=14, **extra)


DADOS: dict[str, dict[str, dict]] = {
    "protocolar": {"": {}},
    "baixar_em_diligencia": {
        "": {"documentos_faltantes": "Mapa e memorial (Art. 15, II)", "solicitado_a": "Comissão"}
    },
    "receber_na_crt": {
        "": {
            "data_distribuicao_deputados": PASSADO,
            "data_publicacao": PASSADO,
        }
    },
    "registrar_visita": {
        "": {
            "membros_presentes": "Dep. A; Dep. B",
            "levantamento_socioeconomico": "Levantamento feito.",
            "relatorio_circunstanciado": "Relatório da visita à sede.",
            "condicoes_instalacao": True,
        }
    },
    "emitir_parecer_preliminar": {
        "solicitar_documentos": {"conclusao": "solicitar_documentos", "texto_parecer": "Parecer."},
        "arquivamento": {"conclusao": "arquivamento", "texto_parecer": "Parecer."},
    },
    "deliberar_arquivamento": {
        "aprovado": _sessao(resultado="aprovado"),
        "rejeitado": _sessao_contra(resultado="rejeitado"),
    },
    "concluir_certidoes": {"": {}},
    "emitir_parecer_merito": {
        # Os números do Art. 2º vêm das certidões (`responder_oficios`), não do formulário.
        "favoravel": {
            "conclusao": "favoravel",
            "texto_parecer": "Parecer de mérito.",
            # Art. 1º, § 1º: a análise da CRT (descartada nos tipos a que não se aplica).
            "unidade_historico_cultural": "preservada",
            "fundamento_unidade": FUNDAMENTO_UNIDADE,
        },
        "contrario": {"conclusao": "contrario", "texto_parecer": "Parecer de mérito."},
    },
    "deliberar_plenario": {
        "aprovado": _sessao(resultado="aprovado"),
        "rejeitado": _sessao_contra(resultado="rejeitado"),
    },
    "registrar_parecer_ccj": {
        "favoravel": {"conclusao": "favoravel", "numero_parecer": "12/2026", "relator": "Dep. C"},
        "contrario": {"conclusao": "contrario", "numero_parecer": "13/2026", "relator": "Dep. C"},
    },
    "apresentar_pdl": {"": {"numero_pdl": "5/2026", "ementa": "Autoriza o TRE."}},
    "publicar_decreto": {
        "": {
            "numero_decreto": "2.944",
            "data_aprovacao": HOJE,
            "data_diario_oficial": HOJE,
        }
    },
    "rejeitar_pdl": {"": _sessao_contra()},
    "encaminhar_ao_tre": {"": {}},
    # Os números do resultado dependem das unidades exigidas pelo processo: ver
    # `dados_resultado`, que `praticar` e `formulario_do_ato` usam para estes dois atos.
    "registrar_resultado": {"": {}},
    "retificar_resultado": {"": {}},
    # Sem conclusão a escolher: o veredito calculado decide (Art. 20, § 1º).
    "emitir_parecer_resultado": {"": {"texto_parecer": "Parecer sobre o resultado."}},
    "registrar_fase_tre": {
        "": {
            "fase": "resolucao",
            "data_fase": HOJE,
            "referencia": "Resolução TRE-MT 1/2026",
            "observacao": "",
            "emitir_informe": False,
        }
    },
    "apresentar_pl": {
        "": {
            "numero_pl": "99/2026",
            "data_sessao_ordem_do_dia": HOJE,
            "ano_instalacao": 2029,
            "declara_pessoa_viva": True,
        }
    },
    "aprovar_pl": {"": _sessao()},
    "rejeitar_pl": {"": _sessao_contra()},
    "registrar_lei": {
        "": {"numero_lei": "12.345", "data_sancao": HOJE, "data_diario_oficial": HOJE}
    },
    "arquivar": {"": {"motivo": "desistencia"}},
    "desarquivar": {"": {}},
    "reabrir_por_decisao_do_plenario": {
        "": _sessao(data_sessao=PASSADO, numero_decisao="Decisão 7/2026", votos_sim=15)
    },
    "sobrestar": {"": {"fundamento": "ordem_judicial"}},
    "retomar": {"": {}},
    # Nome e sede: retificáveis em toda etapa até a apresentação do PL (Art. 7º, I); os demais
    # campos, ausentes, ficam como estão.
    "retificar_dados": {"": {"nome_proposto": "Vale do Arinos", "sede_proposta": "Vale do Arinos"}},
    # Art. 23 (app transparencia): os detalhes internos do processo, liberados e revogados.
    "liberar_informacao": {"": {"item": "detalhes"}},
    "revogar_liberacao": {"": {"item": "detalhes"}},
    # Art. 15, II (app territorio): sem mapa em GeoJSON ou KML conferido, nunca disponível.
    "recalcular_territorio": {"": {"edicao_malha": "2025"}},
}
TODOS_OS_ATOS = tuple(DADOS)

# O ato (e a conclusão) que leva cada etapa do caminho à seguinte, no rito favorável.
AVANCO = {
    "protocolada": ("receber_na_crt", ""),
    "em_instrucao": ("registrar_visita", ""),
    "visita_realizada": ("emitir_parecer_preliminar", "solicitar_documentos"),
    "aguardando_certidoes": ("concluir_certidoes", ""),
    "aguardando_parecer_merito": ("emitir_parecer_merito", "favoravel"),
    "deliberacao_plenario": ("deliberar_plenario", "aprovado"),
    "na_ccj": ("registrar_parecer_ccj", "favoravel"),
    "elaboracao_pdl": ("apresentar_pdl", ""),
    "pdl_em_tramitacao": ("publicar_decreto", ""),
    "decreto_publicado": ("encaminhar_ao_tre", ""),
    "plebiscito_no_tre": ("registrar_resultado", ""),
    "resultado_em_analise": ("emitir_parecer_resultado", ""),
    "elaboracao_pl": ("apresentar_pl", ""),
    "pl_em_ordem_do_dia": ("aprovar_pl", ""),
    "aguardando_sancao": ("registrar_lei", ""),
}


# Tabocão/TO, 2018: aprovado pelas três regras.
TABOCAO = {
    "inscritos": 2719,
    "comparecimento": 2175,
    "sim": 1561,
    "nao": 525,
    "brancos": 41,
    "nulos": 48,
}
ATOS_DE_RESULTADO = ("registrar_resultado", "retificar_resultado")


def dados_resultado(processo, numeros: dict | None = None, **por_unidade) -> dict:
    """O resultado com `numeros` (Tabocão, por padrão) em cada unidade que o processo exige
    hoje; `por_unidade` troca os números de uma unidade pelo nome. Na fusão, a pergunta
    sobre a sede repete os votos da pergunta principal, salvo `sede_*` dado."""
    from plebiscito.services import tem_pergunta_sede, unidades_exigidas

    unidades = []
    for u in unidades_exigidas(processo):
        linha = TABOCAO | (numeros or {}) | por_unidade.get(u.nome, {})
        if tem_pergunta_sede(processo):
            linha = {f"sede_{c}": linha[c] for c in ("sim", "nao", "brancos", "nulos")} | linha
        unidades.append({"nome": u.nome, "area_desmembrada": u.area_desmembrada} | linha)
    # O ofício do TRE não antecede o encaminhamento do Decreto (plebiscito.services).
    encaminhamento = processo.andamentos.filter(ato="encaminhar_ao_tre").first()
    data = encaminhamento.data_ato if encaminhamento else PASSADO
    return {
        "oficio_tre": "1/2026",
        "data_oficio_tre": data,
        "data_leitura_plenario": data,
        "data_consulta": data,
        "unidades": unidades,
    }


def post_resultado(processo, dados: dict) -> dict:
    """Os campos do formulário do resultado: um por número de cada unidade exigida."""
    from plebiscito.services import unidades_exigidas

    chaves = {u.nome: u.chave for u in unidades_exigidas(processo)}
    post = para_post({c: v for c, v in dados.items() if c != "unidades"})
    for unidade in dados["unidades"]:
        for campo, valor in unidade.items():
            if campo not in ("nome", "area_desmembrada"):
                post[f"{chaves[unidade['nome']]}_{campo}"] = str(valor)
    return post


def semear_resultado(processo, usuario, numeros: dict | None = None):
    """Resultado gravado como se registrado pela Mesa em PASSADO (atalho das matrizes)."""
    from plebiscito.services import gravar_resultado

    dados = dados_resultado(processo, numeros) | {"abrangencia": "area_desmembrada"}
    andamento = Andamento.objects.create(
        processo=processo,
        ato="registrar_resultado",
        estado_origem="plebiscito_no_tre",
        estado_destino="resultado_em_analise",
        usuario=usuario,
        data_ato=PASSADO,
        dados=dados,
    )
    return gravar_resultado(andamento)


def para_post(dados: dict) -> dict:
    """Os dados de um ato como o navegador os envia (datas dd/mm/aaaa, caixas "on")."""
    post = {}
    for campo, valor in dados.items():
        if campo == "condicoes_instalacao":
            post[campo] = "sim" if valor else "nao"
        elif isinstance(valor, bool):
            if valor:
                post[campo] = "on"
        elif isinstance(valor, date):
            post[campo] = valor.strftime("%d/%m/%Y")
        else:
            post[campo] = str(valor)
    return post


def formulario_do_ato(processo: Processo, nome_ato: str, conclusao: str = "", **extra) -> dict:
    """POST completo e válido do formulário do ato para o processo no estado atual."""
    if nome_ato in ATOS_DE_RESULTADO:
        proprios = post_resultado(processo, dados_resultado(processo))
    elif nome_ato == "retificar_dados":
        proprios = dados_atuais(processo) | para_post(DADOS[nome_ato][conclusao])
    else:
        proprios = para_post(DADOS[nome_ato][conclusao])
    return (
        {
            "data_ato": timezone.localdate().strftime("%d/%m/%Y"),
            "estado_esperado": processo.estado,
            # A versão do processo que a página mostraria agora (processos.versao).
            "ultimo_andamento": versao_do_processo(processo.pk),
            "justificativa": JUSTIFICATIVA,
        }
        | proprios
        | extra
    )


def dados_atuais(processo: Processo) -> dict:
    """Os dados do processo como o formulário de retificação os traz preenchidos (POST)."""

    def area(valor):
        return "" if valor is None else str(valor)

    return {
        "nome_proposto": processo.nome_proposto,
        "sede_proposta": processo.sede_proposta,
        "municipios_origem": [m.pk for m in processo.municipios_origem.all()],
        "area_movida_km2": area(processo.area_movida_km2),
        "area_total_km2": area(processo.area_total_km2),
        "divisas": processo.divisas,
        "memorial_descritivo": processo.memorial_descritivo,
    }


# --- usuários e processos -----------------------------------------------------------------


def usuario_com_papeis(username: str, *papeis: str, nome: str = "") -> User:
    user = User.objects.create_user(username, password=SENHA, first_name=nome or username)
    for papel in papeis:
        user.groups.add(Group.objects.get_or_create(name=GRUPOS[papel])[0])
    return user


def protocolar(
    usuario,
    *,
    tipo: str = "criacao",
    nome: str = "Nova Fronteira do Norte",
    sede: str = "Nova Fronteira do Norte",
    municipios=(),
    area_movida=None,
    area_total=None,
    data: date = PASSADO,
) -> Processo:
    semear_tabela_va()
    processo = protocolar_processo(
        usuario=usuario,
        dados=DadosProtocolo(
            tipo=tipo,
            nome_proposto=nome,
            sede_proposta=sede,
            municipios_origem=list(municipios) or [origem_padrao()],
            forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
            representantes="Comissão pró-emancipação",
            data_leitura_expediente=data,
            area_movida_km2=area_movida,
            area_total_km2=area_total,
        ),
    )
    completar_tabela_va()  # o município de origem, criado no protocolo (Art. 2º, IV)
    return processo


def protocolar_instruido(usuario, **campos) -> Processo:
    """Protocolado com a representação completa (documentos do Art. 15 e validade)."""
    processo = protocolar(usuario, **campos)
    instruir_representacao(processo, usuario)
    return processo


def protocolar_variante(usuario, variante: str, **campos) -> Processo:
    return protocolar(usuario, **(VARIANTES[variante] | campos))


def processo_no_estado(
    usuario,
    variante: str,
    estado: str,
    *,
    origem_desvio: str = "em_instrucao",
    certidoes_respondidas: bool = True,
    **campos,
) -> Processo:
    """Processo protocolado de verdade e posto no `estado` direto no banco (atalho para as
    matrizes). Semeia o histórico de que os atos dependem: a visita in loco com o Art. 2º, V
    registrado, os ofícios de aguardando_certidoes (respondidos, salvo pedido em contrário),
    a cópia integral pronta no decreto_publicado e, para arquivado/sobrestado, o ato que
    levou até ali a partir de `origem_desvio` (para onde desarquivar/retomar devem voltar)."""
    processo = protocolar_variante(usuario, variante, **campos)
    if estado in ("protocolada", "em_diligencia"):
        instruir_representacao(processo, usuario)  # receber_na_crt decide pelos dados
    elif processo.tipo == "extincao":
        # Os dados do Art. 10 (fundamento, destino) decidem o parecer de mérito e o PL.
        instruir_extincao(processo, usuario)
    caminho = processo.caminho()
    if estado == "aguardando_certidoes":
        semear_oficios(processo, usuario, respondidos=certidoes_respondidas)
    elif (
        "aguardando_certidoes" in caminho
        and caminho.index(estado) > caminho.index("aguardando_certidoes")
        if estado in caminho
        else False
    ):
        # Depois da instrução, as certidões respondidas com os seus números (o PL as lê).
        semear_oficios(processo, usuario, respondidos=True)
    visita = DADOS["registrar_visita"][""]
    _semear(processo, usuario, "registrar_visita", "em_instrucao", "visita_realizada", visita)
    if estado == "resultado_em_analise":
        semear_resultado(processo, usuario)
    if estado == "elaboracao_pl":
        # O parecer que aprovou o plebiscito (o PL o exige nos tipos com plebiscito).
        aprovado = {"conclusao": "favoravel", "apuracao": {"aprovado": True}}
        _semear(
            processo,
            usuario,
            "emitir_parecer_resultado",
            "resultado_em_analise",
            "elaboracao_pl",
            aprovado,
        )
    if estado == "arquivado" and origem_desvio == "deliberacao_plenario":
        # Arquivado pela votação do Plenário (Art. 18, § 1º): só outra decisão o reabre.
        rejeitado = {"resultado": "rejeitado", "votos_sim": 6, "votos_nao": 14}
        _semear(processo, usuario, "deliberar_plenario", origem_desvio, "arquivado", rejeitado)
    elif estado == "arquivado":
        _semear(processo, usuario, "arquivar", origem_desvio, "arquivado", {"motivo": "outro"})
    if estado == "sobrestado":
        _semear(
            processo, usuario, "sobrestar", origem_desvio, "sobrestado", {"fundamento": "outro"}
        )
    Processo.objects.filter(pk=processo.pk).update(estado=estado)
    if estado == "decreto_publicado":
        # O Decreto segue ao TRE com a cópia integral já montada (Art. 19, § 1º).
        montar_copia_integral(recarregar(processo), usuario)
    return recarregar(processo)


# Órgãos a que cada tipo oficia (Art. 2º; Art. 8º; Art. 10, I), escritos aqui por extenso.
ORGAOS_POR_TIPO = {
    "criacao": ("cartografia", "tre", "sefaz"),
    "extincao": ("cartografia", "tre", "sefaz"),
    "revisao_limites": ("cartografia",),
}
INCISOS = {"cartografia": "I, III e VI", "tre": "II", "sefaz": "IV"}
# Uma certidão de verdade: o pypdf a abre e conta uma página (só "%PDF-" não basta).
PDF_MINIMO = pdf_real()


def certidao_pdf(nome: str = "certidao.pdf", conteudo: bytes = PDF_MINIMO):
    return SimpleUploadedFile(nome, conteudo, content_type="application/pdf")


def semear_oficios(processo, usuario, *, respondidos: bool) -> list[Oficio]:
    """Ofícios gravados direto no banco, como se enviados (e respondidos) em PASSADO."""
    completar_tabela_va()  # os municípios criados depois do protocolo (Art. 2º, IV)
    resposta = {"respondido_em": PASSADO} if respondidos else {}
    oficios = [
        Oficio.objects.create(
            processo=processo,
            orgao=orgao,
            incisos=INCISOS[orgao],
            numero=f"S{processo.pk}-{orgao}",
            enviado_em=PASSADO,
            criado_por=usuario,
            **resposta,
        )
        for orgao in ORGAOS_POR_TIPO[processo.tipo]
    ]
    for oficio in oficios if respondidos else ():
        dados = dados_certidao(oficio, data=PASSADO)
        certidao = Certidao.objects.create(
            oficio=oficio,
            numero=f"C-{oficio.numero}",
            data=PASSADO,
            arquivo=ContentFile(PDF_MINIMO, name="certidao.pdf"),
            sha256=hashlib.sha256(PDF_MINIMO).hexdigest(),
            exercicio=dados.exercicio,
            registrada_por=usuario,
        )
        for chave, campos in dados.figuras.items():
            municipio = None if chave == "area" else Municipio.objects.get(codigo_ibge=chave[1:])
            FiguraCertidao.objects.create(
                certidao=certidao, chave=chave, municipio=municipio, **campos
            )
    return oficios


# O que cada órgão certifica nos processos de teste (atende ao Art. 2º e ao § 1º): os
# números de FIGURAS_ART2, a área de 310,5 km² e 12,5 % do índice do ICMS de cada origem.
AREA_KM2 = Decimal("310.500")
PARTICIPACAO_ICMS = Decimal("12.5")


def figuras_da_unidade(unidade, figuras: dict = FIGURAS_ART2) -> dict:
    """Os números de `figuras` (no formato de FIGURAS_ART2) para uma unidade pedida."""
    if unidade.e_area:
        fonte = figuras | {"area_km2": AREA_KM2}
    else:
        remanescentes = {r.get("codigo_ibge"): r for r in figuras["remanescentes"]}
        fonte = remanescentes.get(unidade.municipio.codigo_ibge, figuras["remanescentes"][0])
        fonte = {
            "continuidade_territorial": figuras["continuidade_territorial"],
            "area_km2": AREA_KM2 * 10,
            "participacao_icms": PARTICIPACAO_ICMS,
        } | fonte
    return {campo: fonte.get(campo) for campo in unidade.campos}


def dados_certidao(
    oficio, figuras: dict = FIGURAS_ART2, *, numero=None, data=None, arquivo=None, **troca
):
    """A certidão que responde ao ofício com os números de `figuras` (todos os pedidos);
    `troca` substitui os números de uma unidade ({"area": {...}})."""
    from instrucao import certidoes

    if figuras is FIGURAS_ART2 and oficio.processo.tipo == "extincao":
        # Art. 10, III (`instruir_extincao`): o TRE certifica os 199 eleitores do município.
        figuras = FIGURAS_ART2 | {"eleitores": 199}
    unidades = certidoes.unidades_pedidas(oficio.processo, oficio.orgao)
    exercicio = (
        figuras["exercicio_va"] if certidoes.pede_exercicio(oficio.processo, oficio.orgao) else None
    )
    return DadosCertidao(
        arquivo=arquivo or certidao_pdf(),
        numero=numero or f"{oficio.orgao.upper()}-{oficio.pk}/2026",
        data=data or timezone.localdate(),
        exercicio=troca.pop("exercicio", exercicio),
        figuras={u.chave: figuras_da_unidade(u, figuras) for u in unidades} | troca,
    )


def responder_oficios(processo, usuario, *, orgaos=None, figuras: dict = FIGURAS_ART2) -> None:
    """Registra, pelo serviço, a resposta de cada ofício vigente em aberto (ou só dos
    `orgaos` dados), com a certidão e todos os números que o ofício pede."""
    completar_tabela_va()  # os municípios criados depois do protocolo (Art. 2º, IV)
    abertos = processo.oficios.vigentes().filter(respondido_em__isnull=True)
    if orgaos:
        abertos = abertos.filter(orgao__in=orgaos)
    for oficio in abertos.select_related("processo"):
        registrar_resposta(
            oficio_id=oficio.pk,
            usuario=usuario,
            respondido_em=timezone.localdate(),
            certidao=dados_certidao(oficio, figuras),
        )


def _semear(processo, usuario, ato, origem, destino, dados) -> None:
    Andamento.objects.create(
        processo=processo,
        ato=ato,
        estado_origem=origem,
        estado_destino=destino,
        usuario=usuario,
        data_ato=PASSADO,
        dados=dados,
    )


def dados_em(nome_ato: str, conclusao: str, data: date) -> dict:
    """Os dados válidos do ato com as datas que ele registra no dia `data` do ato (a ordem
    das datas da lei, processos.cronologia, aceita o mesmo dia)."""
    return {
        campo: data if isinstance(valor, date) else valor
        for campo, valor in DADOS[nome_ato][conclusao].items()
    }


def praticar(processo, usuario, nome_ato: str, conclusao: str = "", **kwargs):
    """Pratica o ato pelo serviço, com dados válidos; devolve o Andamento. Receber na CRT
    pressupõe a representação instruída (Art. 15 e 16): os construtores a completam."""
    if nome_ato == "receber_na_crt":
        instruir_representacao(processo, usuario)
    if nome_ato == "encaminhar_ao_tre":
        montar_copia_integral(processo, usuario)
    if nome_ato == "apresentar_pl":
        juntar_certidao_ibge(processo, usuario)  # Art. 6º, § 1º
    kwargs.setdefault("data_ato", timezone.localdate())
    kwargs.setdefault("justificativa", JUSTIFICATIVA)
    # Como um formulário aberto agora: a versão atual do processo (processos.versao).
    kwargs.setdefault("ultimo_andamento", versao_do_processo(processo.pk))
    if "dados" not in kwargs and nome_ato in ATOS_DE_RESULTADO:
        kwargs["dados"] = dados_resultado(processo)
    elif "dados" not in kwargs:
        kwargs["dados"] = dados_em(nome_ato, conclusao, kwargs["data_ato"])
    return praticar_ato(processo_id=processo.pk, nome_ato=nome_ato, usuario=usuario, **kwargs)


def montar_copia_integral(processo, usuario):
    """O encaminhamento ao TRE exige a cópia integral pronta (Art. 19, § 1º): a que o
    executor de tarefas montaria em segundo plano, montada aqui pelo mesmo serviço."""
    from documentos.copia_integral import copia_atual, emitir_copia_integral

    return copia_atual(processo) or emitir_copia_integral(processo, usuario=usuario)


def avancar(processo, usuario, ate: str, *, pular_visita: bool = False) -> Processo:
    """Leva o processo pelo rito favorável, ato a ato pelos serviços, até a etapa `ate`."""
    processo = recarregar(processo)
    while processo.estado != ate:
        nome_ato, conclusao = AVANCO[processo.estado]
        if nome_ato == "concluir_certidoes":
            responder_oficios(processo, usuario)
        if nome_ato == "receber_na_crt":
            instruir_representacao(processo, usuario)
        if pular_visita and processo.estado == "em_instrucao":
            nome_ato, conclusao = "emitir_parecer_preliminar", "solicitar_documentos"
        praticar(processo, usuario, nome_ato, conclusao)
        processo = recarregar(processo)
    return processo


def recarregar(processo) -> Processo:
    """O FSMField protegido não aceita refresh_from_db(): relê a linha."""
    return Processo.objects.get(pk=processo.pk)


class _Desfazer(Exception):
    pass


@contextmanager
def desfeito():
    """Executa o bloco e desfaz tudo o que ele gravou (savepoint)."""
    try:
        with transaction.atomic():
            yield
            raise _Desfazer
    except _Desfazer:
        pass
