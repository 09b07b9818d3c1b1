"""`make run` serves on the port it is given (PORT=, 8000 when not) and prints the address it serves."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]


def planned(*args: str) -> str:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    return subprocess.run(["make", "-n", "run", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize(("args", "port"), [(("PORT=8123",), "8123"), ((), "8000")])
def test_make_run_serves_on_the_port_it_is_given_and_says_where(args, port):
    steps = planned(*args)
    assert re.search(rf"manage\.py runserver 127\.0\.0\.1:{port}$", steps, re.M), steps
    assert f"seed_demo --address http://127.0.0.1:{port}/" in steps
    assert re.search(rf"^echo .*http://127\.0\.0\.1:{port}/", steps, re.M), steps  # printed before it serves
    assert steps.index("echo") < steps.index("runserver")


def test_seed_demo_prints_the_address_it_is_given(monkeypatch):
    monkeypatch.setattr("scoring.seeding.management.commands.seed_demo.seed_demo",
                        lambda rubbers: ("secretary", "somerset1888"))
    out = io.StringIO()
    call_command("seed_demo", address="http://127.0.0.1:8123/", stdout=out)
    assert "Demo club ready at http://127.0.0.1:8123/" in out.getvalue()
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    assert "Demo club ready at http://127.0.0.1:8000/" in out.getvalue()
