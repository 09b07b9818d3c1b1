"""The law tables of each code: the Official Laws of 1862 and the 1877 sections summarised in the project's
own words and cited as those codes number themselves, and no summary repeating the source texts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scoring.engine.laws import OFFICIAL_1862_LAWS, RULES_1877_SECTIONS, SOMERSET_1888_LAWS, cite_1862, cite_1877, roman

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


def test_every_official_law_from_i_to_xxxvi_and_the_1877_sections_six_to_nine_are_summarised():
    assert sorted(OFFICIAL_1862_LAWS) == list(range(1, 37))
    assert sorted(RULES_1877_SECTIONS) == [6, 7, 8, 9]
    for table in (OFFICIAL_1862_LAWS, RULES_1877_SECTIONS):
        for number, law in table.items():
            assert law.number == number and law.title and law.summary.endswith(".")
            assert len(law.summary) < 400


def test_laws_are_cited_in_each_codes_own_numbering():
    assert [roman(n) for n in (1, 4, 9, 14, 19, 24, 29, 31, 36)] == [
        "I", "IV", "IX", "XIV", "XIX", "XXIV", "XXIX", "XXXI", "XXXVI"]
    assert cite_1862(25) == "XXV" and cite_1877(6) == "1877 §6"
    with pytest.raises(ValueError, match="XXXVI"):
        roman(0)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source texts are not beside this checkout")
def test_the_summaries_are_in_our_own_words_not_the_old_text():
    """No summary repeats eight words running from the source texts."""
    source = words(" ".join(p.read_text() for p in SEEDS.glob("*.txt")))
    runs = {tuple(source[i:i + 8]) for i in range(len(source) - 7)}
    for law in [*OFFICIAL_1862_LAWS.values(), *RULES_1877_SECTIONS.values(), *SOMERSET_1888_LAWS.values()]:
        mine = words(law.summary)
        copied = [" ".join(mine[i:i + 8]) for i in range(len(mine) - 7) if tuple(mine[i:i + 8]) in runs]
        assert copied == [], (law.number, law.title, copied)


# Issue 50: the standard game borrows the Official Laws' penalties and cites them as theirs.

def test_the_standard_game_cites_a_law_it_borrows_as_the_official_laws():
    from scoring.engine.laws import SUMMARY
    from scoring.engine.rulebook import OFFICIAL_1862, STANDARD
    from scoring.engine.rulebook.matters import Matter

    assert (STANDARD.law(7).cited, STANDARD.law(7).heading) == ("Official Laws, VII", "Official Laws, VII")
    assert STANDARD.cite((3, 4, 5)) == "Official Laws, III, IV, V"
    assert STANDARD.cite((22, SUMMARY + 2, 34)) == "Official Laws, XXII, XXXIV; the standard game"
    assert STANDARD.cited(Matter.SCORE_CLAIM) == "Official Laws, XXXI"
    assert STANDARD.cite(range(3, 10)) == "Official Laws, III, IV, V, VI, VII, VIII, IX"
    assert STANDARD.cites_in("too late (XXVI); his choice (XXIII, XXIX)") == (
        "too late (Official Laws, XXVI); his choice (Official Laws, XXIII, XXIX)")
    # The Official Laws' own code cites them as it always has.
    assert (OFFICIAL_1862.law(7).cited, OFFICIAL_1862.law(7).heading) == ("VII", "Law VII")
    assert OFFICIAL_1862.cite((22, 34)) == "laws XXII, XXXIV"
    assert OFFICIAL_1862.cites_in("too late (XXVI)") == "too late (XXVI)"
