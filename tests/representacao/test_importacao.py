"""Importação da lista de signatários (Art. 13): UTF-8 ou Latin-1, `;` ou `,`,
relatório por linha, tudo ou nada; títulos repetidos contam uma vez; e a contagem."""

import hashlib
import io
import random
import time

import pytest

from representacao import assinaturas
from representacao.assinaturas import (
    LIMITE_LINHAS,
    LIMITE_PROBLEMAS,
    DadosSignatario,
    Problema,
    adicionar_signatario,
    contagem,
    importar_csv,
    signatarios_em_ordem,
)
from representacao.models import ImportacaoAssinaturas, Signatario
from representacao.titulo import digitos_verificadores
from tests.processos.construtores import protocolar

CABECALHO = "nome;titulo_eleitor;zona;secao;reside_na_area;firma_reconhecida"


def titulo_mt(i: int) -> str:
    """Um título válido de MT (UF 18) com o sequencial `i`."""
    base = f"{i:08d}18"
    return base + digitos_verificadores(base)


def csv_de(linhas: list[str], *, cabecalho: str = CABECALHO, separador: str = ";") -> str:
    texto = "\n".join([cabecalho, *linhas]) + "\n"
    return texto.replace(";", separador)


def linhas_validas(quantas: int, inicio: int = 1) -> list[str]:
    return [
        f"Eleitor {i};{titulo_mt(i)};19;{i % 300 + 1};sim;sim"
        for i in range(inicio, inicio + quantas)
    ]


@pytest.fixture
def processo(operador):
    return protocolar(operador)


def importar(processo, usuario, conteudo: str | bytes, nome: str = "lista.csv"):
    dados = conteudo.encode("utf-8") if isinstance(conteudo, str) else conteudo
    return importar_csv(
        processo=processo, usuario=usuario, arquivo=io.BytesIO(dados), nome_arquivo=nome
    )


# --- arquivo bom ------------------------------------------------------------------------------


def test_importa_arquivo_bom_com_quem_quando_e_o_hash_do_arquivo(processo, operador):
    conteudo = csv_de(linhas_validas(3))

    relatorio = importar(processo, operador, conteudo)

    assert relatorio.aceito, relatorio.mensagem
    assert relatorio.mensagem == "3 assinaturas importadas; aptas: 3 de 100 exigidas (Art. 13)."
    importacao = ImportacaoAssinaturas.objects.get()
    assert (importacao.arquivo, importacao.linhas, importacao.importadas, importacao.por) == (
        "lista.csv",
        3,
        3,
        operador,
    )
    assert importacao.sha256 == hashlib.sha256(conteudo.encode()).hexdigest()
    linhas = list(signatarios_em_ordem(processo))
    assert [(s.ordem, s.nome, s.titulo_eleitor) for s in linhas] == [
        (1, "Eleitor 1", titulo_mt(1)),
        (2, "Eleitor 2", titulo_mt(2)),
        (3, "Eleitor 3", titulo_mt(3)),
    ]
    assert all(s.importacao == importacao and s.criado_por == operador for s in linhas)
    assert (linhas[0].zona, linhas[0].secao) == ("19", "2")


@pytest.mark.parametrize("separador", [";", ","])
def test_aceita_ponto_e_virgula_ou_virgula_como_separador(processo, operador, separador):
    relatorio = importar(processo, operador, csv_de(linhas_validas(2), separador=separador))

    assert relatorio.aceito, relatorio.mensagem
    assert processo.signatarios.count() == 2


def test_aceita_nome_com_virgula_entre_aspas_no_csv_separado_por_virgula(processo, operador):
    conteudo = csv_de([f'"Souza, Maria de";{titulo_mt(7)};;;sim;sim'], separador=",")

    relatorio = importar(processo, operador, conteudo)

    assert relatorio.aceito, relatorio.problemas
    assert processo.signatarios.get().nome == "Souza, Maria de"


