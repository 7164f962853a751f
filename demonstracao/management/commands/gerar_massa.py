"""Massa sintética para medir o desempenho: `manage.py gerar_massa --processos N`.

Cria processos de todos os tipos, cada um num estado que o rito do seu tipo alcança, com as
mesmas formas de dados que os serviços gravam: o Andamento de cada ato (origem, destino,
quem, quando, dados), os ofícios com vencimento (Art. 2º, § 3º) nos processos que passaram
pelo parecer preliminar com certidões, os metadados dos documentos do Art. 15 e, onde o tipo
tem lista de assinaturas, os signatários. Os arquivos não são gravados (só os metadados):
é uma massa para medir listas e páginas, não para baixar PDFs.

Tudo por `bulk_create`, em lotes: 50 000 processos levam poucos minutos. Cada processo é
sorteado por `Random(f"{semente}-{indice}")`, de modo que a mesma semente dá os mesmos dados
(tomando o dia de hoje como referência das datas) e rodar de novo é idempotente: só cria os
índices que ainda faltam para chegar a N. Os números de protocolo e de ofício saem das
sequências por ano, que ficam atualizadas (o próximo protocolo real não colide); os prazos
abertos somados (`instrucao.prazos_abertos`) são refeitos no fim.
"""

import hashlib
import random
from contextlib import contextmanager
from datetime import date, datetime, time, timedelta
from importlib import import_module

from django.apps import apps
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from processos import rito
from processos.atos import ATOS
from processos.estados import TERMINAIS, Tipo
from processos.estados import Estado as E
from processos.models import Andamento, FormaEncaminhamento, Processo, SequenciaProtocolo
from processos.papeis import DEPUTADO, GRUPOS, MESA, PRESIDENTE, SERVIDOR
from requisitos import prazos
from requisitos.models import Municipio, parametros_em_vigor

MARCA = "Massa sintética (semente {semente}, nº {indice})."
LOTE = 1000
TIPOS = [
    (Tipo.CRIACAO, 50),
    (Tipo.REVISAO_LIMITES, 15),
    (Tipo.EXTINCAO, 8),
    (Tipo.FUSAO, 9),
    (Tipo.INCORPORACAO, 8),
    (Tipo.ALTERACAO_NOME, 10),
]
PREFIXOS = ["Nova", "Vila", "São", "Santa", "Porto", "Bom", "Alto", "Boa", "Lago", "Serra"]
NUCLEOS = [
    "Esperança", "Aurora", "Jesus", "Rita", "Esteves", "Futuro", "Horizonte", "Vista",
    "Azul", "Dourada", "Verde", "Progresso", "Paraíso", "Conquista", "União", "Fé",
]  # fmt: skip
SUFIXOS = ["", "", " do Norte", " do Sul", " do Araguaia", " do Xingu", " da Serra", " Leste"]

# O ato que leva a cada etapa do caminho principal (processos.rito).
ATO_QUE_LEVA = {
    E.PROTOCOLADA: "protocolar",
    E.EM_INSTRUCAO: "receber_na_crt",
    E.VISITA_REALIZADA: "registrar_visita",
    E.AGUARDANDO_CERTIDOES: "emitir_parecer_preliminar",
    E.DELIBERACAO_PLENARIO: "emitir_parecer_merito",
    E.NA_CCJ: "deliberar_plenario",
    E.ELABORACAO_PDL: "registrar_parecer_ccj",
    E.PDL_EM_TRAMITACAO: "apresentar_pdl",
    E.DECRETO_PUBLICADO: "publicar_decreto",
    E.PLEBISCITO_NO_TRE: "encaminhar_ao_tre",
    E.RESULTADO_EM_ANALISE: "registrar_resultado",
    E.PL_EM_ORDEM_DO_DIA: "apresentar_pl",
    E.AGUARDANDO_SANCAO: "aprovar_pl",
    E.CONCLUIDO: "registrar_lei",
}
PAPEL_QUE_PRATICA = {SERVIDOR: "servidor", PRESIDENTE: "presidente", MESA: "mesa"}


def _ato_para(anterior: str, destino: str) -> str:
    if destino == E.AGUARDANDO_PARECER_MERITO:
        return (
            "concluir_certidoes"
            if anterior == E.AGUARDANDO_CERTIDOES
            else "emitir_parecer_preliminar"
        )
    if destino == E.ELABORACAO_PL and anterior == E.NA_CCJ:
        return "registrar_parecer_ccj"
    if destino == E.ELABORACAO_PL:
        return "emitir_parecer_resultado"
    return ATO_QUE_LEVA[destino]


