"""Os atos da representação (Arts. 10 e 13-16), um bloco por ato, na ordem do rito: o
formulário, as guardas, o `preparar` (o que o ato confere e grava) e o `registrar` (as
linhas da fase). `processos.services.praticar_ato` roda as partes nessa ordem."""

from dataclasses import dataclass

from instrucao.conferido_pela_representacao import CertidaoIbgeNoPl, ExtincaoNoPl, MapasTravados
from processos.extensoes import declarar_ato
from representacao import correcao_da_lista, documentos, extincao, forms, validade
from representacao.models import CorrecaoSignatario

# Arts. 13 e 14, e Art. 10: a representação protocolada; na extinção, a versão 1 dos dados
# da representação com o fundamento e os municípios que recebem o território.
declarar_ato(
    "protocolar",
    formulario=forms.ProtocolarForm,
    preparar=extincao.preparar_protocolo,
    registrar=extincao.registrar_no_protocolo,
)

# Art. 16, parágrafo único: a diligência já vem com o que falta.
declarar_ato("baixar_em_diligencia", formulario=forms.BaixarEmDiligenciaForm)

# Arts. 15 e 16: receber na CRT decidido pelos documentos e pela validade.
declarar_ato("receber_na_crt", guardas=(validade.representacao_instruida_e_valida,))

# Art. 10: na extinção, o parecer de mérito favorável só com o fundamento demonstrado.
declarar_ato("emitir_parecer_merito", preparar=extincao.preparar_parecer_merito)


@dataclass(frozen=True)
class ProjetoDeLeiDaRepresentacao:
    """O que a representação grava no projeto de lei; o PDF da instrução lê cada parte pelo
    `de_andamento` do seu tipo."""

    mapas: MapasTravados
    certidao_ibge: CertidaoIbgeNoPl | None
    extincao: ExtincaoNoPl | None

    def como_dados(self) -> dict:
        dados = self.mapas.como_dados()
        for parte in (self.certidao_ibge, self.extincao):
            if parte is not None:
                dados |= parte.como_dados()
        return dados


def preparar_projeto_de_lei(processo, dados: dict) -> ProjetoDeLeiDaRepresentacao:
    """Art. 19, § 3º: a versão travada dos mapas que o PL cita; Art. 6º, § 1º: a informação
    do IBGE sobre topônimo correlato; Art. 10, §§ 1º e 2º: na extinção, os municípios que
    recebem o território."""
    return ProjetoDeLeiDaRepresentacao(
        documentos.mapas_travados(processo),
        documentos.preparar_pl_toponimo(processo),
        extincao.preparar_pl(processo),
    )


declarar_ato("apresentar_pl", preparar=preparar_projeto_de_lei)

# Art. 13: a correção ou a anulação de uma linha da lista de signatários, com o antes e o
# depois no Andamento (a linha do tempo os diz em palavras).
declarar_ato(
    correcao_da_lista.ATO,
    preparar=correcao_da_lista.preparar_correcao,
    registrar=correcao_da_lista.registrar_correcao,
    rotulos={
        "linha_da_lista": "Linha da lista",
        "alteracao_da_lista": ("Alteração", dict(CorrecaoSignatario.Acao.choices)),
        "mudancas_da_linha": "O que mudou",
        "signatario_anulado": "Signatário anulado",
    },
)
