from django.urls import path

from scoring.accounts import views

urlpatterns = [
    path("password_reset/", views.ClubPasswordResetView.as_view(), name="password_reset"),
    path("lockouts/", views.LockoutListView.as_view(), name="lockouts"),
    path("lockouts/<id:pk>/lift/", views.LockoutLiftView.as_view(), name="lockout_lift"),
    path("lockouts/codes/<id:pk>/lift/", views.CodeGuessesLiftView.as_view(), name="code_guesses_lift"),
]
