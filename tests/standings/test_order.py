"""The standings' order is declared once: the sentence, the database sort and the shared ranks agree."""

from __future__ import annotations

from scoring.standings import order
from scoring.standings.selectors import ranked


def test_the_sentence_names_every_tie_break_in_order_then_the_name():
    assert order.sentence() == ("net rubber points, then rubbers won, then double games won, then games won, "
                                "then name")
    assert order.order_by("player__display_name") == ["-net", "-wins", "-doubles", "-games", "player__display_name"]


def test_rows_level_on_every_tie_break_share_a_rank_and_the_best_sorts_first():
    rows = [{"name": n, "net": net, "wins": w, "doubles": 0, "games": g}
            for n, net, w, g in [("C", 2, 1, 3), ("A", 4, 1, 2), ("B", 2, 1, 3), ("D", 2, 2, 1)]]
    rows.sort(key=lambda r: (order.best_first(r), r["name"]))
    assert [r["name"] for r in rows] == ["A", "D", "B", "C"]
    assert [r["rank"] for r in ranked(rows)] == ["1", "2", "3=", "3="]
