from django.urls import path

from scoring import views

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
]
