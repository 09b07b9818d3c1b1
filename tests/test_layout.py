"""The code stays easy to change: short functions, and the other checks below. How many modules a package holds
is left to its purpose (a package is split by purpose, never to meet a count), so no count is checked."""

from __future__ import annotations

import ast
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CODE = ROOT / "scoring"
MAX_FUNCTION_LINES = 60


def parsed(path: Path) -> ast.Module:
    """The module's syntax tree, parsed on a fresh thread: CPython 3.11's parser miscounts its recursion
    depth on a thread where a RecursionError was caught earlier (the tests of deeply nested files do)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(ast.parse, path.read_text()).result()


def modules() -> list[Path]:
    return sorted(p for p in CODE.rglob("*.py") if "migrations" not in p.parts)


def code_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The function's lines, its docstring (which may carry a worked example) left out."""
    assert node.end_lineno is not None
    lines = node.end_lineno - node.lineno + 1
    first = node.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        assert first.end_lineno is not None
        lines -= first.end_lineno - first.lineno + 1
    return lines


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_function_runs_past_sixty_lines(path):
    tree = parsed(path)
    long = [f"{node.name} ({code_lines(node)} lines)" for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and code_lines(node) > MAX_FUNCTION_LINES]
    assert long == []


APPS = sorted(p.parent.name for p in CODE.glob("*/apps.py"))


def test_the_apps_are_found():
    assert {"accounts", "club", "clubnight", "printing", "reporting", "rounds", "rulings", "seeding",
            "standings"} <= set(APPS)


@pytest.mark.parametrize("concern", APPS)
def test_each_app_has_its_own_tests(concern):
    assert any((ROOT / "tests" / concern).glob("test_*.py"))


@pytest.mark.parametrize("concern", ["engine", "services", "models", "admin"])
def test_each_shared_package_is_a_package_of_modules(concern):
    assert (CODE / concern / "__init__.py").is_file()


def app_imports() -> dict[str, set[str]]:
    """Which apps each app's modules import (at any depth of the module, lazily or not)."""
    graph: dict[str, set[str]] = {app: set() for app in APPS}
    for app in APPS:
        for path in (CODE / app).rglob("*.py"):
            for node in ast.walk(parsed(path)):
                if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("scoring."):
                    other = node.module.split(".")[1]
                    if other in graph and other != app:
                        graph[app].add(other)
    return graph


def test_no_two_apps_import_each_other_even_through_a_third():
    graph = app_imports()

    def reaches(start: str, goal: str, seen: frozenset[str] = frozenset()) -> bool:
        return any(nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})) for nxt in graph[start])

    cycles = sorted(app for app in APPS if reaches(app, app))
    assert cycles == [], graph


@pytest.mark.parametrize("shared", ["engine", "services", "models"])
def test_the_shared_layers_import_no_app(shared):
    imported = {node.module.split(".")[1] for path in (CODE / shared).rglob("*.py") for node in ast.walk(parsed(path))
                if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("scoring.")}
    assert imported & set(APPS) == set()


