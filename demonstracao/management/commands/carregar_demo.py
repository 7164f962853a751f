"""Usuários e processos de demonstração, só para o modo local (DJANGO_DEBUG=1).

As senhas são geradas quando o usuário é criado, impressas e guardadas em
`.senhas-demonstracao` (demonstracao.senhas), que `make run` mostra ao subir. Os processos
são de dois tipos, rotulados no resumo: registros históricos (com as datas e os
números públicos) e casos fictícios com nomes que não existem no País, um por tipo e pelos
estados principais. Todos avançam pelos próprios serviços, ato a ato, com as datas em ordem a
partir da leitura no expediente. Rodar de novo não duplica: havendo processos, nada é feito.
"""

import secrets
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from demonstracao import senhas
from documentos.copia_integral import emitir_copia_integral
from processos.models import FormaEncaminhamento, Processo
from processos.papeis import DEPUTADO, GRUPOS, MESA, PRESIDENTE, SERVIDOR
from processos.services import DadosProtocolo, praticar_ato, protocolar_processo
from processos.versao import versao_do_processo
from requisitos.models import Municipio, ValorAdicionado

USUARIOS = [
    ("servidor", SERVIDOR, "Alice", "Servidora da CRT"),
    ("presidente", PRESIDENTE, "Bruno", "Presidente da CRT"),
    ("mesa", MESA, "Carla", "Secretaria da Mesa"),
    ("deputado", DEPUTADO, "Davi", "Deputado"),
    ("admin", None, "Administrador", ""),
]


HISTORICO = "Dados de demonstração — caso histórico (fatos públicos)."
FICTICIO = "Demonstração fictícia:"


