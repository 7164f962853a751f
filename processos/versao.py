"""A versão do processo que um formulário viu.

É o id do último Andamento. Todo ato grava o seu Andamento com a linha do processo travada
(`processos.services.praticar_ato`), então os ids de um processo crescem na ordem dos atos:
um id maior que o visto é um ato praticado depois que o formulário foi aberto, e o ato do
formulário é recusado ("outro usuário alterou; recarregue").
"""

from processos.models import Andamento

MENSAGEM_DESATUALIZADO = (
    "O processo foi movimentado por outra pessoa enquanto este formulário estava aberto. "
    "Recarregue a página para ver a situação atual; nada foi gravado."
)
MENSAGEM_ANDAMENTO_NOVO = (
    "Outro usuário alterou este processo depois que você abriu o formulário (ou este mesmo "
    "formulário já foi enviado); recarregue a página e confira antes de repetir. Nada foi "
    "gravado."
)
MENSAGEM_REGISTRO_NOVO = (
    "Outro usuário alterou {o_que} depois que você abriu o formulário; recarregue a página e "
    "confira antes de repetir. Nada foi gravado."
)
MENSAGEM_SEM_VERSAO = (
    "Este formulário não diz qual versão do processo você viu; recarregue a página e confira "
    "antes de repetir. Nada foi gravado."
)


def versao_do_processo(processo_id: int) -> int | None:
    return (
        Andamento.objects.filter(processo_id=processo_id)
        .order_by("-pk")
        .values_list("pk", flat=True)
        .first()
    )


def ha_andamento_novo(processo_id: int, visto: int) -> bool:
    """Algum ato foi praticado no processo depois da versão `visto`."""
    return Andamento.objects.filter(processo_id=processo_id, pk__gt=visto).exists()
