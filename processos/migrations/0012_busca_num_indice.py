"""A busca por texto da lista interna num índice de trigramas só.

A busca interna procura o termo no nome proposto, na sede proposta e no resumo. Com um índice
por campo, o PostgreSQL percorria três índices GIN e juntava os achados (BitmapOr): os
trigramas comuns ("SÃO", " ES") estão em quase todo processo, e cada percurso lia as suas
listas inteiras. Agora os três campos são uma expressão só — separados por nova linha, como
em `processos.filtros.texto_da_busca` — com um índice GIN de trigramas: um percurso.

O índice do nome proposto continua (o portal procura só no nome); os da sede e do resumo
saem (ninguém mais os usa, e cada gravação os atualizava). Só no PostgreSQL.
"""

from django.db import migrations
from django.db.models import TextField, Value
from django.db.models.functions import Concat, Upper

CAMPOS = ("nome_proposto", "sede_proposta", "resumo")
SEPARADOR = "\n"
INDICE = "processo_busca_trgm"


def _expressao(apps, schema_editor):
    """O SQL de `UPPER(nome || '\\n' || sede || '\\n' || resumo)` exatamente como o Django o
    escreve na busca (`texto_da_busca__icontains`): só assim o PostgreSQL usa o índice."""
    Processo = apps.get_model("processos", "Processo")
    partes = []
    for campo in CAMPOS:
        partes += [campo, Value(SEPARADOR)]
    consulta = Processo.objects.annotate(
        busca=Upper(Concat(*partes[:-1], output_field=TextField()))
    ).query
    compilador = consulta.get_compiler(connection=schema_editor.connection)
    sql, parametros = compilador.compile(consulta.annotations["busca"])
    tabela = schema_editor.quote_name(Processo._meta.db_table)
    return sql.replace(f"{tabela}.", ""), parametros


def criar(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    sql, parametros = _expressao(apps, schema_editor)
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {INDICE} ON processos_processo "
        f"USING gin (({sql}) gin_trgm_ops)",
        parametros,
    )
    for campo in ("sede_proposta", "resumo"):
        schema_editor.execute(f"DROP INDEX IF EXISTS processo_{campo}_trgm")


def remover(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for campo in ("sede_proposta", "resumo"):
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS processo_{campo}_trgm ON processos_processo "
            f"USING gin ((UPPER({campo}::text)) gin_trgm_ops)"
        )
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDICE}")


class Migration(migrations.Migration):
    dependencies = [("processos", "0011_indice_por_estado")]

    operations = [migrations.RunPython(criar, remover)]
