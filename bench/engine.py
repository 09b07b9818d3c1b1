"""Benchmark: rescoring random rubbers with the engine's bulk path (no explanations).

Run: python bench/engine.py [--rubbers 100000] [--repeat 5]   (CI: --rubbers 200 --repeat 1)
Prints hands scored per second (median of the repeats) for the bulk path, and for
comparison the explained path, reading and scoring the interchange JSON text (what import,
restore and `manage.py score_rubber` receive), and reading already-decoded documents.
Then the bulk rescore under each code of laws, on random hands of that code.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.engine import RULEBOOKS, SOMERSET_1888, IllegalReport, ReportedHand, RubberReport, Rulebook, score_rubber
from scoring.engine.hands import NO_REVOKES, HandResult, Revokes
from scoring.engine.interchange import loads, parse_rubber, rubber_to_document
from scoring.engine.seats import SEAT_ORDER, SIDES


def random_hand(rng: random.Random, dealer, rulebook: Rulebook = SOMERSET_1888) -> ReportedHand:
    roll = rng.random()
    if roll < 0.05:
        return ReportedHand(result=HandResult.PASSED, dealer=dealer)
    if roll < 0.07:
        return ReportedHand(result=HandResult.MISDEAL, dealer=dealer)
    if roll < 0.08:
        return ReportedHand(result=HandResult.NEW_DEAL, dealer=dealer)
    alone = rng.random() < 0.12
    revokes = NO_REVOKES
    if rng.random() < 0.03:
        revokes = Revokes(ns=rng.randint(0, 2), ew=rng.randint(0, 1))
    return ReportedHand(
        dealer=dealer,
        maker=rng.choice(SEAT_ORDER),
        alone=alone,
        tricks=rng.choice((0, 1, 2, 3, 3, 3, 4, 4, 4, 5, 5)),
        revokes=revokes,
        wrong_cards=rng.choice(SIDES) if rng.random() < 0.01 else None,
        partner_exposed=alone and rulebook.knows("partner_exposed") and rng.random() < 0.05,
        signal=rng.choice(SIDES) if rulebook.signal and rng.random() < 0.01 else None,
        thrown_in=rng.choice(SIDES) if rulebook.knows("thrown_in") and rng.random() < 0.01 else None,
    )


def random_rubber(rng: random.Random, rulebook: Rulebook = SOMERSET_1888) -> tuple[ReportedHand, ...]:
    """Random hands, cut where the rubber is complete (or left in progress)."""
    dealer = rng.choice(SEAT_ORDER)
    hands = []
    for _ in range(rng.randint(8, 40)):
        hand = random_hand(rng, dealer, rulebook)
        hands.append(hand)
        again = hand.result is HandResult.NEW_DEAL or (rulebook.revokes_offset and hand.revokes.ns and hand.revokes.ew)
        dealer = dealer if again else dealer.left
    try:
        score_rubber(hands, rulebook, explain=False)
    except IllegalReport as exc:
        hands = hands[: (exc.hand or 1) - 1]
    return tuple(hands)


def timed(fn, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rubbers", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1888)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    rubbers = [random_rubber(rng) for _ in range(args.rubbers)]
    total = sum(len(r) for r in rubbers)
    print(f"{len(rubbers):,} rubbers, {total:,} hands")

    def bulk() -> None:
        for hands in rubbers:
            score_rubber(hands, explain=False)

    def explained() -> None:
        for hands in rubbers:
            score_rubber(hands)

    documents = [rubber_to_document(RubberReport(hands=r)) for r in rubbers]
    texts = [json.dumps(d) for d in documents]

    def read_text() -> None:
        for text in texts:
            report = loads(text)
            score_rubber(report.hands, report.rulebook, explain=False)

    def read_documents() -> None:
        for document in documents:
            report = parse_rubber(document)
            score_rubber(report.hands, report.rulebook, explain=False)

    fewer = max(1, args.repeat // 2)
    for name, fn, repeat in (("bulk rescore", bulk, args.repeat),
                             ("with explanations", explained, fewer),
                             ("parse + rescore", read_text, fewer),
                             ("dicts + rescore", read_documents, fewer)):
        seconds = timed(fn, repeat)
        print(f"{name:>18}: {total / seconds:>12,.0f} hands/s  (median of {repeat}, {seconds:.3f} s)")
    seconds = timed(bulk, args.repeat)
    print(f"1,000,000 hands would rescore in {1_000_000 * seconds / total:.2f} s")

    # Each code on its own random hands: the match codes play to 10 and the best of three, their longest match.
    for key, code in RULEBOOKS.items():
        rulebook = code if code.laps else code.playing(10, 3)
        rng = random.Random(args.seed)
        matches = [random_rubber(rng, rulebook) for _ in range(args.rubbers)]
        hands = sum(len(m) for m in matches)

        def bulk_code(matches=matches, rulebook=rulebook) -> None:
            for played in matches:
                score_rubber(played, rulebook, explain=False)

        seconds = timed(bulk_code, args.repeat)
        print(f"{key:>18}: {hands / seconds:>12,.0f} hands/s  bulk rescore (median of {args.repeat}, "
              f"{hands:,} hands)")


if __name__ == "__main__":
    main()
