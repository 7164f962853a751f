"""Construtores simples de processos para os testes (funções, não fábricas).

Aqui: usuários, protocolo, o processo posto num estado e os atos praticados pelo serviço.
O rito escrito a partir da lei (`construtores_rito`), a instrução (`construtores_instrucao`)
e o plebiscito (`construtores_plebiscito`) têm módulos próprios, reexportados daqui.
"""

from contextlib import contextmanager
from datetime import date

from django.contrib.auth.models import Group, User
from django.db import transaction
from django.utils import timezone

from processos.models import Andamento, FormaEncaminhamento, Processo
from processos.papeis import GRUPOS
from processos.services import DadosProtocolo, praticar_ato, protocolar_processo
from processos.versao import versao_do_processo
from tests.processos.construtores_instrucao import (
    ANO_VA,
    AREA_KM2,
    FIGURAS_ART2,
    INCISOS,
    ORGAOS_POR_TIPO,
    ORIGEM_PADRAO,
    PARTICIPACAO_ICMS,
    PDF_MINIMO,
    certidao_pdf,
    completar_tabela_va,
    dados_certidao,
    figuras_da_unidade,
    origem_padrao,
    responder_oficios,
    semear_oficios,
    semear_tabela_va,
)
from tests.processos.construtores_plebiscito import (
    ATOS_DE_RESULTADO,
    TABOCAO,
    dados_resultado,
    post_resultado,
    semear_resultado,
)
from tests.processos.construtores_rito import (
    AVANCO,
    CAMINHOS,
    COMPLETO,
    DADOS,
    DESVIOS,
    FUNDAMENTO_UNIDADE,
    HOJE,
    JUSTIFICATIVA,
    PASSADO,
    PLEBISCITO,
    SEM_CERTIDOES,
    SEM_PLEBISCITO,
    TODOS_OS_ATOS,
    VARIANTES,
    alcancaveis,
    dados_em,
    para_post,
)

# Os dados da lei, da instrução e do plebiscito vivem em módulos próprios (um por fase);
# daqui se importa tudo, como antes.
__all__ = [
    "ANO_VA",
    "AREA_KM2",
    "ATOS_DE_RESULTADO",
    "AVANCO",
    "CAMINHOS",
    "COMPLETO",
    "DADOS",
    "DESVIOS",
    "FIGURAS_ART2",
    "FUNDAMENTO_UNIDADE",
    "HOJE",
    "INCISOS",
    "JUSTIFICATIVA",
    "ORGAOS_POR_TIPO",
    "ORIGEM_PADRAO",
    "PARTICIPACAO_ICMS",
    "PASSADO",
    "PDF_MINIMO",
    "PLEBISCITO",
    "SEM_CERTIDOES",
    "SEM_PLEBISCITO",
    "SENHA",
    "TABOCAO",
    "TODOS_OS_ATOS",
    "VARIANTES",
    "alcancaveis",
    "avancar",
    "certidao_pdf",
    "completar_tabela_va",
    "dados_atuais",
    "dados_certidao",
    "dados_em",
    "dados_resultado",
    "desfeito",
    "figuras_da_unidade",
    "formulario_do_ato",
    "montar_copia_integral",
    "origem_padrao",
    "para_post",
    "post_resultado",
    "praticar",
    "processo_no_estado",
    "protocolar",
    "protocolar_instruido",
    "protocolar_variante",
    "recarregar",
    "responder_oficios",
    "semear_oficios",
    "semear_resultado",
    "semear_tabela_va",
    "usuario_com_papeis",
]
from tests.representacao.construtores import (
    instruir_extincao,
    instruir_representacao,
    juntar_certidao_ibge,
)

SENHA = "senha-de-teste-123"


def formulario_do_ato(processo: Processo, nome_ato: str, conclusao: str = "", **extra) -> dict:
    """POST completo e válido do formulário do ato para o processo no estado atual."""
    if nome_ato in ATOS_DE_RESULTADO:
        proprios = post_resultado(processo, dados_resultado(processo))
    elif nome_ato == "retificar_dados":
        proprios = dados_atuais(processo) | para_post(DADOS[nome_ato][conclusao])
    else:
        proprios = para_post(DADOS[nome_ato][conclusao])
    return (
        {
            "data_ato": timezone.localdate().strftime("%d/%m/%Y"),
            "estado_esperado": processo.estado,
            # A versão do processo que a página mostraria agora (processos.versao).
            "ultimo_andamento": versao_do_processo(processo.pk),
            "justificativa": JUSTIFICATIVA,
        }
        | proprios
        | extra
    )


