"""A avaliação do Art. 2º a partir das certidões (Art. 2º, § 2º): o parecer de mérito da
criação (I a VI e § 1º sobre cada remanescente) e o da extinção pelo fundamento I (Art. 10,
I: perda dos requisitos de I a V). As regras são as funções puras de `requisitos`; aqui só
se reúnem os números certificados vigentes, o registrado na visita e os parâmetros."""

from dataclasses import dataclass, field
from datetime import date

from django.utils import timezone

from instrucao import certidoes as cert
from instrucao.models import Certidao
from processos import leitura
from processos.avaliacao import condicoes_da_visita
from requisitos import formatacao as fmt
from requisitos.aplicacao import aplica
from requisitos.consultas import (
    COMO_IMPORTAR_A_TABELA,
    exercicio_encerrado,
    tabela_do_exercicio,
)
from requisitos.regras import (
    DadosCriacao,
    DadosRemanescente,
    avaliar_casas,
    avaliar_condicoes_instalacao,
    avaliar_continuidade_territorial,
    avaliar_criacao_municipio,
    avaliar_eleitores,
    avaliar_populacao,
    avaliar_valor_adicionado,
    media_va_menores,
)
from requisitos.veredito import Requisito, Veredito

# De que número (e, portanto, de que certidão) vem cada inciso.
CAMPO_DO_INCISO = {
    "I": "populacao",
    "II": "eleitores",
    "III": "casas_centro_urbano",
    "IV": "valor_adicionado",
    "VI": "continuidade_territorial",
}


@dataclass
class Avaliacao:
    """O que a página, o formulário e o parecer mostram: o veredito (quando todos os números
    estão certificados), os números que faltam, a fonte de cada linha e os avisos."""

    figuras: cert.Figuras
    faltas: list[str] = field(default_factory=list)
    veredito: Veredito | None = None
    avisos: list[str] = field(default_factory=list)

    @property
    def completa(self) -> bool:
        return self.veredito is not None

    def fonte(self, inciso: str, chave: str = cert.AREA) -> Certidao | None:
        campo = CAMPO_DO_INCISO.get(inciso)
        return self.figuras.fonte(chave, campo) if campo else None


def _data(processo):
    """Parâmetros em vigor na data do ato em prática; fora de um ato, hoje."""
    return getattr(processo, "data_do_ato", None) or timezone.localdate()


# Os parâmetros legais que a avaliação do Art. 2º lê (I, II, III e IV).
PARAMETROS_DO_ART2 = ("populacao_minima", "percentual_eleitores", "casas_minimas", "n_menores_va")


def parametros_aplicados(processo) -> list[dict]:
    """A versão de cada parâmetro do Art. 2º que a avaliação usou (a em vigor na data do
    ato), com o valor: gravada no parecer de mérito, que a nomeia no PDF."""
    data = _data(processo)
    em_vigor = leitura.parametros(processo, data)
    aplicados = []
    for nome in PARAMETROS_DO_ART2:
        versao = leitura.versao_do_parametro(processo, nome, data)
        inicio = versao["vigencia_inicio"]
        origem = (
            f"versão de {date.fromisoformat(inicio):%d/%m/%Y}, {versao['fundamento']}"
            if inicio
            else "padrão da LC 23/1992 consolidada, sem versão registrada"
        )
        valor = fmt.inteiro(getattr(em_vigor, nome))
        aplicados.append(
            {
                "nome": nome,
                "vigencia_inicio": inicio,
                "texto": f"{versao['descricao']}: {valor} ({origem})",
            }
        )
    return aplicados


