"""Os signatários da representação (Art. 13): acrescentar um, importar a lista de um CSV e
contar as assinaturas aptas.

Art. 13: a representação é assinada por, no mínimo, 100 eleitores (parâmetro legal
`assinaturas_minimas`) residentes ou domiciliados na área a desmembrar, com firmas
reconhecidas. Um título repetido conta uma vez (Art. 13: eleitores, não assinaturas). A
lista só cresce: nada se edita nem se apaga; quem registrou e quando fica em cada linha.

Decisão sobre a importação: ela é tudo ou nada e nunca grava em silêncio uma parte. Recusa
o arquivo inteiro quando qualquer linha tem erro — nome em branco, título com tamanho ou
caracteres errados, UF inexistente **ou dígito verificador que não confere**, sim/não
ilegível, colunas a mais — e devolve o relatório por linha (linha, título, problema): a CRT
corrige a lista e importa de novo. Um título válido repetido não é erro: a linha é gravada
marcada como repetição e a contagem o considera uma vez. Títulos inválidos só entram pela
tela, um a um, com a confirmação expressa de quem transcreve a lista assinada.
"""

import csv
import hashlib
import io
import re
import unicodedata
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from processos import leitura, versao
from processos.models import Processo
from representacao.models import ImportacaoAssinaturas, Signatario
from representacao.titulo import verificar_titulo
from requisitos import formatacao as fmt
from requisitos.models import parametros_em_vigor

LIMITE_BYTES = 5 * 1024 * 1024
LIMITE_LINHAS = 20_000
LIMITE_PROBLEMAS = 100
TAMANHO_NOME = 200

COLUNAS = ("nome", "titulo_eleitor", "zona", "secao", "reside_na_area", "firma_reconhecida")
OBRIGATORIAS = ("nome", "titulo_eleitor", "reside_na_area", "firma_reconhecida")
# Cabeçalho sem acentos, maiúsculas, espaços nem pontuação: "Título de Eleitor" → "titulodeeleitor".
SINONIMOS = {
    "nome": "nome",
    "tituloeleitor": "titulo_eleitor",
    "titulodeeleitor": "titulo_eleitor",
    "tituloeleitoral": "titulo_eleitor",
    "titulo": "titulo_eleitor",
    "zona": "zona",
    "zonaeleitoral": "zona",
    "secao": "secao",
    "secaoeleitoral": "secao",
    "residenaarea": "reside_na_area",
    "firmareconhecida": "firma_reconhecida",
}
SIM = frozenset({"sim", "s", "1", "true"})
NAO = frozenset({"nao", "n", "0", "false"})
# Controles que não existem num CSV de texto (fora tabulação e quebras de linha).
_CONTROLES = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_NUMERO_ELEITORAL = re.compile(r"[0-9]{1,4}")
_PRIMEIRA_LINHA = re.compile(r"[^\r\n]*")

# A linha de exemplo do modelo do CSV (o cabeçalho são as COLUNAS).
EXEMPLO_CSV = ("Maria da Silva Souza", "0012 3456 1805", "19", "123", "sim", "sim")


@dataclass(frozen=True)
class DadosSignatario:
    nome: str
    titulo: str
    zona: str = ""
    secao: str = ""
    reside_na_area: bool = True
    firma_reconhecida: bool = True


@dataclass(frozen=True)
class Problema:
    linha: int
    titulo: str
    problema: str
    nome: str = ""  # o nome como veio na linha, para achá-la na lista assinada


@dataclass
class Relatorio:
    aceito: bool
    mensagem: str
    linhas: int = 0
    importadas: int = 0
    problemas: list[Problema] = field(default_factory=list)
    avisos: list[Problema] = field(default_factory=list)  # títulos repetidos (contam uma vez)
    truncado: bool = False
    importacao: ImportacaoAssinaturas | None = None


@dataclass(frozen=True)
class Contagem:
    """`aptos`: títulos válidos distintos de eleitores residentes na área com firma
    reconhecida, lidos na primeira linha de cada título — o número que o Art. 13 conta. Por
    linha: total = validos (títulos distintos) + invalidos + duplicados; não residentes, sem
    firma e aptos, entre as não repetidas."""

    total: int = 0
    validos: int = 0
    invalidos: int = 0
    duplicados: int = 0
    nao_residentes: int = 0
    sem_firma: int = 0
    aptos: int = 0