def rulebook_defaults(path: Path) -> list[str]:
    """The parameters of a module's functions typed `Rulebook` that fall back on a code when left out."""
    found = []
    for node in ast.walk(parsed(path)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        arguments = node.args
        positional = [*arguments.posonlyargs, *arguments.args]
        defaulted = [*positional[len(positional) - len(arguments.defaults):],
                     *(arg for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
                       if default)]
        found += [f"{path.relative_to(ROOT)}:{node.lineno}: {node.name}({arg.arg})" for arg in defaulted
                  if arg.annotation is not None and ast.unparse(arg.annotation) == "Rulebook"]
    return found


def test_no_rulebook_is_taken_for_granted_outside_the_engine():
    """A page, a form or a sheet is given the code in force (the rubber's, the event's or the club's): a rulebook
    left out is an error, never a silent Somerset."""
    found = [line for path in modules() if path.relative_to(CODE).parts[0] != "engine"
             for line in rulebook_defaults(path)]
    assert found == []


# A law cited by number: "law 85", "Laws 8-21", "law V", "(XXV)", "1877 §9", and a Roman numeral of two letters or
# more standing alone ("XXXIII"). Only the rulebook (scoring/engine/) numbers the laws; a page asks it.
CITATION = re.compile(r"\b[Ll]aws?\s+(?:\d+|[IVXL]+\b)|§\s*\d|\([IVXL]+\)")
CAPITALS = re.compile(r"\b[IVXL]{2,}\b")
ROMAN = re.compile(r"L?X{0,3}(?:IX|IV|V?I{0,3})")


def cited(text: str) -> bool:
    return bool(CITATION.search(text)) or any(ROMAN.fullmatch(word) for word in CAPITALS.findall(text))


def page_text() -> list[Path]:
    """Every module and template outside the engine that a page, a form, a sheet or a message reads from."""
    code = [p for p in modules() if "engine" not in p.relative_to(CODE).parts[:1]]
    templates = sorted(CODE.rglob("templates/**/*.html")) + sorted((ROOT / "templates").rglob("*.html"))
    return code + templates


def strings_with_lines(path: Path) -> list[tuple[int, str]]:
    """A module's string literals (docstrings and comments aside: they may name the law they follow), or a
    template's lines."""
    text = path.read_text()
    if path.suffix == ".html":
        return list(enumerate(text.splitlines(), 1))
    tree = parsed(path)
    notes = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in notes]




def test_no_law_is_cited_outside_the_rulebook():
    """Pages, forms, sheets and messages take each citation from the event's rulebook (`Rulebook.cited`), so a
    code's laws have one home and no page asks which code it is."""
    found = [f"{path.relative_to(ROOT)}:{line}: {text.strip()[:100]}" for path in page_text()
             for line, text in strings_with_lines(path)
             if cited(text)]
    assert found == [], "\n".join(["law citations outside scoring/engine/:", *found])


WORD = re.compile(r"\w+")
FOUND_BY_DJANGO = {"urlpatterns", "Command"}
"""Names Django looks up by convention: a URLconf's patterns and a management command. It finds each app's `apps.py`
the same way, and a function a decorator registers is left out of `defined`."""
UNREAD = {
    "ACCOUNT_NOT_WRITTEN": "the account fields a backup leaves out, which its tests hold against the model",
    "MADE_AGAIN": "the tables a backup leaves out and why, which its tests hold against the models",
    "club_cache_unsaved": "the club's settings a new database starts from, which the tests' fixtures cache",
}
"""Names the site defines and does not read itself, each with what it is."""


def names_read(path: Path) -> set[str]:
    """Every name a module reads (not those it only assigns), the words of its strings but not its docstrings; or
    every word of a template."""
    if path.suffix != ".py":
        return set(WORD.findall(path.read_text()))
    tree = parsed(path)
    notes = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    read: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
            read.add(node.id)
        elif isinstance(node, ast.Attribute):
            read.add(node.attr)
        elif isinstance(node, ast.alias):
            read.add(node.name.rpartition(".")[2])
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in notes:
            read.update(WORD.findall(node.value))
    return read


def defined(path: Path) -> list[str]:
    """The names a module defines at its top level, those a decorator registers left out."""
    names: list[str] = []
    for node in parsed(path).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and not node.decorator_list:
            names.append(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [t.id for target in targets for t in ast.walk(target)
                      if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)]
    return names


def test_every_name_the_site_defines_is_read_somewhere():
    """A name defined in scoring/ is read by the site (scoring/, the settings or the bench), not only by the
    tests: what only a test needs lives in the tests."""
    sources = [ROOT / "scoring", ROOT / "euchre_club", ROOT / "bench"]
    read = set().union(*(names_read(p) for src in sources for p in src.rglob("*")
                         if p.suffix in (".py", ".html", ".txt") and "migrations" not in p.parts))
    unread = [f"{path.relative_to(ROOT)}: {name}" for path in modules() if path.name != "apps.py"
              for name in defined(path)
              if name not in read and not name.startswith("__") and name not in FOUND_BY_DJANGO
              and name not in UNREAD]
    assert unread == []


