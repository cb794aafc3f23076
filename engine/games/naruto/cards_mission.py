"""Mission card scripts of "The Path to Hokage" (M-001 to M-042). Card texts: cards.json.

One-shot Missions resolve and go to the Chakra area; Permanent ones stay in the Village
with their chosen target in the card's `target` flag [14.14]; "this turn" effects are
recorded in `vars["turn_fx"]` and end with the turn [5.3].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.events import only
from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.dsl.conditions import ALWAYS, Condition
from engine.dsl.context import Ctx
from engine.dsl.scripts import Action, Effect
from engine.dsl.selectors import Selector
from engine.games.naruto import actions, board, dsl
from engine.games.naruto.board import LINK_NAMES, LINK_TRAITS, f_of
from engine.games.naruto.book import BOOK, COURAGE, ENTRANCE_RULES, mark, noop
from engine.games.naruto.dsl import each_target, my_ninjas, on_chain, their_ninjas, turn_mark


def mission(
    code: str,
    name: str,
    resolve: Action,
    *,
    target: Selector | None = None,
    targets: int = 1,
    condition: Condition = ALWAYS,
) -> None:
    BOOK.add(code, Effect(name, "mission", resolve, target=target, targets=targets, condition=condition))


def permanent(code: str, name: str, *marks: str, target: Selector | None = None) -> None:
    """A Permanent Mission whose ongoing effect is a mark the rules read [14.14]."""
    for m in marks:
        mark(code, m)
    mission(code, name, noop, target=target)


def _where(test: Callable[[State, int], bool]) -> Callable[[State, Any], bool]:
    return lambda state, card: test(state, card.id)


def _genin_card(state: State, cid: int) -> bool:
    return f_of(state, cid).kind == "Ninja" and "Genin" in f_of(state, cid).traits


def _can_enter(ctx: Ctx, cid: int) -> bool:
    return not board.unique_clash(ctx.state, ctx.player, cid)


def _deployment_left(ctx: Ctx) -> bool:
    return int(ctx.state.players[ctx.player].get("deployed", 0)) < 1


def _put_into_play(counts: bool) -> Action:
    def run(ctx: Ctx) -> None:
        for t in ctx.targets:
            if counts and not _deployment_left(ctx):
                return
            if _can_enter(ctx, t):
                if counts:
                    ctx.state.players[ctx.player]["deployed"] = (
                        int(ctx.state.players[ctx.player].get("deployed", 0)) + 1
                    )
                actions.enter_play(ctx.state, t, ctx.player, how="puts into play")

    return run


def _draw(n: int, both: bool = False) -> Action:
    def run(ctx: Ctx) -> None:
        players = range(ctx.state.num_players) if both else (ctx.player,)
        for p in players:
            actions.draw(ctx.state, p, n)

    return run


# M-001 Ichiraku Noodle Shop: heal one of your injured Ninjas.
mission(
    "M-001",
    "noodle_shop",
    each_target(lambda st, t, ctx: actions.heal(st, t)),
    target=my_ninjas().where(_where(actions.can_heal)),
)
# M-002 An Outcast's Dream (Permanent): your Naruto Uzumaki gains +1/+1 coins when its Team deals damage.
permanent("M-002", "outcasts_dream", "naruto_coin")
# M-003 Leaf Headband: a Genin from your Chakra area enters play as your deployment.
mission(
    "M-003",
    "leaf_headband",
    _put_into_play(True),
    target=dsl.my_cards("chakra").where(_where(_genin_card)).where(lambda st, c: True),
    condition=Condition(_deployment_left),
)


def _kind_teacher(ctx: Ctx) -> None:
    for p in range(ctx.state.num_players):
        for cid in list(ctx.state.zones[f"discard:{p}"]):
            actions.to_zone(ctx.state, cid, "deck")
        ctx.state.shuffle(f"deck:{p}")
    ctx.state.log("Both Discard Piles are shuffled back into their Decks")


mission("M-004", "kind_teacher", _kind_teacher)


def _disaster(ctx: Ctx) -> None:
    for cid in reversed(board.all_ninjas(ctx.state)):
        actions.deal_damage(ctx.state, cid, 1)


mission("M-005", "nine_tailed_disaster", _disaster)
mission("M-006", "missing_pet", _draw(1))
mission("M-007", "make_out_paradise", turn_mark("extra_reward", "targets"), target=my_ninjas())
mission("M-008", "an_accident", turn_mark("no_jutsu", "player"))


def _not_permanent(state: State, card: Any) -> bool:
    return "Permanent" not in f_of(state, card.id).keywords


mission(
    "M-009",
    "lone_avenger",
    each_target(lambda st, t, ctx: _negate(st, t, "discard")),
    target=on_chain("mission").where(_not_permanent),
)


def _negate(state: State, cid: int, zone: str) -> None:
    from engine.games.naruto.chain import negate

    negate(state, cid, zone)


def _exhaustion(ctx: Ctx) -> None:
    for p in range(ctx.state.num_players):
        for cid in list(ctx.state.zones[f"chakra:{p}"]):
            actions.to_zone(ctx.state, cid, "discard")
    ctx.state.log("Every card in both Chakra areas is discarded")


mission("M-010", "exhaustion", _exhaustion)


def _look_top(ctx: Ctx, n: int) -> list[int]:
    top = ctx.state.top(f"deck:{ctx.player}", n)
    for cid in top:
        ctx.state.mcard(cid).known |= only(ctx.player)
    names = ", ".join(f_of(ctx.state, c).name for c in top) or "nothing"
    ctx.state.log(
        f"Player {ctx.player + 1} looks at the top {len(top)} cards: {names}",
        to=only(ctx.player),
        redacted=f"Player {ctx.player + 1} looks at the top {len(top)} cards of their Deck",
    )
    return top


def _bingo_book(ctx: Ctx) -> None:
    top = _look_top(ctx, 3)
    deck = f"deck:{ctx.player}"
    ninjas = [c for c in top if f_of(ctx.state, c).kind == "Ninja"]
    ctx.state.push(
        "naruto.pick",
        player=ctx.player,
        candidates=ninjas,
        **{"from": deck},
        dest="hand",
        verb="takes",
        public=False,
        then_shuffle=deck,
        text="Bingo Book: take a Ninja into your hand?",
        rule="naruto 15.8",
    )


mission("M-011", "bingo_book", _bingo_book)
mission("M-012", "worst_client", turn_mark("must_block", "targets"), target=my_ninjas())
permanent("M-013", "gato_transport", "send_toll")
mission("M-014", "intent_to_kill", turn_mark("no_genin_teams", "player"))


def _inner_sakura(ctx: Ctx) -> None:
    top = _look_top(ctx, 4)
    if board.name_in_play(ctx.state, ctx.player, frozenset({"Sakura Haruno"})):
        actions.push_effect(ctx.state, ctx.source, "inner_sakura_draw", ctx.player)
    if len(top) > 1:
        ctx.state.push("naruto.order", player=ctx.player, cards=top, deck=f"deck:{ctx.player}", rule="naruto 15.8")


BOOK.add(
    "M-015",
    Effect("inner_sakura", "mission", _inner_sakura),
    Effect("inner_sakura_draw", "action", _draw(1)),
)


def _bookstore(ctx: Ctx) -> None:
    dsl.reveal_hand(ctx.state, ctx.player, board.opponent(ctx.player))


mission("M-016", "bookstore", _bookstore)
mission("M-017", "three_man_squads", turn_mark("three_man", "player"))
mission("M-018", "one_morning", _draw(2))


def _permanents(ctx: Ctx) -> list[int]:
    return list(board.permanents(ctx.state))


mission(
    "M-019",
    "failure",
    each_target(lambda st, t, ctx: actions.leave_play(st, t, "discard")),
    target=Selector(_permanents),
)


def _hand_ninja(test: Callable[[State, int], bool]) -> Selector:
    return Selector(
        lambda ctx: [
            c
            for c in ctx.state.zones[f"hand:{ctx.player}"]
            if f_of(ctx.state, c).kind == "Ninja" and test(ctx.state, c) and _can_enter(ctx, c)
        ]
    )


mission("M-020", "ninja_academy", _put_into_play(False), target=_hand_ninja(_genin_card))


def _after_battle(ctx: Ctx) -> None:
    for cid in board.ninjas(ctx.state, ctx.player):
        actions.heal(ctx.state, cid)


mission("M-021", "after_the_battle", _after_battle)
permanent("M-022", "leaf_forces", "extra_draw")
permanent("M-023", "battle_of_clones", target=my_ninjas())
LINK_TRAITS["M-023"] = ("Clone Status",)


def _oath(ctx: Ctx) -> None:
    hand = list(ctx.state.zones[f"hand:{ctx.player}"])
    if hand:
        actions.push_effect(ctx.state, ctx.source, "oath_draw", ctx.player, data={"n": len(hand)})
        ctx.state.push(
            "naruto.order", player=ctx.player, cards=hand, deck=f"deck:{ctx.player}", bottom=True, rule="naruto 15.8"
        )


def _oath_draw(ctx: Ctx) -> None:
    actions.draw(ctx.state, ctx.player, int(ctx.data.get("n", 0)))


BOOK.add("M-024", Effect("oath_of_pain", "mission", _oath), Effect("oath_draw", "action", _oath_draw))


def _hero(state: State, src: int, card: int, player: int) -> int:
    return 1 if state.cards[card].zone.startswith("hand:") and f_of(state, card).entrance >= 1 else 0


ENTRANCE_RULES["M-025"] = _hero
permanent("M-025", "hero_appears")
mission("M-026", "unpredictable", turn_mark("must_battle", "targets"), target=their_ninjas())
permanent("M-027", "uchiha_blood", target=my_ninjas())
LINK_TRAITS["M-027"] = ("Sharingan Eye",)
mission("M-028", "coward", turn_mark("coward", "player"))


def _seesaw(ctx: Ctx) -> None:
    for p in (ctx.player, board.opponent(ctx.player)):
        rewards = list(ctx.state.zones[f"rewards:{p}"])
        if rewards and ctx.state.options.get("naruto_seesaw_random"):
            for cid in actions.random_rewards(ctx.state, p):
                actions.to_zone(ctx.state, cid, "discard")
                ctx.state.log(f"Seesaw Battle discards {f_of(ctx.state, cid).name} at random from the Battle Rewards")
        elif rewards:
            ctx.state.push(
                "naruto.pick",
                player=ctx.player,
                candidates=rewards,
                **{"from": f"rewards:{p}"},
                dest="discard",
                must=True,
                verb="discards",
                text=f"Seesaw Battle: discard one of Player {p + 1}'s Battle Rewards",
                rule="naruto 13.12",
            )


mission("M-029", "seesaw_battle", _seesaw)
permanent("M-030", "kakashis_foresight", "two_missions")
mission("M-031", "gathering_herbs", _draw(1, both=True))


def _jonin_or_lower(state: State, cid: int) -> bool:
    return board.rank_at_most(state, cid, "Jonin")


def _foe_has_jonin(ctx: Ctx) -> bool:
    return any(board.has_trait(ctx.state, c, "Jonin") for c in board.ninjas(ctx.state, board.opponent(ctx.player)))


mission(
    "M-032",
    "worst_for_last",
    _put_into_play(True),
    target=_hand_ninja(_jonin_or_lower),
    condition=Condition(_foe_has_jonin) & Condition(_deployment_left),
)


def _public_execution(ctx: Ctx) -> None:
    for p in (board.opponent(ctx.player), ctx.player):
        actions.push_effect(ctx.state, ctx.source, "execution_pick", p)


def _execution_pick(ctx: Ctx) -> None:
    p = ctx.player
    cards = list(ctx.state.zones[f"hand:{p}"]) + [
        c for c in ctx.state.zones[f"village:{p}"] + ctx.state.zones[f"battle:{p}"]
    ]
    if cards:
        ctx.state.push("naruto.execute", player=p, candidates=cards)


BOOK.add(
    "M-033",
    Effect("public_execution", "mission", _public_execution),
    Effect("execution_pick", "action", _execution_pick),
)


def _unwanted_child(ctx: Ctx) -> None:
    foe = board.opponent(ctx.player)
    rewards = list(ctx.state.zones[f"rewards:{foe}"])
    for cid in rewards:
        ctx.state.mcard(cid).known |= only(ctx.player)
    ctx.state.log(f"Player {ctx.player + 1} looks at Player {foe + 1}'s Battle Rewards")
    rogues = [c for c in rewards if f_of(ctx.state, c).kind == "Ninja" and "Rogue Ninja" in f_of(ctx.state, c).traits]
    ctx.state.push(
        "naruto.pick",
        player=ctx.player,
        candidates=rogues,
        **{"from": f"rewards:{foe}"},
        dest="hand",
        reveal=True,
        verb="reveals and takes",
        text="Unwanted Child: take a Rogue Ninja?",
        rule="naruto 15.8",
    )


mission("M-034", "unwanted_child", _unwanted_child)


def _clover(ctx: Ctx) -> None:
    deck = f"deck:{ctx.player}"
    missions = [c for c in ctx.state.zones[deck] if f_of(ctx.state, c).kind == "Mission"]
    for cid in ctx.state.zones[deck]:
        ctx.state.mcard(cid).known |= only(ctx.player)
    ctx.state.push("naruto.clover", player=ctx.player, candidates=missions)


mission("M-035", "red_clover", _clover)


def _left_behind(state: State, t: int, ctx: Ctx) -> None:
    if board.on_battlefield(state, t):
        actions.to_standby(state, t)
        return
    owner = state.cards[t].controller
    actions.remove_from_teams(state, t)
    state.players[owner].setdefault("teams", []).append([t])
    state.log(f"{f_of(state, t).name} leaves its Team")


mission("M-036", "left_behind", each_target(_left_behind), target=their_ninjas())


def _reorganize(ctx: Ctx) -> None:
    ctx.state.push("naruto.organize", player=ctx.player, forced=True)


mission("M-037", "specific_instruction", _reorganize)
mission("M-038", "teachings", turn_mark("all_must", "player"))


def _small_act(ctx: Ctx) -> None:
    """Only the Ninja cards in hand now (Entrance cost 2 or less) get -1 this turn [15.5]."""
    state = ctx.state
    hand = [c for c in state.zones[f"hand:{ctx.player}"] if f_of(state, c).kind == "Ninja"]
    for cid in hand:
        if f_of(state, cid).entrance <= 2:
            state.mcard(cid).flags[COURAGE] = state.vars.get("turn", 0)
    state.log(f"Player {ctx.player + 1}'s Ninja cards in hand with Entrance cost 2 or less cost 1 less this turn")


mission("M-039", "small_act_of_courage", _small_act)


def _shooting_star_leaves(ctx: Ctx) -> None:
    target = ctx.data.get("flags", {}).get("target")
    if isinstance(target, int) and board.in_play(ctx.state, target):
        actions.leave_play(ctx.state, target, "discard", why=" (Shooting Star left play)")


BOOK.add(
    "M-040",
    Effect(
        "shooting_star", "mission", noop, target=my_ninjas().where(lambda st, c: board.has_trait(st, c.id, "Genin"))
    ),
    Effect("star_falls", "trigger", _shooting_star_leaves, on="leave"),
)
LINK_NAMES["M-040"] = ("Shooting Star",)
mission("M-041", "manji_formation", turn_mark("no_damage", "targets"), target=my_ninjas())
mission(
    "M-042",
    "revival",
    each_target(lambda st, t, ctx: actions.to_zone(st, t, "deck")),
    target=dsl.my_cards("discard").where(lambda st, c: f_of(st, c.id).kind == "Ninja"),
)


@procedure("naruto.execute")
def execute(state: State, frame: Frame) -> None:
    """Public Execution (M-033): discard a card from hand or from your cards in play."""
    d = frame.data
    player = d["player"]
    if frame.step == 1:
        cid = int(state.take_answer().id.partition(":")[2])
        state.pop()
        if board.in_play(state, cid):
            actions.leave_play(state, cid, "discard")
        else:
            actions.to_zone(state, cid, "discard")
            state.log(f"Player {player + 1} discards {f_of(state, cid).name} from hand")
        return
    cards = [
        c for c in d["candidates"] if state.cards[c].zone in (f"hand:{player}", f"village:{player}", f"battle:{player}")
    ]
    if not cards:
        state.pop()
        return
    frame.step = 1
    options = [
        Option(
            f"execute:{c}",
            f"Discard {board.label(state, c)} ({'hand' if state.cards[c].zone.startswith('hand') else 'in play'})",
            "discard",
        )
        for c in cards
    ]
    state.ask(player, "discard", "Public Execution: discard 1 card from your hand or from play", options, "naruto 15.8")


@procedure("naruto.clover")
def clover(state: State, frame: Frame) -> None:
    """Look for the Red Four-Leaf Clover (M-035): reveal a Mission, shuffle, put it on top."""
    d = frame.data
    player = d["player"]
    deck = f"deck:{player}"
    chosen = -1
    if frame.step == 1:
        chosen = int(state.take_answer().id.partition(":")[2])
    elif d["candidates"]:
        frame.step = 1
        options = [Option(f"reveal:{c}", f"Reveal {board.label(state, c)}", "pick") for c in d["candidates"]]
        state.ask(player, "pick", "Choose a Mission to put on top of your Deck", options, "naruto 15.8")
        return
    state.pop()
    state.shuffle(deck)
    if chosen >= 0:
        state.move(chosen, deck, known=only(*range(state.num_players)))
        state.log(f"Player {player + 1} reveals {f_of(state, chosen).name} and puts it on top of the Deck")
    else:
        state.log(f"Player {player + 1} finds no Mission and shuffles the Deck")