def test_aceita_utf8_com_bom(processo, operador):
    conteudo = "\ufeff" + csv_de([f"João Conceição;{titulo_mt(1)};;;sim;sim"])

    relatorio = importar(processo, operador, conteudo.encode("utf-8"))

    assert relatorio.aceito, relatorio.mensagem
    assert processo.signatarios.get().nome == "João Conceição"


def test_aceita_latin1_com_cabecalho_acentuado_e_em_maiusculas(processo, operador):
    cabecalho = "Nome;Título de Eleitor;Zona;Seção;Reside na área;Firma Reconhecida"
    conteudo = csv_de(
        [f"Antônio Gonçalves;{titulo_mt(1)};19;;Sim;Não", f"Zé da Açaí;{titulo_mt(2)};;;NÃO;sim"],
        cabecalho=cabecalho,
    )

    relatorio = importar(processo, operador, conteudo.encode("latin-1"))

    assert relatorio.aceito, relatorio.mensagem
    assert list(
        processo.signatarios.values_list("nome", "reside_na_area", "firma_reconhecida")
    ) == [
        ("Antônio Gonçalves", True, False),
        ("Zé da Açaí", False, True),
    ]


def test_aceita_cp1252_do_excel_com_apostrofo_tipografico(processo, operador):
    conteudo = csv_de([f"Ana D’Ávila;{titulo_mt(1)};;;s;n"])

    relatorio = importar(processo, operador, conteudo.encode("cp1252"))

    assert relatorio.aceito, relatorio.mensagem
    assert processo.signatarios.get().nome == "Ana D’Ávila"


@pytest.mark.parametrize(
    ("sim", "nao"), [("sim", "não"), ("SIM", "NAO"), ("s", "n"), ("1", "0"), ("true", "false")]
)
def test_aceita_as_formas_de_sim_e_nao(processo, operador, sim, nao):
    conteudo = csv_de([f"Eleitor;{titulo_mt(1)};;;{sim};{nao}"])

    relatorio = importar(processo, operador, conteudo)

    assert relatorio.aceito, relatorio.problemas
    s = processo.signatarios.get()
    assert (s.reside_na_area, s.firma_reconhecida) == (True, False)


def test_colunas_em_outra_ordem_e_sem_zona_e_secao_sao_aceitas(processo, operador):
    conteudo = (
        "firma_reconhecida,titulo_eleitor,NOME,reside_na_area\nsim,0012 3456 1805,Maria,sim\n"
    )

    relatorio = importar(processo, operador, conteudo)

    assert relatorio.aceito, relatorio.mensagem
    s = processo.signatarios.get()
    assert (s.nome, s.titulo_eleitor, s.zona, s.secao) == ("Maria", "001234561805", "", "")


def test_linhas_em_branco_e_colunas_vazias_no_fim_sao_ignoradas(processo, operador):
    conteudo = CABECALHO + f"\r\n\r\nMaria;{titulo_mt(1)};;;sim;sim;;\r\n;;;;;\r\n"

    relatorio = importar(processo, operador, conteudo)

    assert relatorio.aceito, relatorio.problemas
    assert relatorio.linhas == 1


def test_aceita_quebra_de_linha_so_com_cr(processo, operador):
    conteudo = csv_de(linhas_validas(2)).replace("\n", "\r")

    relatorio = importar(processo, operador, conteudo)

    assert relatorio.aceito, relatorio.mensagem
    assert processo.signatarios.count() == 2


# --- arquivo com erros: nada gravado, relatório por linha -------------------------------------