def test_the_models_shared_choices_have_one_home():
    """A name the models' choices define (a progressive night's figures, what a missed round scores) is defined
    nowhere else in scoring/, so it means one thing."""
    home = CODE / "models" / "choices.py"
    shared = set(defined(home))
    elsewhere = [f"{path.relative_to(ROOT)}: {name}" for path in modules() if path != home
                 for name in defined(path) if name in shared]
    assert len(shared) > 10 and elsewhere == []


def test_a_module_named_for_reports_is_about_the_phones_reports():
    """"Report" is what a table's phones send (`HandReport`); the hands the secretary stores and the engine
    scores are the play, not reports."""
    named = [path for path in modules() if "report" in path.stem]
    about_others = [str(p.relative_to(ROOT)) for p in named if "HandReport" not in p.read_text()]
    assert named and about_others == []


def engine_imports() -> dict[str, set[str]]:
    """Which of the engine's modules each of its modules imports (for its types too), by dotted name; a package
    stands for its `__init__`."""
    paths = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
             for p in (CODE / "engine").rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ImportFrom) and node.module in paths:
                graph[name] |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in paths else node.module
                                for a in node.names}
            elif isinstance(node, ast.Import):
                graph[name] |= {a.name for a in node.names if a.name in paths}
        graph[name].discard(name)
    return graph


def test_no_module_of_the_engine_imports_in_a_circle():
    """The engine's modules import one way, from the laws' words up to the scorer: a module never reaches
    itself through the modules it imports (the package's own `__init__`, which gathers its names, aside)."""
    graph = {name: {other for other in imported if not name.startswith(f"{other}.")}
             for name, imported in engine_imports().items()}
    assert in_circles(graph) == []


def in_circles(graph: dict[str, set[str]]) -> list[str]:
    """The modules of an import graph that reach themselves through the modules they import."""
    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph[start] - seen:
            seen.add(nxt)
            if nxt == goal or reaches(nxt, goal, seen):
                return True
        return False

    return sorted(name for name in graph if reaches(name, name, set()))


WRITES = {"save", "create", "update", "delete", "bulk_create", "bulk_update", "get_or_create", "update_or_create",
          "select_for_update"}
"""The ORM's writes, and the lock a write takes (`select_for_update`), by the method's name."""
WRITING_PLACES = {
    "engine": "pure Python (tests/engine/test_purity.py): it holds no records, and its `update`s are of sets",
    "seeding": "the demo and bench builders and their commands make a database of made-up records from nothing, "
               "at speed; what the laws govern there (a player's arrival) goes through services",
}
"""Packages of scoring/ outside the services that may write, each with why; migrations write as Django makes them."""
WRITES_ELSEWHERE = {
    "scoring/access.py: Group.objects.get_or_create": "the secretaries' group, made after every migrate "
                                                      "(post_migrate), as Django makes its own permissions",
    "scoring/club/forms/house.py: self.fields.update": "a form's fields, a dict",
    "scoring/reporting/forms.py: data.update": "the form's data, a dict",
}
"""Calls by a write's name outside the services, each with what it is."""


def writes(tree: ast.Module, name: str) -> list[str]:
    """A module's calls of a write, as `name: receiver.method (line n)`: a model's own `save` handing on to
    `super()`, and the calls `WRITES_ELSEWHERE` names, left out."""
    found = [(node.lineno, f"{name}: {ast.unparse(node.func)}") for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in WRITES
             and ast.unparse(node.func.value) != "super()"]
    return [f"{call} (line {line})" for line, call in sorted(found) if call not in WRITES_ELSEWHERE]


def writes_outside_services(path: Path) -> list[str]:
    """A module's writes, none in a services module (scoring/services/, or a concern's own `services.py`) or a
    package `WRITING_PLACES` names."""
    inside = path.relative_to(CODE).with_suffix("").parts
    if "services" in inside or inside[0] in WRITING_PLACES:
        return []
    return writes(parsed(path), str(path.relative_to(ROOT)))