# --- leituras -------------------------------------------------------------------------------


def signatarios_em_ordem(processo: Processo) -> QuerySet[Signatario]:
    """A lista na ordem em que foi registrada (a cópia integral autenticada a segue)."""
    return Signatario.objects.filter(processo=processo).order_by("ordem")


def buscar_signatarios(processo: Processo, texto: str = "") -> QuerySet[Signatario]:
    """Por parte do nome ou do número do título (com ou sem pontuação)."""
    signatarios = signatarios_em_ordem(processo)
    texto = " ".join(texto.split())
    if not texto:
        return signatarios
    criterio = Q(nome__icontains=texto)
    digitos = re.sub(r"[\s.\-/]", "", texto)
    if digitos.isdigit():
        criterio |= Q(titulo_eleitor__contains=digitos)
    return signatarios.filter(criterio)


def _agregados() -> dict[str, Count]:
    # A linha anulada fica na lista, riscada, e não entra em nenhuma conta.
    ativa = Q(anulado_em__isnull=True)
    original = Q(repete_ordem__isnull=True) & ativa
    return {
        "total": Count("id", filter=ativa),
        "validos": Count("id", filter=Q(titulo_valido=True) & original),
        "invalidos": Count("id", filter=Q(titulo_valido=False) & ativa),
        "duplicados": Count("id", filter=Q(repete_ordem__isnull=False) & ativa),
        "nao_residentes": Count("id", filter=Q(reside_na_area=False) & original),
        "sem_firma": Count("id", filter=Q(firma_reconhecida=False) & original),
        # Art. 13: um eleitor assina uma vez. Decisão: vale a primeira linha ativa do título
        # (a original); as seguintes são repetições e não contam, digam o que disserem — "não
        # reside" seguido de "reside" não faz o eleitor apto pela segunda linha. Se a primeira
        # foi digitada errado, corrige-se ela (correção de signatário, com justificativa).
        "aptos": Count(
            "titulo_eleitor",
            distinct=True,
            filter=Q(titulo_valido=True, reside_na_area=True, firma_reconhecida=True) & original,
        ),
    }


CAMPOS_DA_CONTAGEM = tuple(_agregados())
# As anotações da página do processo (`processos.extensoes.registrar_anotacao`).
ANOTACOES = {campo: f"assinaturas_{campo}" for campo in CAMPOS_DA_CONTAGEM}


@leitura.por_pagina
def contagem(processo: Processo) -> Contagem:
    """Uma consulta de agregação, sem carregar as linhas; na página do processo, anotada na
    consulta que lê o processo (`anotacao_da_contagem`)."""
    anotados = {c: leitura.anotado(processo, nome) for c, nome in ANOTACOES.items()}
    if None not in anotados.values():
        return Contagem(**anotados)
    return Contagem(**Signatario.objects.filter(processo=processo).aggregate(**_agregados()))


def anotacao_da_contagem(campo: str):
    """A fábrica da subconsulta de um número da contagem, sobre o processo da consulta."""

    def subconsulta():
        linhas = Signatario.objects.filter(processo=OuterRef("pk")).order_by()
        numero = linhas.values("processo").annotate(n=_agregados()[campo]).values("n")
        return Coalesce(Subquery(numero), 0)

    return subconsulta


def resumo_aptas(processo: Processo, aptos: int | None = None) -> str:
    """ "aptas: 87 de 100 exigidas (Art. 13)" — com o mínimo em vigor hoje."""
    aptos = contagem(processo).aptos if aptos is None else aptos
    minimo = parametros_em_vigor().assinaturas_minimas
    return f"aptas: {fmt.inteiro(aptos)} de {fmt.inteiro(minimo)} exigidas (Art. 13)"


# --- escrita --------------------------------------------------------------------------------


