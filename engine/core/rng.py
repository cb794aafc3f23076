"""One seeded, versioned random number generator kept inside the game state.

The algorithm is SplitMix64, written out here so that a match replays identically on
every Python version; never use the `random` module in engine code.

>>> rng = Rng(7)
>>> rng.randbelow(6) in range(6)
True
>>> Rng.from_json(rng.to_json()).next64() == rng.next64()
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

RNG_VERSION: Final = 1
_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64: tiny state (one integer), fast to copy, good enough for shuffles and coins."""

    __slots__ = ("counter", "state")

    def __init__(self, seed: int, *, state: int | None = None, counter: int = 0) -> None:
        self.state = (seed * 0x2545F4914F6CDD1D + 0x1234567) & _MASK if state is None else state
        self.counter = counter

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.counter += 1
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = _MASK - (_MASK + 1) % n
        while True:
            value = self.next64()
            if value <= limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """Return a uniform integer in [low, high]."""
        return low + self.randbelow(high - low + 1)

    def coin(self) -> bool:
        """Flip a fair coin: True is heads."""
        return bool(self.next64() & 1)

    def choice(self, items: Sequence[T]) -> T:
        """Return one item of a non-empty sequence."""
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """Return an independent generator derived from this one (advances this one)."""
        return Rng(0, state=self.next64())

    def copy(self) -> Rng:
        return Rng(0, state=self.state, counter=self.counter)

    def to_json(self) -> list[int]:
        return [RNG_VERSION, self.state, self.counter]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        version, state, counter = data
        if version != RNG_VERSION:
            raise ValueError(f"RNG version {version} cannot be restored by version {RNG_VERSION}")
        return cls(0, state=state, counter=counter)
