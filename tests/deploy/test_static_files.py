"""What `collectstatic` gathers from the vendors' packages: every file a page loads, and none it does not."""

from __future__ import annotations

import re
from pathlib import Path

from django.apps import apps
from django.contrib.staticfiles import finders

ROOT = Path(__file__).resolve().parents[2]
LOADED = re.compile(r"""\{% static ["'](vendor/[^"']+)["'] %\}""")


def collected_vendor_files() -> set[str]:
    """The vendors' files as collectstatic lists them: each finder's, less the app's ignore patterns."""
    ignore = apps.get_app_config("staticfiles").ignore_patterns
    found = set()
    for finder in finders.get_finders():
        for path, storage in finder.list(ignore):
            prefix = getattr(storage, "prefix", None)
            if prefix and prefix.startswith("vendor/"):
                found.add(f"{prefix}/{path}")
    return found


def test_collectstatic_gathers_the_vendor_files_the_pages_load_and_no_other():
    pages = [*(ROOT / "templates").rglob("*.html"), *(ROOT / "scoring").rglob("templates/**/*.html")]
    loaded = {m for page in pages for m in LOADED.findall(page.read_text())}
    assert loaded == {"vendor/bootstrap/css/bootstrap.min.css", "vendor/bootstrap/js/bootstrap.bundle.min.js",
                      "vendor/htmx/htmx.min.js"}
    assert collected_vendor_files() == loaded
