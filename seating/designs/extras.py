"""Zero-repeat starts when some players sit out every round.

With n = M + r players, where r = n % 4 players sit out each round and M players have a
zero-repeat construction (constructions.py), the construction seats M "design" players on its
points and the r "extra" players take, each round, the seats of that round's design players on
a bye. Design players then never meet twice (a bye only removes meetings); only the extras'
meetings depend on who sits out. The byes stay fair (seating/byes.py: each round from the players
with the fewest sit-outs); among the fair choices the slots are picked so that no extra meets anyone
twice:

1. a depth-first search, round by round and extra by extra, trying the slots that add the
   fewest repeats first, with a budget and a few restarts in a new random order;
2. when it finds no zero-repeat assignment: the greedy one (each choice adding the fewest
   repeats) or, when everyone has sat out equally often (any distinct players may then sit
   out), a local search over the slots if it does better.

The annealing in seating/search.py then improves the whole schedule. Players are indices 0..n-1 and
points 0..M-1; `base` is the flat n*n matrix of fixed meetings (earlier events and played
rounds), as in seating/search.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..byes import choose_byes
from ..search import cost_table

Tables = list[list[int]]
"""One round of a construction: tables of points (or, in results, of players)."""

SEARCH_WORK = 150_000
"""Slots the depth-first search may price (about a microsecond each) over all its restarts."""

RESTARTS = 10
"""The depth-first search starts over in a new random order this many times, sharing
SEARCH_WORK: a search that went wrong near the root rarely recovers, a fresh start often does."""

MAX_DEPTH = 400
"""The depth-first search recurses once per extra and round: longer schedules go greedily."""

SLOT_MOVES = 20_000
"""Moves of the local search over the extras' slots when the depth-first search failed."""

SLOT_UPHILL = 0.05
"""Probability of accepting a local-search move that adds one repeat (its power for more)."""


@dataclass
class _Option:
    """One choice for one extra in one round."""

    repeats: int
    cost: int
    point: int  # the slot taken; -1: the extra sits out
    vacates: int  # the design player sent on a bye to free the slot; -1: none (forced bye)


@dataclass
class _RoundChoice:
    """The round being seated: who sits where so far, and the choices still open."""

    number: int
    occupant: list[int]  # player in each point; -1: vacated by a forced bye, not yet filled
    open_slots: list[int]  # points vacated by forced byes, to be filled by extras
    picks: int  # byes still to choose among the players with the threshold count
    pool: list[int]  # players with the threshold count
    forced: set[int]  # players below the threshold count: they sit out
    byes: list[int]


@dataclass
class _State:
    counts: list[int]  # sit-outs per player
    met: dict[int, list[int]]  # each extra's meetings with every player
    rounds: list[list[int]] = field(default_factory=list)  # occupant of each point, per round
    byes: list[list[int]] = field(default_factory=list)


