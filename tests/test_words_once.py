"""Each word of the site has one home: the seats and sides, the en dash, a count with its noun and a message made a
sentence are each written once (`scoring.engine.words`), and every module that prints them asks there."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from scoring.engine.words import DASH, SEAT_WORDS, SIDE_WORDS, sentence
from tests.test_layout import CODE, ROOT, modules, parsed

HOME = CODE / "engine" / "words.py"


def defined(name: str) -> list[str]:
    """Every module that assigns `name` itself, rather than importing it."""
    found = []
    for path in modules():
        for node in ast.walk(parsed(path)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
                if isinstance(node, ast.AnnAssign) else []
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                found.append(str(path.relative_to(ROOT)))
    return found


@pytest.mark.parametrize("name", ["SEAT_WORDS", "SIDE_WORDS", "DASH"])
def test_the_seats_the_sides_and_the_dash_are_defined_once(name):
    assert defined(name) == [str(HOME.relative_to(ROOT))]


def test_the_words_name_every_seat_and_side_and_the_dash_is_the_en_dash():
    assert list(SEAT_WORDS.values()) == ["North", "East", "South", "West"]
    assert list(SIDE_WORDS.values()) == ["North-South", "East-West"]
    assert DASH == "\u2013"


def literals(path: Path) -> list[tuple[int, str]]:
    """A module's string literals, docstrings aside."""
    tree = parsed(path)
    notes = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in notes]


def test_no_module_writes_the_en_dash_but_its_home():
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}" for path in modules() if path != HOME
             for line, text in literals(path) if DASH in text]
    assert found == []


# A count's noun made plural by hand: `{'s' if n != 1 else ''}`, `{'' if n == 1 else 's'}`, Django's `pluralize()`.
HAND_MADE_PLURAL = re.compile(r"""\{\s*['"]s?['"] if [^}]*else ['"]s?['"]\s*\}|\bpluralize\(""")


def test_every_count_takes_its_noun_from_plural():
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}" for path in modules()
             for number, line in enumerate(path.read_text().splitlines(), 1) if HAND_MADE_PLURAL.search(line)]
    assert found == []


# A message's first letter made a capital by hand, or the whole message by `str.capitalize`, which lowers the rest
# ("North" would read "north", "the Official Laws" "the official laws"). The site makes a message a sentence one way.
HAND_MADE_SENTENCE = re.compile(r"\[:1\]\.upper\(\)|\[0\]\.upper\(\)|str\(exc\)\.capitalize\(\)|name\.capitalize\(\)")


def test_messages_are_made_sentences_by_the_one_helper():
    site = [p for p in modules() if "engine" not in p.relative_to(CODE).parts[:1]]
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}" for path in site
             for number, line in enumerate(path.read_text().splitlines(), 1) if HAND_MADE_SENTENCE.search(line)]
    assert found == []


@pytest.mark.parametrize(("words", "end", "made"), [
    ("round 3: NS pair 2 has met every pair", ".", "Round 3: NS pair 2 has met every pair."),
    ("Henry Hale is not entered", "", "Henry Hale is not entered"),
    ("the Laws of Euchre need four players", ".", "The Laws of Euchre need four players."),
])
def test_a_sentence_capitalises_its_first_letter_only(words, end, made):
    assert sentence(words, end) == made
