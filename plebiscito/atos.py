"""Os atos da fase do plebiscito (Arts. 11-12, 19-20), um bloco por ato, na ordem do rito.

Cada bloco diz tudo o que a fase acrescenta ao ato do hub: o formulário, as guardas, o
`preparar` (o que o ato calcula e grava, como resultado tipado), o `registrar` (as linhas
da fase) e os documentos. `processos.services.praticar_ato` roda as partes nessa ordem."""

from plebiscito import documentos, forms, resultado, services
from processos.extensoes import DocumentosDoAto, declarar_ato

# Art. 18, § 2º e Art. 19: o PDL que autoriza o TRE a realizar a consulta.
declarar_ato("apresentar_pdl", documentos=DocumentosDoAto(documentos.pdl))

# Art. 19, § 2º: cada fase do plebiscito no TRE, com o informe ao Plenário quando pedido.
declarar_ato(
    "registrar_fase_tre",
    formulario=forms.RegistrarFaseTreForm,
    preparar=services.preparar_fase_tre,
    registrar=services.gravar_fase_tre,
    documentos=DocumentosDoAto(documentos.informe_fase_tre),
)

# Art. 20: o resultado por unidade de votação, conferido pela abrangência em vigor.
declarar_ato(
    "registrar_resultado",
    formulario=forms.RegistrarResultadoForm,
    guardas=(resultado.sem_resultado_registrado,),
    preparar=resultado.preparar_resultado,
    registrar=resultado.gravar_resultado,
)

# Art. 20, § 1º: a nova versão do resultado; a anterior fica registrada.
declarar_ato(
    "retificar_resultado",
    formulario=forms.RetificarResultadoForm,
    guardas=(resultado.com_resultado_registrado,),
    preparar=resultado.preparar_resultado,
    registrar=resultado.gravar_resultado,
)

# Art. 11 e Art. 20, § 1º: o veredito calculado decide a conclusão e o destino; o PDF lê o
# que o ato gravou (`resultado.parecer_gravado`).
declarar_ato(
    "emitir_parecer_resultado",
    formulario=forms.EmitirParecerResultadoForm,
    guardas=(resultado.com_resultado_registrado, resultado.resultado_cobre_a_abrangencia),
    preparar=resultado.preparar_parecer_resultado,
    documentos=DocumentosDoAto(resultado.documento_do_parecer, minuta=True),
)

# Art. 11: nenhum projeto de lei sem o parecer que aprovou o plebiscito, quando há plebiscito.
declarar_ato("apresentar_pl", guardas=(resultado.plebiscito_aprovado_se_exigido,))
