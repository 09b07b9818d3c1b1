"""The production settings: Django's deployment checklist passes, the site refuses to start without its
secrets, and gunicorn serves pages and whitenoise's static files with the security headers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
SECRET = "a-long-random-production-secret-key-for-the-tests-0123456789-abcdefghij"


def production_env(tmp_path: Path, **changes: str | None) -> dict[str, str]:
    test_only = ("DATABASE_URL", "SECRET_KEY", "ALLOWED_HOSTS", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE")
    env = {k: v for k, v in os.environ.items() if k not in test_only}
    env |= {"DJANGO_SETTINGS_MODULE": "euchre_club.settings.production", "SECRET_KEY": SECRET,
            "ALLOWED_HOSTS": "club.example.org,127.0.0.1", "DATABASE_URL": f"sqlite:///{tmp_path / 'prod.sqlite3'}"}
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_the_deployment_checklist_passes(tmp_path):
    result = manage(production_env(tmp_path), "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL"])
def test_production_refuses_to_start_without_its_settings(tmp_path, missing):
    result = manage(production_env(tmp_path, **{missing: None}), "check")
    assert result.returncode != 0
    assert f"Set the {missing} environment variable" in result.stderr


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def first_answer(url: str, server: subprocess.Popen[bytes], within: float = 90) -> tuple[int, dict[str, str], bytes]:
    """The first page the server answers, however long its workers take to start on a busy machine (up to
    `within` seconds); a server that exits first fails the test with what it printed."""
    deadline = time.monotonic() + within
    while True:
        if server.poll() is not None:
            raise AssertionError(server.stdout.read().decode() if server.stdout else "gunicorn exited")
        try:
            return fetch(url)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.25)


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"X-Forwarded-Proto": "https", "Host": "club.example.org"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


@pytest.mark.skipif(not (ROOT / "staticfiles").is_dir(), reason="run collectstatic first (make test does)")
def test_gunicorn_serves_pages_and_static_files_with_security_headers(tmp_path):
    env = production_env(tmp_path)
    assert manage(env, "migrate", "--noinput").returncode == 0
    port = free_port()
    server = subprocess.Popen([str(GUNICORN), "euchre_club.wsgi:application", "--bind", f"127.0.0.1:{port}",
                               "--workers", "2"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        status, headers, body = first_answer(f"{base}/", server)
        assert status == 200, body[:500]
        assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"
        assert "script-src 'self'" in headers["Content-Security-Policy"]
        assert "'unsafe-inline'" not in headers["Content-Security-Policy"]
        status, headers, body = fetch(f"{base}/accounts/login/")
        assert status == 200 and "csrftoken=" in headers["Set-Cookie"] and "Secure" in headers["Set-Cookie"]
        status, headers, body = fetch(f"{base}/static/vendor/bootstrap/css/bootstrap.min.css")
        assert status == 200 and b"Bootstrap" in body[:300]
        assert "max-age" in headers["Cache-Control"]
        status, _, _ = fetch(f"{base}/no-such-page/")
        assert status == 404
        status, _, body = fetch(f"{base}/static/css/club.css")  # the error page's own stylesheet, by its plain name
        assert status == 200 and b".plain-page" in body
        plain = urllib.request.Request(f"{base}/", headers={"Host": "club.example.org"})
        with pytest.raises(urllib.error.HTTPError) as redirect:  # plain http is sent to https
            urllib.request.build_opener(NoRedirect).open(plain, timeout=10)
        assert redirect.value.code == 301
        assert redirect.value.headers["Location"] == "https://club.example.org/"
    finally:
        server.terminate()
        server.wait(timeout=10)



def test_production_on_sqlite_waits_for_the_writer(tmp_path):
    """Two secretaries saving at once on the embedded database: the second waits, never 'database is locked'."""
    script = "from django.conf import settings; o = settings.DATABASES['default']['OPTIONS']; " \
             "print(o['timeout'], o['transaction_mode'])"
    result = manage(production_env(tmp_path), "shell", "--no-imports", "-c", script)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["20", "IMMEDIATE"]
