"""O parecer de mérito nomeia a versão de cada parâmetro legal do Art. 2º que usou — a em
vigor na data do parecer (tempus regit actum) —, como o parecer sobre o resultado do
plebiscito já nomeia a da regra de aprovação (Art. 11, § 2º)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from documentos.models import Documento
from requisitos.models import ParametroLegal
from tests.documentos.auxiliares import sem_espacos, texto
from tests.processos.construtores import DADOS, praticar, processo_no_estado

pytestmark = pytest.mark.django_db

FAVORAVEL = DADOS["emitir_parecer_merito"]["favoravel"]


def vigorar(nome: str, valor: str, desde, fundamento: str) -> None:
    ParametroLegal.objects.create(
        nome=nome, valor=valor, vigencia_inicio=desde, fundamento=fundamento
    )


def test_art2_o_parecer_de_merito_nomeia_a_versao_de_cada_parametro(operador, emissao_real):
    hoje = timezone.localdate()
    # Art. 2º, I: a versão em vigor no dia do parecer, e a seguinte, ainda não vigente.
    vigorar("populacao_minima", "4000", hoje, "LC hipotética 900/2026")
    vigorar("populacao_minima", "4500", hoje + timedelta(days=1), "LC hipotética 901/2026")
    processo = processo_no_estado(operador, "criacao", "aguardando_parecer_merito")

    andamento = praticar(processo, operador, "emitir_parecer_merito", dados=dict(FAVORAVEL))

    doc = Documento.objects.get(processo=processo, tipo="parecer_merito")
    conteudo = sem_espacos(texto(doc.arquivo.path))
    assert (
        sem_espacos(f"Parâmetros aplicados, em vigor na data deste parecer ({hoje:%d/%m/%Y})")
        in conteudo
    )
    assert (
        sem_espacos(
            f"População estimada mínima (não inferior a): 4.000 (versão de {hoje:%d/%m/%Y}, "
            "LC hipotética 900/2026)"
        )
        in conteudo
    )
    assert sem_espacos("4.500") not in conteudo and "901/2026" not in conteudo
    # A versão cadastrada desde a lei (a da migração dos parâmetros), com a sua fonte.
    assert (
        sem_espacos("Casas no centro urbano (superior a): 200 (versão de 19/11/1992, LC 23/1992")
        in conteudo
    )
    assert (
        sem_espacos("Quantidade de municípios de menor valor adicionado na média: 10") in conteudo
    )
    # O PDF diz o que o ato gravou.
    nomes = [p["nome"] for p in andamento.dados["parametros_aplicados"]]
    assert nomes == ["populacao_minima", "percentual_eleitores", "casas_minimas", "n_menores_va"]
