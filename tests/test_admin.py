"""Admin: toda tabela do sistema tem lista útil, em pt-BR; o estado do processo e os
registros de auditoria e documentos emitidos não se editam nem se apagam por ali."""

from datetime import date, timedelta

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import User
from django.core import serializers
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from documentos.models import (
    AnexoDoAto,
    FalhaIntegridade,
    MaterialDeConfianca,
    RelatorioAssinaturas,
    SerieDocumento,
)
from documentos.tarefas import solicitar_copia_integral
from instrucao.models import (
    AvisoPrazo,
    PrazoDoProcesso,
    PrazosNoDia,
    RascunhoReiteracao,
    RetificacaoRecebimento,
    SemArDoProcesso,
    SemArNoDia,
    SequenciaOficio,
)
from plebiscito.models import AcompanhamentoTre
from processos.models import Andamento, Processo
from processos.registros import RegistroAcesso
from processos.services import DadosProtocolo, protocolar_processo, registrar_manifestacao
from representacao.correcao_da_lista import anular_signatario
from representacao.models import DadosRepresentacao, DocumentoRepresentacao, ImportacaoAssinaturas
from requisitos.models import Municipio
from territorio.models import (
    ConferenciaTerritorial,
    EdicaoDaMalha,
    LeituraDoMemorial,
    MapaReparado,
    MemorialAdotado,
    MunicipioNaMalha,
    OrigemMunicipal,
)
from tests.processos.construtores import (
    PASSADO,
    protocolar_instruido,
    semear_oficios,
    semear_resultado,
)
from tests.representacao.construtores import semear_assinaturas
from transparencia.models import Liberacao

# (acompanhamento tem a sua própria prova do admin: endereços nunca exibidos e apagáveis a
# pedido do cidadão — tests/acompanhamento.)
APPS_DO_SISTEMA = {
    "requisitos",
    "processos",
    "instrucao",
    "representacao",
    "plebiscito",
    "documentos",
    "transparencia",
    "territorio",
}

# Todo modelo das apps do sistema está numa das duas listas, com o porquê; um modelo novo faz
# falhar `test_admin_nao_altera_nem_apaga_registros_cuja_historia_importa` até ser classificado.
# Histórico: o admin só consulta (o Parâmetro legal também aceita uma nova versão).
HISTORICO = {
    "requisitos.ParametroLegal": "versionado: a mudança é uma nova versão",
    "processos.Processo": "muda só pelos atos, com Andamento e bloqueios do Art. 19, § 3º",
    "processos.Andamento": "trilha dos atos praticados (auditoria)",
    "processos.RegistroAcesso": "auditoria das vistas dos Deputados (Art. 22)",
    "processos.Manifestacao": "voz do Deputado registrada no processo (Art. 22)",
    "instrucao.Oficio": "ofício, prazo e resposta mudam só pelos atos (Art. 2º, § 3º)",
    "processos.SequenciaProtocolo": "numeração do protocolo sem buraco nem repetição",
    "instrucao.SequenciaOficio": "numeração dos ofícios sem buraco nem repetição",
    "instrucao.Certidao": "resposta do órgão, versionada: a correção é uma versão nova",
    "instrucao.FiguraCertidao": "números que a certidão atesta (lidos pela avaliação)",
    "instrucao.RascunhoReiteracao": "rascunho do servidor; a reiteração é do Presidente (Art. 21)",
    "instrucao.AvisoPrazo": "registro dos avisos de prazo enviados (não se repetem)",
    "instrucao.RetificacaoRecebimento": "correção do AR com as datas anteriores e justificativa",
    "instrucao.PrazosNoDia": "contagem dos prazos abertos, mantida pelos atos",
    "instrucao.PrazoDoProcesso": "prazo mais próximo de cada processo, mantido pelos atos",
    "instrucao.SemArNoDia": "contagem dos ofícios sem AR, mantida pelos atos",
    "instrucao.SemArDoProcesso": "ofícios sem AR de cada processo, mantidos pelos atos",
    "transparencia.Liberacao": "liberação e revogação do Art. 23, cada uma com Andamento",
    "representacao.Signatario": "lista de assinaturas do Art. 13: quem assinou e quando",
    "representacao.CorrecaoSignatario": "correção ou anulação de uma linha, antes e depois",
    "representacao.ImportacaoAssinaturas": "origem (arquivo, hash) das assinaturas importadas",
    "representacao.DocumentoRepresentacao": "documento do Art. 15, versionado com hash",
    "representacao.DadosRepresentacao": "cada correção é uma nova versão",
    "plebiscito.Resultado": "resultado do TRE, versionado (Art. 11)",
    "plebiscito.UnidadeVotacao": "números do resultado, por unidade de votação",
    "plebiscito.AcompanhamentoTre": "fase no TRE, nascida do ato (Art. 19, § 2º)",
    "documentos.Documento": "documento emitido é imutável (código e SHA-256)",
    "documentos.Assinatura": "assinatura de um documento emitido",
    "documentos.SerieDocumento": "trava da numeração das versões de cada documento",
    "documentos.FalhaIntegridade": "registro de arquivo adulterado ou ausente (auditoria)",
    "documentos.TarefaDocumento": "emissão em segundo plano: só o executor a muda",
    "documentos.AnexoDoAto": "o PDF juntado a um ato nasce com ele e não muda",
    "documentos.MaterialDeConfianca": "raiz ou LCR carregada pelo comando, que a confere",
    "documentos.RelatorioAssinaturas": "o que as assinaturas de um PDF recebido diziam no envio",
    "documentos.NivelExigido": "versionado: a mudança é uma nova versão (Lei 14.063/2020)",
    "territorio.EdicaoDaMalha": "edição da malha do IBGE, carregada pelo comando carregar_malha",
    "territorio.MunicipioNaMalha": "geometria e área oficial de uma edição (comando, não admin)",
    "territorio.ConferenciaTerritorial": "figuras de uma versão do mapa, com a edição e a data",
    "territorio.MapaReparado": "o arquivo do mapa como foi enviado, ao lado do reparado",
    "territorio.MemorialAdotado": "versão do memorial adotada pela CRT, só de inclusão",
    "territorio.LeituraDoMemorial": "texto e comparação do memorial em PDF juntado",
    "processos.RevisaoDoProcesso": "contador das gravações do processo, só pelos atos",
    "territorio.OrigemMunicipal": "origem de cada município (lei de criação), pelo comando",
}
# Cadastro e dados de referência: editáveis no admin (como os usuários, em django.contrib.auth).
EDITAVEIS = {
    "requisitos.Municipio": "cadastro de referência (IBGE, TSE), corrigido quando a fonte muda",
    "requisitos.ValorAdicionado": "tabela da SEFAZ importada no admin; a avaliação guarda a sua",
    "processos.ExercicioPresidencia": "quem exerce a Presidência e quando, cadastro da Casa",
}


