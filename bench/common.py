"""What the page benchmarks share: Django on a benchmark database with DEBUG off, and medians."""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def django_on(database_url: str) -> None:
    """Set Django up on `database_url` with the test settings (DEBUG off, as in production), migrated."""
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = database_url
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ["DJANGO_SETTINGS_MODULE"] = "euchre_club.settings.test"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def frame_served() -> str:
    """Serve the site's empty frame beside its pages (`frame_urls`), and say where."""
    from django.test.utils import override_settings

    override_settings(ROOT_URLCONF="frame_urls").enable()
    return "/bench/frame/"


def timed(runs: int, fetch: Callable[[], object]) -> list[float]:
    """Milliseconds for each of `runs` calls, after one to warm up."""
    fetch()
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fetch()
        times.append((time.perf_counter() - started) * 1000)
    return times


def report(name: str, times: list[float]) -> None:
    print(f"{name:40} median {statistics.median(times):8.1f} ms  (min {min(times):.1f}, max {max(times):.1f})")
