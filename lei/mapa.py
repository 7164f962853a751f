"""O mapa declarativo da LC 23/1992: o que nenhuma regra ou guarda declara ao lado do seu
código — o que o sistema exibe, o que quem o usa declara em telas que não são regras, o que
não é matéria de software (com o porquê) — e as decisões do sistema que interpretam o texto.

As regras e guardas declaram-se onde estão (`@aplica`, `requisitos.aplicacao`); os atos, pelo
fundamento de cada um (`processos.atos`); os documentos do Art. 15, pela lista de cada tipo
(`representacao.checklist`). `lei.aplicacoes.todas()` junta tudo; `tests/lei` reprova um
artigo do texto sem lugar aqui ou lá.
"""

from requisitos.aplicacao import CALCULADA, DECLARADA, EXIBIDA, FORA, PRESENCA, Registro

MAPA = Registro()
r = MAPA.registrar

# --- Art. 1º: criação por lei, com plebiscito ------------------------------------------------
r(
    "Art. 1º",
    modo=EXIBIDA,
    descricao="Bloqueio federal: enquanto não houver a lei complementar federal do CF, art. 18, "
    "§ 4º (EC 15/1996), os processos de criação, fusão, incorporação, extinção e revisão de "
    "limites com plebiscito e o portal exibem o aviso; os atos a partir do PDL repetem o aviso.",
    onde="processos.avisos.avisos_legais",
    parametro="bloqueio_constitucional",
    decisao="O bloqueio é exibido, nunca impede em silêncio: o parâmetro legal "
    "bloqueio_constitucional (padrão: ligado) liga o aviso, e o administrador pode desligá-lo "
    "(STF, ADO 3682 e ADI 4711).",
)
# Art. 1º, § 1º: a análise da CRT no parecer de mérito declara-se na regra
# (`requisitos.unidade_historico_cultural.recusa_da_unidade`).
r(
    "Art. 1º, § 2º",
    modo=EXIBIDA,
    descricao="O Projeto de Lei sugere como ano de instalação o seguinte ao da primeira eleição "
    "municipal depois da lei (posse em 1º de janeiro), editável pelo Presidente.",
    onde="instrucao.documentos.ano_instalacao_sugerido",
)
r(
    "Art. 1º, § 3º",
    modo=DECLARADA,
    descricao="No protocolo, a CRT indica o município ou os municípios de origem de onde a área "
    "se desmembra; a criação exige ao menos um (o formulário e o serviço do protocolo).",
    onde="processos.services.protocolar_processo",
)

# --- Art. 5º e 7º: o conteúdo da lei de criação ----------------------------------------------
r(
    "Art. 5º",
    modo=FORA,
    descricao="A qualidade da descrição dos limites (acidentes naturais, linhas geodésicas) é "
    "juízo técnico da Cartografia e da CRT; o sistema guarda as divisas e o memorial como "
    "registrados e os leva ao Projeto de Lei.",
)
r(
    "Art. 7º",
    modo=EXIBIDA,
    descricao="O texto do Projeto de Lei é gerado com os itens do Art. 7º.",
    onde="instrucao.documentos.pl",
)
r(
    "Art. 7º, II; Art. 7º, IV",
    modo=EXIBIDA,
    descricao="As divisas do novo município e as dos municípios de origem entram no Projeto de "
    "Lei como registradas no processo (editáveis até a aprovação do PDL, Art. 19, § 3º).",
    onde="instrucao.documentos.pl",
)
r(
    "Art. 7º, III",
    modo=EXIBIDA,
    descricao="O ano de instalação do Projeto de Lei: o informado pelo Presidente ou o sugerido "
    "(Art. 1º, § 2º).",
    onde="instrucao.documentos.ano_instalacao_sugerido",
)
r(
    "Art. 8º, parágrafo único",
    modo=FORA,
    descricao="O texto consolidado repete aqui o parágrafo único do Art. 7º (“inciso V do "
    "artigo anterior”), que não tem objeto na revisão de limites; nada a aplicar.",
)
r(
    "Art. 8º",
    modo=CALCULADA,
    descricao="Depois do parecer preliminar, as áreas que decidem a dispensa do plebiscito não "
    "se retificam (o parecer preliminar registrado é lido dos andamentos).",
    onde="processos.retificacao.bloqueios",
    decisao="Na revisão de limites as áreas decidem a dispensa do plebiscito; depois do parecer "
    "preliminar elas não mudam, para que o rito não se inverta no meio do processo.",
)

