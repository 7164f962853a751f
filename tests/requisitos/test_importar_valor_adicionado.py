"""Importação da tabela de valor adicionado da SEFAZ (Art. 2º, IV): comando e admin.
UTF-8 ou Latin-1, `;` ou `,`, erro por linha, e nada gravado se alguma linha for ruim."""

from decimal import Decimal
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from requisitos.consultas import TabelaVAIncompleta, exercicios_disponiveis, media_va_do_exercicio
from requisitos.models import Municipio, ValorAdicionado
from requisitos.municipios_br import municipios_da_uf
from requisitos.parametros import ParametrosLegais

pytestmark = pytest.mark.django_db

MT = [m.codigo_ibge for m in municipios_da_uf("MT")]


def tabela(linhas: list[str], separador: str = ";") -> str:
    cabecalho = separador.join(["codigo_ibge", "exercicio", "valor_adicionado"])
    return "\n".join([cabecalho, *linhas]) + "\n"


def importar(tmp_path, conteudo: str | bytes, *argumentos) -> str:
    arquivo = tmp_path / "va.csv"
    if isinstance(conteudo, str):
        arquivo.write_text(conteudo, encoding="utf-8")
    else:
        arquivo.write_bytes(conteudo)
    saida = StringIO()
    call_command("importar_valor_adicionado", str(arquivo), *argumentos, stdout=saida)
    return saida.getvalue()


def test_importa_tabela_com_ponto_e_virgula_e_valor_brasileiro(tmp_path):
    saida = importar(
        tmp_path,
        tabela([f"{MT[0]};2023;1.234.567,89", f"{MT[1]};2023;1500000.5", f"{MT[2]};2022;10"]),
    )
    assert "3 valores adicionados incluídos e 0 atualizados (exercícios: 2022, 2023)" in saida
    valor = ValorAdicionado.objects.get(municipio__codigo_ibge=MT[0], exercicio=2023)
    assert valor.valor == Decimal("1234567.89")
    assert valor.fonte == "SEFAZ-MT"
    assert Municipio.objects.get(codigo_ibge=MT[0]).nome == municipios_da_uf("MT")[0].nome


def test_importa_latin1_com_virgula_e_atualiza_o_existente(tmp_path):
    importar(tmp_path, tabela([f"{MT[0]};2023;1"]))
    conteudo = f'codigo_ibge,exercicio,valor_adicionado,observação\n{MT[0]},2023,"2,50",Cuiabá\n'
    saida = importar(tmp_path, conteudo.encode("latin-1"), "--fonte", "SEFAZ-MT/2024")
    assert "0 valores adicionados incluídos e 1 atualizados" in saida
    valor = ValorAdicionado.objects.get(municipio__codigo_ibge=MT[0], exercicio=2023)
    assert (valor.valor, valor.fonte) == (Decimal("2.50"), "SEFAZ-MT/2024")


def test_cabecalho_em_latin1_com_acento_nao_quebra(tmp_path):
    conteudo = f"codigo_ibge;exercicio;valor_adicionado;município\n{MT[0]};2023;5;Cuiabá\n"
    importar(tmp_path, conteudo.encode("latin-1"))
    assert ValorAdicionado.objects.count() == 1


def test_recusa_o_arquivo_inteiro_e_lista_cada_linha_ruim(tmp_path):
    conteudo = tabela(
        [
            f"{MT[0]};2023;100",
            "3550308;2023;100",  # São Paulo
            "abc;2023;100",
            f"{MT[1]};23;100",
            f"{MT[2]};2023;-5",
            f"{MT[3]};2023;1,234",
            f"{MT[4]};2023;muito",
            f"{MT[0]};2023;200",
        ]
    )
    with pytest.raises(CommandError) as erro:
        importar(tmp_path, conteudo)
    mensagem = str(erro.value)
    assert "nada foi gravado" in mensagem
    assert "Linha 3: o código IBGE 3550308 não é de um município de Mato Grosso." in mensagem
    assert "Linha 4: código IBGE inválido." in mensagem
    assert "Linha 5: exercício 23 fora do intervalo aceito." in mensagem
    assert "Linha 6: o valor deve ser um número não negativo." in mensagem
    assert "Linha 7: o valor deve ter no máximo 2 casas decimais" in mensagem
    assert "Linha 8: valor adicionado inválido." in mensagem
    assert "Linha 9: repete a linha 2" in mensagem
    assert ValorAdicionado.objects.count() == 0
    assert Municipio.objects.count() == 0


