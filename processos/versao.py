"""A versão do processo que um formulário viu, e a revisão que a página guarda em cache.

É o id do último Andamento. Todo ato grava o seu Andamento com a linha do processo travada
(`processos.services.praticar_ato`), então os ids de um processo crescem na ordem dos atos:
um id maior que o visto é um ato praticado depois que o formulário foi aberto, e o ato do
formulário é recusado ("outro usuário alterou; recarregue").

A revisão (`tocar`) conta toda gravação nas linhas do processo, também as que não gravam
Andamento (a retificação do AR, a certidão retificadora, a versão nova de um documento do
Art. 15, a correção de um signatário, o fim de uma emissão em segundo plano): os trechos da
página guardados em cache são chaveados por ela, e o que foi gravado aparece na hora.
"""

from django.db.models import F

from processos.models import Andamento, Processo, RevisaoDoProcesso

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


def tocar(processo) -> None:
    """Incrementa a revisão do processo (instância ou id), na transação de quem grava: o
    trecho guardado com a revisão anterior deixa de ser lido assim que a gravação vale, e
    quem lê antes dela continua vendo a revisão e os dados antigos, juntos."""
    processo_id = getattr(processo, "pk", processo)
    if RevisaoDoProcesso.objects.filter(processo_id=processo_id).update(valor=F("valor") + 1):
        return
    # Primeira gravação (ou processo criado sem ela): a linha do processo travada enfileira
    # quem cria a revisão ao mesmo tempo, e ninguém repete o valor de outro.
    list(Processo.objects.select_for_update().filter(pk=processo_id).values_list("pk"))
    revisao, criada = RevisaoDoProcesso.objects.get_or_create(
        processo_id=processo_id, defaults={"valor": 1}
    )
    if not criada:
        RevisaoDoProcesso.objects.filter(pk=revisao.pk).update(valor=F("valor") + 1)