# --- Art. 6º, § 1º e Art. 9º -----------------------------------------------------------------
r(
    "Art. 6º, § 1º",
    modo=PRESENCA,
    descricao="A certidão do IBGE sobre topônimo correlato é documento exigido na alteração de "
    "nome e, na criação e na fusão, ao apresentar o Projeto de Lei (recusado sem ela, que ele "
    "cita pelo SHA-256); o sistema confere a presença do arquivo, não o que ele diz, e mostra "
    "os nomes parecidos da lista nacional como aviso.",
    onde="representacao.documentos.preparar_pl_toponimo",
)
r(
    "Art. 9º",
    modo=EXIBIDA,
    descricao="A reiteração do ofício vencido cita o Art. 9º (nenhuma autoridade pode negar-se "
    "a fornecer as certidões).",
    onde="instrucao.documentos.emitir_reiteracao",
)

# --- Art. 10: extinção -----------------------------------------------------------------------
r(
    "Art. 10, I; Art. 10, II",
    modo=DECLARADA,
    descricao="O fundamento da extinção (I, II ou III) é registrado nos dados da representação; "
    "no I a perda dos requisitos é apurada pelas certidões dos ofícios; no II a sede inundada ou "
    "destruída é comprovada por documento.",
    onde="representacao.models.dados.FundamentoExtincao",
)
r(
    "Art. 10, I; Art. 10, II",
    modo=CALCULADA,
    descricao="Na extinção, o parecer de mérito favorável é conferido pelo fundamento: no I, a "
    "perda de algum requisito do Art. 2º, I a V, pelos números certificados vigentes; no II, a "
    "prova da inundação ou destruição da sede nos autos.",
    onde="representacao.extincao.preparar_parecer_merito",
)
r(
    "Art. 10, § 1º",
    modo=CALCULADA,
    descricao="Nos fundamentos I e II, o território do extinto volta ao município de origem: o "
    "destino registrado é conferido com as origens dos municípios (dado de referência com a lei "
    "de criação e a fonte, carregado pelo suporte com manage.py carregar_origens). Um destino que "
    "não é origem é recusado no registro, no recebimento, no parecer favorável e no Projeto de "
    "Lei; sem origem registrada, a conferência diz o que falta e o parecer favorável e o Projeto "
    "de Lei esperam por ela.",
    onde="representacao.destino.conferir_origem",
    testes=(
        "tests.representacao.test_destino_extincao.test_art_10_par_1_a_origem_registrada_e_aceita",
        "tests.representacao.test_destino_extincao.test_art_10_par_1_municipio_que_nao_e_origem_e_recusado",
        "tests.representacao.test_destino_extincao.test_art_10_par_1_origem_desconhecida_diz_o_que_falta",
    ),
    decisao="Com mais de uma origem, o território volta a todas (a divisão entre elas é da lei "
    "de extinção): o destino é exatamente o conjunto das origens registradas.",
)
r(
    "Art. 10, § 2º",
    modo=CALCULADA,
    descricao="No fundamento III, cada município indicado pelos eleitores tem de ser contíguo ao "
    "extinto na malha municipal carregada: as fronteiras partilham divisa de 10 m ou mais (um "
    "ponto em comum não basta; tolerância de 1e-5°, a precisão das coordenadas). A edição da "
    "malha fica gravada com a conferência no parecer de mérito e no Projeto de Lei.",
    onde="representacao.destino.conferir_contiguidade",
    testes=(
        "tests.representacao.test_destino_extincao.test_art_10_par_2_contiguo_na_malha_e_aceito",
        "tests.representacao.test_destino_extincao.test_art_10_par_2_nao_contiguo_e_recusado_nomeando_o_municipio",
        "tests.representacao.test_destino_extincao.test_art_10_par_2_so_um_ponto_em_comum_e_recusado",
    ),
    decisao="Sem malha carregada, a contiguidade fica “não conferida: malha não carregada” e "
    "não bloqueia — a malha é um dado do sistema inteiro que a representação não tem como "
    "suprir, e a malha do IBGE representa os limites sem ser o limite legal; a página do "
    "processo e o parecer dizem que não foi conferida.",
)

# --- Art. 12: a consulta pelo TRE ------------------------------------------------------------
r(
    "Art. 12",
    modo=FORA,
    descricao="A forma da consulta é regulada por resolução do TRE; o sistema acompanha as "
    "fases (Art. 19, § 2º) e registra o resultado.",
)
r(
    "Art. 12, II",
    modo=EXIBIDA,
    descricao="O PDL e o ofício ao TRE trazem a pergunta da cédula, respondida com Sim ou "
    "Não; na fusão, as duas do Art. 4º, parágrafo único (a fusão; a sede).",
    onde="plebiscito.documentos.perguntas_plebiscito",
)