class _ExtraSeating:
    """Seats the extras round by round, keeping the meetings and sit-outs up to date."""

    def __init__(
        self,
        construction: list[Tables],
        n: int,
        extras: list[int],
        labels: list[int],
        counts: Sequence[int],
        base: Sequence[int],
        rng: random.Random,
    ) -> None:
        self.construction = construction
        self.n = n
        self.extras = extras
        self.labels = labels
        self.point_of = {player: point for point, player in enumerate(labels)}
        self.rng = rng
        top = max(base, default=0) + len(construction) + 3
        costs = cost_table(top)
        self.inc = [costs[m + 1] - costs[m] for m in range(top)]
        self.table_of: list[list[int]] = []
        for tables in construction:
            where = [0] * len(labels)
            for t, table in enumerate(tables):
                for point in table:
                    where[point] = t
            self.table_of.append(where)
        self.state = _State(
            counts=list(counts), met={e: list(base[e * n : (e + 1) * n]) for e in extras}
        )
        self.work = 0

    # --- one round, one extra at a time ---------------------------------------------------

    def _begin_round(self, number: int) -> _RoundChoice:
        counts = self.state.counts
        threshold = sorted(counts)[len(self.extras) - 1]
        forced = [p for p in range(self.n) if counts[p] < threshold]
        occupant = list(self.labels)
        open_slots = []
        for p in forced:
            if p in self.point_of:
                occupant[self.point_of[p]] = -1
                open_slots.append(self.point_of[p])
        return _RoundChoice(
            number=number,
            occupant=occupant,
            open_slots=open_slots,
            picks=len(self.extras) - len(forced),
            pool=[p for p in range(self.n) if counts[p] == threshold],
            forced=set(forced),
            byes=forced,
        )

    def _others(self, point: int, choice: _RoundChoice) -> list[int]:
        """Who sits at the table of `point` in the round being seated, besides that point."""
        r = choice.number
        table = self.construction[r][self.table_of[r][point]]
        return [choice.occupant[q] for q in table if q != point and choice.occupant[q] >= 0]

    def _option(self, extra: int, point: int, vacates: int, choice: _RoundChoice) -> _Option:
        met = self.state.met[extra]
        others = self._others(point, choice)
        repeats = sum(1 for o in others if met[o] >= 1)
        return _Option(repeats, sum(self.inc[met[o]] for o in others), point, vacates)

    def _options(self, i: int, choice: _RoundChoice) -> list[_Option]:
        """Extra i's choices, fewest repeats first (then cheapest, then at random)."""
        extra = self.extras[i]
        if extra in choice.forced:
            return [_Option(0, 0, -1, -1)]
        options: list[_Option] = []
        # Every forced slot must be filled by one of the extras still to come.
        later = sum(1 for e in self.extras[i + 1 :] if e not in choice.forced)
        if later >= len(choice.open_slots) - 1:
            for point in choice.open_slots:
                options.append(self._option(extra, point, -1, choice))
        if choice.picks > 0 and later >= len(choice.open_slots):
            self.work += len(choice.pool)
            for p in choice.pool:
                if p == extra:
                    options.append(_Option(0, 0, -1, -1))
                elif p in self.point_of and p not in choice.byes:
                    options.append(self._option(extra, self.point_of[p], p, choice))
        ranked = [((o.repeats, o.cost, self.rng.random()), o) for o in options]
        ranked.sort(key=lambda item: item[0])
        return [o for _, o in ranked]

    def _apply(self, i: int, option: _Option, choice: _RoundChoice) -> list[int]:
        extra = self.extras[i]
        if option.point < 0:
            if extra not in choice.forced:
                choice.picks -= 1
                choice.byes.append(extra)
            return []
        others = self._others(option.point, choice)
        met = self.state.met
        if option.vacates >= 0:
            choice.picks -= 1
            choice.byes.append(option.vacates)
            # Extras already at this table met the player who now sits out instead.
            for o in others:
                if o in met:
                    met[o][option.vacates] -= 1
        else:
            choice.open_slots.remove(option.point)
        choice.occupant[option.point] = extra
        for o in others:
            met[extra][o] += 1
            if o in met:
                met[o][extra] += 1
        return others

    def _undo(self, i: int, option: _Option, others: list[int], choice: _RoundChoice) -> None:
        extra = self.extras[i]
        if option.point < 0:
            if extra not in choice.forced:
                choice.picks += 1
                choice.byes.pop()
            return
        met = self.state.met
        for o in others:
            met[extra][o] -= 1
            if o in met:
                met[o][extra] -= 1
        if option.vacates >= 0:
            choice.picks += 1
            choice.byes.pop()
            for o in others:
                if o in met:
                    met[o][option.vacates] += 1
            choice.occupant[option.point] = self.labels[option.point]
        else:
            choice.occupant[option.point] = -1
            choice.open_slots.append(option.point)

    def _close_round(self, choice: _RoundChoice) -> None:
        for p in choice.byes:
            self.state.counts[p] += 1
        self.state.rounds.append(list(choice.occupant))
        self.state.byes.append(sorted(choice.byes))

    def _reopen_round(self, choice: _RoundChoice) -> None:
        self.state.rounds.pop()
        self.state.byes.pop()
        for p in choice.byes:
            self.state.counts[p] -= 1

    # --- seating rounds -----------------------------------------------------------------------

    def seat(self, rounds: int, allowed: int | None, budget: int = 0) -> bool | None:
        """Seat `rounds` more rounds adding at most `allowed` repeats (None: any, greedily).

        True when seated; otherwise the state is left as it was: False when no assignment
        adds at most `allowed` repeats, None when the budget (slots priced) ran out first."""
        if allowed is None:  # round by round, so the recursion stays shallow
            for _ in range(rounds):
                if not self._search(1, None, 0):
                    return False
            return True
        if rounds * (len(self.extras) + 1) > MAX_DEPTH:
            return None
        return self._search(rounds, allowed, budget)

    def _search(self, rounds: int, allowed: int | None, budget: int) -> bool | None:
        start = len(self.state.rounds)
        stop = start + rounds
        limit = self.work + budget
        out_of_budget = False

        def extend(r: int, i: int, choice: _RoundChoice | None, spent: int) -> bool:
            nonlocal out_of_budget
            if r == stop:
                return True
            if choice is None:
                choice = self._begin_round(r)
            if i == len(self.extras):
                self._close_round(choice)
                if extend(r + 1, 0, None, spent):
                    return True
                self._reopen_round(choice)
                return False
            for option in self._options(i, choice):
                if allowed is not None:
                    if spent + option.repeats > allowed:
                        break
                    if self.work > limit:
                        out_of_budget = True
                        return False
                others = self._apply(i, option, choice)
                if extend(r, i + 1, choice, spent + option.repeats):
                    return True
                self._undo(i, option, others, choice)
                if out_of_budget:
                    break
            return False

        if extend(start, 0, None, 0):
            return True
        return None if out_of_budget else False

    def record(self, vacated: Sequence[int]) -> None:
        """Seat the next round with extra i in the slot vacated[i], its player on a bye."""
        r = len(self.state.rounds)
        occupant = list(self.labels)
        for extra, point in zip(self.extras, vacated, strict=True):
            occupant[point] = extra
        for extra, point in zip(self.extras, vacated, strict=True):
            for q in self.construction[r][self.table_of[r][point]]:
                if q != point:
                    self.state.met[extra][occupant[q]] += 1
        byes = sorted(self.labels[point] for point in vacated)
        for p in byes:
            self.state.counts[p] += 1
        self.state.rounds.append(occupant)
        self.state.byes.append(byes)

    def repeats(self) -> int:
        """Repeated meetings of the extras (a pair of extras counted once)."""
        total = 0
        for extra, met in self.state.met.items():
            for other, m in enumerate(met):
                if m > 1 and (other not in self.state.met or other > extra):
                    total += m - 1
        return total

    def result(self) -> tuple[list[Tables], list[list[int]]]:
        rounds = []
        for r, occupant in enumerate(self.state.rounds):
            rounds.append([[occupant[q] for q in table] for table in self.construction[r]])
        return rounds, [list(b) for b in self.state.byes]


