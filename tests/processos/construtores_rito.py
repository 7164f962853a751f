"""O rito escrito a partir da lei para os testes: o caminho de cada tipo (Arts. 7º a 20),
os dados válidos de cada ato por conclusão e o ato que leva cada etapa à seguinte.

Escrito sem ler `processos.rito`: os testes comparam o código com esta tabela independente."""

from datetime import date
from decimal import Decimal

from django.utils import timezone

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


def dados_em(nome_ato: str, conclusao: str, data: date) -> dict:
    """Os dados válidos do ato com as datas que ele registra no dia `data` do ato (a ordem
    das datas da lei, processos.cronologia, aceita o mesmo dia)."""
    return {
        campo: data if isinstance(valor, date) else valor
        for campo, valor in DADOS[nome_ato][conclusao].items()
    }
