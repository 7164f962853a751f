"""O texto da LC 23/1992 (consolidada até a LC 130/2003), lido em artigos, parágrafos e
incisos (sem Django).

O arquivo em `lei/texto/` é a cópia do texto de `shared/lei/`, como publicado pela ALMT
(com os seus erros de digitação: o sistema não corrige a lei). Numeração da técnica
legislativa: "Art. 1º" a "Art. 9º" ordinais, "Art. 10" em diante cardinais; "§ 1º";
"Parágrafo único."; incisos romanos "I –" (às vezes com hífen, e às vezes dois na mesma
linha, depois da nota "(Nova redação dada pela LC 31/94)").
"""

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from requisitos.aplicacao import UNICO, Dispositivo

ARQUIVO = Path(__file__).parent / "texto" / "LC-23-1992-MT-consolidada-LC-130-2003.txt"

_ARTIGO = re.compile(r"^Art\.\s*(\d+)\s*[º°]?\s*(.*)$")
_PARAGRAFO = re.compile(r"^§\s*(\d+)\s*[º°]?\s*(.*)$")
_PARAGRAFO_UNICO = re.compile(r"^Parágrafo único\.?\s*(.*)$", re.IGNORECASE)
# Inciso no começo da linha ou logo depois de uma nota de redação "(...)" na mesma linha.
_INCISO = re.compile(r"(?:^|(?<=\)\s))([IVXL]+)\s*[–—-]\s+")
_FECHO = re.compile(r"^Palácio\b")


@dataclass
class Inciso:
    numero: str
    texto: str


@dataclass
class Paragrafo:
    numero: str  # "1", "2"... ou "único"
    texto: str
    incisos: list[Inciso] = field(default_factory=list)

    @property
    def rotulo(self) -> str:
        return "Parágrafo único." if self.numero == UNICO else f"§ {self.numero}º"


@dataclass
class Artigo:
    numero: int
    texto: str
    incisos: list[Inciso] = field(default_factory=list)
    paragrafos: list[Paragrafo] = field(default_factory=list)

    @property
    def rotulo(self) -> str:
        return f"Art. {self.numero}º" if self.numero < 10 else f"Art. {self.numero}"

    def dispositivos(self) -> list[Dispositivo]:
        """O caput, cada inciso, cada parágrafo e os incisos de cada parágrafo, em ordem."""
        lista = [Dispositivo(self.numero)]
        lista += [Dispositivo(self.numero, "", i.numero) for i in self.incisos]
        for p in self.paragrafos:
            lista.append(Dispositivo(self.numero, p.numero))
            lista += [Dispositivo(self.numero, p.numero, i.numero) for i in p.incisos]
        return lista


@dataclass
class Lei:
    preambulo: list[str]
    artigos: list[Artigo]
    fecho: list[str]

    def artigo(self, numero: int) -> Artigo | None:
        return next((a for a in self.artigos if a.numero == numero), None)

    def dispositivos(self) -> list[Dispositivo]:
        return [d for a in self.artigos for d in a.dispositivos()]


def _separar_incisos(linha: str) -> tuple[str, list[Inciso]]:
    """ "texto (nota) III – outro" → o texto antes do primeiro inciso e os incisos."""
    marcas = list(_INCISO.finditer(linha))
    if not marcas:
        return linha, []
    antes = linha[: marcas[0].start()].strip()
    incisos = []
    for atual, seguinte in zip(marcas, [*marcas[1:], None], strict=True):
        fim = seguinte.start() if seguinte else len(linha)
        incisos.append(Inciso(atual[1], linha[atual.end() : fim].strip()))
    return antes, incisos


def ler_lei(texto: str) -> Lei:
    preambulo: list[str] = []
    artigos: list[Artigo] = []
    fecho: list[str] = []
    atual: Artigo | Paragrafo | None = None
    for linha in (linha.strip() for linha in texto.splitlines()):
        if not linha:
            continue
        if fecho or (artigos and _FECHO.match(linha)):
            fecho.append(linha)
        elif achado := _ARTIGO.match(linha):
            caput, incisos = _separar_incisos(achado[2])
            atual = Artigo(int(achado[1]), caput, incisos)
            artigos.append(atual)
        elif not artigos:
            preambulo.append(linha)
        elif achado := _PARAGRAFO.match(linha) or _PARAGRAFO_UNICO.match(linha):
            numero = achado[1] if achado.re is _PARAGRAFO else UNICO
            texto_paragrafo = achado[2] if achado.re is _PARAGRAFO else achado[1]
            caput, incisos = _separar_incisos(texto_paragrafo)
            atual = Paragrafo(numero, caput, incisos)
            artigos[-1].paragrafos.append(atual)
        else:
            resto, incisos = _separar_incisos(linha)
            if resto and atual is not None:
                alvo = atual.incisos[-1] if atual.incisos else atual
                alvo.texto = f"{alvo.texto} {resto}".strip()
            atual.incisos.extend(incisos)
    return Lei(preambulo, artigos, fecho)


@cache
def lei_23() -> Lei:
    """A LC 23/1992 do arquivo que acompanha o sistema."""
    return ler_lei(ARQUIVO.read_text(encoding="utf-8"))
