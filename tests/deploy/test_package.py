"""The package says what site it installs: every code of laws it scores, and every format it runs."""

from __future__ import annotations

import tomllib
from pathlib import Path

from scoring.engine import RULEBOOKS

ROOT = Path(__file__).resolve().parents[2]
FORMATS = ("rubbers", "matches", "club nights", "tournaments in rounds", "progressive nights")


def test_the_package_description_names_every_code_and_every_format():
    description = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["description"]
    codes = [rb.short_name.removeprefix("the ") for rb in RULEBOOKS.values()]
    assert len(codes) == 4
    assert [code for code in codes if code not in description] == []
    assert [fmt for fmt in FORMATS if fmt not in description] == []
