"""Os atos da transparência (Art. 23), um bloco por ato: o formulário, as guardas, o
`preparar` (o que o ato confere) e o `registrar` (a liberação ou a revogação gravada).
`processos.services.praticar_ato` roda as partes nessa ordem."""

from processos.extensoes import declarar_ato
from transparencia import forms, services

# Art. 23: um documento interno ou os detalhes internos liberados ao público.
declarar_ato(
    "liberar_informacao",
    formulario=forms.LiberarInformacaoForm,
    guardas=(services.ha_o_que_liberar,),
    preparar=services.preparar_liberacao,
    registrar=services.gravar_liberacao,
)

# Art. 23: a liberação vigente revogada; a liberação e a revogação ficam na trilha.
declarar_ato(
    "revogar_liberacao",
    formulario=forms.RevogarLiberacaoForm,
    guardas=(services.ha_liberacao_vigente,),
    preparar=services.preparar_revogacao,
    registrar=services.gravar_revogacao,
)
