"""Parâmetros legais só crescem ("uma alteração é uma nova versão; a antiga
permanece"), também no banco: um gatilho recusa alterar uma versão gravada e acrescentar
uma versão que não comece depois da última do mesmo parâmetro. Um CheckConstraint não compara
linhas entre si; daí o gatilho, em SQLite (desenvolvimento, testes) e PostgreSQL (produção).

O DELETE não é barrado no banco: o `flush` do Django (testes transacionais, manutenção)
apaga com DELETE no SQLite. Quem apaga é o admin, e o admin não apaga (requisitos/admin.py).
"""

from django.db import migrations

MENSAGEM_ALTERACAO = (
    "Parâmetro legal gravado não se altera: cadastre uma nova versão com início de vigência."
)
MENSAGEM_ORDEM = (
    "A nova versão do parâmetro legal deve começar depois da última versão do mesmo parâmetro."
)

SQLITE = [
    f"""
    CREATE TRIGGER requisitos_parametrolegal_nao_se_altera
    BEFORE UPDATE ON requisitos_parametrolegal
    WHEN OLD.id IS NOT NEW.id OR OLD.nome IS NOT NEW.nome OR OLD.valor IS NOT NEW.valor
      OR OLD.vigencia_inicio IS NOT NEW.vigencia_inicio OR OLD.fundamento IS NOT NEW.fundamento
      OR OLD.observacao IS NOT NEW.observacao
    BEGIN SELECT RAISE(ABORT, '{MENSAGEM_ALTERACAO}'); END
    """,
    f"""
    CREATE TRIGGER requisitos_parametrolegal_versao_posterior
    BEFORE INSERT ON requisitos_parametrolegal
    WHEN EXISTS (
      SELECT 1 FROM requisitos_parametrolegal
      WHERE nome = NEW.nome AND vigencia_inicio >= NEW.vigencia_inicio
    )
    BEGIN SELECT RAISE(ABORT, '{MENSAGEM_ORDEM}'); END
    """,
]
SQLITE_DESFAZER = [
    "DROP TRIGGER IF EXISTS requisitos_parametrolegal_nao_se_altera",
    "DROP TRIGGER IF EXISTS requisitos_parametrolegal_versao_posterior",
]

# A trava consultiva por nome enfileira duas inclusões simultâneas do mesmo parâmetro: a
# segunda só confere a ordem depois que a primeira terminou (READ COMMITTED: cada comando
# da função enxerga o que já foi confirmado).
POSTGRESQL = [
    f"""
    CREATE FUNCTION requisitos_parametrolegal_somente_acrescimo() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        IF NEW IS DISTINCT FROM OLD THEN
          RAISE EXCEPTION '{MENSAGEM_ALTERACAO}' USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NEW;
      END IF;
      PERFORM pg_advisory_xact_lock(hashtext('requisitos_parametrolegal:' || NEW.nome));
      IF EXISTS (
        SELECT 1 FROM requisitos_parametrolegal
        WHERE nome = NEW.nome AND vigencia_inicio >= NEW.vigencia_inicio
      ) THEN
        RAISE EXCEPTION '{MENSAGEM_ORDEM}' USING ERRCODE = 'integrity_constraint_violation';
      END IF;
      RETURN NEW;
    END $$
    """,
    """
    CREATE TRIGGER requisitos_parametrolegal_somente_acrescimo
    BEFORE INSERT OR UPDATE ON requisitos_parametrolegal
    FOR EACH ROW EXECUTE FUNCTION requisitos_parametrolegal_somente_acrescimo()
    """,
]
POSTGRESQL_DESFAZER = [
    "DROP TRIGGER IF EXISTS requisitos_parametrolegal_somente_acrescimo "
    "ON requisitos_parametrolegal",
    "DROP FUNCTION IF EXISTS requisitos_parametrolegal_somente_acrescimo()",
]


def _executar(comandos_por_banco):
    def executar(apps, schema_editor):
        for comando in comandos_por_banco.get(schema_editor.connection.vendor, []):
            schema_editor.execute(comando)

    return executar


class Migration(migrations.Migration):
    dependencies = [("requisitos", "0002_parametros_padrao")]
    operations = [
        migrations.RunPython(
            _executar({"sqlite": SQLITE, "postgresql": POSTGRESQL}),
            _executar({"sqlite": SQLITE_DESFAZER, "postgresql": POSTGRESQL_DESFAZER}),
        )
    ]