@pytest.fixture
def administrador(db):
    return User.objects.create_superuser("root", password="x", first_name="Administrador")


def test_todo_modelo_do_sistema_tem_admin():
    from django.apps import apps

    modelos = {m for m in apps.get_models() if m._meta.app_label in APPS_DO_SISTEMA}
    assert modelos <= set(admin.site._registry)


def test_listas_do_admin_abrem_para_o_administrador(client, administrador):
    client.force_login(administrador)
    for modelo in admin.site._registry:
        if modelo._meta.app_label not in APPS_DO_SISTEMA:
            continue
        url = reverse(f"admin:{modelo._meta.app_label}_{modelo._meta.model_name}_changelist")
        resposta = client.get(url)
        assert resposta.status_code == 200, url


def test_estado_do_processo_e_somente_leitura_no_admin(client, administrador, servidor):
    municipio = Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")
    processo = protocolar_processo(
        usuario=servidor,
        dados=DadosProtocolo(
            tipo="criacao",
            nome_proposto="Vale do Arinos",
            sede_proposta="Vale do Arinos",
            municipios_origem=[municipio],
            forma_encaminhamento="comunidade",
            data_leitura_expediente=date.today(),
        ),
    )
    client.force_login(administrador)
    url = reverse("admin:processos_processo_change", args=[processo.pk])
    html = client.get(url).content.decode()
    assert 'name="estado"' not in html
    assert "Protocolada" in html
    assert (
        client.post(reverse("admin:processos_processo_delete", args=[processo.pk])).status_code
        == 403
    )
    assert Processo.objects.filter(pk=processo.pk).exists()


