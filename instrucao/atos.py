"""Os atos da instrução (Art. 2º, §§ 2º e 3º; Arts. 7º, 17-19), um bloco por ato, na ordem
do rito: o formulário, as guardas, o `preparar` (o que o ato calcula e grava, como
resultado tipado), os documentos e o que vem nos autos depois deles.
`processos.services.praticar_ato` roda as partes nessa ordem."""

from instrucao import documentos, forms, parecer, services, situacao_dos_oficios
from instrucao.oficio_ao_tre import numerar_oficio_ao_tre
from processos.extensoes import DocumentosDoAto, declarar_ato

# Art. 17, II e § 2º: o parecer preliminar; quando leva às certidões, a CRT endereça de
# imediato os ofícios aos órgãos, que vêm nos autos depois do parecer.
declarar_ato(
    "emitir_parecer_preliminar",
    documentos=DocumentosDoAto(documentos.parecer_preliminar, minuta=True),
    depois_dos_documentos=services.oficios_do_ato,
)

# Art. 17, § 1º: a deliberação de arquivamento rejeitada também faz nascer os ofícios (com
# os seus PDFs, emitidos por `services.oficios_do_ato`).
declarar_ato(
    "deliberar_arquivamento",
    documentos=DocumentosDoAto(),
    depois_dos_documentos=services.oficios_do_ato,
)

# Art. 2º, §§ 2º e 3º: as certidões respondidas (ou o prazo vencido) encerram a etapa.
declarar_ato("concluir_certidoes", guardas=(situacao_dos_oficios.certidoes_respondidas,))

# Art. 18: o parecer de mérito com a avaliação do Art. 2º calculada das certidões.
declarar_ato(
    "emitir_parecer_merito",
    formulario=forms.EmitirParecerMeritoForm,
    preparar=parecer.preparar_parecer_de_merito,
    documentos=DocumentosDoAto(documentos.parecer_merito, minuta=True),
)

# Art. 19, § 1º: o número do ofício ao TRE, dado na transação do ato; a remessa com a cópia
# integral e o informe ao Plenário.
declarar_ato(
    "encaminhar_ao_tre",
    preparar=numerar_oficio_ao_tre,
    documentos=DocumentosDoAto(emitir=documentos.encaminhar_ao_tre),
    rotulos={"numero_oficio": "Ofício ao TRE nº"},
)

# Art. 7º, V: o projeto de lei com a parcela do índice do ICMS de cada município de origem.
declarar_ato(
    "apresentar_pl",
    preparar=parecer.preparar_projeto_de_lei,
    documentos=DocumentosDoAto(documentos.pl),
    rotulos={"participacao_icms_total": "Parcela do índice do ICMS transferida (%)"},
)
