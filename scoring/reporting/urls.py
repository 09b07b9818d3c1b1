from django.urls import path

from scoring.reporting import secretary, views

TABLE_PAGES = [
    ("", views.TablePageView, ""),
    ("report/", views.ReportView, "_report"),
    ("reports/<id:report_id>/answer/", views.AnswerView, "_answer"),
    ("reports/<id:report_id>/withdraw/", views.WithdrawView, "_withdraw"),
]

urlpatterns = [
    path("t/", views.CodeEntryView.as_view(), name="code_entry"),
    *(path(f"t/<str:code>/{tail}", view.as_view(), name=f"code_table{suffix}") for tail, view, suffix in TABLE_PAGES),
    *(path(f"rubbers/<id:pk>/table/{tail}", view.as_view(), name=f"member_table{suffix}")
      for tail, view, suffix in TABLE_PAGES),
    path("rubbers/<id:pk>/table-code/", secretary.TableCodeView.as_view(), name="table_code"),
    path("rubbers/<id:pk>/reports/<id:report_id>/", secretary.ReportSettleView.as_view(), name="report_settle"),
]
