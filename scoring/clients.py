"""The address a login came from, for counting wrong passwords (django-axes).

Behind a reverse proxy every request arrives from the proxy's address, so one stranger's five
wrong passwords would lock every member out. When the deployment names the proxies it trusts
(`TRUSTED_PROXIES`), the client is the last address in X-Forwarded-For that is not one of them:
each trusted proxy appends the address it received from, and anything further left may be forged.
"""

from __future__ import annotations

import ipaddress
import logging
import os
from collections.abc import Iterable

from django.conf import settings
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
logger = logging.getLogger("scoring.security")


def trusted_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """The trusted proxies, each an address or a network such as 10.0.0.0/8."""
    return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in entries if entry.strip())


def _is_trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in trusted)


def _valid(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


def client_address(request: HttpRequest) -> str | None:
    """The client's address, as counted: REMOTE_ADDR, or the nearest untrusted hop when a trusted proxy
    forwarded it; normalised (see `counted_address`)."""
    remote = request.META.get("REMOTE_ADDR")
    trusted = trusted_networks(settings.TRUSTED_PROXIES)
    if not remote or not _is_trusted(remote, trusted):
        _warn_if_proxied(request, trusted)
        return counted_address(remote)
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _is_trusted(hop, trusted):
            return counted_address(hop if _valid(hop) else remote)
    return counted_address(remote)


def counted_address(address: str | None) -> str | None:
    """One spelling per client, short enough for any column: an IPv4 address written as IPv6
    (::ffff:10.0.0.5) is that IPv4 address, a scope (fe80::1%eth0) is dropped, and an IPv6 address
    stands for its /64 network, which one household or phone is given whole. None when not an address."""
    if not address:
        return None
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


_warned: set[str] = set()


def _warn_if_proxied(request: HttpRequest, trusted: tuple[Network, ...]) -> None:
    """A request forwarded by a proxy the site was not told to trust: every client then has the proxy's
    address, so one stranger's wrong passwords or codes shut out the whole club. Said once, loudly."""
    if trusted or "HTTP_X_FORWARDED_FOR" not in request.META or "proxy" in _warned:
        return
    _warned.add("proxy")
    logger.warning("Requests arrive through a proxy (X-Forwarded-For) but TRUSTED_PROXIES is not set: every "
                   "client is counted as the proxy's address %s, so one stranger's wrong passwords or table "
                   "codes lock out the whole club. Set TRUSTED_PROXIES to the proxy's address.",
                   request.META.get("REMOTE_ADDR"))


SAID_AT_START = "EUCHRE_START_WARNINGS_SAID"
"""In the environment of a process started after the one that said the warnings at start: gunicorn's workers
after the first (gunicorn.conf.py sets it), so that a server of four workers warns once, not four times."""


def warn_at_start() -> None:
    """At start: a site served behind a proxy (it trusts the proxy's https header) with no TRUSTED_PROXIES."""
    if os.environ.get(SAID_AT_START):
        return
    if getattr(settings, "SECURE_PROXY_SSL_HEADER", None) and not settings.TRUSTED_PROXIES:
        logger.warning("SECURE_PROXY_SSL_HEADER says this site is served behind a proxy, but TRUSTED_PROXIES is "
                       "not set: every client will be counted as the proxy, and one stranger's wrong passwords "
                       "or table codes can lock out the secretary. Set TRUSTED_PROXIES to the proxy's address.")


def is_loopback(request: HttpRequest) -> bool:
    """Whether the site was reached by a name only this computer answers to: an address built from it
    (a table card's QR code) would lead a phone nowhere."""
    host = request.get_host().rsplit(":", 1)[0].strip("[]")
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