@pytest.mark.parametrize(
    ("conteudo", "mensagem"),
    [
        ("codigo;ano;valor\n1;2;3\n", r"Cabeçalho sem a\(s\) coluna\(s\): codigo_ibge, exercicio"),
        ("codigo_ibge;exercicio;valor_adicionado\n", "não tem linhas de dados"),
    ],
)
def test_recusa_cabecalho_errado_e_arquivo_vazio(tmp_path, conteudo, mensagem):
    with pytest.raises(CommandError, match=mensagem):
        importar(tmp_path, conteudo)


def test_arquivo_inexistente(tmp_path):
    with pytest.raises(CommandError, match="Arquivo não encontrado"):
        call_command("importar_valor_adicionado", str(tmp_path / "nao-existe.csv"))


def test_media_do_exercicio_usa_os_dez_menores_importados(tmp_path):
    linhas = [f"{codigo};2023;{(i + 1) * 1000}" for i, codigo in enumerate(MT[:15])]
    importar(tmp_path, tabela(linhas))
    media = media_va_do_exercicio(2023, ParametrosLegais())
    assert media.media == Decimal("5500.00")
    assert [codigo for codigo, _ in media.municipios] == MT[:10]
    assert exercicios_disponiveis(ParametrosLegais()) == [2023]


def test_media_do_exercicio_sem_dez_municipios_e_recusada(tmp_path):
    importar(tmp_path, tabela([f"{codigo};2023;1" for codigo in MT[:9]]))
    with pytest.raises(TabelaVAIncompleta, match="9 importados"):
        media_va_do_exercicio(2023, ParametrosLegais())
    assert exercicios_disponiveis(ParametrosLegais()) == []


@pytest.fixture
def administrador(db):
    return User.objects.create_superuser("admin", "admin@example.org", "senha-admin-123")


URL_ADMIN = "/admin/requisitos/valoradicionado/importar/"


def test_admin_importa_o_csv(client, administrador):
    client.force_login(administrador)
    assert (
        "Importar CSV da SEFAZ" in client.get("/admin/requisitos/valoradicionado/").content.decode()
    )
    arquivo = SimpleUploadedFile("va.csv", tabela([f"{MT[0]};2024;10,00"]).encode())
    resposta = client.post(URL_ADMIN, {"arquivo": arquivo, "fonte": "SEFAZ-MT"}, follow=True)
    assert "1 valores adicionados incluídos" in resposta.content.decode()
    assert ValorAdicionado.objects.get().valor == Decimal("10.00")


def test_admin_recusa_o_csv_com_erro_e_nao_grava_nada(client, administrador):
    client.force_login(administrador)
    conteudo = tabela([f"{MT[0]};2024;10", "9999999;2024;1"]).encode()
    arquivo = SimpleUploadedFile("va.csv", conteudo)
    resposta = client.post(URL_ADMIN, {"arquivo": arquivo, "fonte": "SEFAZ-MT"})
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert "nada foi gravado" in html
    assert "Linha 3: o código IBGE 9999999 não é de um município de Mato Grosso." in html
    assert ValorAdicionado.objects.count() == 0


def test_admin_importacao_exige_administrador(client, servidor):
    client.force_login(servidor)
    resposta = client.get(URL_ADMIN)
    assert resposta.status_code == 302
    assert "/admin/login/" in resposta["Location"]