@aplica(
    "Art. 2º, IV",
    descricao="O valor adicionado é o do último exercício encerrado antes do parecer de "
    "mérito, e a média dos menores é tirada da tabela completa da SEFAZ desse exercício "
    "(todo município que existia nele); certidão de outro exercício ou tabela incompleta "
    "bloqueia o parecer favorável, dizendo o que falta.",
    parametro="n_menores_va",
    testes=(
        "tests.instrucao.test_exercicio_va.test_certidao_de_exercicio_antigo_bloqueia_o_parecer_favoravel",
        "tests.instrucao.test_exercicio_va.test_tabela_incompleta_do_exercicio_diz_quais_municipios_faltam",
    ),
    decisao="Exercício = ano civil; o último encerrado antes do parecer é o ano anterior ao "
    "dele. Existia no exercício o município instalado até 31/12 dele ou sem data de "
    "instalação registrada.",
)
def _media(figuras: cert.Figuras, parametros, faltas: list[str], data):
    if figuras.exercicio is None:
        return None
    exigido = exercicio_encerrado(data)
    if figuras.exercicio != exigido:
        situacao = "ainda não se encerrou" if figuras.exercicio > exigido else "é anterior"
        faltas.append(
            f"A certidão da SEFAZ é do exercício de {figuras.exercicio}, que {situacao}: o "
            f"Art. 2º, IV pede o valor adicionado do último exercício encerrado antes do "
            f"parecer ({exigido}). Peça à SEFAZ a certidão de {exigido}."
        )
        return None
    valores, sem_va = tabela_do_exercicio(exigido)
    if sem_va:
        nomes = ", ".join(sem_va[:5]) + (f" e mais {len(sem_va) - 5}" if len(sem_va) > 5 else "")
        faltas.append(
            f"A tabela do valor adicionado da SEFAZ de {exigido} está incompleta: falta(m) "
            f"{len(sem_va)} município(s) que existiam no exercício ({nomes}) (Art. 2º, IV). "
            + COMO_IMPORTAR_A_TABELA
        )
        return None
    if len(valores) < parametros.n_menores_va:
        faltas.append(
            f"Falta a tabela do valor adicionado da SEFAZ do exercício de {exigido} (o "
            "exercício da certidão, Art. 2º, IV). " + COMO_IMPORTAR_A_TABELA
        )
        return None
    return media_va_menores(valores, parametros.n_menores_va, exigido)


@aplica(
    "Art. 2º, § 2º; Art. 2º, § 1º",
    descricao="Os números de I a IV e VI (da área e de cada município de origem remanescente) "
    "são lidos das certidões vigentes dos órgãos — ninguém os redigita; o parecer de mérito "
    "grava a avaliação, os números e as certidões (número, versão, SHA-256) de onde vieram.",
    testes=(
        "tests.instrucao.test_avaliacao_pelas_certidoes.test_avaliacao_do_art_2_e_montada_das_respostas_com_a_fonte_de_cada_linha",
        "tests.instrucao.test_avaliacao_pelas_certidoes.test_paragrafo_1_falha_so_pelo_remanescente_que_nao_atende",
        "tests.instrucao.test_avaliacao_pelas_certidoes.test_parecer_de_merito_recusado_quando_a_resposta_e_parcial",
    ),
)
def avaliar_criacao(processo) -> Avaliacao:
    """Art. 2º, I a VI, e § 1º, com os números das certidões vigentes; V é o registrado na
    visita in loco. Sem algum número (ou sem a tabela do VA do exercício certificado), não há
    veredito — só a lista do que falta."""
    figuras = cert.figuras_vigentes(processo)
    faltas = cert.faltantes(processo, figuras)
    parametros = leitura.parametros(processo, _data(processo))
    media = _media(figuras, parametros, faltas, _data(processo))
    avaliacao = Avaliacao(figuras, faltas, avisos=cert.avisos_de_plausibilidade(processo, figuras))
    if faltas:
        return avaliacao
    valor = figuras.valor
    remanescentes = tuple(
        DadosRemanescente(
            codigo_ibge=u.municipio.codigo_ibge,
            nome=u.municipio.nome,
            populacao=valor(u.chave, "populacao"),
            eleitores=valor(u.chave, "eleitores"),
            casas_centro_urbano=valor(u.chave, "casas_centro_urbano"),
            valor_adicionado=valor(u.chave, "valor_adicionado"),
        )
        for u in cert.unidades_pedidas(processo, "sefaz")
        if not u.e_area
    )
    continuidades = [
        valor(u.chave, "continuidade_territorial")
        for u in cert.unidades_pedidas(processo, "cartografia")
    ]
    # Art. 2º, VI: a continuidade do novo município e do(s) de origem — todas certificadas.
    continuidade = all(continuidades) if continuidades else None
    dados = DadosCriacao(
        populacao=valor(cert.AREA, "populacao"),
        eleitores=valor(cert.AREA, "eleitores"),
        casas_centro_urbano=valor(cert.AREA, "casas_centro_urbano"),
        valor_adicionado=valor(cert.AREA, "valor_adicionado"),
        media_va_menores=media,
        condicoes_instalacao=condicoes_da_visita(processo),
        continuidade_territorial=continuidade,
        remanescentes=remanescentes,
    )
    avaliacao.veredito = avaliar_criacao_municipio(dados, parametros)
    return avaliacao


