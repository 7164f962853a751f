"""O simulador territorial público: um cidadão envia um mapa e os municípios de origem e vê a
mesma conferência que o processo receberia ao juntar o mapa do Art. 15, II, e o rascunho do
memorial descritivo; opcionalmente, um memorial por coordenadas comparado com o mapa. Nada é
gravado: a conta é feita na memória e devolvida."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from territorio.malha import edicao_vigente, ler_malha
from territorio.models import EdicaoDaMalha, MunicipioNaMalha

if TYPE_CHECKING:
    from territorio.conferencia import Conferencia
    from territorio.leitura import Reparo
    from territorio.memorial.comparar import Comparacao

# O memorial colado na tela ou enviado à API: o de um município cabe em poucas dezenas de KB.
MEMORIAL_MAXIMO = 200_000
SEM_MALHA = (
    "A malha municipal do IBGE ainda não foi carregada neste servidor; o simulador territorial "
    "fica indisponível até o suporte carregá-la (manage.py carregar_malha)."
)


class SimulacaoRecusada(ValueError):
    """A entrada não serve; `campo` diz onde (arquivo, origens, memorial ou None)."""

    def __init__(self, campo: str | None, mensagem: str, reparo: Reparo | None = None):
        super().__init__(mensagem)
        self.campo = campo
        self.reparo = reparo


@dataclass(frozen=True)
class Simulacao:
    edicao: EdicaoDaMalha
    conferencia: Conferencia
    memorial_rascunho: str
    comparacao: Comparacao | None
    reparado: bool
    mapa_svg: str = ""


def municipios_da_malha(edicao: EdicaoDaMalha | None = None) -> list[tuple[int, str]]:
    """(código IBGE, nome) dos municípios da edição vigente, em ordem alfabética (sem ler
    as geometrias)."""
    edicao = edicao or edicao_vigente()
    if edicao is None:
        return []
    linhas = MunicipioNaMalha.objects.filter(edicao=edicao).values_list(
        "municipio__codigo_ibge", "municipio__nome"
    )
    return sorted(linhas, key=lambda linha: linha[1])


def simular(
    conteudo: bytes, origens: list[int], *, reparar: bool = False, memorial: str = ""
) -> Simulacao:
    # A leitura, a conta, o mapa e o memorial (shapely, pyproj) só quando alguém simula: as
    # URLs importam este módulo, e o worker que serve as páginas não os carrega.
    from territorio.conferencia import conferir
    from territorio.leitura import DesenhoReparavel, GeometriaRecusada, ler_mapa
    from territorio.mapa_svg import desenhar
    from territorio.memorial.comparar import comparar
    from territorio.memorial.gerar import gerar
    from territorio.memorial.ler import MemorialIlegivel

    edicao = edicao_vigente()
    if edicao is None:
        raise SimulacaoRecusada(None, SEM_MALHA)
    if not origens:
        raise SimulacaoRecusada("origens", "Escolha pelo menos um município de origem.")
    if len(memorial) > MEMORIAL_MAXIMO:
        raise SimulacaoRecusada(
            "memorial", f"O memorial passa de {MEMORIAL_MAXIMO:_} caracteres.".replace("_", ".")
        )
    try:
        desenho = ler_mapa(conteudo, reparar=reparar)
    except DesenhoReparavel as exc:
        raise SimulacaoRecusada("arquivo", str(exc), exc.reparo) from exc
    except GeometriaRecusada as exc:
        raise SimulacaoRecusada("arquivo", str(exc)) from exc
    malha = ler_malha(edicao)
    try:
        resultado = conferir(desenho, malha, list(dict.fromkeys(origens)), edicao=edicao.nome)
    except ValueError as exc:
        raise SimulacaoRecusada("origens", str(exc)) from exc
    if resultado.fora_do_estado_km2 >= resultado.area_km2 * 0.999:
        raise SimulacaoRecusada(
            "arquivo",
            "O território desenhado não toca nenhum município de Mato Grosso na malha "
            f"{edicao.nome}; confira o sistema de coordenadas (longitude/latitude, SIRGAS 2000).",
        )
    comparacao = None
    if memorial.strip():
        try:
            comparacao = comparar(memorial, desenho)
        except MemorialIlegivel as exc:
            raise SimulacaoRecusada("memorial", str(exc)) from exc
    return Simulacao(
        edicao=edicao,
        conferencia=resultado,
        memorial_rascunho=gerar(desenho, malha, edicao=edicao.nome),
        comparacao=comparacao,
        reparado=reparar,
        # O mesmo desenho da página do processo (só na tela: a API devolve as figuras).
        mapa_svg=desenhar(
            desenho, malha, resultado, fonte=edicao.fonte, fonte_territorio="mapa enviado"
        ),
    )


def _r(valor: float | None, casas: int = 3) -> float | None:
    return None if valor is None else round(valor, casas)


def como_dados(simulacao: Simulacao) -> dict:
    """As figuras em JSON (a API e a tela leem as mesmas), com a edição da malha."""
    from territorio.memorial.comparar import comparacao_como_dados

    c = simulacao.conferencia
    dados = {
        "edicao_da_malha": simulacao.edicao.nome,
        "fonte_da_malha": simulacao.edicao.fonte,
        "area_km2": _r(c.area_km2),
        "pedacos": c.pedacos,
        "fragmentos_km2": [_r(f) for f in c.fragmentos],
        "limiar_km2": _r(c.limiar_km2),
        "continuo": c.continuo,
        "origens": [
            {
                "codigo_ibge": o.codigo_ibge,
                "nome": o.nome,
                "km2": _r(o.km2),
                "area_oficial_km2": o.area_oficial_km2,
                "pct_da_origem": _r(o.pct_da_origem),
                "pct_do_territorio": _r(o.pct_do_territorio),
                "pedacos_remanescente": o.pedacos_remanescente,
                "fragmentos_remanescente_km2": [_r(f) for f in o.fragmentos_remanescente],
                "limiar_km2": _r(o.limiar_km2),
            }
            for o in c.origens
        ],
        "sobreposicoes": [
            {**asdict(s), "km2": _r(s.km2), "pct_do_territorio": _r(100 * s.km2 / c.area_km2)}
            for s in c.sobreposicoes
        ],
        "fora_do_estado_km2": _r(c.fora_do_estado_km2),
        "reparado": simulacao.reparado,
        "memorial_rascunho": simulacao.memorial_rascunho,
        "comparacao_do_memorial": None,
    }
    if simulacao.comparacao is not None:
        dados["comparacao_do_memorial"] = comparacao_como_dados(simulacao.comparacao)
    return dados
