"""The engine stays pure Python: it must never import Django."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "scoring" / "engine"


def test_no_django_import_in_source():
    offenders = [
        str(path) for path in ENGINE.rglob("*.py")
        if re.search(r"^\s*(from|import)\s+django", path.read_text(), re.MULTILINE)
    ]
    assert offenders == []


def test_importing_the_engine_loads_no_django():
    code = "import sys, scoring.engine, scoring.engine.explain; print(any(m.startswith('django') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ENGINE.parents[1], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
