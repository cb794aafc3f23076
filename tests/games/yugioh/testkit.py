"""Test-only cards for rules the classic pool cannot show (tokens, Counter Traps, Quick-Play Magic).

`install(monkeypatch)` adds them to the cached pool, the facts table and the script book for one
test; nothing of them is shipped. Their texts are ours; they are not real cards.
"""

from __future__ import annotations

import pytest

from cards.pool import CardDef, load_pool, normalize_name
from engine.core.state import EMPTY
from engine.dsl.conditions import Condition
from engine.dsl.context import Ctx
from engine.dsl.costs import pay_value
from engine.dsl.scripts import Effect
from engine.dsl.selectors import Selector
from engine.games.yugioh.board import SENT_TO_GRAVE, boost, create_token, damage, destroy, draw, gain, name
from engine.games.yugioh.chain import negate
from engine.games.yugioh.facts import Facts, facts, table
from engine.games.yugioh.scripts import BOOK

TOKEN_MAKER = "T0000001"  # Normal Magic: two 0/0 Level 1 Monster Tokens in Defense Position
SPELL_NEGATOR = "T0000002"  # Counter Trap: negate the activation of the Magic/Trap link it answers
SUMMON_NEGATOR = "T0000003"  # Counter Trap: negate the Normal/Flip Summon just made, destroy it
QUICK_BOOST = "T0000004"  # Quick-Play Magic: a face-up monster gains 300 ATK this turn
COST_MONSTER = "T0000005"  # Effect Monster, Cost effect (Spell Speed 1): pay 500 LP, 500 damage
QUICK_MONSTER = "T0000006"  # Effect Monster, Multi-Trigger (Spell Speed 2): pay 300 LP, +500 ATK
RAIDER = "T0000007"  # Effect Monster, Trigger: when it inflicts Direct Damage, its controller draws 1
GRAVE_GIFT = "T0000008"  # Effect Monster, Trigger: when sent from the field to the Graveyard, +1000 LP


def _negatable(ctx: Ctx) -> bool:
    chain = ctx.state.vars.get("chain") or []
    return bool(chain) and facts(ctx.state.cards[int(chain[-1][0])].code).kind != "monster"


def _negate_below(ctx: Ctx) -> None:
    chain = ctx.state.vars.get("chain") or []
    if chain:
        negate(ctx.state, int(chain[-1][0]))


def _make_tokens(ctx: Ctx) -> None:
    for _ in range(2):
        create_token(ctx.state, ctx.player, position="def", atk=0, dfn=0, level=1)


def _summoned(ctx: Ctx) -> list[int]:
    summoned = ctx.state.vars.get("summoned")
    if not summoned or summoned[2] == ctx.player:
        return []
    cid = int(summoned[0])
    return [cid] if ctx.state.cards[cid].zone.startswith("mzone") else []


def _negate_summon(ctx: Ctx) -> None:
    for cid in ctx.targets:
        ctx.state.log(f"The Summon of {name(ctx.state, cid)} is negated.")
        destroy(ctx.state, cid)


def _quick_boost(ctx: Ctx) -> None:
    for cid in ctx.targets:
        boost(ctx.state, cid, "atk", 300)


def _burn(ctx: Ctx) -> None:
    damage(ctx.state, 1 - ctx.player, 500)


def _self_boost(ctx: Ctx) -> None:
    card = ctx.state.cards[ctx.source]
    if card.zone.startswith("mzone") and card.face_up:
        boost(ctx.state, ctx.source, "atk", 500)


def _draw_one(ctx: Ctx) -> None:
    draw(ctx.state, ctx.player, 1)


def _gift(ctx: Ctx) -> None:
    gain(ctx.state, ctx.player, 1000)


def _face_up_monsters(ctx: Ctx) -> list[int]:
    zones = ctx.state.zones
    return [c for p in (0, 1) for c in zones[f"mzone:{p}"] if c != EMPTY and ctx.state.cards[c].face_up]


