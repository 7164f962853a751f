"""O plebiscito nos testes (Art. 20): o resultado de Tabocão/TO em cada unidade exigida,
como o formulário o envia e como a Mesa o teria registrado."""

from processos.models import Andamento
from tests.processos.construtores_rito import PASSADO, para_post

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
    from plebiscito.resultado import gravar_resultado

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
