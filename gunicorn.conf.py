"""gunicorn's settings for the site: gunicorn reads this file from the folder it is started in (as the
command in docs/running.md is); a server started with `-c` and another file should copy what is here."""

from __future__ import annotations

import os
from typing import Any

# scoring.clients.SAID_AT_START: the warnings at start (a proxy not named in TRUSTED_PROXIES) are said by the
# first worker; every worker forked after it, beside it or in place of one that stopped, is told they are said.
SAID_AT_START = "EUCHRE_START_WARNINGS_SAID"


def pre_fork(server: Any, worker: Any) -> None:
    if worker.age > 1:  # gunicorn numbers the workers it forks from 1, across reloads
        os.environ[SAID_AT_START] = "1"
