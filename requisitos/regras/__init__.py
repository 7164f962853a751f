"""Regras da LC 23/1992-MT como funções puras: valores entram, um veredito sai.

Sem Django e sem float: só `int` e `Decimal`, e as comparações são feitas em produtos
inteiros (`eleitores × 100 ≥ 20 × populacao`) para que nenhum arredondamento mude o
resultado. Os limiares vêm de `ParametrosLegais` (o cadastro dos parâmetros legais em vigor
na data de referência), recebidos como argumento; cada veredito leva consigo os parâmetros
que usou, para ser gravado junto da avaliação.

Um módulo por matéria da lei: `criacao` (Art. 2º), `distrito` (Art. 25), `limites`
(Art. 8º), `maiorias` (Art. 10, III e Art. 6º, § 2º), `assinaturas` (Art. 13); `fontes`, quem
certifica cada número. Daqui se importa qualquer uma delas.
"""

from requisitos.regras.assinaturas import avaliar_assinaturas
from requisitos.regras.criacao import (
    DadosCriacao,
    DadosRemanescente,
    avaliar_casas,
    avaliar_condicoes_instalacao,
    avaliar_continuidade_territorial,
    avaliar_criacao_municipio,
    avaliar_eleitores,
    avaliar_populacao,
    avaliar_remanescente,
    avaliar_valor_adicionado,
    media_va_menores,
)
from requisitos.regras.distrito import DISTRITO_FONTE, avaliar_distrito
from requisitos.regras.fontes import CARTOGRAFIA, CRT_IN_LOCO, SEFAZ, TRE
from requisitos.regras.limites import avaliar_revisao_limites
from requisitos.regras.maiorias import avaliar_aprovacao_camara, avaliar_maioria_absoluta_eleitores
from requisitos.veredito import (
    MediaVA,
    Requisito,
    Veredito,
    VereditoCriacao,
    VereditoRemanescente,
    VereditoRevisao,
    como_dict,
)

__all__ = [
    "CARTOGRAFIA",
    "CRT_IN_LOCO",
    "DISTRITO_FONTE",
    "SEFAZ",
    "TRE",
    "DadosCriacao",
    "DadosRemanescente",
    "MediaVA",
    "Requisito",
    "Veredito",
    "VereditoCriacao",
    "VereditoRemanescente",
    "VereditoRevisao",
    "avaliar_aprovacao_camara",
    "avaliar_assinaturas",
    "avaliar_casas",
    "avaliar_condicoes_instalacao",
    "avaliar_continuidade_territorial",
    "avaliar_criacao_municipio",
    "avaliar_distrito",
    "avaliar_eleitores",
    "avaliar_maioria_absoluta_eleitores",
    "avaliar_populacao",
    "avaliar_remanescente",
    "avaliar_revisao_limites",
    "avaliar_valor_adicionado",
    "como_dict",
    "media_va_menores",
]
