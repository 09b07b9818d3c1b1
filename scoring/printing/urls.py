from django.urls import path

from scoring.printing import views

urlpatterns = [
    path("events/<slug:slug>/standings.pdf", views.EventStandingsPdfView.as_view(), name="event_standings_pdf"),
    path("seasons/<slug:slug>/standings.pdf", views.SeasonStandingsPdfView.as_view(), name="season_standings_pdf"),
    path("rubbers/<id:pk>/sheet.pdf", views.RubberSheetPdfView.as_view(), name="rubber_sheet"),
    path("rulings/<id:ruling_id>.pdf", views.RulingPdfView.as_view(), name="ruling_pdf"),
    path("players/<id:pk>/record.pdf", views.PlayerRecordPdfView.as_view(), name="player_record_pdf"),
    path("rounds/<id:round_pk>/table-cards.pdf", views.TableCardsPdfView.as_view(), name="table_cards_pdf"),
    path("rounds/<id:round_pk>/sheets.pdf", views.RoundSheetsPdfView.as_view(), name="round_sheets_pdf"),
    path("events/<slug:slug>/movement.pdf", views.MovementPdfView.as_view(), name="movement_pdf"),
    path("events/<slug:slug>/tally-cards.pdf", views.TallyCardsPdfView.as_view(), name="tally_cards_pdf"),
]