def travar_lista(processo: Processo) -> tuple[int, dict[str, int]]:
    """Trava o processo até o fim da transação: duas gravações simultâneas na mesma lista se
    enfileiram, e o nº seguinte e as repetições são calculados sobre a lista já completa (por
    isso o Max() aqui não repete números; a restrição única o garante de todo modo)."""
    Processo.objects.select_for_update().only("pk").get(pk=processo.pk)
    linhas = Signatario.objects.filter(processo=processo)
    ultimo = linhas.aggregate(ultimo=Max("ordem"))["ultimo"] or 0
    originais = dict(
        linhas.filter(
            titulo_valido=True, repete_ordem__isnull=True, anulado_em__isnull=True
        ).values_list("titulo_eleitor", "ordem")
    )
    return ultimo, originais


def _signatario(processo, usuario, dados: DadosSignatario, ordem, originais, importacao=None):
    titulo = verificar_titulo(dados.titulo)
    repete = originais.get(titulo.numero) if titulo.valido else None
    if titulo.valido and repete is None:
        originais[titulo.numero] = ordem
    return Signatario(
        processo=processo,
        ordem=ordem,
        nome=dados.nome,
        titulo_eleitor=titulo.numero[:40],
        titulo_valido=titulo.valido,
        repete_ordem=repete,
        zona=dados.zona,
        secao=dados.secao,
        reside_na_area=dados.reside_na_area,
        firma_reconhecida=dados.firma_reconhecida,
        importacao=importacao,
        criado_por=usuario,
    )


def adicionar_signatario(*, processo: Processo, usuario, dados: DadosSignatario) -> Signatario:
    """Acrescenta um signatário ao fim da lista. O título que não confere é gravado como está,
    marcado inválido (não conta); quem chama decide se aceita isso (o formulário pede
    confirmação)."""
    with transaction.atomic():
        ultimo, originais = travar_lista(processo)
        signatario = _signatario(processo, usuario, dados, ultimo + 1, originais)
        signatario.save()
        versao.tocar(processo)
    return signatario


def importar_csv(*, processo: Processo, usuario, arquivo, nome_arquivo: str) -> Relatorio:
    """Importa a lista de um CSV (UTF-8, com ou sem BOM, ou Latin-1; separador `;` ou `,`),
    tudo ou nada (ver a decisão no topo do módulo)."""
    conteudo = arquivo.read(LIMITE_BYTES + 1)
    if len(conteudo) > LIMITE_BYTES:
        return _recusa(f"O arquivo passa de {LIMITE_BYTES // (1024 * 1024)} MB. {_DIVIDA}")
    sha256 = hashlib.sha256(conteudo).hexdigest()
    anterior = _importacao_anterior(processo, sha256)
    if anterior:
        return _recusa(anterior)
    texto, erro = decodificar(conteudo)
    if erro:
        return _recusa(erro)
    leitura = ler_linhas(texto)
    if not leitura.aceito:
        return _recusa(
            leitura.mensagem,
            linhas=leitura.linhas,
            problemas=leitura.problemas,
            truncado=leitura.truncado,
        )
    return _gravar_importacao(processo, usuario, leitura, sha256, nome_arquivo)


def _gravar_importacao(processo, usuario, leitura: "Leitura", sha256: str, nome: str) -> Relatorio:
    """Tudo numa transação, com a lista travada; o lote só entra inteiro."""
    with transaction.atomic():
        ultimo, originais = travar_lista(processo)
        if anterior := _importacao_anterior(processo, sha256):
            return _recusa(anterior)
        importacao = ImportacaoAssinaturas.objects.create(
            processo=processo,
            arquivo=nome[:255],
            sha256=sha256,
            linhas=leitura.linhas,
            importadas=len(leitura.dados),
            por=usuario,
        )
        novos = [
            _signatario(processo, usuario, dados, ultimo + i, originais, importacao)
            for i, (_, dados) in enumerate(leitura.dados, start=1)
        ]
        Signatario.objects.bulk_create(novos, batch_size=1000)
        versao.tocar(processo)
    avisos = [
        Problema(
            linha,
            s.titulo_eleitor,
            f"Título repetido (nº {s.repete_ordem}): conta uma vez.",
            s.nome,
        )
        for (linha, _), s in zip(leitura.dados, novos, strict=True)
        if s.repete_ordem is not None
    ]
    importadas = _plural(len(novos), "assinatura importada", "assinaturas importadas")
    return Relatorio(
        aceito=True,
        mensagem=f"{importadas}; {resumo_aptas(processo)}.",
        linhas=leitura.linhas,
        importadas=len(novos),
        avisos=avisos,
        importacao=importacao,
    )


