from django.urls import path

from painel import views

app_name = "painel"

urlpatterns = [
    path("painel/", views.painel, name="painel"),
    path("processos/", views.lista, name="lista"),
    path("processos/exportar.csv", views.exportar_lista, name="exportar_lista"),
]
