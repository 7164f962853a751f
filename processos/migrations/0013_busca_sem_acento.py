"""A busca por texto sem acento nem caixa, por palavras (`processos.busca`).

No PostgreSQL: a extensão `unaccent` (do contrib, "trusted" desde o PostgreSQL 13), uma função
imutável que a embrulha (e troca quebras de linha e tabulações por espaço, como
`processos.busca.normalizar`) — `unaccent()` sozinha é só estável e não pode entrar num índice — e o
índice de trigramas da busca interna refeito sobre `UPPER(emancipacao_sem_acento(nome || ' '
|| sede || ' ' || resumo))`, escrito exatamente como o Django escreve `processos.busca.
texto_normalizado` (só assim o PostgreSQL usa o índice). O do nome proposto (portal) também
passa à forma normalizada. No SQLite a função vem de `processos.busca.registrar_no_sqlite`.
"""

from django.db import migrations
from django.db.models import Func, TextField, Value
from django.db.models.functions import Concat, Upper

FUNCAO = "emancipacao_sem_acento"
CRIAR_FUNCAO = f"""
CREATE OR REPLACE FUNCTION {FUNCAO}(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT translate(public.unaccent('public.unaccent'::regdictionary, $1), E'\n\r\t', '   ') $$
"""
INTERNA, PORTAL = "processo_busca_trgm", "processo_nome_proposto_trgm"


def _indexavel(apps, schema_editor, campos) -> tuple[str, list]:
    Processo = apps.get_model("processos", "Processo")
    partes = []
    for campo in campos:
        partes += [campo, Value(" ")]
    texto = Concat(*partes[:-1], output_field=TextField()) if len(campos) > 1 else campos[0]
    consulta = Processo.objects.annotate(
        busca=Upper(Func(texto, function=FUNCAO, output_field=TextField()))
    ).query
    compilador = consulta.get_compiler(connection=schema_editor.connection)
    sql, parametros = compilador.compile(consulta.annotations["busca"])
    tabela = schema_editor.quote_name(Processo._meta.db_table)
    return sql.replace(f"{tabela}.", ""), parametros


def criar(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS unaccent")
    schema_editor.execute(CRIAR_FUNCAO)
    for indice, campos in (
        (INTERNA, ("nome_proposto", "sede_proposta", "resumo")),
        (PORTAL, ("nome_proposto",)),
    ):
        schema_editor.execute(f"DROP INDEX IF EXISTS {indice}")
        expressao, parametros = _indexavel(apps, schema_editor, campos)
        schema_editor.execute(
            f"CREATE INDEX {indice} ON processos_processo USING gin (({expressao}) gin_trgm_ops)",
            parametros,
        )


class Migration(migrations.Migration):
    dependencies = [("processos", "0012_busca_num_indice")]

    operations = [migrations.RunPython(criar, migrations.RunPython.noop)]
