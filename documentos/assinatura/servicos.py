"""As assinaturas de um documento emitido: quem já assinou, quem falta, a cópia assinada mais
recente, e cada nova assinatura gravada como uma linha de `Assinatura` com o artefato (o PDF
assinado até ali), o nível, o certificado e o carimbo do tempo. O documento emitido nunca muda:
cada artefato começa pelos bytes dele."""

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from documentos import integridade
from documentos.assinatura import CAMPO_DO_SELO, declaracao, fila, niveis
from documentos.models import Assinatura, Documento, Modalidade
from processos import versao
from processos.papeis import papeis_do_usuario

if TYPE_CHECKING:
    from documentos.assinatura import pessoal

DIGITAIS = (Modalidade.ICP_BRASIL, Modalidade.GOV_BR, Modalidade.SELO)


@dataclass
class Situacao:
    vaga: declaracao.Vaga
    assinatura: Assinatura | None


def digitais(documento: Documento):
    return documento.assinaturas.filter(modalidade__in=DIGITAIS).order_by("id")


def vaga_do_selo() -> declaracao.Vaga:
    return declaracao.Vaga(CAMPO_DO_SELO, "Selo da Assembleia", frozenset())


def situacao(documento: Documento, *, nenhuma_feita: bool = False) -> list[Situacao]:
    """Cada vaga declarada, com a assinatura que a preencheu (ou nenhuma), e a do selo.
    `nenhuma_feita`: quem chama já sabe que não há assinatura digital (nenhuma consulta)."""
    feitas = {} if nenhuma_feita else {a.campo: a for a in digitais(documento)}
    vagas = [*declaracao.vagas(documento.tipo)]
    if vagas or CAMPO_DO_SELO in feitas:
        vagas.append(vaga_do_selo())
    return [Situacao(v, feitas.get(v.campo)) for v in vagas]


def assinado(documento: Documento, linhas: list[Situacao] | None = None) -> bool:
    """Só quando todas as assinaturas declaradas (e o selo) foram feitas e conferidas."""
    linhas = situacao(documento) if linhas is None else linhas
    return bool(linhas) and all(s.assinatura for s in linhas)


def copia_atual(documento: Documento) -> bytes:
    """O PDF com todas as assinaturas feitas até agora (o original, se nenhuma), conferido
    com o SHA-256 registrado antes de ser assinado de novo."""
    ultima = digitais(documento).last()
    if ultima:
        arquivo, sha, objeto = ultima.artefato, ultima.sha256_artefato, f"Assinatura {ultima.pk}"
    else:
        arquivo, sha, objeto = documento.arquivo, documento.sha256, f"Documento {documento.codigo}"
    with integridade.abrir_conferido(arquivo, sha, objeto=objeto, porta="assinatura") as f:
        return f.read()


def vaga_para(
    documento: Documento, usuario, linhas: list[Situacao] | None = None
) -> declaracao.Vaga | None:
    """A primeira vaga ainda livre que o usuário pode ocupar; nenhuma se ele já assinou."""
    linhas = situacao(documento) if linhas is None else linhas
    if any(s.assinatura and s.assinatura.signatario_id == usuario.pk for s in linhas):
        return None
    papeis = papeis_do_usuario(usuario)
    for s in linhas:
        if s.assinatura is None and s.vaga.papeis & papeis:
            return s.vaga
    return None


def _data(iso: str) -> datetime | None:
    return datetime.fromisoformat(iso) if iso else None


def _registrar(documento, pdf: bytes, campo: str, *, modalidade, usuario, nome, cargo):
    from documentos.assinatura import pessoal, validacao

    """Confere a assinatura recém-feita no próprio artefato e a grava; a que não vale é
    recusada com o motivo, e nada é gravado."""
    parecer = next(
        (p for p in validacao.validar(pdf) if p.campo == campo and not p.carimbo_do_documento),
        None,
    )
    if parecer is None or not parecer.valida:
        raise pessoal.AssinaturaRecusada(
            parecer.motivo if parecer else "A assinatura não foi encontrada no documento."
        )
    sha = hashlib.sha256(pdf).hexdigest()
    linha = Assinatura(
        documento=documento,
        modalidade=modalidade,
        signatario=usuario,
        nome=(nome or parecer.titular)[:200],
        cargo=cargo[:200],
        assinado_em=timezone.now(),
        sha256_artefato=sha,
        campo=campo,
        nivel=parecer.nivel,
        certificado_titular=parecer.titular[:300],
        certificado_emissor=parecer.emissor[:300],
        carimbo_do_tempo_em=_data(parecer.carimbo_em),
    )
    linha.artefato.save(f"{documento.codigo}-{campo}.pdf", ContentFile(pdf), save=False)
    linha.save()
    if documento.processo_id:
        # A situação das assinaturas aparece na página do processo (em cache pela revisão).
        versao.tocar(documento.processo_id)
    return linha


def assinar(documento: Documento, usuario, adaptador: "pessoal.Adaptador") -> Assinatura:
    """A assinatura pessoal do usuário na vaga dele. Completas as vagas, o selo (se instalado)
    vem por último."""
    from documentos.assinatura import pessoal, selo

    with transaction.atomic():
        documento = Documento.objects.select_for_update().get(pk=documento.pk)
        vaga = vaga_para(documento, usuario)
        if vaga is None:
            raise pessoal.AssinaturaRecusada(
                "Não há assinatura pendente deste documento para você: ou você já assinou, "
                "ou as vagas restantes são de outro papel."
            )
        if motivo := niveis.motivo_insuficiente(documento.tipo, adaptador.modalidade):
            raise pessoal.AssinaturaRecusada(motivo)
        pdf = pessoal.assinar(copia_atual(documento), vaga.campo, adaptador)
        linha = _registrar(
            documento,
            pdf,
            vaga.campo,
            modalidade=adaptador.modalidade,
            usuario=usuario,
            nome=usuario.get_full_name() or usuario.get_username(),
            cargo=vaga.rotulo,
        )
        pendentes = [s for s in situacao(documento) if s.assinatura is None]
        if [s.vaga.campo for s in pendentes] == [CAMPO_DO_SELO] and selo.instalado():
            # Completas as vagas, o selo (B-LTA, ~1 s) vai para a fila: a página mostra
            # "selando…" e a assinatura desta pessoa já está gravada e válida.
            fila.solicitar_selo(documento, usuario=usuario)
    return linha


def selar(documento: Documento) -> Assinatura:
    from documentos.assinatura import selo

    """O selo da Assembleia em B-LTA sobre a cópia assinada mais recente. Quem chama é o
    executor de tarefas (documentos.tarefas); um selo já aplicado não é refeito (a tarefa
    retomada depois de o executor morrer logo após gravá-lo)."""
    with transaction.atomic():
        documento = Documento.objects.select_for_update().get(pk=documento.pk)
        feito = digitais(documento).filter(campo=CAMPO_DO_SELO).first()
        if feito:
            return feito
        pdf = selo.selar(copia_atual(documento))
        return _registrar(
            documento,
            pdf,
            CAMPO_DO_SELO,
            modalidade=Modalidade.SELO,
            usuario=None,
            nome="",
            cargo="Selo institucional da Assembleia",
        )
