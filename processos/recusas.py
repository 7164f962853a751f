"""As recusas de um ato, num módulo sem dependências: as guardas, os preparos e o serviço as
levantam, e nenhum deles precisa importar o modelo para isso."""


class AtoRecusado(Exception):
    """O ato não pode ser praticado; a mensagem (pt-BR) diz o que fazer."""


class ArquivoReparavel(AtoRecusado):
    """O arquivo juntado é recusado, mas tem reparo: `figuras` (rótulo, valor) dizem o que o
    reparo muda, e `sha256` identifica o arquivo cujo reparo foi mostrado — só a confirmação
    desse mesmo arquivo o junta reparado."""

    def __init__(self, mensagem: str, *, figuras: list[tuple[str, str]], sha256: str):
        super().__init__(mensagem)
        self.figuras = figuras
        self.sha256 = sha256