def _dados_do_ato(ato: str, rng: random.Random, data: date) -> dict:
    """Os dados que o formulário de cada ato registra, nas mesmas chaves."""
    sessao = {"sessao_numero": str(rng.randint(1, 120)), "sessao_data": data.isoformat()}
    if ato == "protocolar":
        return {}
    if ato == "baixar_em_diligencia":
        return {"documentos_faltantes": "Mapa e memorial descritivo", "solicitado_a": "Comissão"}
    if ato == "receber_na_crt":
        return {"copias_deputados_em": data.isoformat(), "publicacao_em": data.isoformat()}
    if ato in ("emitir_parecer_preliminar", "emitir_parecer_merito", "registrar_parecer_ccj"):
        return {"conclusao": "solicitar_documentos" if ato.endswith("preliminar") else "favoravel"}
    if ato in ("deliberar_plenario", "aprovar_pl", "deliberar_arquivamento"):
        return {**sessao, "resultado": "aprovado", "votos_sim": rng.randint(13, 24)}
    if ato in ("apresentar_pdl", "apresentar_pl", "publicar_decreto", "registrar_lei"):
        return {"numero": f"{rng.randint(1, 999)}/{data.year}"}
    return {}


@contextmanager
def _sem_auto_now(*modelos):
    """As datas de registro (auto_now_add) vêm da massa, não do instante em que ela roda:
    a linha do tempo e a "última movimentação" ficam coerentes com as datas dos atos."""
    campos = [
        campo
        for modelo in modelos
        for campo in modelo._meta.concrete_fields
        if getattr(campo, "auto_now_add", False)
    ]
    for campo in campos:
        campo.auto_now_add = False
    try:
        yield
    finally:
        for campo in campos:
            campo.auto_now_add = True


def _quando(dia: date, hora: int = 10, minuto: int = 0) -> datetime:
    return datetime.combine(dia, time(hora, minuto), timezone.get_current_timezone())


def _sha(*partes) -> str:
    return hashlib.sha256("|".join(map(str, partes)).encode()).hexdigest()


def titulo_valido(sequencial: int) -> str:
    """Um título de eleitor de MT (UF 18) com os dígitos verificadores da regra atual."""
    from representacao.titulo import digitos_verificadores

    base = f"{sequencial % 10**8:08d}18"
    return base + digitos_verificadores(base)


def sortear_caso(semente: int, indice: int, hoje: date) -> dict:
    """O caso `indice` da semente: tipo, caminho percorrido e datas. Função pura (só o
    sorteio), para que a mesma semente dê sempre o mesmo caso."""
    rng = random.Random(f"{semente}-{indice}")
    tipo = rng.choices([t for t, _ in TIPOS], [p for _, p in TIPOS])[0]
    dispensado = tipo == Tipo.REVISAO_LIMITES and rng.random() < 0.5
    caminho = rito.caminho(tipo, plebiscito_dispensado=dispensado)
    # Mais processos nas primeiras etapas, como na vida: a maioria não chega ao fim.
    parada = min(int(rng.expovariate(0.35)), len(caminho) - 1)
    estados = list(caminho[: parada + 1])
    desvio = rng.random()
    if desvio < 0.06 and parada == 0:
        estados.append(E.EM_DILIGENCIA)
    elif desvio < 0.14 and estados[-1] not in TERMINAIS:
        estados.append(E.ARQUIVADO)
    elif desvio < 0.18 and estados[-1] not in TERMINAIS:
        estados.append(E.SOBRESTADO)
    # Datas de trás para frente: quem espera certidão recebeu o ofício há pouco (prazos
    # vencidos e a vencer); os demais, nos últimos anos.
    espera_certidao = E.AGUARDANDO_CERTIDOES in estados[-2:]
    ultima = hoje - timedelta(days=rng.randint(0, 75) if espera_certidao else rng.randint(0, 3000))
    datas = [ultima]
    for _ in estados[1:]:
        datas.append(max(date(1993, 1, 4), datas[-1] - timedelta(days=rng.randint(3, 90))))
    datas.reverse()
    nome = f"{rng.choice(PREFIXOS)} {rng.choice(NUCLEOS)}{rng.choice(SUFIXOS)}"
    return {
        "indice": indice,
        "tipo": tipo,
        "estados": estados,
        "datas": datas,
        "dispensado": dispensado,
        "nome": nome,
        "por_deputado": rng.random() < 0.5,
        "municipios": rng.sample(range(10**6), 2 if tipo == Tipo.FUSAO else 1),
        "assinaturas": rng.random() < 0.05,
        "rng": rng,
    }


