"""Usuários e processos de demonstração, só para o modo local (DJANGO_DEBUG=1).

As senhas são geradas e impressas uma única vez, quando o usuário é criado. Os processos
seguem fatos públicos (DOMAIN §10) e avançam pelos próprios serviços, ato a ato.
"""

import secrets
from datetime import date, timedelta
from decimal import Decimal

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from processos.models import FormaEncaminhamento, Processo
from processos.papeis import DEPUTADO, GRUPOS, MESA, PRESIDENTE, SERVIDOR
from processos.services import DadosProtocolo, praticar_ato, protocolar_processo
from requisitos.models import Municipio, ValorAdicionado

USUARIOS = [
    ("servidor", SERVIDOR, "Alice", "Servidora da CRT"),
    ("presidente", PRESIDENTE, "Bruno", "Presidente da CRT"),
    ("mesa", MESA, "Carla", "Secretaria da Mesa"),
    ("deputado", DEPUTADO, "Davi", "Deputado"),
    ("admin", None, "Administrador", ""),
]


def _senha_aleatoria(usuario: User) -> str:
    """12 caracteres aleatórios que passam nos validadores de senha (AUTH_PASSWORD_VALIDATORS):
    o sorteio raro que contiver uma palavra proibida é refeito."""
    while True:
        senha = secrets.token_urlsafe(9)
        try:
            validate_password(senha, usuario)
        except ValidationError:
            continue
        return senha


