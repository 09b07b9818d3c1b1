"""The static files `collectstatic` gathers: the site's own, the admin's, and of the vendors' packages only the
files the pages load (Bootstrap's minified stylesheet and bundle, htmx's minified script). The packages' other
builds, source maps and extensions are left out, so the deploy's compressing of every file (whitenoise, gzip and
Brotli) takes seconds rather than a quarter of a minute."""

from __future__ import annotations

from django.contrib.staticfiles.apps import StaticFilesConfig

VENDOR_UNUSED = [
    "*.map", "*.esm.*", "*.d.ts", "*.rtl.*", "bootstrap-grid*", "bootstrap-reboot*", "bootstrap-utilities*",
    "bootstrap.css", "bootstrap.js", "bootstrap.min.js", "bootstrap.bundle.js",
    "htmx.js", "htmx.amd.js", "htmx.cjs.js", "htmx.min.js.gz", "ext/*",
]


class StaticFiles(StaticFilesConfig):
    ignore_patterns = [*StaticFilesConfig.ignore_patterns, *VENDOR_UNUSED]
