from django.urls import path

from scoring.printing import views

urlpatterns = [
    path("events/<slug:slug>/standings.pdf", views.EventStandingsPdfView.as_view(), name="event_standings_pdf"),
    path("rubbers/<int:pk>/sheet.pdf", views.RubberSheetPdfView.as_view(), name="rubber_sheet"),
    path("rulings/<int:ruling_id>.pdf", views.RulingPdfView.as_view(), name="ruling_pdf"),
    path("players/<int:pk>/record.pdf", views.PlayerRecordPdfView.as_view(), name="player_record_pdf"),
]
