"""Settings, split by where the site runs: local (default), test, production."""