def dados_atuais(processo: Processo) -> dict:
    """Os dados do processo como o formulário de retificação os traz preenchidos (POST)."""

    def area(valor):
        return "" if valor is None else str(valor)

    return {
        "nome_proposto": processo.nome_proposto,
        "sede_proposta": processo.sede_proposta,
        "municipios_origem": [m.pk for m in processo.municipios_origem.all()],
        "area_movida_km2": area(processo.area_movida_km2),
        "area_total_km2": area(processo.area_total_km2),
        "divisas": processo.divisas,
        "memorial_descritivo": processo.memorial_descritivo,
    }


# --- usuários e processos -----------------------------------------------------------------


def usuario_com_papeis(username: str, *papeis: str, nome: str = "") -> User:
    user = User.objects.create_user(username, password=SENHA, first_name=nome or username)
    for papel in papeis:
        user.groups.add(Group.objects.get_or_create(name=GRUPOS[papel])[0])
    return user


def protocolar(
    usuario,
    *,
    tipo: str = "criacao",
    nome: str = "Nova Fronteira do Norte",
    sede: str = "Nova Fronteira do Norte",
    municipios=(),
    area_movida=None,
    area_total=None,
    data: date = PASSADO,
) -> Processo:
    semear_tabela_va()
    processo = protocolar_processo(
        usuario=usuario,
        dados=DadosProtocolo(
            tipo=tipo,
            nome_proposto=nome,
            sede_proposta=sede,
            municipios_origem=list(municipios) or [origem_padrao()],
            forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
            representantes="Comissão pró-emancipação",
            data_leitura_expediente=data,
            area_movida_km2=area_movida,
            area_total_km2=area_total,
        ),
    )
    completar_tabela_va()  # o município de origem, criado no protocolo (Art. 2º, IV)
    return processo


def protocolar_instruido(usuario, **campos) -> Processo:
    """Protocolado com a representação completa (documentos do Art. 15 e validade)."""
    processo = protocolar(usuario, **campos)
    instruir_representacao(processo, usuario)
    return processo


def protocolar_variante(usuario, variante: str, **campos) -> Processo:
    return protocolar(usuario, **(VARIANTES[variante] | campos))


def processo_no_estado(
    usuario,
    variante: str,
    estado: str,
    *,
    origem_desvio: str = "em_instrucao",
    certidoes_respondidas: bool = True,
    **campos,
) -> Processo:
    """Processo protocolado de verdade e posto no `estado` direto no banco (atalho para as
    matrizes). Semeia o histórico de que os atos dependem: a visita in loco com o Art. 2º, V
    registrado, os ofícios de aguardando_certidoes (respondidos, salvo pedido em contrário),
    a cópia integral pronta no decreto_publicado e, para arquivado/sobrestado, o ato que
    levou até ali a partir de `origem_desvio` (para onde desarquivar/retomar devem voltar)."""
    processo = protocolar_variante(usuario, variante, **campos)
    if estado in ("protocolada", "em_diligencia"):
        instruir_representacao(processo, usuario)  # receber_na_crt decide pelos dados
    elif processo.tipo == "extincao":
        # Os dados do Art. 10 (fundamento, destino) decidem o parecer de mérito e o PL.
        instruir_extincao(processo, usuario)
    caminho = processo.caminho()
    if estado == "aguardando_certidoes":
        semear_oficios(processo, usuario, respondidos=certidoes_respondidas)
    elif (
        "aguardando_certidoes" in caminho
        and caminho.index(estado) > caminho.index("aguardando_certidoes")
        if estado in caminho
        else False
    ):
        # Depois da instrução, as certidões respondidas com os seus números (o PL as lê).
        semear_oficios(processo, usuario, respondidos=True)
    visita = DADOS["registrar_visita"][""]
    _semear(processo, usuario, "registrar_visita", "em_instrucao", "visita_realizada", visita)
    if estado == "resultado_em_analise":
        semear_resultado(processo, usuario)
    if estado == "elaboracao_pl":
        # O parecer que aprovou o plebiscito (o PL o exige nos tipos com plebiscito).
        aprovado = {"conclusao": "favoravel", "apuracao": {"aprovado": True}}
        _semear(
            processo,
            usuario,
            "emitir_parecer_resultado",
            "resultado_em_analise",
            "elaboracao_pl",
            aprovado,
        )
    if estado == "arquivado" and origem_desvio == "deliberacao_plenario":
        # Arquivado pela votação do Plenário (Art. 18, § 1º): só outra decisão o reabre.
        rejeitado = {"resultado": "rejeitado", "votos_sim": 6, "votos_nao": 14}
        _semear(processo, usuario, "deliberar_plenario", origem_desvio, "arquivado", rejeitado)
    elif estado == "arquivado":
        _semear(processo, usuario, "arquivar", origem_desvio, "arquivado", {"motivo": "outro"})
    if estado == "sobrestado":
        _semear(
            processo, usuario, "sobrestar", origem_desvio, "sobrestado", {"fundamento": "outro"}
        )
    Processo.objects.filter(pk=processo.pk).update(estado=estado)
    if estado == "decreto_publicado":
        # O Decreto segue ao TRE com a cópia integral já montada (Art. 19, § 1º).
        montar_copia_integral(recarregar(processo), usuario)
    return recarregar(processo)


