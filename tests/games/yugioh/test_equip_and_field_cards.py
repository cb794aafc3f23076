"""Every Equip and Field Magic of the pool changes exactly the monsters it names, by its amounts."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cards.pool import load_pool
from engine.core.state import State
from engine.dsl.context import Ctx
from engine.games.yugioh.board import EQUIP_BOOSTS, FIELD_BOOSTS, atk, dfn
from engine.games.yugioh.facts import table
from engine.games.yugioh.scripts import BOOK, candidates

POOL = load_pool("yugioh")


def monster_where(test: object) -> str:
    for f in table().values():
        if f.kind == "monster" and f.sub == "normal" and test(f):  # type: ignore[operator]
            return f.name
    raise LookupError("no such monster in the pool")


def up(name: str) -> dict[str, object]:
    return {"card": name, "face_up": True, "orientation": "atk"}


def board(
    build: Callable[..., State],
    cards: list[dict[str, object]],
    szone: list[dict[str, object]] | None = None,
    fzone: list[dict[str, object]] | None = None,
) -> State:
    zones: dict[str, object] = {"mzone": cards, "deck": ["5x Dark Gray"], "szone": szone or [], "fzone": fzone or []}
    return build(zones)


@pytest.mark.parametrize("code", sorted(EQUIP_BOOSTS))
def test_equip_magic(code: str, build: Callable[..., State]) -> None:
    effect = BOOK.effects(code)[0]
    name = POOL[code].name
    fitting = [f.name for f in table().values() if f.kind == "monster" and f.sub == "normal"]
    good = bad = ""
    for start in range(0, len(fitting), 5):
        probe = board(build, [{"card": n, "face_up": True, "orientation": "atk"} for n in fitting[start : start + 5]])
        ok = set(candidates(effect, Ctx(probe, -1, 0)))
        for cid in (c for c in probe.zones["mzone:0"] if c >= 0):
            if cid in ok and not good:
                good = probe.game.card(probe.cards[cid].code).name
            if cid not in ok and not bad:
                bad = probe.game.card(probe.cards[cid].code).name
    assert good and bad, name
    state = board(
        build,
        [{"card": good, "face_up": True, "orientation": "atk"}],
        szone=[{"card": name, "face_up": True, "attached_to": 0}],
    )
    f = table()[state.cards[0].code]
    d_atk, d_def = EQUIP_BOOSTS[code]
    assert (atk(state, 0), dfn(state, 0)) == (max(0, f.atk + d_atk), max(0, f.dfn + d_def))


@pytest.mark.parametrize("code", sorted(FIELD_BOOSTS))
def test_field_magic(code: str, build: Callable[..., State]) -> None:
    boosts = FIELD_BOOSTS[code]
    for race, delta in boosts.items():
        name = monster_where(lambda f, race=race: f.race == race)
        other = monster_where(lambda f: f.race not in boosts)
        state = board(
            build,
            [
                {"card": name, "face_up": True, "orientation": "atk"},
                {"card": other, "face_up": True, "orientation": "atk"},
            ],
            fzone=[{"card": POOL[code].name, "face_up": True}],
        )
        f, g = table()[state.cards[0].code], table()[state.cards[1].code]
        assert atk(state, 0) == max(0, f.atk + delta) and dfn(state, 0) == max(0, f.dfn + delta), (code, race)
        assert atk(state, 1) == g.atk and dfn(state, 1) == g.dfn