@aplica(
    "Art. 10, I",
    descricao="Na extinção pelo fundamento I, os requisitos do Art. 2º, I a V, são avaliados "
    "com os números certificados hoje sobre o próprio município.",
    testes=(
        "tests.representacao.test_extincao_parecer_e_lei.test_art_10_i_favoravel_aceito_com_a_perda_de_um_requisito",
        "tests.representacao.test_extincao_parecer_e_lei.test_art_10_i_favoravel_recusado_quando_todos_os_requisitos_continuam_atendidos",
    ),
)
def avaliar_extincao(processo) -> Avaliacao:
    """Art. 10, I: o município perdeu algum dos requisitos do Art. 2º, I a V? Os números de
    I a IV vêm das certidões vigentes sobre o próprio município; V, da visita in loco. O
    veredito "atende" quando todos continuam atendidos — e a extinção pelo fundamento I só
    cabe quando ao menos um deixou de ser atendido."""
    figuras = cert.figuras_vigentes(processo)
    faltas = cert.faltantes(processo, figuras)
    parametros = leitura.parametros(processo, _data(processo))
    media = _media(figuras, parametros, faltas, _data(processo))
    avaliacao = Avaliacao(figuras, faltas, avisos=cert.avisos_de_plausibilidade(processo, figuras))
    if faltas:
        return avaliacao
    valor = figuras.valor
    populacao = valor(cert.AREA, "populacao")
    requisitos: tuple[Requisito, ...] = (
        avaliar_populacao(populacao, parametros),
        avaliar_eleitores(valor(cert.AREA, "eleitores"), populacao, parametros),
        avaliar_casas(valor(cert.AREA, "casas_centro_urbano"), parametros),
        avaliar_valor_adicionado(valor(cert.AREA, "valor_adicionado"), media),
        avaliar_condicoes_instalacao(condicoes_da_visita(processo)),
    )
    avaliacao.veredito = Veredito(
        atende=all(r.atende for r in requisitos),
        requisitos=requisitos,
        parametros=parametros.como_dict(),
    )
    return avaliacao


def avaliar(processo) -> Avaliacao | None:
    """A avaliação que o tipo do processo pede no parecer de mérito (None: nenhuma)."""
    if processo.tipo == "criacao":
        return avaliar_criacao(processo)
    if processo.tipo == "extincao":
        return avaliar_extincao(processo)
    return None


def falhas(veredito) -> list[str]:
    """Os requisitos não atendidos, com o fundamento, para a mensagem de recusa."""
    lista = [f"{r.fundamento}: {r.mensagem}" for r in veredito.requisitos if not r.atende]
    for remanescente in getattr(veredito, "remanescentes", ()):
        nome = remanescente.nome or str(remanescente.codigo_ibge)
        lista += [
            f"{nome} (remanescente, {r.fundamento}): {r.mensagem}"
            for r in remanescente.requisitos
            if not r.atende
        ]
    return lista


