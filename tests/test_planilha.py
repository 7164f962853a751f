"""Todo CSV do sistema sai por emancipacao.planilha: `;`, BOM, e nenhuma célula que a
planilha execute como fórmula. As exportações das listas têm os seus testes
(tests/processos/test_exportacao_lista.py, tests/transparencia/test_exportacao.py)."""

import csv
import io

import pytest

from emancipacao.planilha import BOM, celula, linhas_csv
from tests.processos.construtores import protocolar


@pytest.mark.parametrize(
    ("valor", "escrito"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("\n=1", "'\n=1"),
        ("Água Boa", "Água Boa"),
        ("a=1", "a=1"),
        ("0001/2026", "0001/2026"),
        (None, ""),
        (12, "12"),
    ],
)
def test_celula_que_comeca_como_formula_ganha_apostrofo(valor, escrito):
    assert celula(valor) == escrito


def test_cabecalho_e_linhas_passam_pela_mesma_celula():
    texto = "".join(linhas_csv(["=titulo", "b"], [["@x", "y;z"]]))

    assert texto.startswith(BOM)
    assert list(csv.reader(io.StringIO(texto[1:]), delimiter=";")) == [
        ["'=titulo", "b"],
        ["'@x", "y;z"],
    ]


def test_modelo_de_assinaturas_sai_pela_mesma_funcao(client, servidor):
    processo = protocolar(servidor)
    client.force_login(servidor)

    resposta = client.get(f"/processos/{processo.slug}/assinaturas/modelo.csv")

    assert resposta.content.decode("utf-8") == "".join(
        linhas_csv(
            ["nome", "titulo_eleitor", "zona", "secao", "reside_na_area", "firma_reconhecida"],
            [["Maria da Silva Souza", "0012 3456 1805", "19", "123", "sim", "sim"]],
        )
    )
