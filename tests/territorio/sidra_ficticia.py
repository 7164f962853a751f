"""Respostas no formato da API SIDRA do IBGE, feitas pelos testes (sem rede)."""

import json


def resposta_sidra(ano: int, valores: dict[int, str], *, ordem=("municipio", "variavel", "ano")):
    """Uma resposta da API SIDRA (tabela 6579, variável 9324) como o IBGE a devolve: a
    primeira linha é o cabeçalho; as dimensões D1…D3 na ordem do pedido; valores em texto."""
    dimensoes = {
        "municipio": ("Município", lambda c: (str(c), f"Fictício {c} (MT)")),
        "variavel": ("Variável", lambda c: ("9324", "População residente estimada")),
        "ano": ("Ano", lambda c: (str(ano), str(ano))),
    }
    cabecalho = {
        "NC": "Nível Territorial (Código)",
        "NN": "Nível Territorial",
        "MC": "Unidade de Medida (Código)",
        "MN": "Unidade de Medida",
        "V": "Valor",
    }
    for i, dimensao in enumerate(ordem, start=1):
        cabecalho[f"D{i}C"] = f"{dimensoes[dimensao][0]} (Código)"
        cabecalho[f"D{i}N"] = dimensoes[dimensao][0]
    linhas = [cabecalho]
    for codigo, valor in valores.items():
        linha = {"NC": "6", "NN": "Município", "MC": "45", "MN": "Pessoas", "V": valor}
        for i, dimensao in enumerate(ordem, start=1):
            linha[f"D{i}C"], linha[f"D{i}N"] = dimensoes[dimensao][1](codigo)
        linhas.append(linha)
    return json.dumps(linhas, ensure_ascii=False).encode()


def servir_sidra(pasta, ano: int, conteudo: bytes) -> None:
    """Grava `conteudo` no caminho que o servidor local serve para o pedido do `ano` (o
    mesmo da API: t/6579/n6/in%20n3%2051/v/9324/p/ANO)."""
    destino = pasta / "sidra" / "t" / "6579" / "n6" / "in n3 51" / "v" / "9324" / "p"
    destino.mkdir(parents=True, exist_ok=True)
    (destino / str(ano)).write_bytes(conteudo)
