"""What the load tests share (`load.py`, `night.py`): the site's management commands and its servers, each run as
a process of its own from the checkout."""

from __future__ import annotations

import os
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


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time (user and system) spent so far by the processes `pids` and their children (a gunicorn master
    and its workers), read from /proc: what the app servers spent, not the load's own client."""
    total = 0.0
    for pid in pids:
        for process in (pid, *_children(pid)):
            try:
                fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # a worker gone meanwhile
                continue
            total += (int(fields[11]) + int(fields[12])) / TICK  # utime, stime (the 14th and 15th fields)
    return total


def _children(pid: int) -> list[int]:
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    return [int(child) for child in found]
