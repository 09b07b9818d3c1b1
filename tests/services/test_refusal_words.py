"""Each refusal's words, checked once, here: every code the site gives a refusal (found in scoring/, where the
refusal is made) with the words that say it. Elsewhere a test meets a refusal by its code
(`tests.helpers.refusal`), which holds the words it was given to these."""

from __future__ import annotations

import ast
from collections import defaultdict

import pytest
from django.core.exceptions import ValidationError

from tests.test_layout import CODE, ROOT, modules, parsed

ENGINE = None
"""The words are the engine's (a law's refusal, a cut, a schedule), or another function's: a refusal only passes
them on."""

WORDS: dict[str, str | None] = {
    "abandon_unexplained": "Say why the rubber was abandoned.",
    "address_fixed": "An event's web address stays as it was made.",
    "address_taken": "is taken by",
    "already_here": "is already here.",
    "already_reported": "was already reported by",
    "announced_both": "Give both sides' announced scores, or neither.",
    "arrival_unnamed": "Choose the player who arrived, or name a new one.",
    "candidate_already": "is already a candidate at table",
    "chosen_and_named": "Choose a player from the roll or name a new one, not both.",
    "claim_refused": ENGINE,
    "claim_too_late": "the score stands",
    "consent_needed": "A substitute sits only with the consent of the other three players",
    "correction_unexplained": "say why this entry is corrected",
    "cut_refused": ENGINE,
    "cuts_unreadable": "write the name, a colon, then the card",
    "deals_entered": "go on deal by deal, or take them back first",
    "deals_refused": "A progressive round plays 4, 6, 8 or 12 deals.",
    "dispute_unsaid": "Say what is wrong with the report",
    "earlier_round_open": "Close round",
    "election_needed": "The non-offending side must choose before the ruling is made.",
    "ends_before_start": "The event cannot end before it starts.",
    "entered_already": "is entered already.",
    "entered_twice": "A player is entered twice.",
    "event_address_taken": "is another event's",
    "event_ambiguous": "More than one event is named",
    "event_name_refused": "The event name:",
    "event_unnamed": "The event needs a name with letters or digits.",
    "every_round_seated": "there is no round left for a late arrival to play",
    "file_too_large": "That file is too large for a rubber.",
    "first_round_unstarted": "Round 1 is seated and has not started",
    "fixed": "This can no longer change:",
    "four_players_needed": "Four different players are needed, one in each seat.",
    "from_hand_out_of_range": "a substitute sits from hand 1 to hand",
    "gone_home_already": "went home after round",
    "hand_entered_already": "has been entered already.",
    "hand_recorded_since": "has been recorded since this page showed it",
    "hand_ruled": "has a ruling on it; correct the hand instead of taking it back.",
    "house_rules": ENGINE,
    "illegal_hand": ENGINE,
    "invalid": "a day is written",
    "jacks_refused": ENGINE,
    "later_hand_impossible": "That correction would make a later hand impossible:",
    "later_hand_unscorable": "could not be scored with this ruling",
    "later_round_seated": "was seated from this round's results:",
    "login_taken": "That login belongs to another player.",
    "maker_says_result": "The maker's choice already says how the deal ended.",
    "malformed_hand": ENGINE,
    "name_on_roll": "A player of this name is already on the roll.",
    "name_too_long": "is longer than a name may be (80 characters).",
    "named_twice": "A new player is named twice.",
    "next_round_seated": "is seated already:",
    "next_rubber_started": "next rubber has already started",
    "night_closed": "The night is closed, its tallies checked",
    "night_rule": ENGINE,
    "night_not_moving": "a night seated by its schedule keeps the players it was made for",
    "no_address": "Give the event a name with letters or digits, or a web address.",
    "no_entrants": "Tick the players entered, or name new ones.",
    "no_games_at_progressive": "plays no games",
    "no_movement": ENGINE,
    "no_pairing": ENGINE,
    "no_presence_kept": "Only a club night keeps who is present.",
    "no_rubber_to_follow": "has no rubber to follow.",
    "no_season": "There is no such season.",
    "no_schedule": "No schedule:",
    "no_such_hand": "This rubber has no hand",
    "no_such_penalty": "score no such penalty.",
    "no_such_report": "There is no such report at this table.",
    "no_tables_cut": "Only a club night forms its tables by",
    "not_a_progressive_table": "Only a table of a progressive round enters its round's totals.",
    "not_at_table": "is not at this table.",
    "not_entered": "That player is not entered in this event.",
    "not_gone_home": "is not marked gone home.",
    "not_in_rounds": "Only an event in rounds has a schedule.",
    "not_in_code": ENGINE,
    "not_json": "Not valid JSON:",
    "not_last_hand": "can be taken back.",
    "not_present": "is not marked present.",
    "not_progressive": "Only a progressive night is closed this way.",
    "not_reporting_side": "Only the side that reported a hand can withdraw the report",
    "nothing_to_reopen": "so there is nothing to reopen.",
    "number_taken": "Member number",
    "on_the_roll": "is already on the roll: tick the name above.",
    "other_code": "The rubber uses",
    "other_game": "The rubber plays a game to",
    "other_house_rules": "The rubber's house rules",
    "own_name_only": "A member reports in his own name.",
    "pairs_uneven": "Fixed pairs need an even number of players",
    "player_name_refused": "players.",
    "players_fix_mode": ENGINE,
    "players_missing": "The rubber must name its four players; missing:",
    "players_repeated": "The rubber must name four different players.",
    "playing_elsewhere": "is playing at table",
    "progressive_only": "Only a progressive night has",
    "report_disputed": "is disputed; the secretary settles it.",
    "report_settled": "is already settled:",
    "reported_just_now": "has just been reported from another phone.",
    "reserved": "That address is the page for a new season; type another.",
    "round_closed": "is closed already.",
    "round_not_in_play": "is not in play, so",
    "round_started": "has already started.",
    "rounds_only": "Only a tournament in rounds has",
    "rounds_open": "Close every round first; then the night.",
    "rounds_unset": "Say how many rounds the",
    "rubber_abandoned": "abandoned",
    "rubber_ended": ENGINE,
    "rubber_in_play": "rubber is still in play",
    "rubber_refused": ENGINE,
    "rubber_stopped": "its score stands as it is.",
    "rubber_unscorable": "Without this ruling the rubber cannot be scored:",
    "ruled_out": ENGINE,
    "ruling_refused": ENGINE,
    "ruling_withdrawn": "This ruling has already been withdrawn.",
    "same_side": "a player of the other side confirms it.",
    "sat_here_already": "That player already sits, or has sat, at this table.",
    "schedule_made": "The schedule is made; the entrants can no longer change.",
    "schedule_not_made": "The schedule is not made yet: enter the player with the others.",
    "score_stands": "The rubber's round is closed and its score stands",
    "season_format": ENGINE,
    "season_format_fixed": "This can no longer change:",
    "seated_elsewhere": "a substitute comes from outside the tables in play",
    "slug_kept": "A season's web address stays as it was made.",
    "slug_taken": "is taken by",
    "table_broken_up": "has already broken up.",
    "tables_cut_already": "The tables have already been cut: the page now shows them.",
    "tie_deal_played": "was played because the sides were level after",
    "time_stops_play": "At this event play stops at once when time is called: close the round.",
    "time_up_already": "each table is on its last deal.",
    "too_few_for_jacks": "needs four players to form a table",
    "too_few_pairs": "Enter at least two pairs.",
    "too_few_players": "Enter at least four players first.",
    "too_many_players": "An event in rounds takes at most 64 players.",
    "totals_entered": "The round's totals were entered from the table's tally; it takes no deals.",
    "totals_impossible": ENGINE,
    "unprintable": "Use printable characters only",
    "unreported": "never reported round",
    "withdrawal_unexplained": "Say why the ruling is withdrawn.",
}
"""Each code with words its refusal always says (`ENGINE` where another's words are passed on)."""
UNCAPITALISED = {
    "invalid": "a field's own message, said after its label",
    "player_name_refused": "names the document's field first, as its path (`players.N: ...`)",
}
"""Codes whose words begin otherwise than a sentence does, each with why."""
DYNAMIC_CODES = {"malformed_hand": "the engine's refusal of a hand it cannot read (`as_validation_error`)"}
"""Codes the site gives by a choice of its own, not as a literal at the refusal, each with where."""