_DIVIDA = "Divida a lista em arquivos menores."


def _plural(n: int, um: str, varios: str) -> str:
    return f"{fmt.inteiro(n)} {um if n == 1 else varios}"


def _recusa(mensagem: str, **extra) -> Relatorio:
    return Relatorio(aceito=False, mensagem=mensagem, **extra)


def _importacao_anterior(processo: Processo, sha256: str) -> str:
    anterior = (
        ImportacaoAssinaturas.objects.filter(processo=processo, sha256=sha256)
        .select_related("por")
        .first()
    )
    if anterior is None:
        return ""
    quem = anterior.por.get_full_name() or anterior.por.username
    return (
        f"Este arquivo já foi importado neste processo ({anterior.arquivo}, "
        f"{timezone.localtime(anterior.em):%d/%m/%Y %H:%M}, por {quem}); nada foi gravado de novo."
    )


# --- leitura do CSV (sem banco) -------------------------------------------------------------


def decodificar(conteudo: bytes) -> tuple[str, str]:
    """(texto, "") ou ("", mensagem): UTF-8 primeiro (com ou sem BOM), depois Latin-1 (no
    Windows, a página 1252, que o Excel grava e que coincide com o Latin-1 nas letras)."""
    if conteudo.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "", "O arquivo está em UTF-16. Salve-o como “CSV UTF-8” ou “CSV (separado por ;)”."
    for codificacao in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            texto = conteudo.decode(codificacao)
        except UnicodeDecodeError:
            continue
        if not _CONTROLES.search(texto):
            return texto, ""
    return "", (
        "O arquivo não é um CSV de texto legível (UTF-8 ou Latin-1). Abra a lista na planilha "
        "e salve-a como “CSV UTF-8” ou “CSV (separado por ;)”."
    )


def normalizar_nome_coluna(nome: str) -> str:
    sem_acento = unicodedata.normalize("NFKD", nome).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", sem_acento.lower())


def ler_sim_nao(texto: str) -> bool | None:
    valor = normalizar_nome_coluna(texto)
    return True if valor in SIM else False if valor in NAO else None


@dataclass
class Leitura(Relatorio):
    dados: list[tuple[int, DadosSignatario]] = field(default_factory=list)


def _cabecalho(primeira: str) -> tuple[str, list[str] | None, str]:
    """(separador, colunas normalizadas ou None, mensagem de recusa)."""
    separador = ";" if primeira.count(";") >= primeira.count(",") else ","
    try:
        nomes = next(csv.reader([primeira], delimiter=separador), [])
    except csv.Error:
        nomes = []
    colunas = [SINONIMOS.get(normalizar_nome_coluna(n), "") for n in nomes]
    repetidas = sorted({c for c in colunas if c and colunas.count(c) > 1})
    if repetidas:
        return separador, None, f"Coluna repetida no cabeçalho: {', '.join(repetidas)}."
    faltam = [c for c in OBRIGATORIAS if c not in colunas]
    if faltam:
        return (
            separador,
            None,
            (
                f"Faltam colunas no cabeçalho (1ª linha): {', '.join(faltam)}. Use o modelo: "
                f"{';'.join(COLUNAS)}."
            ),
        )
    return separador, colunas, ""


