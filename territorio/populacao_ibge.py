"""A população dos municípios de MT pela API SIDRA do IBGE: a tabela 6579 (Estimativas da
População), variável 9324 (população residente estimada), nível territorial N6 (município)
dentro de MT (`in n3 51`), um ano (`p/<ano>`):
`<base>/t/6579/n6/in%20n3%2051/v/9324/p/<ano>`, base em EMANCIPACAO_POPULACAO_IBGE_URL.

A resposta é uma lista JSON de objetos; o primeiro é o cabeçalho, que dá o nome de cada
coluna ("Município (Código)", "Variável (Código)", "Ano (Código)", "Valor"); as dimensões
D1…Dn seguem a ordem do pedido, por isso as colunas são achadas pelo nome e não pela posição.
Os demais, um por município, trazem o valor em texto: um inteiro, ou "-", "..", "..." ou "X"
quando o IBGE não publica número (o município fica sem população, e a carga o aponta).

O mesmo formato vale para o arquivo .json salvo da SIDRA noutra máquina; o .csv local tem
`codigo_ibge` e `populacao` (ou `populacao_estimada_<ano>`, como a tabela da pasta da malha)."""

import csv
import io
import json
from pathlib import Path

from territorio.malha_ibge import MalhaIndisponivel, baixar

TABELA = 6579
VARIAVEL = 9324
UF_CODIGO = 51
# Os sinais da SIDRA para "sem número" (zero absoluto, não se aplica, não disponível, sigilo).
SEM_NUMERO = {"-", "..", "...", "X"}


class PopulacaoRecusada(ValueError):
    pass


def url_da_populacao(base: str, ano: int) -> str:
    return f"{base.rstrip('/')}/t/{TABELA}/n6/in%20n3%20{UF_CODIGO}/v/{VARIAVEL}/p/{ano}"


def fonte_da_populacao(ano: int, origem: str) -> str:
    return f"IBGE, Estimativas da População {ano} ({origem})"


def baixar_populacao(base: str, ano: int) -> tuple[dict[int, tuple[str, int | None]], str]:
    """Código IBGE → (nome, habitantes ou None) da estimativa do ano, e a fonte a citar."""
    url = url_da_populacao(base, ano)
    try:
        conteudo = baixar(
            url,
            confira=(
                f"confira o ano da estimativa pedido ({ano}; o IBGE não publica estimativa "
                "nos anos de censo, como 2022)"
            ),
            sem_rede=(
                "salve noutra máquina a resposta JSON desse endereço (ou uma tabela CSV com "
                "codigo_ibge e populacao) e rode `manage.py carregar_populacao ARQUIVO "
                "--ano ANO`"
            ),
        )
    except MalhaIndisponivel as exc:
        raise PopulacaoRecusada(str(exc)) from exc
    return ler_sidra(conteudo, ano), fonte_da_populacao(ano, f"SIDRA, tabela {TABELA}; {url}")


def _coluna(cabecalho: dict, nome: str) -> str | None:
    chaves = [c for c, v in cabecalho.items() if isinstance(v, str) and v.strip() == nome]
    return chaves[0] if len(chaves) == 1 else None


def _habitantes(valor, onde: str) -> int | None:
    texto = str(valor if valor is not None else "").strip()
    if texto in SEM_NUMERO:
        return None
    if not texto.isdigit() or len(texto) > 9:
        raise PopulacaoRecusada(f"{onde}: o valor {texto!r} não é um número de habitantes.")
    return int(texto)


def _codigo(valor, onde: str) -> int:
    texto = str(valor if valor is not None else "").strip()
    if len(texto) != 7 or not texto.isdigit():
        raise PopulacaoRecusada(f"{onde}: o código IBGE {texto!r} não tem 7 dígitos.")
    return int(texto)