# --- Art. 13 a 17: representação e instrução -------------------------------------------------
r(
    "Art. 14, parágrafo único",
    modo=DECLARADA,
    descricao="No protocolo, a CRT registra como a representação chegou: por Deputado "
    "(nomeado) ou diretamente pela comunidade.",
    onde="processos.models.FormaEncaminhamento",
)
r(
    "Art. 14",
    modo=DECLARADA,
    descricao="Datas de atos anteriores à Constituição Federal são recusadas.",
    onde="processos.atos.PROMULGACAO_CF",
    decisao="Nenhuma data de ato (a do andamento, a da leitura no expediente, nem as que um ato "
    "registra) é anterior a 05/10/1988, promulgação da Constituição Federal: uma data anterior "
    "é erro de digitação, não um fato do processo.",
)
r(
    "Art. 15",
    modo=PRESENCA,
    descricao="A lista do Art. 15 depende do tipo de processo; “Receber na CRT” confere a "
    "presença de cada documento exigido (o arquivo, não o que ele diz).",
    onde="representacao.checklist.CHECKLIST",
    decisao="A revisão de limites segue a lista da criação; na fusão e na incorporação não há "
    "território novo nem centro urbano novo (ficam o requerimento, o mapa dos municípios "
    "envolvidos e a justificativa); na extinção o requerimento é sempre exigido; na alteração "
    "de nome, a representação do Prefeito, a ata da Câmara e a certidão do IBGE.",
)
r(
    "Art. 17",
    modo=DECLARADA,
    descricao="A visita da CRT à sede do futuro município é registrada no ato “Registrar visita "
    "in loco”: data, membros presentes, levantamento socioeconômico e relatório.",
    onde="processos.forms.RegistrarVisitaForm",
)
r(
    "Art. 17, § 2º",
    modo=EXIBIDA,
    descricao="O parecer preliminar que conclui por solicitar os documentos cria na hora um "
    "ofício por órgão competente (Cartografia, TRE, SEFAZ), emitidos pelo Presidente.",
    onde="processos.models.Processo.emitir_parecer_preliminar",
)
r(
    "Art. 17, § 1º",
    modo=DECLARADA,
    descricao="Rejeitado pelo Plenário o arquivamento proposto, o processo segue adiante.",
    onde="processos.models.Processo.deliberar_arquivamento",
    decisao="O Plenário que rejeita o arquivamento proposto no parecer preliminar manda o "
    "processo adiante (às certidões, ou ao parecer de mérito nos tipos sem certidões).",
)
r(
    "Art. 18",
    modo=CALCULADA,
    descricao="Na criação, o parecer de mérito favorável é recusado quando algum requisito do "
    "Art. 2º (ou do § 1º) não é atendido; a avaliação calculada vai no parecer.",
    onde="instrucao.parecer.preparar_parecer_merito",
    testes=(
        "tests.processos.test_guardas."
        "test_recusa_parecer_de_merito_favoravel_quando_falta_um_requisito",
    ),
)
r(
    "Art. 18, § 2º",
    modo=DECLARADA,
    descricao="Parecer contrário da CCJR aprovado arquiva o processo.",
    onde="processos.models.Processo.registrar_parecer_ccj",
    testes=("tests.processos.test_maquina_de_estados.test_parecer_contrario_da_ccjr_arquiva",),
    decisao="O texto só diz o que acontece com o parecer da CCJR aprovado favorável; o "
    "contrário aprovado arquiva o processo.",
)

# --- Art. 19 e 20: PDL, plebiscito e PL ------------------------------------------------------
r(
    "Art. 19",
    modo=EXIBIDA,
    descricao="Regime ordinário: o formulário do PDL não oferece urgência.",
    onde="processos.models.Processo.apresentar_pdl",
)
r(
    "Art. 19, § 3º",
    modo=CALCULADA,
    descricao="Divisas, memorial e áreas ficam bloqueados para retificação a partir da "
    "publicação do Decreto Legislativo.",
    onde="processos.models.Processo.divisas_editaveis",
    decisao="O Decreto Legislativo fixa a área e o eleitorado consultados no plebiscito; os "
    "municípios de origem seguem o bloqueio das divisas.",
)
r(
    "Art. 20, § 2º",
    modo=DECLARADA,
    descricao="Na apresentação do PL registra-se a sessão em cuja Ordem do Dia ele é incluído.",
    onde="processos.forms.ApresentarPlForm",
    decisao="A sessão da Ordem do Dia é a do dia do ato ou uma posterior.",
)

