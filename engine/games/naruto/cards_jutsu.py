"""Jutsu card scripts of "The Path to Hokage" (J-001 to J-042). Card texts: cards.json.

`jutsu(code, resolve, requires=..., target=..., ...)` registers a card's Jutsu effect; the
Exchange of Jutsu (chain.py) reads `requires` to list legal users [10.3] and `target` to list
legal targets [10.9].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.state import Card, State
from engine.dsl.context import Ctx
from engine.dsl.scripts import Action, Effect
from engine.dsl.selectors import Selector
from engine.games.naruto import actions, board, dsl
from engine.games.naruto.board import f_of
from engine.games.naruto.book import BOOK
from engine.games.naruto.dsl import (
    against_user,
    attr_is,
    battlefield,
    buff_user,
    each_against,
    each_target,
    has,
    is_head,
    named,
    ninjas_in_play,
    on_chain,
    rank_min,
    sequence,
    standby_ninjas,
    turn_mark,
    user,
)


def jutsu(
    code: str,
    name: str,
    resolve: Action,
    *,
    requires: Callable[[State, int], bool] | None = None,
    req: str = "",
    target: Selector | None = None,
    targets: int = 1,
    max_targets: int | None = None,
) -> None:
    extra: dict[str, Any] = {"requires": requires, "req_text": req}
    if max_targets is not None:
        extra["max_targets"] = max_targets
    BOOK.add(code, Effect(name, "jutsu", resolve, target=target, targets=targets, extra=extra))


def clone_status(ctx: Ctx) -> None:
    actions.give_trait(ctx.state, user(ctx), "Clone Status")


def _male(state: State, card: Card) -> bool:
    return board.has_trait(state, card.id, "Male")


def _become_female(ctx: Ctx) -> None:
    actions.give_trait(ctx.state, user(ctx), "Female", lose="Male")


jutsu("J-001", "kunai", buff_user(2, 2))
jutsu("J-002", "cross_shuriken", buff_user(3, 0))
jutsu(
    "J-003",
    "sexy_jutsu",
    sequence(_become_female, each_target(lambda st, t, ctx: actions.set_power(st, t, 0, None, source=ctx.source))),
    requires=has("Male"),
    req="Male",
    target=against_user().where(_male),
)
jutsu(
    "J-004",
    "harem_jutsu",
    sequence(
        _become_female,
        each_against(
            lambda st, t, ctx: actions.set_power(st, t, 0, 0, source=ctx.source) if _male(st, st.cards[t]) else None
        ),
    ),
    requires=dsl.all_of(has("Male"), has("Clone Status")),
    req="Male with Clone Status",
)


def _multi_clone(ctx: Ctx) -> None:
    actions.boost(ctx.state, user(ctx), 2 * int(ctx.data.get("x", 0)), 0, source=ctx.source, jutsu=True)
    clone_status(ctx)


jutsu("J-005", "multi_shadow_clone", _multi_clone)
jutsu(
    "J-006",
    "eight_trigrams_seal",
    each_target(lambda st, t, ctx: actions.leave_play(st, t, "deck", why=" (on top of its owner's Deck)")),
    requires=rank_min("Jonin"),
    req="of Jonin rank or higher",
    target=ninjas_in_play(),
)
jutsu(
    "J-007",
    "sharingan_eye",
    each_target(lambda st, t, ctx: _negate(st, t, "discard")),
    requires=has("Sharingan Eye"),
    req='a "Sharingan Eye" Ninja',
    target=on_chain("jutsu"),
)


def _negate(state: State, cid: int, zone: str) -> None:
    from engine.games.naruto.chain import negate

    negate(state, cid, zone)


def _crystal_ball(ctx: Ctx) -> None:
    hand = dsl.reveal_hand(ctx.state, ctx.player, board.opponent(ctx.player))
    if any(f_of(ctx.state, c).kind == "Ninja" for c in hand):
        actions.draw(ctx.state, ctx.player)


jutsu("J-008", "crystal_ball", _crystal_ball)


def _rewards_any(ctx: Ctx) -> list[int]:
    return [c for p in range(ctx.state.num_players) for c in ctx.state.zones[f"rewards:{p}"]]


def _reward_to_chakra(state: State, t: int, ctx: Ctx) -> None:
    if state.cards[t].zone.startswith("rewards:"):
        actions.to_zone(state, t, "chakra")
        state.log(f"{f_of(state, t).name} goes from the Battle Rewards to its owner's Chakra area")


jutsu("J-009", "thousand_years_of_death", each_target(_reward_to_chakra), target=Selector(_rewards_any))


def _fire_ball(state: State, t: int, ctx: Ctx) -> None:
    if board.attribute(state, t) == "Flame":
        state.log(f"{f_of(state, t).name} fights with Flame and takes no damage")
        return
    actions.deal_damage(state, t, 1, source=user(ctx))


jutsu("J-010", "fire_ball", each_target(_fire_ball), target=ninjas_in_play())
jutsu(
    "J-011",
    "shared_instinct",
    each_target(lambda st, t, ctx: actions.leave_play(st, t, "hand")),
    requires=rank_min("Chunin"),
    req="of Chunin rank or higher",
    target=standby_ninjas(),
)


def _water_clone(ctx: Ctx) -> None:
    x = int(ctx.data.get("x", 0))
    actions.boost(ctx.state, user(ctx), x, x, source=ctx.source, jutsu=True)
    clone_status(ctx)


jutsu("J-012", "water_clone", _water_clone)
jutsu("J-013", "hidden_mist", each_target(lambda st, t, ctx: _negate(st, t, "hand")), target=on_chain("jutsu"))
jutsu(
    "J-014",
    "silent_killing",
    each_against(lambda st, t, ctx: actions.injure(st, t)),
    requires=rank_min("Jonin"),
    req="of Jonin rank or higher",
)
jutsu("J-015", "clone_jutsu", sequence(buff_user(1, 1), clone_status))


def _transform(ctx: Ctx) -> None:
    from engine.core.state import Modifier

    u = user(ctx)
    ctx.state.add_modifier(Modifier(u, "swap", 0, "add", "end_of_turn", ctx.source))
    ctx.state.log(f"{f_of(ctx.state, u).name} swaps Combat and Support this turn")
    ctx.state.push("naruto.choose_attr", player=ctx.player, user=u)


jutsu("J-016", "transform", _transform)


def _supports(ctx: Ctx) -> list[int]:
    return [c for c in battlefield()(ctx) if not board.is_head(ctx.state, c) and board.team_in_battle(ctx.state, c)]


def _substitute(state: State, t: int, ctx: Ctx) -> None:
    team = board.team_in_battle(state, t)
    if team and t in team[1:]:
        old = team[0]
        i = team.index(t)
        team[0], team[i] = t, old
        state.log(f"{f_of(state, t).name} becomes the Head Ninja in place of {f_of(state, old).name}")


jutsu("J-017", "substitution", each_target(_substitute), target=Selector(_supports))


def _disguise(ctx: Ctx) -> None:
    where = board.battle_of(ctx.state, user(ctx))
    if where is not None:
        board.fx_add(ctx.state, "skip_battle", where[0])
        ctx.state.log("That battle will skip the Showdown")


jutsu("J-018", "disguise", _disguise)


def _mirage(state: State, t: int, ctx: Ctx) -> None:
    n = 3 if board.attribute(state, user(ctx)) == "Genjutsu" else 2
    actions.boost(state, t, -n, -n, source=ctx.source)


jutsu("J-019", "death_mirage", each_target(_mirage), target=against_user())


def _escape(state: State, t: int, ctx: Ctx) -> None:
    board.fx_add(state, "locked", t)
    c, s = board.power(state, t)
    state.log(f"{f_of(state, t).name} is back to {c}/{s} and cannot be changed this turn")


jutsu("J-020", "escape", each_target(_escape), target=ninjas_in_play())


def _headhunter(ctx: Ctx) -> None:
    for t in list(board.opposing(ctx.state, user(ctx)))[1:]:
        actions.to_standby(ctx.state, t)


jutsu("J-021", "headhunter", _headhunter, requires=rank_min("Chunin"), req="of Chunin rank or higher")


def _weak(state: State, card: Card) -> bool:
    return board.power(state, card.id)[0] <= 2


def _mind_transfer(state: State, t: int, ctx: Ctx) -> None:
    actions.to_standby(state, t)
    me = ctx.player
    if board.in_play(state, t) and not board.unique_clash(state, me, t):
        old = state.cards[t].controller
        actions.remove_from_teams(state, t)
        state.move(t, f"village:{me}", controller=me)
        state.players[me].setdefault("teams", []).append([t])
        state.log(f"Player {me + 1} takes control of {f_of(state, t).name} from Player {old + 1}")


jutsu(
    "J-022",
    "mind_transfer",
    each_target(_mind_transfer),
    requires=attr_is("Mind"),
    req="a Mind fighter",
    target=against_user().where(_weak),
)
jutsu(
    "J-023",
    "shadow_possession",
    each_target(lambda st, t, ctx: actions.set_power(st, t, 0, 0, source=ctx.source)),
    requires=attr_is("Shadow"),
    req="a Shadow fighter",
    target=against_user(),
)
jutsu(
    "J-024",
    "expansion",
    sequence(buff_user(2, 0), turn_mark("untargetable")),
    requires=attr_is("Food"),
    req="a Food fighter",
)


def _shadow_clone(ctx: Ctx) -> None:
    clone_status(ctx)
    heads = ctx.state.rng.coin()
    ctx.state.log(f"Coin flip: {'heads' if heads else 'tails'}")
    actions.boost(ctx.state, user(ctx), 4 if heads else 2, 0, source=ctx.source, jutsu=True)


jutsu("J-025", "shadow_clone", _shadow_clone)
jutsu("J-026", "leaf_hurricane", buff_user(3, 0), requires=attr_is("Taijutsu"), req="a Taijutsu fighter")
jutsu("J-027", "leaf_whirlwind", buff_user(0, 3), requires=attr_is("Taijutsu"), req="a Taijutsu fighter")


def _all_four(ctx: Ctx) -> None:
    u = user(ctx)
    actions.give_trait(ctx.state, u, "Animal")
    x = max(0, board.power(ctx.state, u)[0])
    actions.boost(ctx.state, u, x, 0, source=ctx.source, jutsu=True)


jutsu("J-028", "all_four", _all_four, requires=attr_is("Fang"), req="a Fang fighter")


def _demon_wind(ctx: Ctx) -> None:
    n = 3 if board.attribute(ctx.state, user(ctx)) == "Weapon" else 2
    actions.boost(ctx.state, user(ctx), n, 0, source=ctx.source, jutsu=True)


jutsu("J-029", "demon_wind_shuriken", _demon_wind)
jutsu("J-030", "lightning_blade", buff_user(7, 0), requires=named("Kakashi Hatake"), req="Kakashi Hatake")
jutsu("J-031", "guillotine_sword", turn_mark("deadly"), requires=is_head(), req="a Head Ninja")
jutsu(
    "J-032",
    "water_prison",
    each_target(lambda st, t, ctx: actions.set_power(st, t, 0, None, source=ctx.source)),
    target=against_user(),
)
jutsu(
    "J-033",
    "water_dragon",
    each_target(lambda st, t, ctx: actions.deal_damage(st, t, 1, source=user(ctx))),
    requires=rank_min("Jonin"),
    req="of Jonin rank or higher",
    target=battlefield(),
)
jutsu(
    "J-034",
    "giant_vortex",
    each_against(lambda st, t, ctx: actions.leave_play(st, t, "hand")),
    requires=rank_min("Jonin"),
    req="of Jonin rank or higher",
)
jutsu(
    "J-035",
    "thousand_needles",
    each_target(lambda st, t, ctx: actions.injure(st, t)),
    requires=named("Haku"),
    req="Haku",
    target=against_user(),
)


def _ice_mirror(state: State, t: int, ctx: Ctx) -> None:
    x = sum(len(state.zones[f"hand:{p}"]) for p in range(state.num_players))
    actions.boost(state, t, -x, -x, source=ctx.source)


jutsu(
    "J-036", "crystal_ice_mirror", each_target(_ice_mirror), requires=named("Haku"), req="Haku", target=against_user()
)
jutsu("J-037", "shadow_shuriken", turn_mark("unnegatable"))
jutsu(
    "J-038",
    "sprinting_in_the_mist",
    each_target(lambda st, t, ctx: actions.to_standby(st, t)),
    target=Selector(lambda ctx: list(ctx.state.zones[f"battle:{ctx.player}"])),
)


def _parasites(ctx: Ctx) -> None:
    deck = f"deck:{board.opponent(ctx.player)}"
    for _ in range(min(3, len(ctx.state.zones[deck]))):
        ids = ctx.state.zones[deck]
        cid = ids[ctx.state.rng.randbelow(len(ids))]
        actions.to_zone(ctx.state, cid, "discard")
        ctx.state.log(f"{f_of(ctx.state, cid).name} is discarded from Player {board.opponent(ctx.player) + 1}'s Deck")


jutsu("J-039", "parasitic_insects", _parasites, requires=attr_is("Insect"), req="an Insect fighter")


def _tree_climbing(ctx: Ctx) -> None:
    deck = ctx.state.zones[f"deck:{ctx.player}"]
    for _ in range(min(2, len(deck))):
        cid = deck[-1]
        actions.to_zone(ctx.state, cid, "chakra")
        ctx.state.log(f"{f_of(ctx.state, cid).name} goes from the Deck to the Chakra area")


jutsu("J-040", "tree_climbing", _tree_climbing)


def _dogs(ctx: Ctx) -> list[int]:
    team = board.team_in_battle(ctx.state, user(ctx))
    if not team or len(team) >= 3:
        return []
    return [
        c
        for c in ctx.state.zones[f"discard:{ctx.player}"]
        if f_of(ctx.state, c).kind == "Ninja"
        and "Ninja Dog" in f_of(ctx.state, c).traits
        and not board.unique_clash(ctx.state, ctx.player, c)
    ]


def _fanged_pursuit(ctx: Ctx) -> None:
    state = ctx.state
    team = board.team_in_battle(state, user(ctx))
    for t in ctx.targets:
        if len(team) >= 3 or state.cards[t].zone != f"discard:{ctx.player}":
            continue
        if board.unique_clash(state, ctx.player, t):
            continue
        actions.enter_play(state, t, ctx.player, how="adds as a Support Ninja", join=team)


jutsu("J-041", "fanged_pursuit", _fanged_pursuit, target=Selector(_dogs), targets=1, max_targets=2)


def _byakugan(ctx: Ctx) -> None:
    foe = board.opponent(ctx.player)
    hand = dsl.reveal_hand(ctx.state, ctx.player, foe)
    wanted = [c for c in hand if f_of(ctx.state, c).kind in ("Jutsu", "Mission")]
    if wanted:
        ctx.state.push(
            "naruto.pick",
            player=ctx.player,
            candidates=wanted,
            **{"from": f"hand:{foe}"},
            dest="discard",
            must=True,
            verb="discards",
            text="Byakugan: discard a Jutsu or Mission from that hand",
            rule="naruto 15.8",
        )


jutsu("J-042", "byakugan", _byakugan, requires=has("Byakugan"), req='a "Byakugan" Ninja')
