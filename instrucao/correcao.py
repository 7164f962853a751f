"""Corrigir digitação: o número certificado foi digitado errado — a certidão está
certa. A correção é uma versão nova da mesma certidão, com o mesmo PDF (mesmo SHA-256), o
mesmo número e a mesma data; mudam só os números digitados, com a justificativa, quem e
quando. A versão anterior fica nos autos, e a seção "Ofícios e prazos" mostra o antes → depois.
Vale o mesmo limite da certidão retificadora: só antes do parecer de mérito (Art. 18)."""

from dataclasses import dataclass

from django.db import transaction

from emancipacao.numeros import exibir
from instrucao import certidoes
from instrucao.models import Certidao, FiguraCertidao
from instrucao.services import (
    DadosCertidao,
    conferir_figuras,
    movimentar,
    travar_certidao_vigente,
)
from processos.models import AtoRecusado

UNIDADE = {"valor_adicionado": "R$ ", "area_km2": " km²", "participacao_icms": " %"}


@dataclass(frozen=True)
class Alteracao:
    """Um número que a correção mudou: o rótulo, o valor anterior e o novo, como se leem."""

    rotulo: str
    antes: str
    depois: str

    def __str__(self) -> str:
        return f"{self.rotulo}: {self.antes} → {self.depois}"


def _texto(campo: str, valor) -> str:
    if valor is None:
        return "em branco"
    if isinstance(valor, bool):
        return "sim" if valor else "não"
    unidade = UNIDADE.get(campo, "")
    texto = exibir(valor)
    return f"R$ {texto}" if unidade == "R$ " else f"{texto}{unidade}"


def alteracoes(certidao: Certidao, anterior: Certidao | None = None) -> list[Alteracao]:
    """O que a versão `certidao` mudou em relação à que ela substitui (exercício e números
    de cada unidade), na ordem das unidades pedidas; `anterior` evita reler a substituída."""
    anterior = anterior or certidao.substitui
    if anterior is None:
        return []
    antes = certidoes.numeros_da_certidao(anterior)
    depois = certidoes.numeros_da_certidao(certidao)
    mudancas = []
    if anterior.exercicio != certidao.exercicio:
        mudancas.append(
            Alteracao(
                "Exercício do valor adicionado",
                str(anterior.exercicio or "em branco"),
                str(certidao.exercicio or "em branco"),
            )
        )
    processo = certidao.oficio.processo
    for unidade in certidoes.unidades_pedidas(processo, certidao.oficio.orgao):
        for campo in unidade.campos:
            a = antes.get(unidade.chave, {}).get(campo)
            d = depois.get(unidade.chave, {}).get(campo)
            if a != d:
                rotulo = f"{unidade.nome}: {certidoes.ROTULOS[campo]}"
                mudancas.append(Alteracao(rotulo, _texto(campo, a), _texto(campo, d)))
    return mudancas


def corrigir_digitacao(
    *,
    oficio_id: int,
    usuario,
    figuras: dict,
    exercicio: int | None,
    justificativa: str,
    versao_vista: int | None = None,
) -> Certidao:
    """A versão seguinte da certidão vigente com os números corrigidos; o PDF, o número e a
    data são os da vigente. Recusa a correção que não muda nenhum número."""
    justificativa = (justificativa or "").strip()
    if not justificativa:
        raise AtoRecusado("Informe a justificativa da correção de digitação.")
    with transaction.atomic():
        oficio, anterior = travar_certidao_vigente(oficio_id, usuario, versao_vista)
        dados = DadosCertidao(
            arquivo=None,
            numero=anterior.numero,
            data=anterior.data,
            figuras=figuras,
            exercicio=exercicio,
        )
        novas = conferir_figuras(oficio, dados)
        nova = Certidao.objects.create(
            oficio=oficio,
            versao=anterior.versao + 1,
            substitui=anterior,
            numero=anterior.numero,
            data=anterior.data,
            arquivo=anterior.arquivo.name,
            sha256=anterior.sha256,
            exercicio=exercicio,
            justificativa=justificativa,
            correcao_de_digitacao=True,
            registrada_por=usuario,
        )
        for figura in novas:
            figura.certidao = nova
            figura.full_clean(exclude=["certidao"], validate_constraints=False)
        FiguraCertidao.objects.bulk_create(novas)
        if not alteracoes(nova):
            raise AtoRecusado("Nenhum número mudou: corrija o número digitado errado, ou cancele.")
        movimentar(oficio)
    return nova
