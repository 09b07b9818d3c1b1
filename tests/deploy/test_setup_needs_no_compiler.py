"""Set-up never needs a compiler: where the scorer cannot be compiled (no C compiler, a compiler that fails, no
Python headers), `scripts/compile_engine.py` (which `make setup` runs) says in one line that the scorer runs as
pure Python, and succeeds, so that `make setup` and `make run` go on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import compiled

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("compiler", ["/bin/false", "/nonexistent/cc"], ids=["failing", "missing"])
def test_compiling_without_a_working_compiler_says_the_scorer_runs_as_pure_python(compiler):
    before = sorted(compiled.BUILD.parent.iterdir()) if compiled.BUILD.parent.exists() else []
    done = subprocess.run([sys.executable, "scripts/compile_engine.py"], cwd=ROOT, env=os.environ | {"CC": compiler},
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0
    assert done.stdout.count("\n") == 1 and done.stdout.endswith("; the scorer runs as pure Python\n")
    assert done.stderr == ""
    after = sorted(compiled.BUILD.parent.iterdir()) if compiled.BUILD.parent.exists() else []
    assert after == before  # no half build left behind, and the old one (if any) kept