def fontes_gravadas(avaliacao: Avaliacao) -> list[dict]:
    """As certidões de onde vieram os números, para gravar com o parecer (o PDF e a página
    citam cada uma pelo número, versão e SHA-256)."""
    return [
        {
            "certidao_id": c.pk,
            "oficio": c.oficio.numero,
            "orgao": c.oficio.get_orgao_display(),
            "numero": c.numero,
            "data": c.data.isoformat(),
            "versao": c.versao,
            "sha256": c.sha256,
            "exercicio": c.exercicio,
        }
        for c in avaliacao.figuras.certidoes
    ]


def numeros_gravados(processo, avaliacao: Avaliacao) -> dict:
    """Os números certificados usados, por unidade, como texto (Decimal nunca vira float)."""
    numeros: dict[str, dict] = {}
    for (chave, campo), numero in avaliacao.figuras.numeros.items():
        valor = numero.valor
        numeros.setdefault(chave, {})[campo] = valor if isinstance(valor, bool) else str(valor)
    return {"exercicio_va": avaliacao.figuras.exercicio, "unidades": numeros}


# Uma linha de pré-visualização (antes de todos os números chegarem): o requisito, quando o
# número do inciso existe, e a certidão de onde vem; senão, o que falta.
@dataclass(frozen=True)
class Linha:
    inciso: str
    descricao: str
    requisito: Requisito | None
    certidao: Certidao | None
    falta: str = ""


def linhas_parciais(processo, avaliacao: Avaliacao) -> list[Linha]:
    """Os incisos I a VI da área com o número certificado (avaliado um a um) ou a falta."""
    figuras, parametros = avaliacao.figuras, leitura.parametros(processo, _data(processo))
    valor = figuras.valor
    populacao = valor(cert.AREA, "populacao")
    eleitores = valor(cert.AREA, "eleitores")
    casas = valor(cert.AREA, "casas_centro_urbano")
    va = valor(cert.AREA, "valor_adicionado")
    continuidade = valor(cert.AREA, "continuidade_territorial")
    faltas_media: list[str] = []
    media = _media(figuras, parametros, faltas_media, _data(processo)) if va is not None else None
    linhas = [
        Linha(
            "I",
            "População estimada",
            avaliar_populacao(populacao, parametros) if populacao is not None else None,
            figuras.fonte(cert.AREA, "populacao"),
            "" if populacao is not None else "aguardando a certidão da Cartografia",
        ),
        Linha(
            "II",
            "Eleitores",
            avaliar_eleitores(eleitores, populacao, parametros)
            if eleitores is not None and populacao is not None
            else None,
            figuras.fonte(cert.AREA, "eleitores"),
            ""
            if eleitores is not None and populacao is not None
            else "aguardando a certidão do TRE"
            if eleitores is None
            else "aguardando a população (Cartografia)",
        ),
        Linha(
            "III",
            "Casas no centro urbano",
            avaliar_casas(casas, parametros) if casas is not None else None,
            figuras.fonte(cert.AREA, "casas_centro_urbano"),
            "" if casas is not None else "aguardando a certidão da Cartografia",
        ),
        Linha(
            "IV",
            "Valor adicionado",
            avaliar_valor_adicionado(va, media) if media is not None else None,
            figuras.fonte(cert.AREA, "valor_adicionado"),
            ""
            if media is not None
            else (faltas_media[0] if faltas_media else "aguardando a certidão da SEFAZ"),
        ),
        Linha(
            "V",
            "Condições de instalação",
            avaliar_condicoes_instalacao(condicoes_da_visita(processo)),
            None,
        ),
    ]
    if processo.tipo == "criacao":
        linhas.append(
            Linha(
                "VI",
                "Continuidade territorial",
                avaliar_continuidade_territorial(continuidade)
                if continuidade is not None
                else None,
                figuras.fonte(cert.AREA, "continuidade_territorial"),
                "" if continuidade is not None else "aguardando a certidão da Cartografia",
            )
        )
    return linhas
