"""`manage.py importar_assinaturas 0001/2026 ARQUIVO.csv [--usuario LOGIN]`: o mesmo relatório
por linha da tela; recusado o arquivo, nada gravado e saída com erro."""

import io
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, ManagementUtility, call_command

from representacao.models import ImportacaoAssinaturas, Signatario
from representacao.titulo import digitos_verificadores
from tests.processos.construtores import protocolar

CABECALHO = "nome;titulo_eleitor;zona;secao;reside_na_area;firma_reconhecida"


def titulo_mt(i: int) -> str:
    base = f"{i:08d}18"
    return base + digitos_verificadores(base)


@pytest.fixture
def processo(operador):
    return protocolar(operador)


@pytest.fixture
def arquivo(tmp_path):
    def gravar(linhas: list[str], nome: str = "lista.csv"):
        caminho = tmp_path / nome
        caminho.write_text("\n".join([CABECALHO, *linhas]) + "\n", encoding="utf-8")
        return str(caminho)

    return gravar


def rodar(*args) -> str:
    saida = io.StringIO()
    call_command("importar_assinaturas", *args, stdout=saida)
    return saida.getvalue()


def test_importa_e_imprime_o_resumo_com_as_aptas(processo, arquivo, servidor):
    caminho = arquivo(
        [
            f"Ana;{titulo_mt(1)};19;1;sim;sim",
            f"Bento;{titulo_mt(2)};;;sim;não",
            f"Ana de novo;{titulo_mt(1)};;;sim;sim",
        ]
    )

    saida = rodar(processo.protocolo, caminho, "--usuario", servidor.username)

    assert saida.splitlines() == [
        f"Linha 4\tAna de novo\t{titulo_mt(1)}\tTítulo repetido (nº 1): conta uma vez.",
        "3 assinaturas importadas; aptas: 1 de 100 exigidas (Art. 13).",
    ]
    assert processo.signatarios.count() == 3
    assert ImportacaoAssinaturas.objects.get().por == servidor


def test_aceita_o_numero_com_hifen(processo, arquivo, servidor):
    saida = rodar(processo.slug, arquivo([f"Ana;{titulo_mt(1)};;;s;s"]), "--usuario", "alice")

    assert saida.endswith("1 assinatura importada; aptas: 1 de 100 exigidas (Art. 13).\n")


def test_arquivo_recusado_imprime_o_relatorio_nao_grava_e_termina_com_erro(
    processo, arquivo, servidor
):
    caminho = arquivo([f"Ana;{titulo_mt(1)};;;sim;sim", "Bento;001234561806;;;sim;sim", ";1;;;x;s"])
    saida = io.StringIO()

    with pytest.raises(CommandError) as erro:
        call_command(
            "importar_assinaturas", processo.protocolo, caminho, "--usuario", "alice", stdout=saida
        )

    assert saida.getvalue().splitlines() == [
        "Linha 3\tBento\t001234561806\tDígito verificador inválido.",
        "Linha 4\t(sem nome)\t1\tNome em branco. O título deve ter 12 dígitos. "
        "Em reside_na_area, use sim ou não (recebido: “x”).",
    ]
    assert str(erro.value) == (
        "Arquivo recusado: 2 linhas com problema. Corrija a lista e importe de novo; "
        "nada foi gravado."
    )
    assert not Signatario.objects.exists()


def test_saida_da_linha_de_comando_e_1_quando_recusa(processo, arquivo, servidor, capsys):
    caminho = arquivo(["sem título;;;;sim;sim"])

    # run_from_argv fecha as conexões ao sair; no PostgreSQL isso derrubaria a transação
    # do teste antes de conferir o banco.
    with (
        pytest.raises(SystemExit) as saida,
        mock.patch("django.core.management.base.connections.close_all"),
    ):
        ManagementUtility(
            ["manage.py", "importar_assinaturas", processo.protocolo, caminho, "--usuario", "alice"]
        ).execute()

    assert saida.value.code == 1
    assert "Arquivo recusado: 1 linha com problema." in capsys.readouterr().err
    assert not Signatario.objects.exists()


def test_processo_inexistente_termina_com_erro(arquivo, servidor):
    with pytest.raises(CommandError, match=r"Processo não encontrado: 0999/2026"):
        rodar("0999/2026", arquivo([f"Ana;{titulo_mt(1)};;;s;s"]), "--usuario", "alice")


def test_numero_mal_escrito_termina_com_erro(arquivo, servidor):
    with pytest.raises(CommandError, match=r"Informe no formato 0001/2026"):
        rodar("primeiro", arquivo([]), "--usuario", "alice")


def test_arquivo_inexistente_termina_com_erro(processo, servidor):
    with pytest.raises(CommandError, match=r"Arquivo não encontrado: /nao/existe.csv"):
        rodar(processo.protocolo, "/nao/existe.csv", "--usuario", "alice")


def test_usuario_desconhecido_ou_fora_da_crt_termina_com_erro(processo, arquivo, mesa):
    caminho = arquivo([f"Ana;{titulo_mt(1)};;;s;s"])

    with pytest.raises(CommandError, match=r"Usuário desconhecido ou inativo: ninguem"):
        rodar(processo.protocolo, caminho, "--usuario", "ninguem")
    with pytest.raises(CommandError, match=r"carla não é da CRT"):
        rodar(processo.protocolo, caminho, "--usuario", "carla")
    assert not Signatario.objects.exists()


def test_sem_usuario_registra_em_nome_do_administrador(processo, arquivo):
    administrador = User.objects.create_superuser("root", password="x")

    rodar(processo.protocolo, arquivo([f"Ana;{titulo_mt(1)};;;s;s"]))

    assert processo.signatarios.get().criado_por == administrador


def test_sem_usuario_e_sem_administrador_termina_com_erro(processo, arquivo):
    with pytest.raises(CommandError, match=r"Informe quem importa: --usuario LOGIN"):
        rodar(processo.protocolo, arquivo([f"Ana;{titulo_mt(1)};;;s;s"]))