CARDS = {  # code: (name, type, subtype, text, (level, atk, def))
    TOKEN_MAKER: ("Test Token Maker", "spell", "normal", "Special Summon two 0/0 Monster Tokens.", (0, 0, 0)),
    SPELL_NEGATOR: ("Test Spell Negator", "trap", "counter", "Negate a Magic or Trap activation.", (0, 0, 0)),
    SUMMON_NEGATOR: ("Test Summon Negator", "trap", "counter", "Negate a Normal or Flip Summon.", (0, 0, 0)),
    QUICK_BOOST: ("Test Quick Boost", "spell", "quick-play", "A face-up monster gains 300 ATK.", (0, 0, 0)),
    COST_MONSTER: ("Test Cost Monster", "monster", "effect", "Pay 500 LP: 500 damage.", (4, 1200, 1000)),
    QUICK_MONSTER: ("Test Multi-Trigger Monster", "monster", "effect", "Pay 300 LP: +500 ATK.", (4, 1000, 1000)),
    RAIDER: ("Test Direct Raider", "monster", "effect", "Direct Damage: draw 1 card.", (4, 1400, 1000)),
    GRAVE_GIFT: ("Test Grave Gift", "monster", "effect", "Sent from field to Graveyard: +1000 LP.", (3, 1000, 800)),
}
EFFECTS = {
    TOKEN_MAKER: Effect(
        name="test_token_maker",
        kind="spell",
        resolve=_make_tokens,
        condition=Condition(lambda ctx: EMPTY in ctx.state.zones[f"mzone:{ctx.player}"]),
    ),
    SPELL_NEGATOR: Effect(
        name="test_spell_negator",
        kind="trap",
        resolve=_negate_below,
        condition=Condition(_negatable),
        extra={"why": ["a Counter Trap that negates needs a Magic or Trap activation to answer", "7.3"]},
    ),
    SUMMON_NEGATOR: Effect(name="test_summon_negator", kind="trap", resolve=_negate_summon, target=Selector(_summoned)),
    QUICK_BOOST: Effect(
        name="test_quick_boost", kind="spell", resolve=_quick_boost, target=Selector(_face_up_monsters)
    ),
    COST_MONSTER: Effect(name="test_cost_monster", kind="ignition", resolve=_burn, cost=pay_value("lp", 500)),
    QUICK_MONSTER: Effect(name="test_quick_monster", kind="quick", resolve=_self_boost, cost=pay_value("lp", 300)),
    RAIDER: Effect(name="test_direct_raider", kind="trigger", on="direct_damage", resolve=_draw_one),
    GRAVE_GIFT: Effect(name="test_grave_gift", kind="trigger", on=SENT_TO_GRAVE, resolve=_gift),
}


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the test-only cards known to the pool, the facts table and the script book."""
    pool = load_pool("yugioh")
    for code, (card_name, kind, sub, text, (level, atk, dfn)) in CARDS.items():
        stats = {"level": level, "atk": atk, "def": dfn, "race": "Warrior", "attribute": "EARTH"}
        card = CardDef(game="yugioh", code=code, name=card_name, type=kind, subtype=sub, stats=stats, text=text)
        monkeypatch.setitem(pool.cards, code, card)
        monkeypatch.setitem(pool._by_name, normalize_name(card_name), card)
        monkeypatch.setitem(
            table(), code, Facts(code, card_name, kind, sub, level, atk, dfn, "Warrior", "EARTH", materials=())
        )
        monkeypatch.setitem(BOOK._effects, code, (EFFECTS[code],))


__all__ = [
    "CARDS",
    "COST_MONSTER",
    "GRAVE_GIFT",
    "QUICK_BOOST",
    "QUICK_MONSTER",
    "RAIDER",
    "SPELL_NEGATOR",
    "SUMMON_NEGATOR",
    "TOKEN_MAKER",
    "install",
]
