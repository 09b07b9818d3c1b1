"""Running the site on one's own machine: the embedded SQLite database.

DEBUG stays off unless asked for (`DEBUG=1 make run`): with it on, a page not found shows Django's list of
every address instead of the club's page. The static files are served from the apps' folders as they
change (whitenoise's finders), so no collectstatic is needed first."""

from euchre_club.settings.base import *  # noqa: F403
from euchre_club.settings.base import SITE_SENDS_MAIL, env

DEBUG = env.bool("DEBUG", default=False)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

if not SITE_SENDS_MAIL:
    # On one's own machine, mail (password reset links) is printed in the runserver console.
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    SITE_SENDS_MAIL = True