def made() -> dict[str, list[tuple[str, list[ast.expr]]]]:
    """Every code given to a refusal in scoring/ (the engine aside), with where and the pieces of its words."""
    found: dict[str, list[tuple[str, list[ast.expr]]]] = defaultdict(list)
    for path in modules():
        if path.relative_to(CODE).parts[0] == "engine":
            continue
        for node in ast.walk(parsed(path)):
            code = next((k.value for k in getattr(node, "keywords", []) if k.arg == "code"), None)
            if not isinstance(node, ast.Call) or code is None:
                continue
            named = ast.unparse(node.func).rpartition(".")[2]
            words = node.args[1:2] if named == "field_refusal" else node.args[:1]
            pieces = [p for w in words for p in (w.values if isinstance(w, ast.JoinedStr) else [w])]
            for given in ([code.body, code.orelse] if isinstance(code, ast.IfExp) else [code]):
                if isinstance(given, ast.Constant):
                    found[given.value].append((f"{path.relative_to(ROOT)}:{node.lineno}", pieces))
    return found


def test_every_code_given_has_its_words_here():
    assert set(made()) | set(DYNAMIC_CODES) == set(WORDS)


def literal(piece: ast.expr) -> str | None:
    return piece.value if isinstance(piece, ast.Constant) and isinstance(piece.value, str) else None


@pytest.mark.parametrize("code", sorted(set(WORDS) - set(DYNAMIC_CODES)))
def test_each_refusal_is_a_sentence_saying_its_words(code):
    """Where its words are written out: a capital first, a full stop last, and its words among them."""
    for where, pieces in made()[code]:
        first, last = (literal(pieces[0]), literal(pieces[-1])) if pieces else (None, None)
        text = "".join(literal(p) or "{}" for p in pieces)
        assert first is None or code in UNCAPITALISED or first[:1].isupper() or first[:1] in "“", where
        assert last is None or code == "invalid" or last.rstrip().endswith((".", ".)")), where
        written = any(literal(p) for p in pieces)  # else said by a name (`asks.abandoned`, `NAME_ON_ROLL`)
        assert WORDS[code] is None or not written or WORDS[code] in text, where


def said_in_its_words(refusal: ValidationError) -> None:
    """A refusal met in a test says the words of each of its codes (`tests.helpers.refusal` asks)."""
    errors = [e for es in refusal.error_dict.values() for e in es] if hasattr(refusal, "error_dict") \
        else refusal.error_list
    for error in errors:
        if error.code not in WORDS:
            continue  # one of Django's own checks (a field required, too long), in Django's words
        words = error.message % error.params if error.params else str(error.message)
        assert WORDS[error.code] is None or WORDS[error.code] in words, (error.code, words)
        assert words[:1].isupper() or not words[:1].isalpha() or error.code in UNCAPITALISED, words
