"""A progressive table's round winner is kept on its rubber (`rubber_winner`) when the rubber is scored; the tables
stopped before are given theirs here: more points, then more lone hands made, then the site's cut for the table."""

import random

from django.db import migrations


def winners_kept(apps, schema_editor):
    Rubber = apps.get_model("scoring", "Rubber")
    RoundTable = apps.get_model("scoring", "RoundTable")
    RubberPlayerResult = apps.get_model("scoring", "RubberPlayerResult")
    stopped = Rubber.objects.filter(event__mode="progressive", status="stopped", rubber_winner="")
    for rubber in stopped.iterator():
        points = {"NS": rubber.current_ns or 0, "EW": rubber.current_ew or 0}
        lone = {"NS": 0, "EW": 0}
        for row in RubberPlayerResult.objects.filter(rubber=rubber).values("side", "lone_hands"):
            lone[row["side"]] += row["lone_hands"]
        won = next((max(counts, key=counts.get) for counts in (points, lone) if counts["NS"] != counts["EW"]), None)
        if won is None:
            table = RoundTable.objects.filter(rubber=rubber).values("round__event_id", "round__number",
                                                                    "number").first()
            if table is None:
                continue
            # The cut as the site draws it (`scoring.engine.progressive.the_cut`), so it gives the same side.
            seed = f"{table['round__event_id']}:{table['round__number']}:{table['number']}"
            won = random.Random(seed).choice(("NS", "EW"))
        Rubber.objects.filter(pk=rubber.pk).update(rubber_winner=won)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0036_how_we_play_once")]

    operations = [migrations.RunPython(winners_kept, migrations.RunPython.noop)]