def test_arquivo_com_linhas_erradas_nao_grava_nada_e_aponta_cada_linha(processo, operador):
    conteudo = csv_de(
        [
            f"Boa Um;{titulo_mt(1)};19;1;sim;sim",  # linha 2
            f";{titulo_mt(2)};;;sim;sim",  # 3: sem nome
            "Curto;12345;;;sim;sim",  # 4: tamanho
            "Dígito;001234561806;;;sim;sim",  # 5: dígito
            f"Booleano;{titulo_mt(5)};;;talvez;sim",  # 6: sim/não
            f"Colunas;{titulo_mt(6)};;;sim;sim;extra",  # 7: coluna a mais
            f"Zona;{titulo_mt(7)};19a;;sim;sim",  # 8: zona
            f"Boa Dois;{titulo_mt(8)};;;sim;sim",  # 9
        ]
    )

    relatorio = importar(processo, operador, conteudo)

    assert not relatorio.aceito
    assert relatorio.mensagem == (
        "Arquivo recusado: 6 linhas com problema. Corrija a lista e importe de novo; "
        "nada foi gravado."
    )
    assert relatorio.problemas == [
        Problema(3, titulo_mt(2), "Nome em branco.", ""),
        Problema(4, "12345", "O título deve ter 12 dígitos.", "Curto"),
        Problema(5, "001234561806", "Dígito verificador inválido.", "Dígito"),
        Problema(
            6, titulo_mt(5), "Em reside_na_area, use sim ou não (recebido: “talvez”).", "Booleano"
        ),
        Problema(7, titulo_mt(6), "A linha tem 7 colunas; o cabeçalho tem 6.", "Colunas"),
        Problema(8, titulo_mt(7), "Zona eleitoral deve ter de 1 a 4 algarismos.", "Zona"),
    ]
    assert not Signatario.objects.exists()
    assert not ImportacaoAssinaturas.objects.exists()


def test_linha_com_varios_erros_lista_todos(processo, operador):
    conteudo = csv_de([";ABC;;;x;y"])

    relatorio = importar(processo, operador, conteudo)

    (problema,) = relatorio.problemas
    assert problema.linha == 2
    assert problema.titulo == "ABC"
    assert "Nome em branco." in problema.problema
    assert "O título deve ter 12 dígitos." in problema.problema
    assert "reside_na_area" in problema.problema and "firma_reconhecida" in problema.problema


def test_linha_com_colunas_a_menos_e_recusada(processo, operador):
    relatorio = importar(processo, operador, csv_de([f"Maria;{titulo_mt(1)};19"]))

    assert relatorio.problemas == [
        Problema(2, titulo_mt(1), "A linha tem 3 colunas; o cabeçalho tem 6.", "Maria")
    ]


def test_faltando_colunas_a_mensagem_diz_quais(processo, operador):
    conteudo = "nome;zona;secao\nMaria;19;1\n"

    relatorio = importar(processo, operador, conteudo)

    assert not relatorio.aceito
    assert relatorio.mensagem.startswith(
        "Faltam colunas no cabeçalho (1ª linha): titulo_eleitor, reside_na_area, firma_reconhecida."
    )
    assert not Signatario.objects.exists()


def test_coluna_repetida_no_cabecalho_e_recusada(processo, operador):
    conteudo = "nome;titulo_eleitor;Título Eleitor;reside_na_area;firma_reconhecida\n"

    relatorio = importar(processo, operador, conteudo)

    assert relatorio.mensagem == "Coluna repetida no cabeçalho: titulo_eleitor."


def test_arquivo_so_com_cabecalho_e_recusado(processo, operador):
    relatorio = importar(processo, operador, CABECALHO + "\n")

    assert not relatorio.aceito
    assert relatorio.mensagem == "O arquivo não tem nenhuma assinatura além do cabeçalho."


def test_titulo_repetido_no_arquivo_e_na_lista_conta_uma_vez_e_fica_marcado(processo, operador):
    adicionar_signatario(
        processo=processo, usuario=operador, dados=DadosSignatario("Já Listado", titulo_mt(1))
    )
    conteudo = csv_de(
        [
            f"Repete o da tela;{titulo_mt(1)};;;sim;sim",  # linha 2 → nº 2
            f"Novo;{titulo_mt(2)};;;sim;sim",  # 3 → nº 3
            f"Repete o novo;{titulo_mt(2)};;;sim;sim",  # 4 → nº 4
        ]
    )

    relatorio = importar(processo, operador, conteudo)

    assert relatorio.aceito
    assert [(a.linha, a.titulo) for a in relatorio.avisos] == [(2, titulo_mt(1)), (4, titulo_mt(2))]
    assert relatorio.avisos[0].problema == "Título repetido (nº 1): conta uma vez."
    repeticoes = dict(processo.signatarios.values_list("ordem", "repete_ordem"))
    assert repeticoes == {1: None, 2: 1, 3: None, 4: 3}
    c = contagem(processo)
    assert (c.total, c.validos, c.duplicados, c.aptos) == (4, 2, 2, 2)