def _datar_protocolo(processo: Processo) -> None:
    """O caso fictício foi protocolado no dia em que foi lido no expediente (Art. 13), e a
    última movimentação é a do seu último andamento — não o instante em que o comando rodou.
    Os registros históricos guardam o protocolo de hoje, dia em que foram lançados."""
    fuso = timezone.get_current_timezone()
    ultimo = processo.andamentos.only("data_ato").first().data_ato
    Processo.objects.filter(pk=processo.pk).update(
        criado_em=datetime.combine(processo.data_leitura_expediente, time(9), fuso),
        ultima_movimentacao=datetime.combine(ultimo, time(17), fuso),
    )


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
        self.verbosity = opcoes["verbosity"]
        if not settings.DEBUG:
            raise CommandError("Dados de demonstração só no modo local (DJANGO_DEBUG=1).")
        if not Municipio.objects.exists():
            raise CommandError("Carregue antes os municípios: manage.py carregar_municipios")
        usuarios = self.usuarios = self._usuarios()
        if Processo.objects.exists():
            if self.verbosity:
                self.stdout.write("Processos de demonstração já existem; nada a fazer.")
            return
        with transaction.atomic():
            self._valores_adicionados()
            self._processos(usuarios)
        if self.verbosity:
            self.stdout.write(f"{Processo.objects.count()} processos de demonstração criados.")

    def _ate_o_plebiscito(self, processo, ato, inicio, *, com_resultado: bool):
        """Alteração de nome levada, ato a ato, até o plebiscito no TRE ou até o resultado em
        análise: números fictícios rejeitados pela regra literal (Art. 11, § 2º) e aprovados
        pela maioria simples — a seção Plebiscito mostra as três leituras e a que governa."""
        from representacao import demo as representacao

        sessao = {"sessao_numero": "12", "votos_sim": 16, "votos_nao": 2, "abstencoes": 0}
        dia = (inicio + timedelta(days=6)).isoformat()
        representacao.instruir(processo, self.usuarios["servidor"], camara=(9, 7))
        ato(
            processo,
            "receber_na_crt",
            "servidor",
            6,
            data_distribuicao_deputados=dia,
            data_publicacao=dia,
        )
        ato(
            processo,
            "emitir_parecer_preliminar",
            "presidente",
            10,
            conclusao="solicitar_documentos",
            texto_parecer="Visita dispensada na alteração de nome; segue ao mérito.",
        )
        ato(
            processo,
            "emitir_parecer_merito",
            "presidente",
            15,
            conclusao="favoravel",
            texto_parecer="Favorável à consulta.",
        )
        ato(processo, "deliberar_plenario", "mesa", 20, resultado="aprovado", **sessao)
        ato(
            processo,
            "registrar_parecer_ccj",
            "mesa",
            25,
            conclusao="favoravel",
            numero_parecer=f"{processo.numero + 30}/{inicio.year}",
            relator="Dep. Relatora",
        )
        ato(
            processo,
            "apresentar_pdl",
            "presidente",
            30,
            numero_pdl=f"{processo.numero + 8}/{inicio.year}",
            ementa="Autoriza o TRE a realizar plebiscito.",
        )
        publicacao = (inicio + timedelta(days=35)).isoformat()
        ato(
            processo,
            "publicar_decreto",
            "mesa",
            35,
            numero_decreto=f"3.{100 + processo.numero}",
            data_aprovacao=publicacao,
            data_diario_oficial=publicacao,
        )
        # O número do ofício ao TRE vem da numeração dos ofícios da CRT (Art. 19, § 1º).
        ato(processo, "encaminhar_ao_tre", "presidente", 40)
        ato(
            processo,
            "registrar_fase_tre",
            "servidor",
            45,
            fase="resolucao",
            data_fase=(inicio + timedelta(days=44)).isoformat(),
            referencia="Resolução TRE-MT (fictícia)",
            observacao="",
            emitir_informe=False,
        )
        if not com_resultado:
            return
        ato(
            processo,
            "registrar_resultado",
            "mesa",
            60,
            oficio_tre=f"{80 + processo.numero}/{inicio.year}",
            data_oficio_tre=(inicio + timedelta(days=58)).isoformat(),
            data_leitura_plenario=(inicio + timedelta(days=59)).isoformat(),
            data_consulta=(inicio + timedelta(days=52)).isoformat(),
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
        """Tabelas de VA para o parecer de mérito (Art. 2º, IV), marcadas como demonstrativas:
        valores fictícios, não da SEFAZ. A do último exercício encerrado (a que o parecer
        exige) e a de 2024 (a dos exemplos dos simuladores e da API)."""
        for exercicio in sorted({2024, timezone.localdate().year - 1}):
            if ValorAdicionado.objects.filter(exercicio=exercicio).exists():
                continue
            ValorAdicionado.objects.bulk_create(
                ValorAdicionado(
                    municipio=municipio,
                    exercicio=exercicio,
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
            senhas.guardar(dict(novas))
            if self.verbosity:
                self.stdout.write(
                    self.style.WARNING(f"Usuários de demonstração (senhas em {senhas.arquivo()}):")
                )
                for login, senha in novas:
                    self.stdout.write(f"  {login:<12} {senha}")
        return usuarios

    def _processos(self, u: dict[str, User]):
        # A fase da representação (Arts. 13 a 16) tem o seu próprio gerador de demonstração.
        from representacao import demo as representacao

        def m(*nomes):
            return list(Municipio.objects.filter(nome__in=nomes))

        def protocolar(lido_em: date, **campos):
            campos.setdefault("forma_encaminhamento", FormaEncaminhamento.COMUNIDADE)
            campos.setdefault("deputado_autor", None)
            campos.setdefault("representantes", "")
            return protocolar_processo(
                usuario=u["servidor"],
                dados=DadosProtocolo(data_leitura_expediente=lido_em, **campos),
            )

        def ato(processo, nome, quem, dias, justificativa="", **dados):
            """`dias` contados da leitura no expediente: os atos vêm depois dela, em ordem."""
            if nome == "encaminhar_ao_tre":
                # O Decreto segue com a cópia integral pronta (Art. 19, § 1º): na tela ela é
                # montada em segundo plano; aqui, pelo mesmo serviço, antes do ato.
                emitir_copia_integral(processo, usuario=u[quem])
            praticar_ato(
                processo_id=processo.pk,
                nome_ato=nome,
                usuario=u[quem],
                data_ato=processo.data_leitura_expediente + timedelta(days=dias),
                dados=dados,
                justificativa=justificativa,
                ultimo_andamento=versao_do_processo(processo.pk),
            )

        self._historicos(protocolar, ato, m)
        hoje = timezone.localdate()
        ficticios = []

        def ficticio(dias_atras: int, resumo: str, **campos):
            processo = protocolar(
                hoje - timedelta(days=dias_atras),
                resumo=f"{FICTICIO} {resumo}",
                **campos,
            )
            ficticios.append(processo)
            return processo

        serra = ficticio(
            75,
            "Desmembramento de áreas de Nova Ubiratã e Sorriso; visita feita, certidões "
            "pedidas aos órgãos (Art. 2º, §§ 2º e 3º).",
            tipo="criacao",
            nome_proposto="Serra Azul do Norte",
            sede_proposta="Serra Azul do Norte",
            municipios_origem=m("Nova Ubiratã", "Sorriso"),
            forma_encaminhamento=FormaEncaminhamento.DEPUTADO,
            deputado_autor=u["deputado"],
        )
        representacao.instruir(serra, u["servidor"], assinaturas=120)
        dia = str(serra.data_leitura_expediente + timedelta(days=5))
        ato(
            serra,
            "receber_na_crt",
            "servidor",
            5,
            data_distribuicao_deputados=dia,
            data_publicacao=dia,
        )
        ato(
            serra,
            "registrar_visita",
            "servidor",
            20,
            membros_presentes="Membros da CRT",
            levantamento_socioeconomico="Comércio e agricultura consolidados.",
            relatorio_circunstanciado="Visita à sede do futuro município.",
            condicoes_instalacao=True,
        )
        ato(
            serra,
            "emitir_parecer_preliminar",
            "presidente",
            25,
            conclusao="solicitar_documentos",
            texto_parecer="Pela solicitação das certidões.",
        )
        # A instrução em curso: ARs registrados; a Cartografia respondeu, o TRE em parte.
        from instrucao import demo as instrucao

        instrucao.responder_em_parte(
            serra, u["servidor"], recebido_em=serra.andamentos.first().data_ato + timedelta(days=3)
        )

        arinos = ficticio(
            40,
            "Desmembramento de área de Tapurah; representação recebida e em instrução na CRT.",
            tipo="criacao",
            nome_proposto="Vale do Rio Arinos",
            sede_proposta="Vale do Rio Arinos",
            municipios_origem=m("Tapurah"),
            representantes="Comissão pró-emancipação (fictícia)",
        )
        representacao.instruir(arinos, u["servidor"], assinaturas=104)
        dia = str(arinos.data_leitura_expediente + timedelta(days=4))
        ato(
            arinos,
            "receber_na_crt",
            "servidor",
            4,
            data_distribuicao_deputados=dia,
            data_publicacao=dia,
        )

        ficticio(
            12,
            "Fusão de Arenápolis e Nortelândia num novo município (Art. 4º); recém-protocolada.",
            tipo="fusao",
            nome_proposto="Planalto dos Parecis",
            sede_proposta="Arenápolis",
            municipios_origem=m("Arenápolis", "Nortelândia"),
        )
        incorporacao = ficticio(
            30,
            "Incorporação de Santo Afonso a Nova Marilândia (Art. 5º); faltam documentos.",
            tipo="incorporacao",
            nome_proposto="Nova Marilândia",
            municipios_origem=m("Santo Afonso", "Nova Marilândia"),
        )
        ato(
            incorporacao,
            "baixar_em_diligencia",
            "servidor",
            6,
            documentos_faltantes="Mapa e memorial descritivo (Art. 15, II).",
            solicitado_a="Representantes da comunidade",
        )
        extincao = ficticio(
            90,
            "Extinção de Araguainha com a área anexada a Ponte Branca; os representantes "
            "desistiram e o processo foi arquivado (Art. 21).",
            tipo="extincao",
            nome_proposto="Araguainha",
            municipios_origem=m("Araguainha", "Ponte Branca"),
        )
        ato(
            extincao,
            "arquivar",
            "presidente",
            21,
            motivo="desistencia",
            justificativa="Os representantes da comunidade desistiram do pedido.",
        )
        ficticio(
            8,
            "Retificação da divisa entre Sorriso e Sinop (Art. 8º).",
            tipo="revisao_limites",
            nome_proposto="Divisa Sorriso / Sinop",
            municipios_origem=m("Sorriso", "Sinop"),
            area_movida_km2=120,
            area_total_km2=9300,
        )
        estrela = ficticio(
            55,
            "Representação do Prefeito com aprovação de 2/3 da Câmara (Art. 6º, § 2º); "
            "plebiscito autorizado e em organização no TRE.",
            tipo="alteracao_nome",
            nome_proposto="Estrela do Paraguai",
            municipios_origem=m("Porto Estrela"),
        )
        self._ate_o_plebiscito(estrela, ato, estrela.data_leitura_expediente, com_resultado=False)
        xingu = ficticio(
            70,
            "Representação do Prefeito com aprovação de 2/3 da Câmara (Art. 6º, § 2º); "
            "resultado do plebiscito com as três leituras divergentes.",
            tipo="alteracao_nome",
            nome_proposto="Nova Esperança do Xingu",
            municipios_origem=m("São José do Xingu"),
        )
        self._ate_o_plebiscito(xingu, ato, xingu.data_leitura_expediente, com_resultado=True)
        for processo in ficticios:
            _datar_protocolo(processo)

    def _historicos(self, protocolar, ato, m):
        """Registro histórico, com as datas e os números públicos. O processo de 1999-2000 tramitou
        fora deste sistema: entra como registro histórico, lido no expediente na data do
        primeiro marco documentado, e é arquivado na data do desfecho com a justificativa
        que o conta — por isso a toponímia acusa o nome: o município existe (foi criado)."""

        def registro(lido_em: date, desfecho: date, justificativa: str, **campos):
            processo = protocolar(lido_em, resumo=f"{HISTORICO} {campos.pop('resumo')}", **campos)
            ato(
                processo,
                "arquivar",
                "presidente",
                (desfecho - lido_em).days,
                motivo="outro",
                justificativa=justificativa,
            )
            return processo

        registro(
            date(2000, 3, 19),
            date(2000, 3, 29),
            "Registro histórico concluído fora do sistema: criado pela Lei 7.264, de "
            "29/03/2000; instalado em 01/01/2025, após a ADPF 819.",
            tipo="criacao",
            nome_proposto="Boa Esperança do Norte",
            sede_proposta="Boa Esperança do Norte",
            municipios_origem=m("Nova Ubiratã", "Sorriso"),
            resumo="Desmembramento de cerca de 80 % de Nova Ubiratã e 20 % de Sorriso. "
            "Plebiscito em 19/03/2000 (data usada como leitura no expediente: a original não "
            "consta destes dados); Lei 7.264, de 29/03/2000; instalado em 01/01/2025, após a "
            "ADPF 819. O município existe: a toponímia acusa o nome, como deve.",
        )
        for nome, lei in (("Itanhangá", "7.266"), ("Ipiranga do Norte", "7.265")):
            registro(
                date(2000, 2, 24),
                date(2000, 3, 29),
                f"Registro histórico concluído fora do sistema: criado pela Lei {lei}, de "
                "29/03/2000; instalado em 01/01/2005.",
                tipo="criacao",
                nome_proposto=nome,
                sede_proposta=nome,
                municipios_origem=m("Tapurah"),
                resumo="Desmembramento de Tapurah. Decreto Legislativo 2.944, de 24/02/2000 "
                "(data usada como leitura no expediente: a original não consta destes dados); "
                f"plebiscito em 19/03/2000; Lei {lei}, de 29/03/2000; instalado em "
                "01/01/2005. O município existe: a toponímia acusa o nome, como deve.",
            )
        registro(
            date(1995, 3, 1),
            date(1995, 6, 1),
            "Não atende ao Art. 2º, II: 410 eleitores para 4.071 habitantes (10,1 % < 20 %).",
            tipo="criacao",
            nome_proposto="Santo Antônio do Leste",
            sede_proposta="Santo Antônio do Leste",
            municipios_origem=m("Novo São Joaquim"),
            resumo="Em 1995 o pedido não atendeu ao Art. 2º, II: 410 eleitores para 4.071 "
            "habitantes (10,1 % < 20 %). O ano é o documentado; dia e mês (leitura em "
            "01/03/1995, arquivamento em 01/06/1995) são ilustrativos. O município foi criado "
            "depois, por outro processo: a toponímia acusa o nome, como deve.",
        )