def test_the_services_write_and_nothing_else_does():
    """A write (an ORM `save`, `create`, `update`, `delete`, `bulk_create`, `bulk_update`, `get_or_create`,
    `update_or_create`, or the `select_for_update` lock a write takes) happens only in a services module: the
    package scoring/services/, or a concern's own `services.py`. Views, forms, selectors, template tags, printing,
    standings and the models' helpers only read; a model's own `save` hands on to Django's. Migrations write as
    Django makes them, the secretaries' group is made after each migrate (`WRITES_ELSEWHERE`), the demo builders
    in scoring/seeding/ make their made-up records directly, and the other management commands call the
    services."""
    found = [call for path in modules() for call in writes_outside_services(path)]
    assert found == [], "\n".join(["writes outside the services:", *found])


def test_a_write_outside_the_services_is_found():
    view = ast.parse("def form_valid(self, form):\n"
                     "    form.instance.save()\n"
                     "    Entrant.objects.filter(pk=form.pk).update(present=False)\n"
                     "    super().save()\n")
    assert writes(view, "scoring/club/events.py") == ["scoring/club/events.py: form.instance.save (line 2)",
                                                      "scoring/club/events.py: Entrant.objects.filter(pk=form.pk)"
                                                      ".update (line 3)"]


REFUSALS = {"ValidationError", "AlreadyDone"}
"""The classes a refusal is made of: Django's, and the club night's own for a page out of date."""
GATHERED = {
    "scoring/services/events.py: errors": "the event's fields' refusals, each made with its code",
    "scoring/services/players.py: errors": "the roll's refusals (`roll_errors`), each made with its code",
    "scoring/models/playing.py: {'house_rules': refusal}": "the house rules' refusal, made with its code above",
}
"""Refusals made of others gathered on their fields, each with what it gathers."""


def refusal_makers() -> set[str]:
    """The functions that make a refusal (`-> ValidationError`): each refusal they make is checked where it is."""
    return {node.name for path in modules() for node in ast.walk(parsed(path))
            if isinstance(node, ast.FunctionDef) and node.returns is not None
            and ast.unparse(node.returns) in REFUSALS}


def coded(call: ast.Call, makers: set[str]) -> bool:
    """A refusal with its code: given one (`code=`), or made of refusals on their fields that have theirs."""
    if any(keyword.arg == "code" for keyword in call.keywords):
        return True
    given = call.args[0] if call.args else None
    values = (given.values if isinstance(given, ast.Dict) else [given.value] if isinstance(given, ast.DictComp)
              else [])
    return bool(values) and all(isinstance(v, ast.Call) and (coded(v, makers) if refusal_made(v)
                                                              else ast.unparse(v.func) in makers) for v in values)


def refusal_made(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and ast.unparse(node.func).rpartition(".")[2] in REFUSALS


def uncoded(tree: ast.Module, name: str, makers: set[str]) -> list[str]:
    """A module's refusals made without a code, as `name: line n`."""
    return [f"{name}: line {node.lineno}" for node in ast.walk(tree) if isinstance(node, ast.Call)
            and refusal_made(node) and not coded(node, makers)
            and f"{name}: {ast.unparse(node.args[0]) if node.args else ''}" not in GATHERED]


def test_every_refusal_has_its_code():
    """A refusal (a `ValidationError` the site raises) carries a code naming it, as a field's own does, so a page
    or a test asks which refusal it is and the words are checked once, where they are made
    (tests/services/test_refusal_words.py). The engine's errors are its own; a service turns them into refusals."""
    makers = refusal_makers()
    found = [line for path in modules() if path.relative_to(CODE).parts[0] != "engine"
             for line in uncoded(parsed(path), str(path.relative_to(ROOT)), makers)]
    assert found == [], "\n".join(["refusals without a code:", *found])


def test_a_refusal_without_a_code_is_found():
    service = ast.parse("def round_start(round_):\n"
                        "    raise ValidationError('Close the round first.')\n"
                        "def round_close(round_):\n"
                        "    raise ValidationError({'round': ValidationError('Closed already.')})\n"
                        "def night_close(event):\n"
                        "    raise ValidationError('Close every round first.', code='rounds_open')\n")
    # Line 4 twice: the refusal on the field has no code, so neither has the one made of it.
    assert uncoded(service, "scoring/rounds/services.py", set()) == ["scoring/rounds/services.py: line 2",
                                                                   "scoring/rounds/services.py: line 4",
                                                                   "scoring/rounds/services.py: line 4"]