def ler_linhas(texto: str) -> Leitura:
    """Confere o arquivo inteiro (até `LIMITE_PROBLEMAS` problemas: daí em diante para, e o
    relatório diz que foi truncado)."""
    primeira = _PRIMEIRA_LINHA.match(texto).group(0).lstrip("\ufeff").removeprefix("ï»¿")
    separador, colunas, erro = _cabecalho(primeira)
    if erro:
        return Leitura(aceito=False, mensagem=erro)
    quebras = max(texto.count("\n"), texto.count("\r"))
    total_linhas = quebras + (not texto.endswith(("\n", "\r")))
    leitura = Leitura(aceito=True, mensagem="")
    leitor = csv.reader(io.StringIO(texto, newline=None), delimiter=separador)
    try:
        next(leitor)
        for campos in leitor:
            if not any(c.strip() for c in campos):
                continue
            leitura.linhas += 1
            if leitura.linhas > LIMITE_LINHAS or len(leitura.problemas) >= LIMITE_PROBLEMAS:
                leitura.truncado = True
                break
            _ler_linha(leitura, leitor.line_num, campos, colunas)
    except csv.Error as exc:
        leitura.problemas.append(Problema(leitor.line_num, "", f"Linha ilegível no CSV ({exc})."))
    return _conclusao(leitura, total_linhas)


def _conclusao(leitura: Leitura, total_linhas: int) -> Leitura:
    if leitura.linhas > LIMITE_LINHAS:
        leitura.aceito = False
        leitura.mensagem = (
            f"O arquivo tem mais de {fmt.inteiro(LIMITE_LINHAS)} linhas de assinaturas "
            f"({fmt.inteiro(total_linhas)} linhas no arquivo). {_DIVIDA} Nada foi gravado."
        )
    elif leitura.problemas:
        leitura.aceito = False
        quantas = _plural(len(leitura.problemas), "linha com problema", "linhas com problema")
        leitura.mensagem = f"Arquivo recusado: {quantas}. Corrija a lista e importe de novo; "
        leitura.mensagem += "nada foi gravado."
        if leitura.truncado:
            leitura.mensagem += (
                f" A conferência parou nos {fmt.inteiro(LIMITE_PROBLEMAS)} primeiros problemas "
                f"({fmt.inteiro(total_linhas)} linhas no arquivo)."
            )
    elif not leitura.dados:
        leitura.aceito = False
        leitura.mensagem = "O arquivo não tem nenhuma assinatura além do cabeçalho."
    return leitura


def _ler_linha(leitura: Leitura, linha: int, campos: list[str], colunas: list[str]) -> None:
    posicao = colunas.index("titulo_eleitor")
    titulo_bruto = campos[posicao].strip() if posicao < len(campos) else ""
    posicao = colunas.index("nome")
    nome = " ".join(campos[posicao].split())[:TAMANHO_NOME] if posicao < len(campos) else ""
    sobra = any(c.strip() for c in campos[len(colunas) :])
    if sobra or len(campos) < len(colunas):
        erro = f"A linha tem {len(campos)} colunas; o cabeçalho tem {len(colunas)}."
        leitura.problemas.append(Problema(linha, titulo_bruto[:40], erro, nome))
        return
    valores = {c: v.strip() for c, v in zip(colunas, campos, strict=False) if c}
    dados, erros = _conferir_campos(valores)
    if erros:
        leitura.problemas.append(Problema(linha, titulo_bruto[:40], " ".join(erros), nome))
    else:
        leitura.dados.append((linha, dados))


def _conferir_campos(valores: dict[str, str]) -> tuple[DadosSignatario | None, list[str]]:
    erros = []
    nome = " ".join(valores["nome"].split())
    if not nome:
        erros.append("Nome em branco.")
    elif len(nome) > TAMANHO_NOME:
        erros.append(f"Nome com mais de {TAMANHO_NOME} caracteres.")
    titulo = verificar_titulo(valores["titulo_eleitor"])
    if not titulo.valido:
        erros.append(titulo.motivo)
    for coluna, rotulo in (("zona", "Zona"), ("secao", "Seção")):
        valor = valores.get(coluna, "")
        if valor and not _NUMERO_ELEITORAL.fullmatch(valor):
            erros.append(f"{rotulo} eleitoral deve ter de 1 a 4 algarismos.")
    booleanos = {c: ler_sim_nao(valores[c]) for c in ("reside_na_area", "firma_reconhecida")}
    erros += [
        f"Em {coluna}, use sim ou não (recebido: “{valores[coluna][:20]}”)."
        for coluna, valor in booleanos.items()
        if valor is None
    ]
    if erros:
        return None, erros
    zona, secao = valores.get("zona", ""), valores.get("secao", "")
    return DadosSignatario(nome, titulo.numero, zona, secao, **booleanos), []
