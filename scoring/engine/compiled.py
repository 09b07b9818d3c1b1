"""The scorer's hot path compiled to C by mypyc, used where a build of these very sources exists.

`scorer`, `steps` and `match` (the loop that puts each hand on the tally, each kept hand's step, and the games of
the codes without laps) are what an import, a restore or a bulk rescore spends its time in.
`scripts/compile_engine.py` (run by `make setup`) compiles them into BUILD with a manifest of the engine's sources;
the package then loads the compiled modules from there in place of the `.py` files beside this one. The pure-Python
modules stay the reference: they are used wherever no build is found, where the manifest names other sources (an
engine file changed since the build) or another interpreter, and whenever EUCHRE_PURE_ENGINE is set. The suite runs
the engine's tests both ways (scripts/test-passes.sh).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path

MODULES = ("scorer", "steps", "match")
"""The engine's modules compiled, by name within the package."""
ENGINE = Path(__file__).resolve().parent
BUILD = ENGINE.parents[1] / "build" / "engine"
MANIFEST = "sources.json"
PURE = "EUCHRE_PURE_ENGINE"


def sources_digest(engine: Path = ENGINE) -> dict[str, str]:
    """Each of the engine's source files, by its path in the package, with the SHA-256 of its text. Every file
    counts, not just MODULES: the compiled code was type-checked against all of them."""
    return {path.relative_to(engine).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(engine.rglob("*.py"))}


def manifest_for(engine: Path = ENGINE) -> dict[str, object]:
    """What a build records of what it was built from: the interpreter and the engine's sources."""
    return {"python": sys.implementation.cache_tag, "modules": list(MODULES), "sources": sources_digest(engine)}


def build_to_use(build: Path = BUILD, engine: Path = ENGINE, environ: Mapping[str, str] = os.environ) -> Path | None:
    """The build folder, if its compiled modules may stand in for the sources; None where the pure modules
    must be used (no build, a build of other sources or for another interpreter, or EUCHRE_PURE_ENGINE set)."""
    if environ.get(PURE):
        return None
    try:
        recorded = json.loads((build / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    return build if recorded == manifest_for(engine) else None


def use_build(package_path: list[str]) -> bool:
    """Put the build's modules ahead of the sources in the package's search path (`__path__`), their mypyc
    runtime loaded first, when `build_to_use` allows; whether it did. Nothing else changes: `sys.path` stays as
    it was."""
    build = build_to_use()
    if build is None:
        return False
    for runtime in build.glob(f"*{RUNTIME}*"):
        runtime_load(runtime)
    package_path.insert(0, str(build / "scoring" / "engine"))
    return True


RUNTIME = "__mypyc"
"""The compiled modules' one shared runtime module is named for the build with this ending."""


def runtime_load(path: Path) -> None:
    """Load the runtime module from its own file, under the top-level name the compiled modules import it by, so
    that they find it loaded and nothing is added to `sys.path` to find it."""
    name = next((path.name.removesuffix(suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES
                 if path.name.endswith(suffix)), None)
    if name is None or name in sys.modules:
        return
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


def in_use() -> bool:
    """Whether the compiled modules are the ones loaded."""
    files = [importlib.import_module(f"scoring.engine.{name}").__file__ or "" for name in MODULES]
    return not any(file.endswith(".py") for file in files)


def scorer_words() -> str:
    """Which scorer this process runs, as a pass of the tests or the bench says it."""
    return f"compiled ({', '.join(MODULES)} by mypyc)" if in_use() else "pure Python"
