"""A member's home page offers the tables he sits at now, to report their hands: a rubber left in progress from
an earlier night is not one of them."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.models import Hand
from tests.builders import a_rubber
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record

pytestmark = pytest.mark.django_db


def test_a_members_home_lists_only_the_tables_in_play_now(client, member):
    me = PlayerFactory(user=member)
    today = timezone.localdate()
    tonight = a_rubber(EventFactory(name="Tonight"), [me, *PlayerFactory.create_batch(3)], table="1",
                       played_on=today)
    past_midnight = a_rubber(EventFactory(name="Late"), [me, *PlayerFactory.create_batch(3)], table="2",
                             played_on=today - dt.timedelta(days=1))
    record(past_midnight, maker="N", tricks=3)  # a hand entered a moment ago: the table plays on after midnight
    stale = a_rubber(EventFactory(name="Last week"), [me, *PlayerFactory.create_batch(3)], table="3",
                     played_on=today - dt.timedelta(days=4))
    record(stale, maker="N", tricks=3)
    yesterday = a_rubber(EventFactory(name="Yesterday"), [me, *PlayerFactory.create_batch(3)], table="4",
                         played_on=today - dt.timedelta(days=1))
    record(yesterday, maker="N", tricks=3)
    Hand.objects.filter(rubber=yesterday).update(entered_at=timezone.now() - dt.timedelta(hours=20))
    client.force_login(member)
    home = client.get(reverse("home")).content.decode()
    offered = {r.pk for r in (tonight, past_midnight, stale, yesterday)
               if reverse("member_table", args=[r.pk]) in home}
    assert offered == {tonight.pk, past_midnight.pk}
    assert home.count('data-testid="my-table"') == 2
