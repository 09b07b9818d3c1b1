from django.urls import path

from scoring.rulings import views, wizard

urlpatterns = [
    path("rubbers/<id:pk>/rulings/new/", wizard.RulingWizardView.as_view(), name="ruling_new"),
    path("laws/", views.LawsView.as_view(), name="laws"),
    path("how-scoring-works/", views.HowScoringWorksView.as_view(), name="how_scoring_works"),
    path("rulings/<id:ruling_id>/", views.RulingDetailView.as_view(), name="ruling"),
    path("rulings/<id:ruling_id>/withdraw/", views.RulingWithdrawView.as_view(), name="ruling_withdraw"),
]
