"""Each night's figure in its season kept with its results (`KeptNight`); the nights already in a season are given
theirs here."""

import django.db.models.deletion
from django.db import migrations, models


def nights_kept(apps, schema_editor):
    # A night's figure is its standings drawn by the live code (`scoring.standings.services`): no historical model
    # draws a progressive night. Only a database holding seasons (made by 0038) has a night to keep.
    if apps.get_model("scoring", "Event").objects.filter(season__isnull=False).exists():
        from scoring.standings.services import nights_keep

        nights_keep(None)


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0038_seasons'),
    ]

    operations = [
        migrations.CreateModel(
            name='KeptNight',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('figure', models.IntegerField()),
                ('lone', models.PositiveIntegerField(default=0, help_text='The lone hands the entry made on the night.')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='scoring.event')),
                ('partner', models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='scoring.player')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='scoring.player')),
            ],
            options={
                'indexes': [models.Index(fields=['event', 'player'], name='scoring_kep_event_i_e11453_idx')],
            },
        ),
        migrations.RunPython(nights_kept, migrations.RunPython.noop),
    ]
