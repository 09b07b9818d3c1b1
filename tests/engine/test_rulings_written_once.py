"""A choice or a question the codes' rulings share is written once, in `scoring.engine.rulings.options`; where
the codes word it apart, the difference is a parameter, not a second definition."""

from __future__ import annotations

import ast
from collections import defaultdict

from tests.test_layout import CODE, ROOT, parsed

RULINGS = CODE / "engine" / "rulings"


def built() -> dict[tuple[str, str, str, str], list[str]]:
    """Each `Option(key, label, ...)` and `Fact(key, question, kind, choices)` built in the rulings package, with
    where it is built: an option by its key and label, a question by its key, words and answers (its help aside,
    which a code may word as its own)."""
    found: dict[tuple[str, str, str, str], list[str]] = defaultdict(list)
    for path in sorted(RULINGS.glob("*.py")):
        for node in ast.walk(parsed(path)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("Option", "Fact") and len(node.args) >= 2):
                continue
            key, label = node.args[:2]
            answers = "".join(ast.dump(arg) for arg in node.args[2:]) if node.func.id == "Fact" else ""
            if isinstance(key, ast.Constant) and isinstance(label, ast.Constant):
                found[node.func.id, str(key.value), str(label.value), answers].append(
                    f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_option_or_fact_of_the_rulings_is_built_twice():
    twice = {what: where for what, where in built().items() if len(where) > 1}
    assert twice == {}


def test_the_shared_options_are_found():
    """The check above reads the shared choices: a new deal, the deal standing, the highest or lowest card, and
    the other side's revokes and who dealt."""
    keys = {key for _, key, _, _ in built()}
    assert {"new_deal", "stands", "deal_again", "highest", "lowest", "other_count", "dealt_by"} <= keys