def test_titulo_repetido_com_pontuacao_diferente_e_o_mesmo_titulo(processo, operador):
    conteudo = csv_de(["Um;0012 3456 1805;;;sim;sim", "Outro;0012.3456.18-05;;;sim;sim"])

    relatorio = importar(processo, operador, conteudo)

    assert relatorio.aceito
    assert contagem(processo).aptos == 1
    assert contagem(processo).duplicados == 1


def test_o_mesmo_arquivo_nao_e_importado_duas_vezes(processo, operador):
    conteudo = csv_de(linhas_validas(3))
    importar(processo, operador, conteudo)

    segunda = importar(processo, operador, conteudo, nome="de-novo.csv")

    assert not segunda.aceito
    assert segunda.mensagem.startswith("Este arquivo já foi importado neste processo (lista.csv, ")
    assert processo.signatarios.count() == 3


def test_o_mesmo_arquivo_pode_ir_para_outro_processo(processo, operador):
    outro = protocolar(operador, nome="Outra Vila", sede="Outra Vila")
    conteudo = csv_de(linhas_validas(2))
    importar(processo, operador, conteudo)

    assert importar(outro, operador, conteudo).aceito
    assert outro.signatarios.count() == 2


# --- limites: nunca lento, nunca um erro 500 --------------------------------------------------


def test_cem_mil_linhas_de_lixo_sao_recusadas_depressa_com_relatorio_truncado(processo, operador):
    lixo = "\n".join(f"lixo {i};x;y;z;w;v" for i in range(100_000))
    inicio = time.perf_counter()

    relatorio = importar(processo, operador, CABECALHO + "\n" + lixo)

    assert time.perf_counter() - inicio < 2
    assert not relatorio.aceito
    assert relatorio.truncado
    assert len(relatorio.problemas) == LIMITE_PROBLEMAS
    assert relatorio.problemas[0].linha == 2
    assert f"parou nos {LIMITE_PROBLEMAS} primeiros problemas" in relatorio.mensagem
    assert "100.001 linhas no arquivo" in relatorio.mensagem
    assert not Signatario.objects.exists()


def test_cem_mil_linhas_de_lixo_sem_cabecalho_sao_recusadas_pelas_colunas(processo, operador):
    lixo = "\n".join(f"{i},qualquer,coisa" for i in range(100_000))
    inicio = time.perf_counter()

    relatorio = importar(processo, operador, lixo)

    assert time.perf_counter() - inicio < 1
    assert relatorio.mensagem.startswith("Faltam colunas no cabeçalho")


def test_lista_acima_do_limite_de_linhas_e_recusada_inteira(processo, operador):
    quantas = LIMITE_LINHAS + 1
    linhas = [f"E{i};{titulo_mt(i)};;;s;s" for i in range(1, quantas + 1)]

    relatorio = importar(processo, operador, csv_de(linhas))

    assert not relatorio.aceito
    assert relatorio.mensagem.startswith("O arquivo tem mais de 20.000 linhas de assinaturas")
    assert "Divida a lista em arquivos menores." in relatorio.mensagem
    assert not Signatario.objects.exists()


def test_arquivo_acima_de_5_mb_e_recusado_sem_ler_o_resto(processo, operador, monkeypatch):
    monkeypatch.setattr(assinaturas, "LIMITE_BYTES", 1000)

    relatorio = importar(processo, operador, csv_de(linhas_validas(40)))

    assert not relatorio.aceito
    assert relatorio.mensagem.startswith("O arquivo passa de")
    assert not Signatario.objects.exists()


