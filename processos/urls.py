app_name = "processos"

urlpatterns = []
