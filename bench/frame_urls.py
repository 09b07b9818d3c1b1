"""The site's addresses, and its empty frame at `/bench/frame/`: the base page and its menu through the same
middleware, with no content. A page's cost is read against it ("x frame"): what the page spends beyond it is its
own."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import include, path

FRAME = engines["django"].from_string('{% extends "base.html" %}{% block nav %}{% include "_nav.html" %}{% endblock %}')


def frame(request: HttpRequest) -> HttpResponse:
    return HttpResponse(FRAME.render({"title": "Frame"}, request))


urlpatterns = [path("bench/frame/", frame), path("", include("euchre_club.urls"))]
