# A demonstração avança pelos atos; os PDFs de cada ato são testados em tests/documentos.
from tests.processos.conftest import emissao_real, municipios, sem_pdf  # noqa: F401
