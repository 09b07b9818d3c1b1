"""Compiles the scorer's hot path with mypyc into build/engine, with the manifest that lets the package load it
(`scoring/engine/compiled.py`). `make setup` runs it when an engine source has changed.

    .venv/bin/python scripts/compile_engine.py

The build is written beside the old one and put in its place only once complete, so a process starting meanwhile
loads the old build or the sources, never half a build. Where mypyc, a C compiler or Python's headers are missing,
or the build fails, it says in one line that the scorer runs as pure Python and succeeds, leaving the old build
(used only while it matches the sources) or none: the engine then runs as pure Python, which is slower at import
and rescore, not different.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scoring.engine.compiled import BUILD, ENGINE, MANIFEST, MODULES, manifest_for  # noqa: E402

PURE = "compile_engine: no build ({why}); the scorer runs as pure Python"


def missing() -> str:
    """What a build needs and this machine lacks (mypyc, a C compiler, Python's headers), or nothing."""
    try:
        import mypyc.build  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as exc:
        return f"{exc.name or exc} is not installed"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    if not compiler or shutil.which(compiler[0]) is None:
        return "no C compiler"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers"
    return ""


@contextlib.contextmanager
def quiet(log: Path) -> Iterator[None]:
    """The compiler's and setuptools' output (theirs, at the level of the file descriptors) kept in `log`."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    with log.open("wb") as out:
        os.dup2(out.fileno(), 1)
        os.dup2(out.fileno(), 2)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)


def build(work: Path) -> None:
    """Compile MODULES into `work`/engine with the manifest, then put it in BUILD's place."""
    from mypyc.build import mypycify
    from setuptools import setup

    # mypy's own settings for the engine (strict, no Django plugin: the engine imports no Django), not the site's
    options = ["--strict", "--config-file", str(work / "none.toml")]
    (work / "none.toml").write_text("")
    sources = [str((ENGINE / f"{name}.py").relative_to(ROOT)) for name in MODULES]
    manifest = manifest_for()  # read before compiling: a source changed meanwhile makes the build stale, not wrong
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


def main() -> int:
    lacking = missing()
    if lacking:
        print(PURE.format(why=lacking))
        return 0
    BUILD.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="engine-", dir=BUILD.parent))
    try:
        with quiet(work / "build.log"):
            build(work)
    except (SystemExit, Exception) as exc:  # setuptools reports a failed compiler as SystemExit
        print(PURE.format(why=f"the build failed: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"compile_engine: {', '.join(MODULES)} compiled into {BUILD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
