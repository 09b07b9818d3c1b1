"""The migrations: they make the tables the models describe, and the squashed one makes the same tables as the
migrations it replaces."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.loader import MigrationLoader

SQUASHED = ("scoring", "0001_squashed_0033_house_rules")


@pytest.mark.django_db
def test_the_models_need_no_migration_they_do_not_have():
    out = io.StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)  # exits 1 where a model changed unmigrated
    assert "No changes detected" in out.getvalue()


@pytest.mark.django_db
def test_the_squashed_migration_leaves_the_models_as_the_migrations_it_replaces():
    squashed = MigrationLoader(connection).project_state(SQUASHED)
    replaced = MigrationLoader(connection, replace_migrations=False).project_state(("scoring", "0033_house_rules"))
    models = sorted(key for key in replaced.models if key[0] == "scoring")
    assert len(models) > 30 and models == sorted(key for key in squashed.models if key[0] == "scoring")
    for key in models:
        old, new = replaced.models[key], squashed.models[key]
        assert dict(old.fields).keys() == dict(new.fields).keys(), key
        for name, field in old.fields.items():
            assert field.deconstruct()[1:] == new.fields[name].deconstruct()[1:], (key, name)
        for option in ("constraints", "indexes", "unique_together", "ordering", "db_table"):
            assert sorted(map(repr, _listed(old.options.get(option)))) == sorted(
                map(repr, _listed(new.options.get(option)))), (key, option)


def _listed(value: object) -> list[object]:
    return [] if value is None else list(value) if isinstance(value, (list, tuple, set)) else [value]
