"""Running the site on one's own machine: the embedded SQLite database, DEBUG on."""

from euchre_club.settings.base import *  # noqa: F403
from euchre_club.settings.base import SITE_SENDS_MAIL, env

DEBUG = env.bool("DEBUG", default=True)

if not SITE_SENDS_MAIL:
    # On one's own machine, mail (password reset links) is printed in the runserver console.
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    SITE_SENDS_MAIL = True
