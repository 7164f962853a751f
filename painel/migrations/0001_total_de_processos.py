"""O total de processos, mantido pelo PostgreSQL na mesma transação de cada inclusão e
exclusão (e zerado pelo TRUNCATE), para a lista sem filtros não contar a tabela inteira a
cada página (`painel.contagens.guardados`); e a versão do cadastro dos municípios, nova a
cada mudança nele, para o formulário de filtros não reler os 142 a cada página. Gatilhos
por comando (FOR EACH STATEMENT), com as linhas incluídas/excluídas numa tabela de
transição: um bulk_create de mil processos é uma atualização só. No SQLite (desenvolvimento, poucos processos) nada é
criado: a lista conta."""

from django.db import migrations

CRIAR = """
CREATE TABLE painel_total_de_processos (
    id smallint PRIMARY KEY CHECK (id = 1),
    total bigint NOT NULL CHECK (total >= 0),
    municipios bigint NOT NULL DEFAULT 0
);
INSERT INTO painel_total_de_processos (id, total)
    SELECT 1, count(*) FROM processos_processo;
CREATE FUNCTION painel_contar_processos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE painel_total_de_processos SET total = total + (SELECT count(*) FROM incluidos);
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE painel_total_de_processos SET total = total - (SELECT count(*) FROM excluidos);
    ELSE
        UPDATE painel_total_de_processos SET total = 0;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER painel_processos_incluidos AFTER INSERT ON processos_processo
    REFERENCING NEW TABLE AS incluidos
    FOR EACH STATEMENT EXECUTE FUNCTION painel_contar_processos();
CREATE TRIGGER painel_processos_excluidos AFTER DELETE ON processos_processo
    REFERENCING OLD TABLE AS excluidos
    FOR EACH STATEMENT EXECUTE FUNCTION painel_contar_processos();
CREATE TRIGGER painel_processos_esvaziados AFTER TRUNCATE ON processos_processo
    FOR EACH STATEMENT EXECUTE FUNCTION painel_contar_processos();
-- A versão sai de uma sequência, que não volta atrás num ROLLBACK: uma mudança desfeita
-- não deixa o mesmo número para outra (quem guardou os municípios da versão desfeita, lidos
-- na mesma transação, não os confunde com os da seguinte).
CREATE SEQUENCE painel_versao_dos_municipios;
CREATE FUNCTION painel_versao_dos_municipios() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE painel_total_de_processos
        SET municipios = nextval('painel_versao_dos_municipios');
    RETURN NULL;
END
$$;
CREATE TRIGGER painel_municipios_mudados
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON requisitos_municipio
    FOR EACH STATEMENT EXECUTE FUNCTION painel_versao_dos_municipios();
"""

DESFAZER = """
DROP TRIGGER painel_municipios_mudados ON requisitos_municipio;
DROP FUNCTION painel_versao_dos_municipios();
DROP SEQUENCE painel_versao_dos_municipios;
DROP TRIGGER painel_processos_esvaziados ON processos_processo;
DROP TRIGGER painel_processos_excluidos ON processos_processo;
DROP TRIGGER painel_processos_incluidos ON processos_processo;
DROP FUNCTION painel_contar_processos();
DROP TABLE painel_total_de_processos;
"""


def criar(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CRIAR, params=None)


def desfazer(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DESFAZER, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("processos", "0020_busca_texto_guardado"),
        ("requisitos", "0003_parametros_somente_acrescimo"),
    ]

    operations = [migrations.RunPython(criar, desfazer)]
