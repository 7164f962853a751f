"""Os nomes dos municípios de origem guardados no processo (`Processo.nomes_das_origens`) e
entrando na coluna gerada da busca interna (`Processo.texto_da_busca`), com o índice de
trigramas refeito sobre ela; o índice do portal passa ao nome proposto com os nomes das
origens (`processos.busca.CAMPOS_DA_BUSCA_DO_PORTAL`). Antes, os processos dos municípios
achados eram lidos como uma lista de ids a cada palavra, que crescia com o número de
processos; agora cada palavra é uma condição na mesma coluna, que o índice responde.

O PostgreSQL não muda a expressão de uma coluna gerada: ela sai e volta (o índice sai com
ela). Os nomes dos processos existentes são preenchidos antes."""

import importlib

from django.db import migrations, models

import processos.busca

INTERNA = "processo_texto_da_busca_trgm"
PORTAL_ANTIGO, PORTAL = "processo_nome_proposto_trgm", "processo_busca_do_portal_trgm"
LOTE = 2000


def preencher(apps, schema_editor):
    Processo = apps.get_model("processos", "Processo")
    ligacao = Processo.municipios_origem.through
    nomes: dict[int, list[str]] = {}
    pares = ligacao.objects.order_by("municipio__nome", "municipio_id")
    for processo_id, nome in pares.values_list("processo_id", "municipio__nome").iterator():
        nomes.setdefault(processo_id, []).append(nome)
    processos = [Processo(pk=pk, nomes_das_origens=", ".join(n)) for pk, n in nomes.items()]
    Processo.objects.bulk_update(processos, ["nomes_das_origens"], batch_size=LOTE)


def criar_indice_interno(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {INTERNA} ON processos_processo "
            "USING gin (texto_da_busca gin_trgm_ops)"
        )


def _indice_do_portal(apps, schema_editor, nome: str, campos: tuple, antigo: str) -> None:
    # A expressão escrita como o Django a escreve (só assim o PostgreSQL usa o índice).
    indexavel = importlib.import_module("processos.migrations.0013_busca_sem_acento")._indexavel
    expressao, parametros = indexavel(apps, schema_editor, campos)
    schema_editor.execute(f"DROP INDEX IF EXISTS {antigo}")
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {nome} ON processos_processo "
        f"USING gin (({expressao}) gin_trgm_ops)",
        parametros,
    )


def criar_indices(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    criar_indice_interno(apps, schema_editor)
    campos = processos.busca.CAMPOS_DA_BUSCA_DO_PORTAL
    _indice_do_portal(apps, schema_editor, PORTAL, campos, PORTAL_ANTIGO)


def desfazer_indices(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    _indice_do_portal(apps, schema_editor, PORTAL_ANTIGO, ("nome_proposto",), PORTAL)


class Migration(migrations.Migration):
    dependencies = [
        ("processos", "0020_busca_texto_guardado"),
    ]

    operations = [
        migrations.AddField(
            model_name="processo",
            name="nomes_das_origens",
            field=models.TextField(
                blank=True,
                default="",
                editable=False,
                verbose_name="nomes dos municípios de origem",
            ),
        ),
        migrations.RunPython(preencher, migrations.RunPython.noop),
        # Desfeita a migração, o índice volta à coluna gerada antiga.
        migrations.RunPython(migrations.RunPython.noop, criar_indice_interno),
        migrations.RemoveField(model_name="processo", name="texto_da_busca"),
        migrations.AddField(
            model_name="processo",
            name="texto_da_busca",
            field=models.GeneratedField(
                db_persist=True,
                expression=processos.busca.texto_normalizado(
                    ("nome_proposto", "sede_proposta", "resumo", "nomes_das_origens")
                ),
                output_field=models.TextField(),
            ),
        ),
        migrations.RunPython(criar_indices, desfazer_indices),
    ]
