"""Running the site on one's own machine: the embedded SQLite database, DEBUG on."""

from euchre_club.settings.base import *  # noqa: F403
from euchre_club.settings.base import env

DEBUG = env.bool("DEBUG", default=True)
