"""Compiles the scorer's hot path with mypyc into build/engine, with the manifest that lets the package load it
(`scoring/engine/compiled.py`). `make setup` runs it when an engine source has changed.

    .venv/bin/python scripts/compile_engine.py

The build is written beside the old one and put in its place only once complete, so a process starting meanwhile
loads the old build or the sources, never half a build. Where mypyc or a C compiler is missing, it says so and
fails, leaving the old build (used only while it matches the sources) or none: the engine then runs as pure
Python, which is slower at import and rescore, not different.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scoring.engine.compiled import BUILD, ENGINE, MANIFEST, MODULES, manifest_for  # noqa: E402


def main() -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:
        print(f"compile_engine: {exc}; mypyc comes with mypy (requirements-dev.txt)", file=sys.stderr)
        return 1
    BUILD.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="engine-", dir=BUILD.parent))
    # mypy's own settings for the engine (strict, no Django plugin: the engine imports no Django), not the site's
    options = ["--strict", "--config-file", str(work / "none.toml")]
    (work / "none.toml").write_text("")
    sources = [str((ENGINE / f"{name}.py").relative_to(ROOT)) for name in MODULES]
    manifest = manifest_for()  # read before compiling: a source changed meanwhile makes the build stale, not wrong
    try:
        modules = mypycify([*options, *sources], target_dir=str(work / "c"), opt_level="3")
        setup(name="euchre-engine", packages=[], py_modules=[], ext_modules=modules,
              script_args=["--quiet", "build_ext", "--build-lib", str(work / "engine"), "--build-temp",
                           str(work / "temp")])
        (work / "engine" / MANIFEST).write_text(json.dumps(manifest))
        old = BUILD.with_name("engine.old")
        shutil.rmtree(old, ignore_errors=True)
        if BUILD.exists():
            BUILD.rename(old)
        (work / "engine").rename(BUILD)
        shutil.rmtree(old, ignore_errors=True)
    except (SystemExit, Exception) as exc:  # setuptools reports a failed compiler as SystemExit
        print(f"compile_engine: the build failed ({exc})", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"compile_engine: {', '.join(MODULES)} compiled into {BUILD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
