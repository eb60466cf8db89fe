"""Seeded randomness that does not depend on the Python process (no salted hashing)."""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, *parts: object) -> int:
    """A 64-bit seed from the event seed and a label, the same on every machine and run."""
    text = repr((seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def make_rng(seed: int, *parts: object) -> random.Random:
    return random.Random(derive_seed(seed, *parts))
