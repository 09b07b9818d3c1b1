"""Benchmark: scoring random rubbers with the engine, in CPU time (`time.process_time`), medians of repeats.

Run: python bench/engine.py [--rubbers 100000] [--code-rubbers 20000] [--repeat 5]   (CI: --rubbers 200 --repeat 1)
It times the scorer compiled where `make setup` built it (scoring/engine/compiled.py); EUCHRE_PURE_ENGINE=1 times
the pure-Python one.
Prints hands scored per second for the bulk path (no explanations), the explained path, reading and scoring the
interchange JSON text (what import, restore and `manage.py score_rubber` receive), and reading already-decoded
documents. Then, under each code (and the standard game with house rules), on random hands of that code: the bulk
rescore, and reading and scoring the JSON text beside a minimal dictionary scorer (`minimal_score`: `json.loads`
and a table of points, no checks) timed on the same texts. Each repeat times the two back to back on the same
texts, a chunk of them at a time in turn; the ratio printed is the median of the repeats' ratios of throughput (the
hands/s columns are each side's median). CPU time, not wall-clock, so that a busy machine slows both sides alike.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.engine import RULEBOOKS, SOMERSET_1888, IllegalReport, ReportedHand, RubberReport, Rulebook, score_rubber
from scoring.engine import compiled as compiled_engine
from scoring.engine.hands import NO_REVOKES, HandResult, Revokes
from scoring.engine.interchange import loads, parse_rubber, rubber_to_document
from scoring.engine.rulebook import read_house_rules
from scoring.engine.seats import SEAT_ORDER, SIDES, Seat

HOUSE_RULES = {"lone_euchre": 4, "table_talk": 2, "stick_the_dealer": True, "defend_alone": True}


def random_hand(rng: random.Random, dealer: Seat, rulebook: Rulebook = SOMERSET_1888) -> ReportedHand:
    roll = rng.random()
    if roll < 0.05 and not rulebook.house.stick_the_dealer:
        return ReportedHand(result=HandResult.PASSED, dealer=dealer)
    if 0.05 <= roll < 0.07:
        return ReportedHand(result=HandResult.MISDEAL, dealer=dealer)
    if 0.07 <= roll < 0.08:
        return ReportedHand(result=HandResult.NEW_DEAL, dealer=dealer)
    alone = rng.random() < 0.12
    revokes = NO_REVOKES
    if rng.random() < 0.03:
        revokes = Revokes(ns=rng.randint(0, 2), ew=rng.randint(0, 1))
    maker = rng.choice(SEAT_ORDER)
    defender = rng.choice((maker.left, maker.left.partner)) if alone and rng.random() < 0.2 else None
    return ReportedHand(
        dealer=dealer,
        maker=maker,
        alone=alone,
        tricks=rng.choice((0, 1, 2, 3, 3, 3, 4, 4, 4, 5, 5)),
        revokes=revokes,
        wrong_cards=rng.choice(SIDES) if rng.random() < 0.01 else None,
        partner_exposed=alone and rulebook.knows("partner_exposed") and rng.random() < 0.05,
        signal=rng.choice(SIDES) if rulebook.points.signal and rng.random() < 0.01 else None,
        thrown_in=rng.choice(SIDES) if rulebook.knows("thrown_in") and rng.random() < 0.01 else None,
        defended_alone=defender if rulebook.points.defended_lone_euchre else None,
    )


def random_rubber(rng: random.Random, rulebook: Rulebook = SOMERSET_1888) -> tuple[ReportedHand, ...]:
    """Random hands, cut where the rubber is complete (or left in progress)."""
    dealer = rng.choice(SEAT_ORDER)
    hands = []
    for _ in range(rng.randint(8, 40)):
        hand = random_hand(rng, dealer, rulebook)
        hands.append(hand)
        again = hand.result is HandResult.NEW_DEAL or (rulebook.penalties.revokes_offset and hand.revokes.ns
                                                       and hand.revokes.ew)
        dealer = dealer if again else dealer.left
    try:
        score_rubber(hands, rulebook, explain=False)
    except IllegalReport as exc:
        hands = hands[: (exc.hand or 1) - 1]
    return tuple(hands)


def minimal_scorer(rulebook: Rulebook) -> Callable[[str], tuple[int, int, int, int]]:
    """A minimal dictionary scorer for the code: the JSON read by `json.loads` into dicts, each played hand's points
    from a table by tricks (partnership and lone), the net revokes' award, games to the code's points. It checks
    only that the fields it reads are of a kind it can score (a known result, a seat, a flag, tricks in range,
    revoke counts), and scores no lap and no other penalty: the least a plain reader and scorer of the format does."""
    points = rulebook.points
    most = points.tricks_per_hand

    def by_tricks(march: int, point: int, euchre: int) -> list[tuple[bool, int]]:
        return [(True, march) if n == most else (True, point) if n >= points.tricks_to_make else (False, euchre)
                for n in range(most + 1)]

    tables = {False: by_tricks(points.march, points.point, points.euchre),
              True: by_tricks(points.lone_march, points.lone_point, points.lone_euchre)}
    revoke, game = points.revoke, rulebook.winning.game_points
    seats, unplayed = {"N": True, "S": True, "E": False, "W": False}, {"passed", "misdeal", "new_deal"}

    def score(text: str) -> tuple[int, int, int, int]:
        ns = ew = games_ns = games_ew = 0
        for hand in json.loads(text)["hands"]:
            result = hand.get("result", "played")
            if result != "played":
                if result not in unplayed:
                    raise ValueError(result)
                continue
            maker, alone, tricks = seats[hand["maker"]], hand.get("alone", False), hand.get("tricks", 0)
            if type(alone) is not bool or type(tricks) is not int or not 0 <= tricks <= most:
                raise ValueError(hand)
            to_makers, points = tables[alone][tricks]
            revokes = hand.get("revokes")
            if revokes:
                net = revokes.get("NS", 0) - revokes.get("EW", 0)
                if net > 0:
                    ew += net * revoke
                elif net < 0:
                    ns -= net * revoke
            if maker is to_makers:
                ns += points
            else:
                ew += points
            if ns >= game:
                games_ns, ns, ew = games_ns + 1, 0, 0
            elif ew >= game:
                games_ew, ns, ew = games_ew + 1, 0, 0
        return ns, ew, games_ns, games_ew

    return score


def cpu_times(fns: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """The median CPU seconds of each function, the functions timed in turn within each repeat."""
    runs: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            start = time.process_time()
            fn()
            runs[name].append(time.process_time() - start)
    return {name: statistics.median(seconds) for name, seconds in runs.items()}


def paired_cpu_times(fns: dict[str, Callable[[list[str]], object]], texts: list[str], repeat: int,
                     chunk: int = 250) -> list[dict[str, float]]:
    """The CPU seconds of each function over all the texts, one entry a repeat: within a repeat the functions take
    the texts in turn a chunk at a time, first one then the other, so that a change in the machine's speed (a
    shared machine's neighbours) falls on both alike and each repeat's ratio of the two holds where their rates
    move."""
    runs: list[dict[str, float]] = []
    for _ in range(repeat):
        spent = dict.fromkeys(fns, 0.0)
        for number, at in enumerate(range(0, len(texts), chunk)):
            part = texts[at:at + chunk]
            for name in (list(fns) if number % 2 == 0 else list(fns)[::-1]):
                start = time.process_time()
                fns[name](part)
                spent[name] += time.process_time() - start
        runs.append(spent)
    return runs


def codes() -> dict[str, Rulebook]:
    """Each code as the bench plays it (the match codes to ten, best of three), and the standard game housed."""
    played = {key: code if code.winning.laps else code.playing(10, 3) for key, code in RULEBOOKS.items()}
    played["standard+house"] = played["standard"].housed(read_house_rules(HOUSE_RULES))
    return played


def read_and_score(texts: list[str]) -> None:
    for text in texts:
        report = loads(text)
        score_rubber(report.hands, report.rulebook, explain=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rubbers", type=int, default=100_000)
    parser.add_argument("--code-rubbers", type=int, default=20_000, help="rubbers under each code (at most --rubbers)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1888)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    rubbers = [random_rubber(rng) for _ in range(args.rubbers)]
    total = sum(len(r) for r in rubbers)
    print(f"{len(rubbers):,} rubbers, {total:,} hands; CPU time, medians; the scorer {compiled_engine.scorer_words()}")
    documents = [rubber_to_document(RubberReport(hands=r)) for r in rubbers]
    texts = [json.dumps(d) for d in documents]

    def bulk() -> None:
        for hands in rubbers:
            score_rubber(hands, explain=False)

    def explained() -> None:
        for hands in rubbers:
            score_rubber(hands)

    def read_documents() -> None:
        for document in documents:
            report = parse_rubber(document)
            score_rubber(report.hands, report.rulebook, explain=False)

    fewer = max(1, args.repeat // 2)
    for name, fn, repeat in (("bulk rescore", bulk, args.repeat),
                             ("with explanations", explained, fewer),
                             ("parse + rescore", lambda: read_and_score(texts), fewer),
                             ("dicts + rescore", read_documents, fewer)):
        seconds = cpu_times({name: fn}, repeat)[name]
        print(f"{name:>18}: {total / seconds:>12,.0f} hands/s  (median of {repeat}, {seconds:.3f} s)")
    seconds = cpu_times({"bulk": bulk}, args.repeat)["bulk"]
    print(f"1,000,000 hands would rescore in {1_000_000 * seconds / total:.2f} s")

    # Each code on its own random hands: bulk rescore; parse and score beside the minimal scorer, on the same texts.
    print(f"{'code':>18}  {'bulk rescore':>12}  {'parse+score':>12}  {'minimal':>12}  ratio  (hands/s)")
    for key, rulebook in codes().items():
        rng = random.Random(args.seed)
        matches = [random_rubber(rng, rulebook) for _ in range(min(args.rubbers, args.code_rubbers))]
        hands = sum(len(m) for m in matches)
        code_texts = [json.dumps(rubber_to_document(RubberReport(hands=m, rulebook=rulebook))) for m in matches]
        minimal = minimal_scorer(rulebook)

        def bulk_code(matches: list[tuple[ReportedHand, ...]] = matches, rulebook: Rulebook = rulebook) -> None:
            for played in matches:
                score_rubber(played, rulebook, explain=False)

        paired = paired_cpu_times({
            "parse": read_and_score,
            "minimal": lambda part, minimal=minimal: [minimal(t) for t in part],
        }, code_texts, args.repeat)
        seconds = cpu_times({"bulk": bulk_code}, args.repeat) | {
            name: statistics.median(run[name] for run in paired) for name in ("parse", "minimal")}
        # The ratio of throughputs in each repeat (both scorers timed in it on the same texts), and their median.
        ratio = statistics.median(run["minimal"] / run["parse"] for run in paired)
        rate = {name: hands / s for name, s in seconds.items()}
        print(f"{key:>18}  {rate['bulk']:>12,.0f}  {rate['parse']:>12,.0f}  {rate['minimal']:>12,.0f}  "
              f"{ratio:.2f}x  ({hands:,} hands, median of {args.repeat})")


if __name__ == "__main__":
    main()
