"""Assinaturas digitais dos documentos (PAdES, Lei 14.063/2020): o núcleo de arquivos.

- `campos`: os campos de assinatura criados na emissão (cada signatário declarado e o selo);
- `confianca`: as raízes e LCRs carregadas pelo administrador e o contexto de validação;
- `selo`: o selo institucional da Assembleia (PKCS#12 do e-CNPJ, B-LTA com carimbo do tempo);
- `pessoal`: a assinatura de uma pessoa em dois passos (o servidor prepara o resumo, a
  ferramenta ou o serviço do signatário devolve o CMS, o servidor o embute) e os adaptadores
  (gov.br, PKCS#12 do usuário);
- `validacao`: o que cada assinatura de um PDF diz (signatário, cadeia, nível, hora, carimbo,
  alteração posterior), em português;
- `servicos`: quem assina o quê num documento emitido, e o registro de cada assinatura.

Toda assinatura é uma atualização incremental: o arquivo assinado começa pelos bytes exatos do
documento emitido, de modo que o SHA-256 e o código de verificação da emissão continuam
valendo. Este pacote não importa nenhuma fase; as fases chamam `entrada` ao receber um PDF.
"""

# O campo do PDF que o selo da Assembleia ocupa, criado na emissão com os das vagas
# (`campos`, `declaracao`); aqui para que o selo, a declaração e os serviços o leiam sem
# importar uns aos outros.
CAMPO_DO_SELO = "selo"
