"""O pyHanko trabalha com corrotinas; o sistema as chama de código síncrono (views, serviços,
comandos). `asyncio.run` não pode ser chamado numa thread que já tem um laço de eventos
rodando (um servidor ASGI, uma ferramenta de navegador nos testes): aí a corrotina roda numa
thread própria, com o seu laço, e o resultado volta igual. Os contextos de validação passados
fecham as conexões que abriram (buscas de revogação) antes de o laço acabar, como fazem as
funções síncronas do próprio pyHanko."""

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


def executar(corrotina: Coroutine[object, object, T], *contextos) -> T:
    async def ate_o_fim() -> T:
        try:
            return await corrotina
        finally:
            for contexto in contextos:
                if contexto is not None:
                    await contexto.aclose()

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(ate_o_fim())
    with ThreadPoolExecutor(max_workers=1) as executor:
        return executor.submit(asyncio.run, ate_o_fim()).result()