def test_lixo_binario_e_recusado_com_mensagem_clara(processo, operador):
    binario = random.Random(13).randbytes(50_000)

    relatorio = importar(processo, operador, binario, nome="foto.jpg")

    assert not relatorio.aceito
    assert relatorio.mensagem.startswith(
        "O arquivo não é um CSV de texto legível (UTF-8 ou Latin-1)."
    )
    assert not Signatario.objects.exists()


@pytest.mark.parametrize(
    ("codificacao", "mensagem"),
    [
        ("utf-16", "O arquivo está em UTF-16. Salve-o como “CSV UTF-8”"),
        ("utf-16-le", "O arquivo não é um CSV de texto legível (UTF-8 ou Latin-1)."),
    ],
)
def test_arquivo_em_utf16_e_recusado_com_mensagem_clara(processo, operador, codificacao, mensagem):
    conteudo = csv_de(linhas_validas(2)).encode(codificacao)

    relatorio = importar(processo, operador, conteudo)

    assert not relatorio.aceito
    assert relatorio.mensagem.startswith(mensagem)
    assert not Signatario.objects.exists()


def test_cabecalho_gigante_sem_quebra_de_linha_e_recusado_pelas_colunas(processo, operador):
    relatorio = importar(processo, operador, "a" * 300_000)

    assert relatorio.mensagem.startswith("Faltam colunas no cabeçalho")


def test_campo_gigante_vira_problema_da_linha_e_nao_erro(processo, operador):
    conteudo = CABECALHO + '\n"' + "a" * 200_000 + '";x;;;s;s\n'

    relatorio = importar(processo, operador, conteudo)

    assert not relatorio.aceito
    assert relatorio.problemas[0].problema.startswith("Linha ilegível no CSV")


# --- contagem (Art. 13) -----------------------------------------------------------------------


def test_contagem_separa_validas_invalidas_repetidas_e_aptas(processo, operador):
    def add(nome, titulo, reside=True, firma=True):
        adicionar_signatario(
            processo=processo,
            usuario=operador,
            dados=DadosSignatario(nome, titulo, reside_na_area=reside, firma_reconhecida=firma),
        )

    add("Apta 1", titulo_mt(1))
    add("Apta 2", titulo_mt(2))
    add("Repete a 1", titulo_mt(1))
    add("Não reside", titulo_mt(3), reside=False)
    add("Sem firma", titulo_mt(4), firma=False)
    add("Nenhum dos dois", titulo_mt(5), reside=False, firma=False)
    add("Título errado", "001234561806")
    add("Título curto", "123")

    c = contagem(processo)

    assert c == assinaturas.Contagem(
        total=8, validos=5, invalidos=2, duplicados=1, nao_residentes=2, sem_firma=2, aptos=2
    )
    assert c.total == c.validos + c.invalidos + c.duplicados
    invalido = processo.signatarios.get(nome="Título curto")
    assert (invalido.titulo_valido, invalido.titulo_eleitor) == (False, "123")


def test_contagem_de_processo_sem_signatarios_e_zero(processo):
    assert contagem(processo) == assinaturas.Contagem()


def test_contagem_e_uma_so_consulta(processo, operador, django_assert_num_queries):
    importar(processo, operador, csv_de(linhas_validas(30)))

    with django_assert_num_queries(1):
        contagem(processo)


def test_contagem_nao_mistura_processos(processo, operador):
    outro = protocolar(operador, nome="Outra Vila", sede="Outra Vila")
    importar(outro, operador, csv_de(linhas_validas(5)))
    importar(processo, operador, csv_de(linhas_validas(2)))

    assert (contagem(processo).aptos, contagem(outro).aptos) == (2, 5)


def test_signatarios_em_ordem_segue_a_ordem_de_registro(processo, operador):
    adicionar_signatario(
        processo=processo, usuario=operador, dados=DadosSignatario("Zulmira", titulo_mt(9))
    )
    importar(processo, operador, csv_de(["Ana;" + titulo_mt(1) + ";;;s;s"]))
    adicionar_signatario(
        processo=processo, usuario=operador, dados=DadosSignatario("Bento", titulo_mt(2))
    )

    assert [s.nome for s in signatarios_em_ordem(processo)] == ["Zulmira", "Ana", "Bento"]
