"""As corrotinas do pyHanko chamadas de código síncrono, também numa thread que já tem um laço
de eventos rodando (servidor ASGI, ferramenta de navegador): `asyncio.run` ali falharia."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from documentos.assinatura.assincrono import executar


async def _dobro(valor: int) -> int:
    await asyncio.sleep(0)
    return 2 * valor


def test_sem_laco_rodando_a_corrotina_roda_ali_mesmo():
    assert executar(_dobro(21)) == 42


def test_com_um_laco_rodando_a_corrotina_roda_noutra_thread_e_o_resultado_volta():
    async def de_dentro_do_laco():
        return executar(_dobro(4))

    # Numa thread nova (a principal pode já ter o laço de outra ferramenta de teste).
    with ThreadPoolExecutor(max_workers=1) as executor:
        assert executor.submit(asyncio.run, de_dentro_do_laco()).result() == 8
