"""O agendador das tarefas periódicas: roda cada comando num processo filho, ignora os que
não existem, registra falhas sem parar e mata o que passa do limite; o batimento é tocado
para a healthcheck."""

import time

from django.core.management import call_command, get_commands

from operacao.agendador import TAREFAS, Agendador, Tarefa


def _agendador(tarefas, tmp_path, passo=0.2):
    linhas = []
    agendador = Agendador(
        tuple(tarefas), batimento=tmp_path / "batimento", escrever=linhas.append, passo=passo
    )
    return agendador, linhas


def test_as_tarefas_de_producao_e_seus_intervalos():
    por_comando = {t.comando: t for t in TAREFAS}

    assert set(por_comando) == {"enviar_avisos", "verificar_prazos", "verificar_integridade"}
    assert por_comando["enviar_avisos"].intervalo == 5 * 60
    assert por_comando["verificar_prazos"].intervalo == 3600
    assert por_comando["verificar_integridade"].intervalo == 3600
    assert por_comando["verificar_integridade"].argumentos == ("--remover-orfaos",)
    # Nenhuma tarefa pode durar mais que o seu intervalo (não se acumulam).
    assert all(t.limite < t.intervalo for t in TAREFAS)
    assert "verificar_integridade" in get_commands()


def test_comando_inexistente_e_ignorado_com_aviso(tmp_path):
    agendador, linhas = _agendador([Tarefa("comando_que_nao_existe", 60, 10)], tmp_path)

    assert agendador.tarefas == []
    assert "comando_que_nao_existe: comando inexistente nesta versão; ignorado." in linhas[0]


def test_uma_volta_roda_cada_tarefa_registra_a_saida_e_toca_o_batimento(tmp_path):
    tarefas = [
        Tarefa("shell", 60, 30, ("-c", "print('olá do filho')")),
        # Sem os argumentos obrigatórios: o filho termina com erro (código 2).
        Tarefa("ensaio_restauracao", 60, 30),
    ]
    agendador, linhas = _agendador(tarefas, tmp_path)

    agendador.laco(voltas=1)

    texto = "\n".join(linhas)
    assert "shell: olá do filho" in texto
    assert "shell: concluído em" in texto
    assert "ensaio_restauracao: FALHOU com código 2" in texto
    assert "the following arguments are required: --copia, --midia" in texto
    assert time.time() - (tmp_path / "batimento").stat().st_mtime < 30


def test_a_tarefa_so_volta_depois_do_intervalo(tmp_path):
    agendador, _ = _agendador([Tarefa("shell", 3600, 30, ("-c", "pass"))], tmp_path)
    agendador.volta()
    inicio = agendador.ultimo_inicio["shell"]

    assert agendador.vencidas(inicio + 3599.5) == []
    assert [t.comando for t in agendador.vencidas(inicio + 3600.5)] == ["shell"]


def test_tarefa_que_passa_do_limite_e_morta_e_o_laco_segue(tmp_path):
    tarefas = [
        Tarefa("shell", 60, 0, ("-c", "import time; time.sleep(30)")),
        Tarefa("check", 60, 30),
    ]
    agendador, linhas = _agendador(tarefas, tmp_path)
    inicio = time.monotonic()

    agendador.laco(voltas=1)

    assert time.monotonic() - inicio < 25
    texto = "\n".join(linhas)
    assert "shell: MORTO após" in texto
    assert "check: concluído em" in texto


def test_comando_uma_vez_roda_as_tarefas_existentes(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(
        "operacao.management.commands.agendador.TAREFAS",
        (Tarefa("check", 60, 60), Tarefa("comando_que_nao_existe", 60, 60)),
    )

    call_command("agendador", "--uma-vez", "--batimento", str(tmp_path / "b"))

    saida = capsys.readouterr().out
    assert "iniciado; tarefas: check a cada 60 s" in saida
    assert "check: System check identified no issues" in saida
    assert (tmp_path / "b").exists()