class Command(BaseCommand):
    help = "Cria usuários (um por papel) e processos de demonstração (somente em DEBUG)."

    def handle(self, *args, **opcoes):
        if not settings.DEBUG:
            raise CommandError("Dados de demonstração só no modo local (DJANGO_DEBUG=1).")
        if not Municipio.objects.exists():
            raise CommandError("Carregue antes os municípios: manage.py carregar_municipios")
        usuarios = self.usuarios = self._usuarios()
        if Processo.objects.exists():
            self.stdout.write("Processos de demonstração já existem; nada a fazer.")
            return
        with transaction.atomic():
            self._valores_adicionados()
            self._processos(usuarios)
        self.stdout.write(f"{Processo.objects.count()} processos de demonstração criados.")

    def _ate_o_resultado(self, processo, ato, inicio):
        from representacao import demo as representacao

        """Alteração de nome levada, ato a ato, até o resultado do plebiscito em análise:
        números fictícios rejeitados pela regra literal (Art. 11, § 2º) e aprovados pela
        maioria simples — a seção Plebiscito mostra as três leituras e a que governa."""
        sessao = {"sessao_numero": "12", "votos_sim": 16, "votos_nao": 2, "abstencoes": 0}
        dia = (inicio + timedelta(days=46)).isoformat()
        representacao.instruir(processo, self.usuarios["servidor"], camara=(9, 7))
        ato(
            processo,
            "receber_na_crt",
            "servidor",
            46,
            data_distribuicao_deputados=dia,
            data_publicacao=dia,
        )
        ato(
            processo,
            "emitir_parecer_preliminar",
            "presidente",
            50,
            conclusao="solicitar_documentos",
            texto_parecer="Visita dispensada na alteração de nome; segue ao mérito.",
        )
        ato(
            processo,
            "emitir_parecer_merito",
            "presidente",
            55,
            conclusao="favoravel",
            texto_parecer="Favorável à consulta.",
        )
        ato(processo, "deliberar_plenario", "mesa", 60, resultado="aprovado", **sessao)
        ato(
            processo,
            "registrar_parecer_ccj",
            "mesa",
            65,
            conclusao="favoravel",
            numero_parecer="31/2026",
            relator="Dep. Relatora",
        )
        ato(
            processo,
            "apresentar_pdl",
            "presidente",
            70,
            numero_pdl="9/2026",
            ementa="Autoriza o TRE a realizar plebiscito.",
        )
        ato(
            processo,
            "publicar_decreto",
            "mesa",
            75,
            numero_decreto="3.101",
            data_aprovacao=dia,
            data_diario_oficial=dia,
        )
        ato(processo, "encaminhar_ao_tre", "presidente", 80, numero_oficio="44/2026-CRT")
        ato(
            processo,
            "registrar_fase_tre",
            "servidor",
            85,
            fase="resolucao",
            data_fase=(inicio + timedelta(days=84)).isoformat(),
            referencia="Resolução TRE-MT (fictícia)",
            observacao="",
            emitir_informe=False,
        )
        ato(
            processo,
            "registrar_resultado",
            "mesa",
            100,
            oficio_tre="88/2026",
            data_oficio_tre=(inicio + timedelta(days=98)).isoformat(),
            data_leitura_plenario=(inicio + timedelta(days=99)).isoformat(),
            unidades=[
                {
                    "nome": "São José do Xingu",
                    "area_desmembrada": True,
                    "inscritos": 2719,
                    "comparecimento": 1500,
                    "sim": 1200,
                    "nao": 250,
                    "brancos": 30,
                    "nulos": 20,
                }
            ],
        )

    def _valores_adicionados(self):
        """Tabela de VA de 2024 para o parecer de mérito (Art. 2º, IV), marcada como
        demonstrativa: valores fictícios, não da SEFAZ."""
        if ValorAdicionado.objects.filter(exercicio=2024).exists():
            return
        ValorAdicionado.objects.bulk_create(
            ValorAdicionado(
                municipio=municipio,
                exercicio=2024,
                valor=Decimal(20_000_000 + (municipio.codigo_ibge % 9973) * 150_000),
                fonte="Demonstração — valores fictícios, não oficiais",
            )
            for municipio in Municipio.objects.all()
        )

    def _usuarios(self) -> dict[str, User]:
        usuarios, novas = {}, []
        for login, papel, nome, sobrenome in USUARIOS:
            user = User.objects.filter(username=login).first()
            if user is None:
                senha = _senha_aleatoria(User(username=login, first_name=nome))
                user = User.objects.create_user(
                    login,
                    password=senha,
                    first_name=nome,
                    last_name=sobrenome,
                    is_staff=papel is None,
                    is_superuser=papel is None,
                )
                if papel:
                    user.groups.add(Group.objects.get(name=GRUPOS[papel]))
                novas.append((login, senha))
            usuarios[login] = user
        if novas:
            self.stdout.write(
                self.style.WARNING(
                    "Usuários de demonstração (senhas exibidas só agora; guarde-as):"
                )
            )
            for login, senha in novas:
                self.stdout.write(f"  {login:<12} {senha}")
        return usuarios

    def _processos(self, u: dict[str, User]):
        # A fase da representação (Arts. 13 a 16) tem o seu próprio gerador de demonstração.
        from representacao import demo as representacao

        def m(*nomes):
            return list(Municipio.objects.filter(nome__in=nomes))

        inicio = date.today() - timedelta(days=120)

        def protocolar(dias, **campos):
            campos.setdefault("forma_encaminhamento", FormaEncaminhamento.COMUNIDADE)
            campos.setdefault("deputado_autor", None)
            campos.setdefault("representantes", "")
            return protocolar_processo(
                usuario=u["servidor"],
                dados=DadosProtocolo(
                    data_leitura_expediente=inicio + timedelta(days=dias), **campos
                ),
            )

        def ato(processo, nome, quem, dias, justificativa="", **dados):
            praticar_ato(
                processo_id=processo.pk,
                nome_ato=nome,
                usuario=u[quem],
                data_ato=inicio + timedelta(days=dias),
                dados=dados,
                justificativa=justificativa,
            )

        boa = protocolar(
            0,
            tipo="criacao",
            nome_proposto="Boa Esperança do Norte",
            sede_proposta="Boa Esperança do Norte",
            municipios_origem=m("Nova Ubiratã", "Sorriso"),
            forma_encaminhamento=FormaEncaminhamento.DEPUTADO,
            deputado_autor=u["deputado"],
            resumo="Demonstração baseada em fatos públicos: desmembramento de cerca de 80 % de "
            "Nova Ubiratã e 20 % de Sorriso (plebiscito de 19/03/2000; Lei 7.264/2000; "
            "instalado em 01/01/2025).",
        )
        representacao.instruir(boa, u["servidor"], assinaturas=120)
        ato(
            boa,
            "receber_na_crt",
            "servidor",
            5,
            data_distribuicao_deputados=str(inicio),
            data_publicacao=str(inicio),
        )
        ato(
            boa,
            "registrar_visita",
            "servidor",
            20,
            membros_presentes="Membros da CRT",
            levantamento_socioeconomico="Comércio e agricultura consolidados.",
            relatorio_circunstanciado="Visita à sede do futuro município.",
            condicoes_instalacao=True,
        )
        ato(
            boa,
            "emitir_parecer_preliminar",
            "presidente",
            25,
            conclusao="solicitar_documentos",
            texto_parecer="Pela solicitação das certidões.",
        )

        itanhanga = protocolar(
            10,
            tipo="criacao",
            nome_proposto="Itanhangá",
            sede_proposta="Itanhangá",
            municipios_origem=m("Tapurah"),
            representantes="Comissão pró-emancipação",
            resumo="Demonstração: desmembramento de Tapurah (Decreto Legislativo 2.944/2000).",
        )
        representacao.instruir(itanhanga, u["servidor"], assinaturas=104)
        ato(
            itanhanga,
            "receber_na_crt",
            "servidor",
            12,
            data_distribuicao_deputados=str(inicio + timedelta(days=12)),
            data_publicacao=str(inicio + timedelta(days=12)),
        )

        ipiranga = protocolar(
            11,
            tipo="criacao",
            nome_proposto="Ipiranga do Norte",
            sede_proposta="Ipiranga do Norte",
            municipios_origem=m("Tapurah"),
            resumo="Demonstração: desmembramento de Tapurah (Lei 7.265/2000).",
        )
        ato(
            ipiranga,
            "baixar_em_diligencia",
            "servidor",
            14,
            documentos_faltantes="Mapa e memorial descritivo (Art. 15, II).",
            solicitado_a="Comissão pró-emancipação",
        )

        leste = protocolar(
            15,
            tipo="criacao",
            nome_proposto="Santo Antônio do Leste",
            sede_proposta="Santo Antônio do Leste",
            municipios_origem=m("Novo São Joaquim"),
            resumo="Demonstração: em 1995 não atendeu ao Art. 2º, II (410 eleitores para "
            "4.071 habitantes: 10,1 % < 20 %).",
        )
        ato(
            leste,
            "arquivar",
            "presidente",
            30,
            motivo="outro",
            justificativa="Não atende ao Art. 2º, II: eleitores abaixo de 20 % da população.",
        )

        xingu = protocolar(
            40,
            tipo="alteracao_nome",
            nome_proposto="Nova Esperança do Xingu",
            municipios_origem=m("São José do Xingu"),
            resumo="Demonstração fictícia: representação do Prefeito com aprovação de 2/3 da "
            "Câmara (Art. 6º, § 2º); resultado do plebiscito com as três leituras divergentes.",
        )
        self._ate_o_resultado(xingu, ato, inicio)
        protocolar(
            45,
            tipo="revisao_limites",
            nome_proposto="Divisa Sorriso / Sinop",
            municipios_origem=m("Sorriso", "Sinop"),
            area_movida_km2=120,
            area_total_km2=9300,
            resumo="Demonstração: retificação de divisa (Art. 8º).",
        )
