from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from emancipacao.saude import saude
from processos.views.entrada import Entrar

admin.site.site_header = "Emancipação — Administração (ALMT/CRT)"
admin.site.site_title = "Emancipação"
admin.site.index_title = "Administração"

# Banco fora do ar numa camada fora das views (a sessão gravada na resposta): 503, não 500
# nem 400; e JSON para a API (emancipacao.erros).
handler400 = "emancipacao.erros.requisicao_invalida"
handler500 = "emancipacao.erros.erro_do_servidor"

# As páginas mais pedidas primeiro (a lista, a página do processo, o painel, os prazos, o
# portal): o Django tenta os padrões em ordem, e os incluídos em "" não se sobrepõem (um
# teste confere que cada endereço resolve para a mesma view em qualquer ordem).
urlpatterns = [
    path("", include("processos.urls")),
    path("", include("painel.urls")),
    path("", include("instrucao.urls")),
    path("", include("transparencia.urls")),
    path("entrar/", Entrar.as_view(), name="entrar"),
    path("sair/", auth_views.LogoutView.as_view(), name="sair"),
    path("", include("documentos.urls")),
    path("", include("representacao.urls")),
    path("", include("plebiscito.urls")),
    path("", include("territorio.urls")),
    path("", include("requisitos.urls")),
    path("", include("lei.urls")),
    path("", include("acompanhamento.urls")),
    path("saude/", saude, name="saude"),
    path("admin/", admin.site.urls),
]
