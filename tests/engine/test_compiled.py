"""The compiled scorer (scoring/engine/compiled.py) stands in for the sources only when built from them: a build of
other sources, for another interpreter, or none at all, and EUCHRE_PURE_ENGINE, leave the pure modules loaded."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import compiled

ROOT = Path(__file__).resolve().parents[2]
LOADED = ("from scoring.engine import compiled, score_rubber, parse_rubber; "
          "from scoring.engine.scorer import __file__ as f; "
          "r = score_rubber(parse_rubber({'hands': [{'dealer': 'N', 'maker': 'E', 'alone': True, 'tricks': 5}]})"
          ".hands, explain=False); print(compiled.in_use(), f.endswith('.py'), r.current_score)")


@pytest.fixture
def engine_copy(tmp_path) -> tuple[Path, Path]:
    """A copy of the engine's sources and a build folder beside it whose manifest matches them."""
    engine = tmp_path / "engine"
    shutil.copytree(compiled.ENGINE, engine, ignore=shutil.ignore_patterns("__pycache__"))
    build = tmp_path / "build"
    build.mkdir()
    (build / compiled.MANIFEST).write_text(json.dumps(compiled.manifest_for(engine)))
    return engine, build


def test_a_build_of_the_sources_as_they_are_is_used(engine_copy):
    engine, build = engine_copy
    assert compiled.build_to_use(build, engine, environ={}) == build


def test_asking_for_the_pure_engine_sets_any_build_aside(engine_copy):
    engine, build = engine_copy
    assert compiled.build_to_use(build, engine, environ={compiled.PURE: "1"}) is None


def test_a_build_is_set_aside_once_any_engine_source_changes(engine_copy):
    engine, build = engine_copy
    awards = engine / "awards.py"  # not itself compiled: the compiled modules were type-checked against it
    awards.write_text(awards.read_text() + "\n")
    assert compiled.build_to_use(build, engine, environ={}) is None


def test_a_build_for_another_interpreter_or_of_other_modules_is_set_aside(engine_copy):
    engine, build = engine_copy
    recorded = json.loads((build / compiled.MANIFEST).read_text())
    for changed in ({"python": "cpython-312"}, {"modules": ["scorer"]}):
        (build / compiled.MANIFEST).write_text(json.dumps(recorded | changed))
        assert compiled.build_to_use(build, engine, environ={}) is None


def test_no_build_or_an_unreadable_manifest_leaves_the_sources(engine_copy):
    engine, build = engine_copy
    (build / compiled.MANIFEST).write_text("{not json")
    assert compiled.build_to_use(build, engine, environ={}) is None
    shutil.rmtree(build)
    assert compiled.build_to_use(build, engine, environ={}) is None


@pytest.mark.skipif(compiled.build_to_use(environ={}) is None, reason="no build of the current engine sources")
def test_a_process_loads_the_compiled_scorer_unless_told_otherwise_and_both_score_alike():
    """Loaded in a new process each way: the build where it matches, the sources with EUCHRE_PURE_ENGINE."""
    environ = {key: value for key, value in os.environ.items() if key != compiled.PURE}
    built = subprocess.run([sys.executable, "-c", LOADED], cwd=ROOT, env=environ, capture_output=True, text=True,
                           check=True).stdout.split(maxsplit=2)
    pure = subprocess.run([sys.executable, "-c", LOADED], cwd=ROOT, env=environ | {compiled.PURE: "1"},
                          capture_output=True, text=True, check=True).stdout.split(maxsplit=2)
    assert built[:2] == ["True", "False"] and pure[:2] == ["False", "True"]
    assert built[2] == pure[2] == "(0, 4)\n"  # East's lone march: four points (law 3)


def test_this_run_loads_the_engine_its_setting_asks_for():
    """The suite runs the compiled scorer unless EUCHRE_PURE_ENGINE is set (scripts/test-passes.sh sets it for
    one pass of two), where a build of the sources is found."""
    expected = compiled.build_to_use() is not None
    assert compiled.in_use() is expected
    assert expected is (compiled.PURE not in os.environ) or compiled.build_to_use(environ={}) is None


COMPILED = "compiled (scorer, steps, match by mypyc)"
"""How the engine names its compiled scorer: the modules mypyc compiled (`compiled.MODULES`)."""
SYS_PATH = ("import sys; before = list(sys.path); import scoring.engine; from scoring.engine import compiled; "
            "print(sys.path == before, compiled.in_use(), compiled.scorer_words())")


@pytest.mark.parametrize("pure", [False, True], ids=["as-built", "pure"])
def test_importing_the_engine_changes_nothing_but_the_scorer_it_picks(pure):
    """`sys.path` is as it was after the engine is imported, whichever scorer it picked; the engine says which."""
    environ = {key: value for key, value in os.environ.items() if key != compiled.PURE} | (
        {compiled.PURE: "1"} if pure else {})
    unchanged, used, words = subprocess.run([sys.executable, "-c", SYS_PATH], cwd=ROOT, env=environ,
                                            capture_output=True, text=True, check=True).stdout.split(maxsplit=2)
    assert unchanged == "True"
    built = not pure and compiled.build_to_use(environ={}) is not None
    assert (used, words) == (("True", f"{COMPILED}\n") if built else ("False", "pure Python\n"))


def test_this_run_says_which_scorer_it_runs():
    assert compiled.scorer_words() == (COMPILED if compiled.in_use() else "pure Python")