def test_dados_do_processo_sao_somente_leitura_no_admin(client, administrador, servidor):
    """Os dados mudam só pelo ato "retificar_dados" (antes/depois no Andamento, bloqueios
    do Art. 19, § 3º); o admin não os edita, nem cria processos."""
    municipio = Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")
    processo = protocolar_processo(
        usuario=servidor,
        dados=DadosProtocolo(
            tipo="criacao",
            nome_proposto="Vale do Arinos",
            sede_proposta="Vale do Arinos",
            municipios_origem=[municipio],
            forma_encaminhamento="comunidade",
            data_leitura_expediente=date.today(),
            divisas="Ao norte, o Rio Arinos.",
        ),
    )
    client.force_login(administrador)
    url = reverse("admin:processos_processo_change", args=[processo.pk])

    pagina = client.get(url)
    resposta = client.post(
        url,
        {
            "tipo": "criacao",
            "nome_proposto": "Outro Nome",
            "sede_proposta": "Outro Nome",
            "municipios_origem": [municipio.pk],
            "forma_encaminhamento": "comunidade",
            "data_leitura_expediente": date.today().isoformat(),
            "divisas": "Divisas trocadas pelo admin.",
            "andamentos-TOTAL_FORMS": "0",
            "andamentos-INITIAL_FORMS": "0",
        },
    )

    assert pagina.status_code == 200
    html = pagina.content.decode()
    assert "Ao norte, o Rio Arinos." in html
    for campo in ("divisas", "nome_proposto", "municipios_origem", "memorial_descritivo"):
        assert f'name="{campo}"' not in html
    assert resposta.status_code == 403
    processo = Processo.objects.get(pk=processo.pk)
    assert (processo.divisas, processo.nome_proposto) == (
        "Ao norte, o Rio Arinos.",
        "Vale do Arinos",
    )
    assert processo.andamentos.count() == 1
    assert client.get(reverse("admin:processos_processo_add")).status_code == 403


def _andamento(processo, operador, ato: str) -> Andamento:
    return Andamento.objects.create(
        processo=processo,
        ato=ato,
        estado_origem=processo.estado,
        estado_destino=processo.estado,
        usuario=operador,
        data_ato=PASSADO,
    )


def _semear_historico(operador, deputado) -> None:
    """Ao menos uma linha de cada modelo de histórico (os parâmetros vêm da migração)."""
    processo = protocolar_instruido(operador)  # processo, andamento, protocolo, Art. 15, PDF
    oficio, *_ = semear_oficios(processo, operador, respondidos=True)
    SequenciaOficio.objects.create(ano=PASSADO.year, ultimo=3)
    RascunhoReiteracao.objects.create(oficio=oficio, enviar_em=PASSADO, preparado_por=operador)
    RetificacaoRecebimento.objects.create(
        oficio=oficio,
        recebido_em_anterior=PASSADO,
        vencimento_anterior=PASSADO,
        recebido_em=PASSADO + timedelta(days=1),
        vencimento=PASSADO + timedelta(days=31),
        justificativa="AR lido errado.",
        registrada_por=operador,
    )
    # Derivadas dos ofícios e mantidas pelos atos; aqui só para haver uma linha de cada.
    PrazoDoProcesso.objects.create(processo=processo, vencimento=PASSADO, vencimentos=[])
    PrazosNoDia.objects.create(vencimento=PASSADO, abertos=1)
    SemArDoProcesso.objects.create(processo=processo, enviados=[])
    SemArNoDia.objects.create(enviado_em=PASSADO, quantos=1)
    AvisoPrazo.objects.create(
        oficio=oficio,
        evento="vencido",
        destinatario=operador,
        email="servidor@example.org",
        dia=PASSADO,
        vencimento=PASSADO,
    )
    Liberacao.objects.create(
        processo=processo,
        andamento=Andamento.objects.create(
            processo=processo,
            ato="liberar_informacao",
            estado_origem=processo.estado,
            estado_destino=processo.estado,
            usuario=operador,
            data_ato=PASSADO,
        ),
    )
    semear_resultado(processo, operador)
    AcompanhamentoTre.objects.create(
        processo=processo,
        andamento=Andamento.objects.create(
            processo=processo,
            ato="registrar_fase_tre",
            estado_origem="resultado_em_analise",
            estado_destino="resultado_em_analise",
            usuario=operador,
            data_ato=PASSADO,
        ),
        fase="resolucao",
        data=PASSADO,
        referencia="Resolução TRE-MT 1/2026",
    )
    DadosRepresentacao.objects.create(processo=processo, registrado_por=operador)
    ImportacaoAssinaturas.objects.create(
        processo=processo,
        arquivo="lista.csv",
        sha256="0" * 64,
        linhas=1,
        importadas=1,
        por=operador,
    )
    registrar_manifestacao(processo=processo, deputado=deputado, texto="Manifestação.")
    RegistroAcesso.objects.create(usuario=deputado, processo=processo)
    SerieDocumento.objects.get_or_create(serie=f"protocolar-{processo.pk}")
    solicitar_copia_integral(processo, usuario=operador)
    AnexoDoAto.objects.create(
        andamento=processo.andamentos.first(),
        descricao="Ata da sessão",
        arquivo="anexos/ata.pdf",
        nome_original="ata.pdf",
        tamanho=1,
        paginas=1,
        sha256="0" * 64,
    )
    semear_assinaturas(processo, operador, 1, inicio=900)
    edicao = EdicaoDaMalha.objects.create(
        nome="Teste", ano=2024, fonte="teste", carregada_em=timezone.now()
    )
    MunicipioNaMalha.objects.create(
        edicao=edicao,
        municipio=processo.municipios_origem.first(),
        geometria="{}",
        area_oficial_km2=1,
    )
    conferencia = ConferenciaTerritorial.objects.create(
        documento=DocumentoRepresentacao.objects.filter(processo=processo).first(),
        edicao=edicao,
        calculada_em=timezone.now(),
        resultado={},
    )
    MapaReparado.objects.create(
        documento=conferencia.documento,
        andamento=_andamento(processo, operador, "juntar_mapa_reparado"),
        arquivo="territorio/mapas-enviados/mapa.geojson",
        sha256="0" * 64,
        tamanho=1,
        nome_enviado="mapa.geojson",
        tipo_enviado="application/geo+json",
        figuras={},
    )
    MemorialAdotado.objects.create(
        processo=processo,
        versao=1,
        andamento=_andamento(processo, operador, "adotar_memorial"),
        conferencia=conferencia,
        texto="Começa no ponto P1.",
        sha256="0" * 64,
        sha256_do_mapa="0" * 64,
    )
    LeituraDoMemorial.objects.create(documento=conferencia.documento, lido_em=timezone.now())
    OrigemMunicipal.objects.create(
        municipio=processo.municipios_origem.first(),
        origem=Municipio.objects.exclude(pk=processo.municipios_origem.first().pk).first(),
        fonte="teste",
        carregada_em=timezone.now(),
    )
    anular_signatario(
        processo=processo, usuario=operador, ordem=processo.signatarios.last().ordem, motivo="x"
    )
    MaterialDeConfianca.objects.create(
        tipo="raiz", der=b"\x30\x00", sha256="1" * 64, descricao="AC de teste"
    )
    RelatorioAssinaturas.objects.create(sha256="2" * 64, assinaturas=[], validado_em=timezone.now())
    FalhaIntegridade.objects.create(
        objeto="Documento de teste",
        arquivo="documentos/teste.pdf",
        sha256_registrado="0" * 64,
        porta="teste",
        detectada_em=timezone.now(),
    )