def ler_sidra(conteudo: bytes, ano: int) -> dict[int, tuple[str, int | None]]:
    """A resposta da SIDRA (tabela 6579, um ano) lida: código IBGE → (nome, habitantes)."""
    try:
        linhas = json.loads(conteudo.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise PopulacaoRecusada(
            "A resposta da SIDRA não é JSON: o serviço pode ter devolvido uma página de erro."
        ) from exc
    if not isinstance(linhas, list) or not linhas or not all(isinstance(x, dict) for x in linhas):
        raise PopulacaoRecusada(
            "A resposta da SIDRA deveria ser uma lista JSON de linhas, a primeira com o cabeçalho."
        )
    cabecalho = linhas[0]
    colunas = {
        "municipio": _coluna(cabecalho, "Município (Código)"),
        "nome": _coluna(cabecalho, "Município"),
        "ano": _coluna(cabecalho, "Ano (Código)"),
        "valor": _coluna(cabecalho, "Valor"),
    }
    variavel = _coluna(cabecalho, "Variável (Código)")
    if None in colunas.values():
        raise PopulacaoRecusada(
            "A resposta da SIDRA não tem no cabeçalho as colunas Município (Código), "
            "Município, Ano (Código) e Valor: não é a tabela 6579 por município."
        )
    if len(linhas) == 1:
        raise PopulacaoRecusada(f"A SIDRA não trouxe nenhum município para o ano {ano}.")
    populacao: dict[int, tuple[str, int | None]] = {}
    for numero, linha in enumerate(linhas[1:], start=2):
        onde = f"Linha {numero} da resposta da SIDRA"
        if variavel and str(linha.get(variavel, "")).strip() != str(VARIAVEL):
            raise PopulacaoRecusada(
                f"{onde}: a variável é {linha.get(variavel)!r}, não a {VARIAVEL} "
                "(população residente estimada)."
            )
        if str(linha.get(colunas["ano"], "")).strip() != str(ano):
            raise PopulacaoRecusada(
                f"{onde}: a estimativa é do ano {linha.get(colunas['ano'])!r}, não de {ano}."
            )
        codigo = _codigo(linha.get(colunas["municipio"]), onde)
        if codigo in populacao:
            raise PopulacaoRecusada(f"{onde}: o município {codigo} aparece duas vezes.")
        # "Cuiabá (MT)" ou "Cuiabá - MT", conforme o formato da SIDRA.
        nome = str(linha.get(colunas["nome"]) or "").removesuffix(" (MT)").removesuffix(" - MT")
        populacao[codigo] = (nome, _habitantes(linha.get(colunas["valor"]), onde))
    return populacao


def ler_csv(texto: str, ano: int) -> dict[int, tuple[str, int | None]]:
    """A tabela local: `codigo_ibge` e `populacao` ou `populacao_estimada_<ano>`."""
    leitor = csv.DictReader(io.StringIO(texto.lstrip("\ufeff")))
    colunas = leitor.fieldnames or []
    coluna = next((c for c in ("populacao", f"populacao_estimada_{ano}") if c in colunas), None)
    if "codigo_ibge" not in colunas or coluna is None:
        raise PopulacaoRecusada(
            f"A tabela precisa das colunas codigo_ibge e populacao (ou populacao_estimada_{ano})."
        )
    populacao: dict[int, tuple[str, int | None]] = {}
    for numero, linha in enumerate(leitor, start=2):
        onde = f"Linha {numero} da tabela"
        codigo = _codigo(linha.get("codigo_ibge"), onde)
        if codigo in populacao:
            raise PopulacaoRecusada(f"{onde}: o município {codigo} aparece duas vezes.")
        valor = (linha.get(coluna) or "").strip() or "-"
        populacao[codigo] = ((linha.get("nome") or "").strip(), _habitantes(valor, onde))
    if not populacao:
        raise PopulacaoRecusada("A tabela de população não tem nenhuma linha.")
    return populacao


def ler_arquivo(caminho: Path, ano: int) -> tuple[dict[int, tuple[str, int | None]], str]:
    """O arquivo local (.json da SIDRA ou .csv) lido, e a fonte a citar."""
    if not caminho.is_file():
        raise PopulacaoRecusada(f"Arquivo de população não encontrado: {caminho}.")
    try:
        conteudo = caminho.read_bytes()
        if caminho.suffix.lower() == ".json":
            populacao = ler_sidra(conteudo, ano)
            origem = f"SIDRA, tabela {TABELA}; arquivo {caminho.name}"
        elif caminho.suffix.lower() == ".csv":
            populacao = ler_csv(conteudo.decode("utf-8"), ano)
            origem = f"arquivo {caminho.name}"
        else:
            raise PopulacaoRecusada(
                "O arquivo de população deve ser .json (a resposta da SIDRA) ou .csv."
            )
    except UnicodeDecodeError as exc:
        raise PopulacaoRecusada(f"A tabela {caminho.name} não está em UTF-8.") from exc
    return populacao, fonte_da_populacao(ano, origem)
