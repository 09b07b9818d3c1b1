"""Accounts: a password reset that mails a link or says whom to ask, wrong passwords counted against the
client behind a trusted proxy, and lockouts the secretary can lift."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core import mail
from django.test import RequestFactory, override_settings
from django.urls import reverse

from scoring.clients import client_address
from scoring.models import CodeGuess

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.2"


def test_with_mail_a_reset_link_is_mailed_and_sets_a_new_password(client, member):
    member.email = "member@example.org"
    member.save()
    page = client.get(reverse("password_reset"))
    assert page.status_code == 200 and b"Mail me a link" in page.content
    response = client.post(reverse("password_reset"), {"email": "member@example.org"}, follow=True)
    assert b'data-testid="reset-sent"' in response.content
    (message,) = mail.outbox
    assert message.to == ["member@example.org"]
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body).group(1)
    form = client.get(link, follow=True)
    assert b"Set a new password" in form.content
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "Bezique-1888-x", "new_password2":
                                                    "Bezique-1888-x"}, follow=True)
    assert b"Password set" in done.content
    member.refresh_from_db()
    assert member.check_password("Bezique-1888-x")


@override_settings(SITE_SENDS_MAIL=False, EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend")
def test_without_mail_the_page_says_to_ask_the_secretary_and_claims_nothing(client, member):
    member.email = "member@example.org"
    member.save()
    page = client.get(reverse("password_reset"))
    assert b'data-testid="ask-secretary"' in page.content and b"<form method=\"post\" novalidate>" not in page.content
    response = client.post(reverse("password_reset"), {"email": "member@example.org"})
    assert response.status_code == 200 and b'data-testid="ask-secretary"' in response.content
    assert b"reset-sent" not in response.content and not mail.outbox


def test_the_login_page_offers_the_reset(client):
    assert reverse("password_reset").encode() in client.get(reverse("login")).content


def _request(remote: str, forwarded: str | None = None):
    meta = {"REMOTE_ADDR": remote} | ({"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {})
    return RequestFactory().post("/accounts/login/", **meta)


@pytest.mark.parametrize(("trusted", "remote", "forwarded", "client"), [
    ([], PROXY, "203.0.113.9", PROXY),  # no proxy named: the header is anyone's to forge
    ([PROXY], PROXY, "203.0.113.9", "203.0.113.9"),
    ([PROXY], PROXY, "198.51.100.1, 203.0.113.9", "203.0.113.9"),  # a forged left part is ignored
    (["10.0.0.0/8"], PROXY, "203.0.113.9, 10.0.0.7", "203.0.113.9"),  # two proxies in the trusted network
    ([PROXY], "192.0.2.50", "203.0.113.9", "192.0.2.50"),  # not from the proxy: the header is ignored
    ([PROXY], PROXY, None, PROXY),
    ([PROXY], PROXY, "not-an-address", PROXY),
    (["2001:db8::/32"], "2001:db8::1", "2001:db8:1::5, 2606:4700::1", "2606:4700::/64"),
])
def test_the_client_address_behind_a_trusted_proxy(trusted, remote, forwarded, client):
    with override_settings(TRUSTED_PROXIES=trusted):
        assert client_address(_request(remote, forwarded)) == client


@pytest.mark.parametrize(("remote", "counted"), [
    ("::ffff:203.0.113.9", "203.0.113.9"),  # IPv4 written as IPv6 is that IPv4 address
    ("fe80::1:2:3:4%eth0", "fe80::/64"),  # the scope dropped, the /64 counted
    ("fe80:0000:0000:0000:abcd:abcd:abcd:abcd%enp0s31f6", "fe80::/64"),  # 46 characters and more
    ("2606:4700:10:20:1:2:3:4", "2606:4700:10:20::/64"),
    ("2606:4700:10:20:ffff:2:3:4", "2606:4700:10:20::/64"),  # one household, one count
    ("203.0.113.9", "203.0.113.9"),
    ("", None),
])
def test_a_client_address_is_counted_in_one_short_spelling(remote, counted):
    address = client_address(_request(remote))
    assert address == counted and (address is None or len(address) <= 45)


def test_a_long_scoped_address_guessing_codes_is_counted_not_a_server_error(client):
    response = client.get("/t/QQQQQA/", REMOTE_ADDR="fe80:0000:0000:0000:abcd:abcd:abcd:abcd%enp0s31f6")
    assert response.status_code == 404
    assert CodeGuess.objects.get().address == "fe80::/64"


def test_a_proxy_not_named_in_trusted_proxies_is_warned_of(client, caplog):
    import scoring.clients as module

    module._warned.clear()
    with override_settings(TRUSTED_PROXIES=[]), caplog.at_level("WARNING", logger="scoring.security"):
        client.get("/t/QQQQQA/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.9")
        client.get("/t/QQQQQA/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.9")
    warnings = [r for r in caplog.records if "TRUSTED_PROXIES is not set" in r.getMessage()]
    assert len(warnings) == 1  # once, not on every request


def test_a_site_behind_a_proxy_without_trusted_proxies_warns_at_start(caplog):
    from scoring.clients import warn_at_start

    with override_settings(SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"), TRUSTED_PROXIES=[]), \
            caplog.at_level("WARNING", logger="scoring.security"):
        warn_at_start()
    assert any("TRUSTED_PROXIES" in r.getMessage() for r in caplog.records)
    caplog.clear()
    with override_settings(SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"), TRUSTED_PROXIES=[PROXY]), \
            caplog.at_level("WARNING", logger="scoring.security"):
        warn_at_start()
    assert not caplog.records


def _fail(client, username: str, address: str, times: int) -> int:
    status = 0
    for _ in range(times):
        status = client.post(reverse("login"), {"username": username, "password": "wrong"},
                             REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address).status_code
    return status


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_stranger_behind_the_proxy_cannot_lock_the_secretary_out(client, secretary):
    assert _fail(client, "sec", "203.0.113.9", settings.AXES_FAILURE_LIMIT) == 429
    response = client.post(reverse("login"), {"username": "sec", "password": "pw-secretary-1888"},
                           REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert response.status_code == 302  # the secretary, from his own address, logs in


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_the_secretary_sees_and_lifts_a_lockout(client, secretary, member):
    _fail(client, "member", "203.0.113.9", settings.AXES_FAILURE_LIMIT)
    _fail(client, "nobody", "198.51.100.3", 2)
    client.force_login(secretary)
    page = client.get(reverse("lockouts")).content.decode()
    rows = re.findall(r"<tr>(.*?)</tr>", page, re.S)[1:]  # after the heading
    assert "member" in rows[0] and "203.0.113.9" in rows[0] and "locked out" in rows[0]
    assert "nobody" in rows[1] and "locked out" not in rows[1]
    pk = int(re.search(r"/accounts/lockouts/(\d+)/lift/", rows[0]).group(1))
    lifted = client.post(reverse("lockout_lift", args=[pk]), follow=True)
    assert "member from 203.0.113.9 may log in again" in lifted.content.decode()
    client.logout()
    member.set_password("member-pw-1888")
    member.save()
    response = client.post(reverse("login"), {"username": "member", "password": "member-pw-1888"},
                           REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert response.status_code == 302


def test_only_the_secretary_sees_or_lifts_lockouts(client, member):
    assert client.get(reverse("lockouts")).status_code == 302  # to log in
    assert client.post(reverse("lockout_lift", args=[1])).status_code == 302
    client.force_login(member)
    assert client.get(reverse("lockouts")).status_code == 403
    assert client.post(reverse("lockout_lift", args=[1])).status_code == 403


def test_lifting_a_lockout_already_ended_says_so(client, secretary):
    client.force_login(secretary)
    response = client.post(reverse("lockout_lift", args=[999]), follow=True)
    assert b"already ended" in response.content
    assert b'data-testid="no-lockouts"' in response.content