class Command(BaseCommand):
    help = "Cria processos sintéticos (todos os tipos e estados) para medições de desempenho."

    def add_arguments(self, parser):
        parser.add_argument("--processos", type=int, required=True, help="total desejado (N)")
        parser.add_argument("--semente", type=int, default=1)
        parser.add_argument(
            "--assinaturas", type=int, default=110, help="signatários por lista sorteada"
        )

    def handle(self, *args, processos, semente, assinaturas, **options):
        if processos < 0:
            raise CommandError("--processos deve ser zero ou mais.")
        if not Municipio.objects.exists():
            call_command("carregar_municipios", stdout=self.stdout)
        prefixo = MARCA.split("{indice}")[0].format(semente=semente)
        existentes = Processo.objects.filter(resumo__startswith=prefixo).count()
        if existentes >= processos:
            self.stdout.write(f"Nada a fazer: já há {existentes} processos da semente {semente}.")
            return
        gerador = _Gerador(semente, assinaturas)
        for inicio in range(existentes, processos, LOTE):
            with transaction.atomic():
                gerador.gravar_lote(range(inicio, min(inicio + LOTE, processos)))
            self.stdout.write(f"{min(inicio + LOTE, processos)} de {processos}", ending="\r")
        # Os ofícios entraram por bulk_create, sem os atos que somam os prazos abertos.
        from instrucao.prazos_abertos import recalcular_todos

        recalcular_todos()
        self.stdout.write(
            self.style.SUCCESS(f"{processos - existentes} processos sintéticos criados.")
        )


