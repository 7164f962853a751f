"""O que a representação confere e grava nos atos da instrução: o fundamento da extinção no
parecer de mérito (Art. 10 e Art. 18) e, no projeto de lei, a versão travada dos mapas
(Art. 19, § 3º), a informação do IBGE sobre topônimo correlato (Art. 6º, § 1º) e o município
extinto com os que recebem o seu território (Art. 10, §§ 1º e 2º).

Os tipos ficam aqui, ao lado dos PDFs da instrução que os leem, e não na representação que
os calcula: a representação já importa a instrução (a avaliação do Art. 2º, o eleitorado
certificado), e a instrução importá-la de volta fecharia um círculo entre as duas fases. A
representação devolve estes resultados no `preparar` dos seus blocos (`representacao/atos.py`);
os documentos leem-nos por `de_andamento`, nunca pelas chaves do `Andamento.dados`. A forma
gravada é a de sempre: os Andamentos antigos leem-se pelas mesmas funções."""

from dataclasses import dataclass


def _gravado(andamento, chave: str):
    return (andamento.dados or {}).get(chave) if andamento is not None else None


@dataclass(frozen=True)
class ExtincaoNoParecer:
    """Art. 10: o fundamento registrado na representação e o que o parecer de mérito conferiu
    dele (a perda de requisito, a prova da sede ou a maioria absoluta; o destino conferido)."""

    conferencia: dict

    def como_dados(self) -> dict:
        return {"extincao_art10": self.conferencia}

    @classmethod
    def de_andamento(cls, andamento) -> "ExtincaoNoParecer | None":
        """O que o parecer de mérito gravou (None fora da extinção)."""
        conferencia = _gravado(andamento, "extincao_art10")
        return None if conferencia is None else cls(conferencia)


@dataclass(frozen=True)
class MapasTravados:
    """Art. 19, § 3º: a versão vigente de cada mapa e memorial do Art. 15, II e III, que o
    projeto de lei cita (rótulo, nome, versão e SHA-256 de cada arquivo)."""

    mapas: list

    def como_dados(self) -> dict:
        return {"mapas_art15": self.mapas}

    @classmethod
    def de_andamento(cls, andamento) -> "MapasTravados":
        return cls(_gravado(andamento, "mapas_art15") or [])


@dataclass(frozen=True)
class CertidaoIbgeNoPl:
    """Art. 6º, § 1º: os arquivos vigentes da informação do IBGE sobre topônimo correlato
    (nome, versão e SHA-256), quando o projeto de lei de criação a traz."""

    arquivos: list

    def como_dados(self) -> dict:
        return {"certidao_ibge": self.arquivos}

    @classmethod
    def de_andamento(cls, andamento) -> "CertidaoIbgeNoPl":
        return cls(_gravado(andamento, "certidao_ibge") or [])


@dataclass(frozen=True)
class ExtincaoNoPl:
    """Art. 10, §§ 1º e 2º: o fundamento, o município extinto e os que recebem o território,
    como o projeto de lei os nomeia, e o destino conferido no ato."""

    extincao: dict

    @property
    def destinos(self) -> list[str]:
        return [m["nome"] for m in self.extincao["municipios_destino"]]

    def como_dados(self) -> dict:
        return {"extincao": self.extincao}

    @classmethod
    def de_andamento(cls, andamento) -> "ExtincaoNoPl | None":
        """O que o projeto de lei gravou (None fora da extinção)."""
        extincao = _gravado(andamento, "extincao")
        return cls(extincao) if extincao else None
