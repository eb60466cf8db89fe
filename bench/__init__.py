"""Benchmarks: commands that print figures (never timed unit tests; compare ratios)."""
