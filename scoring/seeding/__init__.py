"""Clubs made up for the demo (`seed_demo`) and for benchmarks (`seed_bulk`)."""
