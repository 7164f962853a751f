"""O carimbo visível de cada assinatura no alto da primeira página (a faixa acima do cabeçalho,
livre em todos os modelos): quem assinou e quando, na fonte embutida (`fonte`). O PDF/A exige
a fonte de toda aparência embutida; o carimbo padrão do pyHanko usa a Courier sem embuti-la."""

from pyhanko.pdf_utils import layout
from pyhanko.pdf_utils.text import TextBoxStyle
from pyhanko.stamp import TextStampStyle

from documentos.assinatura.fonte import FabricaDaFonte

# A faixa do carimbo, em pontos a partir do canto inferior esquerdo: entre 2 mm do topo e o
# cabeçalho (cujo texto começa a ~15 mm do topo), dentro das margens laterais (25 e 20 mm).
TOPO = 6
ALTURA = 26
MARGEM_ESQUERDA = 71
MARGEM_DIREITA = 57
INTERVALO = 4
HORA = "%d/%m/%Y %H:%M:%S %Z"


def caixas(largura_da_pagina: float, altura_da_pagina: float, quantidade: int) -> list[tuple]:
    """A caixa de cada campo, lado a lado, na ordem em que são assinados."""
    util = largura_da_pagina - MARGEM_ESQUERDA - MARGEM_DIREITA
    largura = (util - INTERVALO * (quantidade - 1)) / max(quantidade, 1)
    y2 = altura_da_pagina - TOPO
    y1 = y2 - ALTURA
    resultado = []
    for i in range(quantidade):
        x1 = MARGEM_ESQUERDA + i * (largura + INTERVALO)
        resultado.append((round(x1), round(y1), round(x1 + largura), round(y2)))
    return resultado


# Margens pequenas (as do pyHanko, 10 pt, encolheriam o texto a ~4 pt numa faixa de 26 pt):
# as três linhas de 6 pt cabem sem redução; o nome longo demais encolhe para caber.
_JUSTO = layout.SimpleBoxLayoutRule(
    x_align=layout.AxisAlignment.ALIGN_MIN,
    y_align=layout.AxisAlignment.ALIGN_MID,
    margins=layout.Margins(left=3, right=2, top=1, bottom=1),
)


def _estilo(texto: str) -> TextStampStyle:
    return TextStampStyle(
        stamp_text=texto,
        text_box_style=TextBoxStyle(
            font=FabricaDaFonte(),
            font_size=6,
            leading=7,
            box_layout_rule=layout.SimpleBoxLayoutRule(
                x_align=layout.AxisAlignment.ALIGN_MIN,
                y_align=layout.AxisAlignment.ALIGN_MID,
                margins=layout.Margins(),
            ),
        ),
        inner_content_layout=_JUSTO,
        timestamp_format=HORA,
        border_width=1,
    )


PESSOAL = _estilo("Assinado digitalmente por\n%(signer)s\n%(ts)s")
SELO = _estilo("Selo da Assembleia Legislativa\n%(signer)s\n%(ts)s")
