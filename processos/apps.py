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
        from processos.models import Processo
        from processos.registros import ExercicioPresidencia
        from requisitos.models import Municipio

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
        # Os nomes das origens copiados para a busca (`Processo.nomes_das_origens`): regravados
        # quando mudam as origens de um processo (o protocolo, a retificação) ou o nome de um
        # município (o admin, `carregar_municipios`: nenhum ato muda o nome de um município).
        m2m_changed.connect(
            busca_das_origens_ao_mudar_a_ligacao,
            sender=Processo.municipios_origem.through,
            dispatch_uid="busca_origens_do_processo",
        )
        post_save.connect(
            busca_das_origens_ao_salvar_o_municipio,
            sender=Municipio,
            dispatch_uid="busca_nome_do_municipio",
        )


def busca_das_origens_ao_mudar_a_ligacao(sender, instance, action, reverse, pk_set, **kwargs):
    from processos.models import Processo

    if action not in ("post_add", "post_remove", "post_clear", "pre_clear"):
        return
    if not reverse:
        if action != "pre_clear":
            Processo.objects.filter(pk=instance.pk).guardar_nomes_das_origens()
        return
    # Do lado do município (`municipio.processos.add(...)`): os processos ligados ou
    # desligados; no `clear`, os ligados antes dele.
    if action == "pre_clear":
        instance._processos_antes_do_clear = list(instance.processos.values_list("pk", flat=True))
        return
    ids = pk_set if action != "post_clear" else instance.__dict__.pop("_processos_antes_do_clear")
    Processo.objects.filter(pk__in=ids).guardar_nomes_das_origens()


def busca_das_origens_ao_salvar_o_municipio(sender, instance, created, **kwargs):
    if not created:
        instance.processos.all().guardar_nomes_das_origens()
