from django.urls import path

from lei import views

app_name = "lei"

urlpatterns = [
    path("lei/", views.lei, name="lei"),
    path("lei/pdf/", views.pdf, name="pdf"),
]
