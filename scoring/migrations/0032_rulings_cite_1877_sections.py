"""Rulings stored under the 1877 rules before each section was kept under its own number: a bare 6-9 where the
ruling's table cites the 1877 section read back as the Official Laws' VI-IX. Each becomes the section's number
(187700 + n); a number the table cites as an Official law stays."""

from django.db import migrations

SECTION_1877 = 187700
SECTIONS_CITED = {"thrown_in": {9}, "lead_out_of_turn": {9}, "privileges": {6, 7, 8}}
"""The 1877 sections each ruling of the 1877 table cites, by its irregularity, as the table stood."""


def cite_sections(apps, schema_editor):
    Ruling = apps.get_model("scoring", "Ruling")
    for ruling in Ruling.objects.filter(rubber__event__rulebook="rules-1877",
                                        irregularity__in=list(SECTIONS_CITED)):
        sections = SECTIONS_CITED[ruling.irregularity]
        laws = [SECTION_1877 + n if n in sections else n for n in ruling.laws]
        if laws != ruling.laws:
            ruling.laws = laws
            ruling.save(update_fields=["laws"])


class Migration(migrations.Migration):
    dependencies = [("scoring", "0031_time_called")]
    operations = [migrations.RunPython(cite_sections, migrations.RunPython.noop)]
