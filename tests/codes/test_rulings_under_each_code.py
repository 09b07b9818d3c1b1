"""Rulings on a rubber of another code, through the wizard and `manage.py rule`: the code's own table, its
laws in its own numbering, and the score as that code gives it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from scoring.models import Ruling
from tests.builders import a_rubber
from tests.factories import EventFactory
from tests.helpers import record
from tests.rulings.test_rulings import walk

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def test_the_wizard_rules_a_signal_under_the_official_laws(client, secretary, players):
    rubber = a_rubber(EventFactory(rulebook="official-1862"), players[:4])
    record(rubber, maker="E", tricks=3)
    client.force_login(secretary)
    first = client.get(reverse("ruling_new", args=[rubber.pk]))
    choices = dict(first.context["form"].fields["irregularity"].choices)
    assert "counter_error" in choices and "lone_hand" not in choices
    assert choices["signal"].endswith("(laws XXXIII, XXXIV, XXX)")
    response = walk(client, rubber, 1, "signal", {"offender": "E", "what": "signalled", "claimed": "in_play"})
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert ruling.laws == [33, 34] and ruling.effect == {"signal": "EW"}
    rubber.refresh_from_db()
    assert (rubber.current_ns, rubber.current_ew) == (1, 0)  # North-South's point; East-West count nothing
    page = client.get(reverse("ruling", args=[ruling.pk])).content.decode()
    assert "Law XXXIII · signalling" in page and "law 85" not in page


def test_the_wizard_offers_the_dealers_own_choice_under_law_v(client, secretary, players):
    rubber = a_rubber(EventFactory(rulebook="standard"), players[:4])
    record(rubber, maker="E", tricks=3)
    client.force_login(secretary)
    response = walk(client, rubber, 1, "deal", {"what": "exposed_by_adversary", "claimed": "in_play"},
                    election="deal_again")
    assert response.status_code == 302
    rubber.refresh_from_db()
    assert (rubber.current_ns, rubber.current_ew) == (0, 0) and rubber.next_dealer == "N"  # he deals again


def test_manage_py_rule_reads_the_code_from_the_rubber():
    rubber = {"format": "euchre-rubber/1", "rulebook": "standard",
              "hands": [{"dealer": "N", "maker": "E", "tricks": 3}]}
    dispute = {"rubber": rubber, "hand": 1, "irregularity": "revoke",
               "facts": {"offender": "N", "stage": "established", "claimed": "before_cut"}}
    out = subprocess.run([sys.executable, "manage.py", "rule", "-"], cwd=ROOT, input=json.dumps(dispute),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    ruling = json.loads(out.stdout)
    assert ruling["hand_points"] == {"before": [0, 1], "after": [0, 2]} and "hand ends there" in ruling["text"]
    listed = subprocess.run([sys.executable, "manage.py", "rule", "--list", "--rulebook", "rules-1877"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    keys = [entry["key"] for entry in json.loads(listed.stdout)]
    assert keys[0] == "revoke" and {"thrown_in", "privileges", "counter_error"} <= set(keys)
