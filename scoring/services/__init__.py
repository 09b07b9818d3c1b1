"""The write side: load from the ORM, call the engine, save in one transaction.

A write (an ORM `save`, `create`, `update`, `delete`, `bulk_create`, `bulk_update`, `get_or_create`,
`update_or_create`, or the `select_for_update` lock a write takes) happens only in a services module: this
package, for what the concerns share, or a concern's own `services.py` (`scoring.rounds.services`,
`scoring.clubnight.services`, `scoring.reporting.services`). Views, forms, selectors, template tags, printing,
standings and the models' helpers only read; a model's own `save` hands on to Django's. Migrations write as Django
makes them, and the secretaries' group is made after each migrate as Django makes its own permissions
(`scoring.access`); the demo and bench builders in `scoring.seeding` make their made-up records directly (what
the laws govern there, a player's arrival, goes through the services); the other management commands call the
services. tests/test_layout.py holds the site to it."""
