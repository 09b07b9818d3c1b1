"""What the load tests share (`load.py`, `night.py`): the site's management commands and its servers, each run as
a process of its own from the checkout."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run(env: dict[str, str], *args: str) -> str:
    return subprocess.run([sys.executable, "manage.py", *args, *(["--no-imports"] if args[0] == "shell" else [])],
                          cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True).stdout


def wait_for(port: int, seconds: float = 60) -> None:
    """Until the server answers a page: gunicorn listens before its workers have loaded the site, and a busy
    machine takes seconds to load it, which a short run would otherwise spend waiting."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10).close()
            return
        except urllib.error.HTTPError:  # an answer, whatever its status
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"gunicorn did not answer on port {port}")