def test_admin_nao_altera_nem_apaga_registros_cuja_historia_importa(
    client, administrador, operador, deputado, comprovante_real
):
    modelos = {m._meta.label: m for m in apps.get_models() if m._meta.app_label in APPS_DO_SISTEMA}
    assert not set(HISTORICO) & set(EDITAVEIS)
    assert set(HISTORICO) | set(EDITAVEIS) == set(modelos), "classifique o modelo novo"
    _semear_historico(operador, deputado)
    requisicao = RequestFactory().get("/")
    requisicao.user = administrador
    client.force_login(administrador)

    for rotulo in HISTORICO:
        modelo = modelos[rotulo]
        modelo_admin = admin.site._registry[modelo]
        objeto = modelo.objects.first()
        assert objeto is not None, rotulo
        antes = serializers.serialize("json", modelo.objects.all())
        url = f"admin:{modelo._meta.app_label}_{modelo._meta.model_name}"

        assert not modelo_admin.has_change_permission(requisicao, objeto), rotulo
        assert not modelo_admin.has_delete_permission(requisicao, objeto), rotulo
        apagar = client.post(reverse(f"{url}_delete", args=[objeto.pk]), {"post": "yes"})
        alterar = client.post(reverse(f"{url}_change", args=[objeto.pk]), {})
        client.post(
            reverse(f"{url}_changelist"),
            {"action": "delete_selected", "_selected_action": [objeto.pk], "post": "yes"},
        )

        assert (apagar.status_code, alterar.status_code) == (403, 403), rotulo
        assert serializers.serialize("json", modelo.objects.all()) == antes, rotulo

    for rotulo in EDITAVEIS:
        modelo_admin = admin.site._registry[modelos[rotulo]]
        assert modelo_admin.has_change_permission(requisicao), rotulo


def test_o_administrador_entra_e_cai_no_indice_do_admin(client, administrador):
    """Sem papel na tramitação, o painel lhe diria "Acesso negado"."""
    resposta = client.post("/entrar/", {"username": "root", "password": "x"})

    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("admin:index")
    assert client.get(resposta["Location"]).status_code == 200


def test_quem_tem_papel_entra_e_cai_no_painel(client, servidor):
    from tests.conftest import SENHA

    resposta = client.post("/entrar/", {"username": servidor.username, "password": SENHA})

    assert resposta["Location"] == reverse("painel:painel")


def test_o_next_do_login_continua_valendo_para_o_administrador(client, administrador):
    resposta = client.post(
        "/entrar/?next=/portal/", {"username": "root", "password": "x", "next": "/portal/"}
    )

    assert resposta["Location"] == "/portal/"
