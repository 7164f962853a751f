"""O texto da LC 23/1992 lido em artigos, parágrafos e incisos (a numeração da técnica
legislativa, com os tropeços do texto consolidado)."""

import pytest

from lei.texto import ARQUIVO, lei_23, ler_lei
from requisitos.aplicacao import UNICO, Dispositivo


def test_o_texto_que_acompanha_o_sistema_tem_os_27_artigos_em_ordem():
    assert [a.numero for a in lei_23().artigos] == list(range(1, 28))


def test_o_texto_que_acompanha_o_sistema_e_o_de_shared():
    assert ARQUIVO.read_text(encoding="utf-8").startswith("Nota:")
    assert "Art. 27 Esta Lei Complementar" in ARQUIVO.read_text(encoding="utf-8")


def test_art_2_tem_seis_incisos_mesmo_com_dois_na_mesma_linha():
    artigo = lei_23().artigo(2)
    assert [i.numero for i in artigo.incisos] == ["I", "II", "III", "IV", "V", "VI"]
    assert artigo.incisos[1].texto.endswith("(Nova redação dada pela LC 31/94)")
    assert artigo.incisos[2].texto.startswith("centro urbano já constituído")
    assert artigo.incisos[3].texto.startswith("valor adicionado (VA)")  # "IV -" com hífen
    assert [p.numero for p in artigo.paragrafos] == ["1", "2", "3"]


def test_paragrafo_unico_e_incisos_do_art_12_e_do_art_25():
    lei = lei_23()
    assert [i.numero for i in lei.artigo(12).incisos] == ["I", "II"]
    assert lei.artigo(12).incisos[1].texto.startswith("cédula oficial")
    assert [p.numero for p in lei.artigo(25).paragrafos] == [UNICO]
    assert [p.rotulo for p in lei.artigo(4).paragrafos] == ["Parágrafo único."]


def test_preambulo_e_fecho_ficam_fora_dos_artigos():
    lei = lei_23()
    assert lei.preambulo[1].startswith("LEI COMPLEMENTAR Nº 23")
    assert lei.fecho[0].startswith("Palácio Paiaguás")
    assert lei.artigo(27).texto.endswith("08/91 e 09/91.")


def test_dispositivos_de_um_artigo_em_ordem():
    assert lei_23().artigo(10).dispositivos() == [
        Dispositivo(10),
        Dispositivo(10, "", "I"),
        Dispositivo(10, "", "II"),
        Dispositivo(10, "", "III"),
        Dispositivo(10, "1"),
        Dispositivo(10, "2"),
    ]


@pytest.mark.parametrize(
    "linha, artigo, rotulo",
    [("Art. 1º Texto.", 1, "Art. 1º"), ("Art. 10 Texto.", 10, "Art. 10")],
)
def test_numeracao_ordinal_ate_o_nono_e_cardinal_depois(linha, artigo, rotulo):
    lido = ler_lei(f"Preâmbulo\n{linha}\n").artigos[0]
    assert (lido.numero, lido.rotulo) == (artigo, rotulo)
