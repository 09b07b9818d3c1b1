"""Pages of the club site. Each view parses input, calls one service or selector, and renders."""

from django.views.generic import TemplateView


class HomeView(TemplateView):
    template_name = "scoring/home.html"