# --- Art. 21 a 23: a Comissão, os Deputados e as informações ---------------------------------
r(
    "Art. 21",
    modo=CALCULADA,
    descricao="Os atos que falam pela Comissão (pareceres, ofícios, arquivamento) são do "
    "Presidente, ou do membro registrado em exercício da Presidência na data.",
    onde="processos.registros.ExercicioPresidencia",
)
r(
    "Art. 22",
    modo=CALCULADA,
    descricao="O Deputado vê todos os processos e documentos, só para leitura: não pratica atos "
    "nem baixa arquivos, e cada vista fica registrada; a voz é a manifestação no processo.",
    onde="processos.registros.RegistroAcesso",
    decisao="“Direito a voz e sem direito a voto”: o Deputado pode registrar uma manifestação "
    "no processo e não pratica ato algum; “vista ao processo ... não podendo retirá-lo”: vê os "
    "documentos na tela, sem download, e cada vista é registrada.",
)
r(
    "Art. 23",
    modo=CALCULADA,
    descricao="O portal público mostra os processos, a linha do tempo pública e só os "
    "documentos públicos por natureza (pareceres e proposições) ou liberados.",
    onde="documentos.models.TIPOS_PUBLICOS",
)

# --- Art. 24 a 27 ----------------------------------------------------------------------------
r(
    "Art. 24; Art. 24, § 2º; Art. 24, § 3º",
    modo=FORA,
    descricao="A divisão em distritos, o Conselho Distrital e a publicação da lei do distrito "
    "são do Município; o sistema não tramita processo de distrito.",
)
r(
    "Art. 24, § 1º; Art. 25",
    modo=EXIBIDA,
    descricao="O simulador público de distrito confere os requisitos do Art. 25 e emite "
    "certidão verificável; a criação é por lei municipal.",
    onde="documentos.emissao.emitir_certidao_distrito",
    testes=(
        "tests.requisitos.test_simuladores_paginas."
        "test_simulador_de_distrito_oferece_a_certidao_com_os_numeros_simulados",
    ),
)
r(
    "Art. 25, I",
    modo=CALCULADA,
    descricao="“Habilitações” no texto consolidado é lido como “habitações”.",
    onde="requisitos.regras.distrito.avaliar_distrito",
    digitado="as habitações informadas no simulador público de distrito.",
    decisao="“50 habilitações” é erro de digitação do texto consolidado: o sistema conta "
    "habitações na sede.",
)
r(
    "Art. 25, parágrafo único",
    modo=EXIBIDA,
    descricao="A certidão do simulador avisa que não substitui a do órgão de informações e "
    "cartografia do Estado, que apura os requisitos.",
    onde="documentos.conteudo.certidao_distrito",
)
r(
    "Art. 26",
    modo=FORA,
    descricao="Apoio do Governo do Estado à execução da lei: fora do sistema.",
)
r(
    "Art. 27",
    modo=FORA,
    descricao="Vigência e revogações: o sistema aplica o texto consolidado até a LC 130/2003, e "
    "os limiares são parâmetros legais com vigência, para as alterações posteriores.",
)

# --- Guardas e Decisões em código que não declara por si ------------------------------------
r(
    "Art. 2º, §§ 2º e 3º; Art. 18",
    modo=CALCULADA,
    descricao="“Concluir certidões” só é praticado com todos os ofícios do Art. 2º respondidos "
    "e com as figuras que cada certidão deve trazer (calculado dos ofícios, não declarado).",
    onde="instrucao.situacao_dos_oficios.certidoes_respondidas",
)
r(
    "Art. 2º, § 3º",
    modo=DECLARADA,
    descricao="A CRT registra o recebimento do ofício (AR), que inicia o prazo, e a resposta "
    "do órgão com a certidão e os números certificados.",
    onde="instrucao.services.registrar_resposta",
    decisao="O órgão não responde antes de receber o ofício: a resposta não antecede o "
    "recebimento (AR).",
)
r(
    "Art. 7º, I",
    modo=CALCULADA,
    descricao="Depois da apresentação do Projeto de Lei, o nome e a sede não se retificam.",
    onde="processos.retificacao.bloqueios",
    decisao="O Projeto de Lei menciona o nome e a sede, e a guarda de toponímia (Art. 6º) correu "
    "sobre eles na apresentação; daí em diante não se retificam.",
)
