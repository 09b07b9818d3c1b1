"""A server of several gunicorn workers says its warnings at start once, not once a worker."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from pathlib import Path

from scoring.clients import SAID_AT_START
from tests.deploy.test_production import GUNICORN, ROOT, free_port, production_env

WARNING = "TRUSTED_PROXIES is not set"
WORKERS = 3


def observed_config(tmp_path: Path) -> Path:
    """The site's gunicorn.conf.py, and a line on stderr from each worker once it has loaded the site."""
    config = tmp_path / "observed.conf.py"
    config.write_text(
        "import os, runpy, sys\n"
        f"globals().update(runpy.run_path({str(ROOT / 'gunicorn.conf.py')!r}))\n\n"
        "def post_worker_init(worker):\n"
        "    print(f'loaded: {os.getpid()}', file=sys.stderr, flush=True)\n")
    return config


class Output:
    """What the server writes to stderr, read as it comes."""

    def __init__(self, server: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        assert server.stderr is not None
        self.reader = threading.Thread(target=lambda: self.lines.extend(server.stderr or ()), daemon=True)
        self.reader.start()

    def loaded(self, count: int, server: subprocess.Popen[str], within: float = 120) -> list[int]:
        """The workers' pids, once `count` have loaded the site (however slowly on a busy machine)."""
        deadline = time.monotonic() + within
        while True:
            pids = [int(line.split()[1]) for line in list(self.lines) if line.startswith("loaded: ")]
            if len(pids) >= count:
                return pids
            assert server.poll() is None, "".join(self.lines)
            assert time.monotonic() < deadline, "".join(self.lines)
            time.sleep(0.2)

    def said(self, text: str) -> int:
        return sum(text in line for line in list(self.lines))


def test_the_site_names_the_marker_gunicorn_conf_sets():
    assert f'SAID_AT_START = "{SAID_AT_START}"' in (ROOT / "gunicorn.conf.py").read_text()


def test_a_proxy_not_named_is_warned_of_once_by_all_the_workers_and_any_that_replace_one(tmp_path):
    # The production settings trust the proxy's https header; no TRUSTED_PROXIES names the proxy.
    env = production_env(tmp_path, TRUSTED_PROXIES=None, **{SAID_AT_START: None})
    server = subprocess.Popen(
        [str(GUNICORN), "euchre_club.wsgi:application", "--bind", f"127.0.0.1:{free_port()}",
         "--workers", str(WORKERS), "-c", str(observed_config(tmp_path))],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    output = Output(server)
    try:
        pids = output.loaded(WORKERS, server)
        assert output.said(WARNING) == 1, "".join(output.lines)
        os.kill(pids[0], signal.SIGKILL)  # gunicorn forks another in its place, which loads the site again
        output.loaded(WORKERS + 1, server)
        assert output.said(WARNING) == 1, "".join(output.lines)
    finally:
        server.terminate()
        server.wait(timeout=30)
        output.reader.join(timeout=10)
