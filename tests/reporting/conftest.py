"""The table's code, which every test of reporting at the table starts from."""

from __future__ import annotations

import pytest

from scoring.models import TableCode
from scoring.reporting import services


@pytest.fixture
def code(rubber) -> TableCode:
    found = services.working_code(rubber)
    assert found is not None
    return found