def _semear(processo, usuario, ato, origem, destino, dados) -> None:
    Andamento.objects.create(
        processo=processo,
        ato=ato,
        estado_origem=origem,
        estado_destino=destino,
        usuario=usuario,
        data_ato=PASSADO,
        dados=dados,
    )


def praticar(processo, usuario, nome_ato: str, conclusao: str = "", **kwargs):
    """Pratica o ato pelo serviço, com dados válidos; devolve o Andamento. Receber na CRT
    pressupõe a representação instruída (Art. 15 e 16): os construtores a completam."""
    if nome_ato == "receber_na_crt":
        instruir_representacao(processo, usuario)
    if nome_ato == "encaminhar_ao_tre":
        montar_copia_integral(processo, usuario)
    if nome_ato == "apresentar_pl":
        juntar_certidao_ibge(processo, usuario)  # Art. 6º, § 1º
    kwargs.setdefault("data_ato", timezone.localdate())
    kwargs.setdefault("justificativa", JUSTIFICATIVA)
    # Como um formulário aberto agora: a versão atual do processo (processos.versao).
    kwargs.setdefault("ultimo_andamento", versao_do_processo(processo.pk))
    if "dados" not in kwargs and nome_ato in ATOS_DE_RESULTADO:
        kwargs["dados"] = dados_resultado(processo)
    elif "dados" not in kwargs:
        kwargs["dados"] = dados_em(nome_ato, conclusao, kwargs["data_ato"])
    return praticar_ato(processo_id=processo.pk, nome_ato=nome_ato, usuario=usuario, **kwargs)


def montar_copia_integral(processo, usuario):
    """O encaminhamento ao TRE exige a cópia integral pronta (Art. 19, § 1º): a que o
    executor de tarefas montaria em segundo plano, montada aqui pelo mesmo serviço."""
    from documentos.copia_integral import copia_atual, emitir_copia_integral

    return copia_atual(processo) or emitir_copia_integral(processo, usuario=usuario)


def avancar(processo, usuario, ate: str, *, pular_visita: bool = False) -> Processo:
    """Leva o processo pelo rito favorável, ato a ato pelos serviços, até a etapa `ate`."""
    processo = recarregar(processo)
    while processo.estado != ate:
        nome_ato, conclusao = AVANCO[processo.estado]
        if nome_ato == "concluir_certidoes":
            responder_oficios(processo, usuario)
        if nome_ato == "receber_na_crt":
            instruir_representacao(processo, usuario)
        if pular_visita and processo.estado == "em_instrucao":
            nome_ato, conclusao = "emitir_parecer_preliminar", "solicitar_documentos"
        praticar(processo, usuario, nome_ato, conclusao)
        processo = recarregar(processo)
    return processo


def recarregar(processo) -> Processo:
    """O FSMField protegido não aceita refresh_from_db(): relê a linha."""
    return Processo.objects.get(pk=processo.pk)


class _Desfazer(Exception):
    pass


@contextmanager
def desfeito():
    """Executa o bloco e desfaz tudo o que ele gravou (savepoint)."""
    try:
        with transaction.atomic():
            yield
            raise _Desfazer
    except _Desfazer:
        pass