def seat_with_extras(
    construction: list[Tables],
    n: int,
    free: int,
    *,
    complete: bool,
    sit_outs: Sequence[int],
    priority: Sequence[int],
    base: Sequence[int],
    rng: random.Random,
) -> tuple[list[Tables], list[list[int]]]:
    """Tables and byes (player indices) for `free` rounds of n players, from a construction
    on n - n % 4 points.

    `sit_outs` are the players' sit-outs before the first free round and `priority` breaks
    ties between equal counts (as in seating/byes.py). The construction's rounds are taken in a
    seeded order, cycled when `complete`, else followed by shuffled rounds."""
    points = len({p for table in construction[0] for p in table})
    how_many = n - points
    order = {p: i for i, p in enumerate(priority)}
    # The players who sat out most are the extras: fair byes rarely need them off the table.
    ranked = sorted(range(n), key=lambda p: (-sit_outs[p], order[p]))
    extras = sorted(ranked[:how_many], key=lambda p: order[p])
    labels = [p for p in range(n) if p not in set(extras)]
    rng.shuffle(labels)
    sequence = list(range(len(construction)))
    rng.shuffle(sequence)
    used = free if complete else min(free, len(sequence))
    rounds = [construction[sequence[r % len(sequence)]] for r in range(used)]
    first = min(used, len(construction))

    def fresh() -> _ExtraSeating:
        return _ExtraSeating(rounds, n, extras, labels, sit_outs, base, rng)

    seating = fresh()
    outcome: bool | None = False
    for _ in range(RESTARTS):
        outcome = seating.seat(first, 0, SEARCH_WORK // RESTARTS)
        if outcome is not None:
            break  # seated, or no zero-repeat assignment exists: no use starting over
    if not outcome:
        seating.seat(first, None)
        if len(set(sit_outs)) == 1 and how_many * first <= points:
            # Everyone has sat out equally often, so any distinct design players may sit out:
            # a local search over their slots may do better than the greedy choice.
            searched = fresh()
            for vacated in _slot_search(rounds[:first], n, extras, labels, base, rng):
                searched.record(vacated)
            if searched.repeats() < seating.repeats():
                seating = searched
    seating.seat(used - first, None)
    tables, byes = seating.result()

    counts = list(seating.state.counts)
    while len(tables) < free:
        off = choose_byes(list(priority), dict(enumerate(counts)), how_many)
        for p in off:
            counts[p] += 1
        seated = [p for p in range(n) if p not in set(off)]
        rng.shuffle(seated)
        tables.append([seated[i : i + 4] for i in range(0, len(seated), 4)])
        byes.append(sorted(off))
    return tables, byes


def _slot_search(
    rounds: list[Tables],
    n: int,
    extras: list[int],
    labels: list[int],
    base: Sequence[int],
    rng: random.Random,
) -> list[list[int]]:
    """For each round, the slots (points) of the extras, all distinct, with few repeats.

    Local search: move one extra of one round (one with a repeat, most of the time) to another
    slot, swapping with whoever holds that slot in any round; accept what adds no repeats and
    now and then what does; keep the best. Stops at zero repeats or after SLOT_MOVES moves."""
    points = len(labels)
    k = len(extras)
    is_extra = set(extras)
    table_of = []
    for tables in rounds:
        where = [0] * points
        for t, table in enumerate(tables):
            for point in table:
                where[point] = t
        table_of.append(where)
    met: dict[tuple[int, int], int] = {}

    def pairs(r: int, vacated: list[int]) -> list[tuple[int, int]]:
        holder = dict(zip(vacated, extras, strict=True))
        found = set()
        for point, extra in zip(vacated, extras, strict=True):
            for q in rounds[r][table_of[r][point]]:
                if q != point:
                    other = holder.get(q, labels[q])
                    found.add((min(extra, other), max(extra, other)))
        return list(found)

    def change(found: list[tuple[int, int]], step: int) -> int:
        """Add (step 1) or remove (step -1) meetings; returns the change in repeats."""
        delta = 0
        for pair in found:
            m = met.get(pair)
            if m is None:
                m = base[pair[0] * n + pair[1]]
            if step > 0:
                delta += m >= 1
            else:
                delta -= m >= 2
            met[pair] = m + step
        return delta

    def conflicted(r: int) -> int:
        """An extra with a repeat in round r, or -1."""
        for a, b in found[r]:
            if met[(a, b)] >= 2:
                return extras.index(a if a in is_extra else b)
        return -1

    order = list(range(points))
    rng.shuffle(order)
    slots = [order[r * k : (r + 1) * k] for r in range(len(rounds))]
    holder = {point: (r, i) for r, vacated in enumerate(slots) for i, point in enumerate(vacated)}
    found = [pairs(r, vacated) for r, vacated in enumerate(slots)]
    cost = sum(change(f, 1) for f in found)
    best, best_slots = cost, [v[:] for v in slots]
    random_, randrange = rng.random, rng.randrange
    for _ in range(SLOT_MOVES):
        if cost == 0:
            break
        r, i = randrange(len(rounds)), -1
        for _ in range(8):  # look for a round with a repeat
            i = conflicted(r)
            if i >= 0:
                break
            r = randrange(len(rounds))
        if i < 0:
            i = randrange(k)
        point, old = randrange(points), slots[r][i]
        if point == old:
            continue
        other = holder.get(point)
        touched = [r] if other is None or other[0] == r else [r, other[0]]
        delta = sum(change(found[t], -1) for t in touched)
        slots[r][i] = point
        if other is not None:
            slots[other[0]][other[1]] = old
        new = [pairs(t, slots[t]) for t in touched]
        delta += sum(change(f, 1) for f in new)
        if delta <= 0 or random_() < SLOT_UPHILL**delta:
            holder[point] = (r, i)
            if other is None:
                del holder[old]
            else:
                holder[old] = other
            for t, f in zip(touched, new, strict=True):
                found[t] = f
            cost += delta
            if cost < best:
                best, best_slots = cost, [v[:] for v in slots]
        else:
            for f in new:
                change(f, -1)
            slots[r][i] = old
            if other is not None:
                slots[other[0]][other[1]] = point
            for t in touched:
                change(found[t], 1)
    return best_slots