class _Gerador:
    def __init__(self, semente: int, assinaturas: int):
        self.semente = semente
        self.assinaturas = assinaturas
        self.hoje = timezone.localdate()
        self.usuarios = self._usuarios()
        self.municipios = list(
            Municipio.objects.order_by("codigo_ibge").values_list("pk", flat=True)
        )
        self.prazo_dias = parametros_em_vigor().prazo_oficio_dias
        import holidays

        self.feriados = holidays.country_holidays(
            "BR", subdiv="MT", years=range(1993, self.hoje.year + 2)
        )
        self.Oficio = _modelo("Oficio")
        self.SequenciaOficio = _modelo("SequenciaOficio")
        self.representacao = apps.is_installed("representacao")

    def _usuarios(self) -> dict:
        usuarios = {}
        for papel in (SERVIDOR, PRESIDENTE, MESA, DEPUTADO):
            usuario, criado = User.objects.get_or_create(
                username=f"massa.{papel}", defaults={"first_name": f"Massa ({papel})"}
            )
            if criado:
                usuario.set_unusable_password()
                usuario.save(update_fields=["password"])
                usuario.groups.add(Group.objects.get_or_create(name=GRUPOS[papel])[0])
            usuarios[papel] = usuario
        return usuarios

    def _quem(self, ato: str):
        papeis = ATOS[ato].papeis
        for papel in (SERVIDOR, MESA, PRESIDENTE):
            if papel in papeis:
                return self.usuarios[papel]
        return self.usuarios[PRESIDENTE]

    def gravar_lote(self, indices: range) -> None:
        casos = [sortear_caso(self.semente, i, self.hoje) for i in indices]
        numeros = self._numerar([c["datas"][0].year for c in casos])
        with _sem_auto_now(Processo, Andamento, *self._modelos_com_data()):
            processos = Processo.objects.bulk_create(
                [self._processo(c, n) for c, n in zip(casos, numeros, strict=True)]
            )
            ligacao = Processo.municipios_origem.through
            ligacao.objects.bulk_create(
                ligacao(processo_id=p.pk, municipio_id=self.municipios[m % len(self.municipios)])
                for p, c in zip(processos, casos, strict=True)
                for m in dict.fromkeys(x % len(self.municipios) for x in c["municipios"])
            )
            Processo.objects.filter(pk__in=[p.pk for p in processos]).guardar_nomes_das_origens()
            Andamento.objects.bulk_create(
                a for p, c in zip(processos, casos, strict=True) for a in self._andamentos(p, c)
            )
            if self.Oficio is not None:
                self._oficios(processos, casos)
            if self.representacao:
                self._representacao(processos, casos)

    def _modelos_com_data(self) -> list:
        modelos = [m for m in (self.Oficio,) if m is not None]
        if apps.is_installed("representacao"):
            modelos.append(apps.get_model("representacao", "Signatario"))
        return modelos

    def _numerar(self, anos: list[int]) -> list[int]:
        """Os próximos números de cada ano, como `proximo_numero` daria um a um."""
        numeros = []
        ultimos = {}
        for ano in anos:
            if ano not in ultimos:
                seq, _ = SequenciaProtocolo.objects.select_for_update().get_or_create(ano=ano)
                ultimos[ano] = seq.ultimo
            ultimos[ano] += 1
            numeros.append(ultimos[ano])
        for ano, ultimo in ultimos.items():
            SequenciaProtocolo.objects.filter(ano=ano).update(ultimo=ultimo)
        return numeros

    def _processo(self, caso: dict, numero: int) -> Processo:
        rng, datas = caso["rng"], caso["datas"]
        area_total = rng.randint(800, 20000)
        area_movida = area_total * (10 if caso["dispensado"] else 35) // 100
        return Processo(
            numero=numero,
            ano=datas[0].year,
            tipo=caso["tipo"],
            estado=caso["estados"][-1],
            nome_proposto=caso["nome"],
            sede_proposta=caso["nome"],
            forma_encaminhamento=(
                FormaEncaminhamento.DEPUTADO
                if caso["por_deputado"]
                else FormaEncaminhamento.COMUNIDADE
            ),
            deputado_autor=self.usuarios[DEPUTADO] if caso["por_deputado"] else None,
            representantes="" if caso["por_deputado"] else "Comissão pró-emancipação",
            data_leitura_expediente=datas[0],
            resumo=MARCA.format(semente=self.semente, indice=caso["indice"])
            + f" Pedido da comunidade de {caso['nome']}.",
            area_movida_km2=area_movida if caso["tipo"] == Tipo.REVISAO_LIMITES else None,
            area_total_km2=area_total if caso["tipo"] == Tipo.REVISAO_LIMITES else None,
            criado_em=_quando(datas[0], 9),
            ultima_movimentacao=_quando(datas[-1], 17),
        )

    def _andamentos(self, processo: Processo, caso: dict):
        estados, datas, rng = caso["estados"], caso["datas"], caso["rng"]
        anterior = ""
        for passo, (destino, data) in enumerate(zip(estados, datas, strict=True)):
            if destino == E.EM_DILIGENCIA:
                ato = "baixar_em_diligencia"
            elif destino in (E.ARQUIVADO, E.SOBRESTADO):
                ato = "arquivar" if destino == E.ARQUIVADO else "sobrestar"
            else:
                ato = _ato_para(anterior, destino)
            yield Andamento(
                processo=processo,
                ato=ato,
                estado_origem=anterior,
                estado_destino=destino,
                usuario=self._quem(ato),
                data_ato=data,
                registrado_em=_quando(data, 10, passo),
                justificativa="Desistência dos interessados."
                if ATOS[ato].exige_justificativa
                else "",
                dados=_dados_do_ato(ato, rng, data),
            )
            anterior = destino

    def _oficios(self, processos, casos) -> None:
        pedidos = import_module(self.Oficio.__module__).PEDIDOS_POR_TIPO
        novos = []
        for processo, caso in zip(processos, casos, strict=True):
            if E.AGUARDANDO_CERTIDOES not in caso["estados"]:
                continue
            rng, estados = caso["rng"], caso["estados"]
            enviado = caso["datas"][estados.index(E.AGUARDANDO_CERTIDOES)]
            concluido = E.AGUARDANDO_PARECER_MERITO in estados
            for orgao, incisos in pedidos.get(caso["tipo"], ()):
                novos.append(self._oficio(processo, orgao, incisos, enviado, concluido, rng))
        sequencias = {}
        for oficio in sorted(novos, key=lambda o: (o.enviado_em, o.processo_id)):
            ano = oficio.enviado_em.year
            if ano not in sequencias:
                seq, _ = self.SequenciaOficio.objects.select_for_update().get_or_create(ano=ano)
                sequencias[ano] = seq.ultimo
            sequencias[ano] += 1
            oficio.numero = f"{sequencias[ano]}/{ano}-CRT"
        for ano, ultimo in sequencias.items():
            self.SequenciaOficio.objects.filter(ano=ano).update(ultimo=ultimo)
        self.Oficio.objects.bulk_create(novos)
        # A resposta é uma certidão (versão 1) com o PDF e o SHA-256 — aqui só os metadados.
        Certidao = apps.get_model(self.Oficio._meta.app_label, "Certidao")
        Certidao.objects.bulk_create(
            Certidao(
                oficio=o,
                numero=f"M-{o.numero}",
                data=o.respondido_em,
                arquivo=f"certidoes/massa/{o.sha_da_certidao}.pdf",
                sha256=o.sha_da_certidao,
                registrada_por=o.resposta_registrada_por,
            )
            for o in novos
            if o.respondido_em
        )

    def _oficio(self, processo, orgao, incisos, enviado: date, concluido: bool, rng):
        recebido = respondido = vencimento = None
        if concluido or rng.random() < 0.85:
            recebido = min(self.hoje, enviado + timedelta(days=rng.randint(2, 15)))
            vencimento = prazos.vencimento(recebido, self.prazo_dias, self.feriados)
            if concluido or rng.random() < 0.3:
                respondido = min(self.hoje, recebido + timedelta(days=rng.randint(5, 40)))
        sha = _sha(self.semente, processo.pk, orgao) if respondido else ""
        servidor = self.usuarios[SERVIDOR]
        oficio = self.Oficio(
            processo=processo,
            orgao=orgao,
            incisos=incisos,
            enviado_em=enviado,
            recebido_em=recebido,
            vencimento=vencimento,
            respondido_em=respondido,
            criado_por=self.usuarios[PRESIDENTE],
            criado_em=_quando(enviado, 11),
            recebimento_registrado_por=servidor if recebido else None,
            recebimento_registrado_em=_quando(recebido, 12) if recebido else None,
            resposta_registrada_por=servidor if respondido else None,
            resposta_registrada_em=_quando(respondido, 12) if respondido else None,
        )
        oficio.sha_da_certidao = sha  # a certidão (só metadados) é gravada depois do ofício
        return oficio

    def _representacao(self, processos, casos) -> None:
        from representacao.checklist import itens_do_tipo

        Documento = apps.get_model("representacao", "DocumentoRepresentacao")
        Signatario = apps.get_model("representacao", "Signatario")
        documentos, signatarios = [], []
        servidor = self.usuarios[SERVIDOR]
        for processo, caso in zip(processos, casos, strict=True):
            itens = itens_do_tipo(caso["tipo"])
            recebido = len(caso["estados"]) > 1 and caso["estados"][1] != E.EM_DILIGENCIA
            entregues = itens if recebido else itens[: len(itens) // 2]
            for item in entregues:
                sha = _sha(self.semente, processo.pk, item.codigo)
                documentos.append(
                    Documento(
                        processo=processo,
                        item=item.codigo,
                        versao=1,
                        arquivo=f"representacao/massa/{sha}.pdf",
                        nome_original=f"{item.codigo}.pdf",
                        tipo_conteudo=item.aceitos[0],
                        tamanho=caso["rng"].randint(20_000, 4_000_000),
                        paginas=caso["rng"].randint(1, 40),
                        sha256=sha,
                        enviado_por=servidor,
                        enviado_em=_quando(caso["datas"][0], 14),
                    )
                )
            if caso["assinaturas"] and any(i.codigo == "requerimento" for i in itens):
                signatarios.extend(
                    Signatario(
                        processo=processo,
                        ordem=ordem,
                        nome=f"Eleitor {ordem} de {caso['nome']}",
                        titulo_eleitor=titulo_valido(processo.pk * 1000 + ordem),
                        titulo_valido=True,
                        reside_na_area=True,
                        firma_reconhecida=ordem % 17 != 0,
                        criado_por=servidor,
                        criado_em=_quando(caso["datas"][0], 15),
                    )
                    for ordem in range(1, self.assinaturas + 1)
                )
        Documento.objects.bulk_create(documentos, batch_size=2000)
        Signatario.objects.bulk_create(signatarios, batch_size=2000)


def _modelo(nome: str):
    """O modelo pelo nome, na app que o tiver (os ofícios estão mudando de app)."""
    for modelo in apps.get_models():
        if modelo.__name__ == nome and modelo._meta.app_label in ("instrucao", "processos"):
            return modelo
    return None
