app_name = "documentos"

urlpatterns = []
