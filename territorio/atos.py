"""Os atos do território (Art. 15, II), um bloco por ato: o formulário, as guardas, o
`preparar` (o que o ato calcula e grava, como resultado tipado) e o `registrar` (as linhas
da fase). `processos.services.praticar_ato` roda as partes nessa ordem."""

from processos.extensoes import declarar_ato
from territorio import recalculo

# Art. 15, II: a conferência do mapa refeita contra outra edição da malha municipal; a
# anterior fica como estava.
declarar_ato(
    recalculo.ATO,
    formulario=recalculo.RecalcularTerritorioForm,
    guardas=(recalculo.ha_edicao_por_calcular,),
    preparar=recalculo.preparar,
    registrar=recalculo.gravar,
    rotulos={
        recalculo.CAMPO: "Edição da malha municipal",
        "mapa_versao": "Versão do mapa conferida",
        "area_medida_km2": "Área do novo território medida (km²)",
        "edicao_anterior": "Edição da conferência anterior",
        "area_anterior_km2": "Área medida na conferência anterior (km²)",
    },
)
