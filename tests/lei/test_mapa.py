"""O mapa da lei não se desencontra do código: todo dispositivo da LC 23/1992 tem anotação,
nenhuma regra cita dispositivo inexistente, e todo lugar, parâmetro e teste citado existe."""

import copy
import re
from pathlib import Path

from lei import aplicacoes, conferencia, mapa
from lei.texto import lei_23
from requisitos.aplicacao import FORA, Dispositivo, Registro

RAIZ = Path(__file__).resolve().parents[2]


def test_todo_artigo_paragrafo_e_inciso_da_lei_tem_anotacao_e_nenhuma_regra_cita_o_que_nao_existe():
    assert conferencia.problemas(lei_23(), aplicacoes.todas()) == []


def test_todos_os_27_artigos_estao_no_mapa():
    artigos = {d.artigo for a in aplicacoes.todas() for d in a.dispositivos}
    assert artigos >= set(range(1, 28))


def test_tirar_um_artigo_do_mapa_reprova():
    """O Art. 26 só está no mapa declarativo: numa cópia sem ele, a conferência acusa."""
    copia = copy.deepcopy(mapa.MAPA)
    copia.aplicacoes = [a for a in copia.aplicacoes if Dispositivo(26) not in a.dispositivos]

    assert conferencia.problemas(lei_23(), aplicacoes.todas(copia)) == [
        "Art. 26: sem aplicação no mapa da lei."
    ]
    assert conferencia.problemas(lei_23(), aplicacoes.todas()) == []  # o original intacto


def test_tirar_um_inciso_das_regras_reprova():
    todas = [a for a in aplicacoes.todas() if Dispositivo(25, "", "II") not in a.dispositivos]
    assert "Art. 25, II: sem aplicação no mapa da lei." in conferencia.problemas(lei_23(), todas)


def test_regra_que_cita_artigo_inexistente_reprova():
    registro = Registro()

    @registro.aplica("Art. 99", descricao="Regra de um artigo que a lei não tem.")
    def regra_fantasma():
        return True

    @registro.aplica("Art. 2º, VII", descricao="Inciso que o Art. 2º não tem.")
    def inciso_fantasma():
        return True

    todas = [*aplicacoes.todas(), *registro.aplicacoes]
    problemas = conferencia.problemas(lei_23(), todas)
    assert any("regra_fantasma cita Art. 99, que não existe" in p for p in problemas)
    assert any("inciso_fantasma cita Art. 2º, VII, que não existe" in p for p in problemas)


def test_lugar_parametro_e_teste_inexistentes_reprovam():
    registro = Registro()
    registro.registrar(
        "Art. 2º, I",
        descricao="x",
        onde="requisitos.regras.funcao_que_sumiu",
        parametro="populacao_maxima",
        testes=("tests.requisitos.test_regras_criacao.test_que_nao_existe",),
    )
    assert conferencia.lugares_inexistentes(registro.aplicacoes) == [
        "Art. 2º, I: “requisitos.regras.funcao_que_sumiu” não existe."
    ]
    assert len(conferencia.parametros_inexistentes(registro.aplicacoes)) == 1
    assert len(conferencia.testes_inexistentes(registro.aplicacoes)) == 1


def test_todo_teste_citado_pelas_regras_existe():
    assert conferencia.testes_inexistentes(aplicacoes.todas()) == []


def test_todo_fundamento_de_ato_e_de_documento_e_uma_citacao_legivel():
    assert aplicacoes.dos_atos()[1] == []
    assert aplicacoes.dos_documentos()[1] == []


def test_todo_modulo_que_declara_aplicacoes_e_carregado_pela_pagina():
    """Um `@aplica` num módulo fora de MODULOS_QUE_DECLARAM não chegaria à página."""
    declara = re.compile(r"^\s*(@aplica\(|registrar\()", re.MULTILINE)
    modulos = set()
    pacotes = [p for p in RAIZ.iterdir() if (p / "__init__.py").exists()]
    for arquivo in (a for pacote in pacotes for a in pacote.rglob("*.py")):
        partes = arquivo.relative_to(RAIZ).parts
        if partes[0] in {"tests", "lei"} or "migrations" in partes:
            continue
        texto = arquivo.read_text(encoding="utf-8")
        if "requisitos.aplicacao import" in texto and declara.search(texto):
            modulos.add(".".join(arquivo.relative_to(RAIZ).with_suffix("").parts))
    assert modulos == set(aplicacoes.MODULOS_QUE_DECLARAM)


def test_o_que_nao_e_software_diz_o_porque():
    fora = [a for a in aplicacoes.todas() if a.modo == FORA]
    assert fora and all(len(a.descricao) > 40 for a in fora)
