"""WSGI entry point (gunicorn euchre_club.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_club.settings.production")

application = get_wsgi_application()
