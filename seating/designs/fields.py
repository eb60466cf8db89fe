"""Finite fields GF(q) for the zero-repeat constructions.

An element of GF(p^k) is stored as an int whose base-p digits are the coefficients of a
polynomial of degree below k; arithmetic is done modulo the smallest monic irreducible
polynomial of degree k. For a prime q the elements are simply 0..q-1 with arithmetic mod q.
"""

from __future__ import annotations

from functools import lru_cache


def prime_power(q: int) -> tuple[int, int] | None:
    """Return (p, k) with q == p**k for a prime p, or None when q is not a prime power."""
    if q < 2:
        return None
    p = 2
    while p * p <= q:
        if q % p == 0:
            break
        p += 1
    else:
        return q, 1
    k = 0
    while q % p == 0:
        q //= p
        k += 1
    return (p, k) if q == 1 else None


def _digits(a: int, p: int, k: int) -> list[int]:
    out = []
    for _ in range(k):
        a, d = divmod(a, p)
        out.append(d)
    return out


def _number(coefficients: list[int], p: int) -> int:
    value = 0
    for c in reversed(coefficients):
        value = value * p + c
    return value


def _poly_mod(a: list[int], modulus: list[int], p: int) -> list[int]:
    """Remainder of a by a monic modulus (coefficient lists, lowest degree first)."""
    a = a[:]
    degree = len(modulus) - 1
    for i in range(len(a) - 1, degree - 1, -1):
        factor = a[i] % p
        if factor:
            shift = i - degree
            for j, c in enumerate(modulus):
                a[shift + j] = (a[shift + j] - factor * c) % p
    return [c % p for c in a[:degree]] + [0] * max(0, degree - len(a))


def _is_irreducible(poly: list[int], p: int) -> bool:
    degree = len(poly) - 1
    for d in range(1, degree // 2 + 1):
        for tail in range(p**d):
            divisor = _digits(tail, p, d) + [1]
            if not any(_poly_mod(poly, divisor, p)):
                return False
    return True


@lru_cache(maxsize=64)
def _irreducible(p: int, k: int) -> tuple[int, ...]:
    for tail in range(p**k):
        poly = _digits(tail, p, k) + [1]
        if poly[0] and _is_irreducible(poly, p):
            return tuple(poly)
    raise ValueError(f"no irreducible polynomial of degree {k} over GF({p})")  # unreachable


class GaloisField:
    """GF(q) for a prime power q, with add and mul on elements 0..q-1."""

    def __init__(self, q: int) -> None:
        factors = prime_power(q)
        if factors is None:
            raise ValueError(f"{q} is not a prime power")
        self.q = q
        self.p, self.k = factors
        self._add: list[list[int]] | None = None
        self._mul: list[list[int]] | None = None
        if self.k > 1:
            self._build_tables()

    def _build_tables(self) -> None:
        p, k, q = self.p, self.k, self.q
        modulus = list(_irreducible(p, k))
        digits = [_digits(a, p, k) for a in range(q)]
        self._add = [
            [_number([(x + y) % p for x, y in zip(da, db, strict=True)], p) for db in digits]
            for da in digits
        ]
        mul = [[0] * q for _ in range(q)]
        for a in range(q):
            for b in range(a, q):
                product = [0] * (2 * k - 1)
                for i, x in enumerate(digits[a]):
                    if x:
                        for j, y in enumerate(digits[b]):
                            product[i + j] += x * y
                value = _number(_poly_mod(product, modulus, p), p)
                mul[a][b] = mul[b][a] = value
        self._mul = mul

    def add(self, a: int, b: int) -> int:
        if self._add is None:
            return (a + b) % self.q
        return self._add[a][b]

    def mul(self, a: int, b: int) -> int:
        if self._mul is None:
            return (a * b) % self.q
        return self._mul[a][b]
