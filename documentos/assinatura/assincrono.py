"""O pyHanko trabalha com corrotinas; o sistema as chama de código síncrono (views, serviços,
comandos). `asyncio.run` não pode ser chamado numa thread que já tem um laço de eventos
rodando (um servidor ASGI, uma ferramenta de navegador nos testes): aí a corrotina roda numa
thread própria, com o seu laço, e o resultado volta igual."""

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


def executar(corrotina: Coroutine[object, object, T]) -> T:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(corrotina)
    with ThreadPoolExecutor(max_workers=1) as executor:
        return executor.submit(asyncio.run, corrotina).result()
