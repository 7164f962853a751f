app_name = "requisitos"

urlpatterns = []
