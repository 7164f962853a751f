"""Assinaturas digitais dos documentos (PAdES, Lei 14.063/2020): o núcleo de arquivos.

- `campos`: os campos de assinatura criados na emissão (cada signatário declarado e o selo);
- `confianca`: as raízes e LCRs carregadas pelo administrador e o contexto de validação;
- `selo`: o selo institucional da Assembleia (PKCS#12 do e-CNPJ, B-LTA com carimbo do tempo);
- `token`: o selo num token A3 ou HSM (PKCS#11), escolhido em vez do PKCS#12 quando configurado;
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


class SeloIndisponivel(RuntimeError):
    """O selo não está instalado, ou o arquivo, o token ou o PIN não abrem. Aqui, e não em
    `selo`, para que o arquivo (`selo`) e o token (`token`) a levantem sem importar um ao
    outro; `selo.SeloIndisponivel` é a mesma classe."""
