from django.apps import AppConfig


class ProcessosConfig(AppConfig):
    name = "processos"
    verbose_name = "Processos"

    def ready(self):
        from django.contrib.auth import get_user_model
        from django.contrib.auth.models import Group
        from django.contrib.auth.signals import user_logged_in
        from django.db.backends.signals import connection_created
        from django.db.models.signals import m2m_changed, post_delete, post_save

        from emancipacao.sessao import marcar_renovacao
        from processos import busca, papeis
        from processos.registros import ExercicioPresidencia

        # A sessão aberta no login já conta como renovada (emancipacao.sessao).
        user_logged_in.connect(marcar_renovacao, dispatch_uid="marcar_renovacao_da_sessao")
        user_logged_in.connect(papeis.ao_entrar, dispatch_uid="papeis_no_login")
        # Os papéis guardados nas sessões (processos.papeis) caem quando mudam os grupos de
        # alguém, um grupo ou um exercício da Presidência (Art. 21).
        m2m_changed.connect(
            papeis.ao_mudar_grupos_do_usuario,
            sender=get_user_model().groups.through,
            dispatch_uid="papeis_grupos_do_usuario",
        )
        for modelo in (Group, ExercicioPresidencia):
            for sinal in (post_save, post_delete):
                sinal.connect(
                    papeis.ao_mudar_grupo_ou_exercicio,
                    sender=modelo,
                    dispatch_uid=f"papeis_{modelo.__name__}_{sinal is post_save}",
                )
        # A busca sem acento no SQLite: a função que o PostgreSQL ganha na migração 0013.
        connection_created.connect(busca.registrar_no_sqlite, dispatch_uid="busca_no_sqlite")
