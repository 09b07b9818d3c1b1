"""The address a login came from, for counting wrong passwords (django-axes).

Behind a reverse proxy every request arrives from the proxy's address, so one stranger's five
wrong passwords would lock every member out. When the deployment names the proxies it trusts
(`TRUSTED_PROXIES`), the client is the last address in X-Forwarded-For that is not one of them:
each trusted proxy appends the address it received from, and anything further left may be forged.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from django.conf import settings
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


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
    """The client's address: REMOTE_ADDR, or the nearest untrusted hop when a trusted proxy forwarded it."""
    remote = request.META.get("REMOTE_ADDR")
    trusted = trusted_networks(settings.TRUSTED_PROXIES)
    if not remote or not _is_trusted(remote, trusted):
        return remote
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _is_trusted(hop, trusted):
            return hop if _valid(hop) else remote
    return remote


def is_loopback(request: HttpRequest) -> bool:
    """Whether the site was reached by a name only this computer answers to: an address built from it
    (a table card's QR code) would lead a phone nowhere."""
    host = request.get_host().rsplit(":", 1)[0].strip("[]")
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
