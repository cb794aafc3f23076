"""State changes shared by rules and card scripts: draw, move in and out of play, damage,
heal, Power changes, Battle Rewards. Each names the rule it carries out.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import only
from engine.core.prompt import Option
from engine.core.state import Card, Frame, Modifier, State, procedure
from engine.dsl.context import Ctx
from engine.games.naruto import board
from engine.games.naruto.board import INJURED, f_of
from engine.games.naruto.book import BOOK, COURAGE


def pname(state: State, player: int) -> str:
    return f"Player {player + 1}"


def cname(state: State, cid: int) -> str:
    return f_of(state, cid).name


def draw(state: State, player: int, n: int = 1) -> int:
    """Draw up to `n` cards; an empty Deck is judged in the End Phase [12.1]. Returns how many."""
    deck = state.zones[f"deck:{player}"]
    drawn = 0
    for _ in range(n):
        if not deck:
            state.log(f"{pname(state, player)} has no card left to draw")
            break
        cid = deck[-1]
        fresh_in_hand(state, state.move(cid, f"hand:{player}"))
        drawn += 1
        state.log(
            f"{pname(state, player)} draws {cname(state, cid)}",
            to=only(player),
            redacted=f"{pname(state, player)} draws a card",
        )
    return drawn


def fresh_in_hand(state: State, card: Card) -> None:
    """A card arriving in a hand is a new card there: "this turn" marks from an earlier stay end."""
    if COURAGE in card.flags:
        del state.mcard(card.id).flags[COURAGE]


def to_zone(state: State, cid: int, zone: str, *, index: int | None = None) -> None:
    """Move a card that is not in play to its owner's `zone` [13.10]."""
    card = state.move(cid, f"{zone}:{state.cards[cid].owner}", index=index)
    if zone == "hand":
        fresh_in_hand(state, card)


def charge(state: State, cid: int) -> None:
    """Charge a card from hand to its owner's Chakra area [7.5]."""
    to_zone(state, cid, "chakra")


def remove_from_teams(state: State, cid: int) -> None:
    for p in range(state.num_players):
        teams = state.players[p].get("teams")
        if teams and any(cid in t for t in teams):
            state.players[p]["teams"] = [[x for x in t if x != cid] for t in teams if t != [cid]]
    for index, battle in enumerate(state.vars.get("battles", ())):
        for side in ("a", "b"):
            if cid in battle[side]:
                was_head = battle[side][0] == cid
                battle[side].remove(cid)
                if was_head and battle[side] and not battle.get("settled"):
                    _new_head(state, index, side)


def _new_head(state: State, index: int, side: str) -> None:
    """The Head Ninja left its Team: the first Support Ninja leads, or (option) the controller picks [11.7]."""
    team = board.battles(state)[index][side]
    state.log(f"{cname(state, team[0])} becomes the Head Ninja of its Team")
    if len(team) > 1 and state.options.get("naruto_choose_new_head"):
        state.push("naruto.new_head", battle=index, side=side)


def leave_play(
    state: State, cid: int, zone: str, *, index: int | None = None, why: str = "", told: bool = False
) -> None:
    """Remove an in-play card from play to its owner's `zone` [13.11]; runs leave-play effects.
    `told`: the caller's own narration already says it ("… receives 2 damage and is discarded")."""
    if not board.in_play(state, cid):
        return
    code = state.cards[cid].code
    controller = state.cards[cid].controller
    was_active = board.active(state, cid)
    old_flags = dict(state.cards[cid].flags)
    # A card seen in play stays known to everyone when it goes into a hidden Deck or hand [13.13].
    seen = only(*range(state.num_players)) if zone in ("deck", "hand") else None
    state.move(cid, f"{zone}:{state.cards[cid].owner}", index=index, known=seen)
    card = state.mcard(cid)
    card.counters = {}
    card.flags = {}
    card.orientation = ""
    if any(m.target == cid for m in state.modifiers):
        state.modifiers = [m for m in state.modifiers if m.target != cid]
    where = {
        "discard": "discarded",
        "hand": "returned to hand",
        "deck": "put into the Deck",
        "chakra": "moved to the Chakra area",
        "removed": "removed from the game",
    }.get(zone, zone)
    if not told:
        state.log(f"{cname(state, cid)} is {where}{why}")
    remove_from_teams(state, cid)
    for effect in BOOK.effects(code):
        if effect.kind == "trigger" and effect.on == "leave" and (was_active or f_of(state, cid).valid):
            state.push(
                "naruto.effect", card=cid, effect=effect.name, player=controller, targets=[], data={"flags": old_flags}
            )


def to_standby(state: State, cid: int) -> None:
    """Take a Ninja out of its Battle team: it returns to its Village as a Standby Ninja [9.2]."""
    if not board.on_battlefield(state, cid):
        return
    player = state.cards[cid].controller
    remove_from_teams(state, cid)
    state.move(cid, f"village:{player}", controller=player)
    state.players[player].setdefault("teams", []).append([cid])
    state.log(f"{cname(state, cid)} leaves its Team and becomes a Standby Ninja")


def enter_play(state: State, cid: int, player: int, *, how: str = "deploys", join: list[int] | None = None) -> None:
    """Put a Ninja, Client or Permanent Mission into `player`'s Village, healthy, as a Team of one
    (or onto the Battlefield as a Support Ninja of the Battle team `join`)."""
    state.move(cid, f"{'battle' if join is not None else 'village'}:{player}", controller=player)
    card = state.mcard(cid)
    card.orientation = ""
    card.flags["entered"] = state.vars.get("turn", 0)
    f = f_of(state, cid)
    if join is not None:
        join.append(cid)
    elif f.kind == "Ninja":
        state.players[player].setdefault("teams", []).append([cid])
    state.log(f"{pname(state, player)} {how} {f.name}")
    entered(state, cid, player)


def entered(state: State, cid: int, player: int) -> None:
    """A card was put into play: Tracking and "when put in play" effects [14.15]."""
    if f_of(state, cid).kind == "Ninja" and "Tracking" in board.keywords(state, cid):
        state.push("naruto.tracking", player=player, card=cid)
    for effect in BOOK.effects(state.cards[cid].code):
        if effect.kind == "trigger" and effect.on == "enter":
            state.push("naruto.effect", card=cid, effect=effect.name, player=player, targets=[], data={})


def injure(state: State, cid: int) -> None:
    """Turn a Ninja to injured status (not damage) [11.5]."""
    if board.in_play(state, cid) and not board.is_injured(state, cid):
        state.mcard(cid).orientation = INJURED
        state.log(f"{cname(state, cid)} is injured")


def can_heal(state: State, cid: int) -> bool:
    """An injured Ninja in play without a Tenketsu coin while such a rule is active (N-042)."""
    if not board.is_injured(state, cid) or not board.in_play(state, cid):
        return False
    return not state.cards[cid].counters.get("tenketsu") or not any(
        board.has_mark_card(state, n, "tenketsu_no_heal") for n in board.all_ninjas(state)
    )


def heal(state: State, cid: int) -> None:
    """Turn an injured Ninja healthy [13.1]."""
    if can_heal(state, cid):
        state.mcard(cid).orientation = ""
        state.log(f"{cname(state, cid)} is healed")


def boost(state: State, cid: int, combat: int, support: int, *, source: int = -1, jutsu: bool = False) -> None:
    """+combat/+support until the end of the turn [13.3]; Jutsu gains may be copied (N-023)."""
    if board.fx_has(state, "locked", cid):
        return
    if combat:
        state.add_modifier(Modifier(cid, "combat", combat, "add", "end_of_turn", source))
    if support:
        state.add_modifier(Modifier(cid, "support", support, "add", "end_of_turn", source))
    state.log(f"{cname(state, cid)} gets {combat:+d}/{support:+d} this turn")
    if jutsu and combat > 0:
        for other in board.opposing(state, cid):
            if board.has_mark(state, other, "copy_combat"):
                state.add_modifier(Modifier(other, "combat", combat, "add", "end_of_turn", other))
                state.log(f"{cname(state, other)} copies the gain: +{combat}/+0 this turn")


def set_power(state: State, cid: int, combat: int | None, support: int | None, *, source: int = -1) -> None:
    """Set Combat and/or Support to a value until the end of the turn."""
    if board.fx_has(state, "locked", cid):
        return
    if combat is not None:
        state.add_modifier(Modifier(cid, "combat", combat, "set", "end_of_turn", source))
    if support is not None:
        state.add_modifier(Modifier(cid, "support", support, "set", "end_of_turn", source))
    c, s = board.power(state, cid)
    state.log(f"{cname(state, cid)} is now {c}/{s} this turn")


def give_trait(state: State, cid: int, trait: str, *, lose: str = "") -> None:
    """Give a Characteristic until the end of the turn (and optionally take one away)."""
    state.add_modifier(Modifier(cid, "trait+" + trait, 1, "add", "end_of_turn"))
    if lose:
        state.add_modifier(Modifier(cid, "trait-" + lose, 1, "add", "end_of_turn"))


def take_rewards(state: State, player: int, n: int) -> int:
    """Move the top `n` cards of the opponent's Deck face down to `player`'s Battle Rewards [11.2]."""
    deck = f"deck:{board.opponent(player)}"
    taken = 0
    for _ in range(n):
        if not state.zones[deck]:
            break
        state.move(state.zones[deck][-1], f"rewards:{player}", face_up=False, known=0)
        taken += 1
    state.log(
        f"{pname(state, player)} takes {taken} Battle Reward{'s' if taken != 1 else ''} "
        f"(now {board.rewards(state, player)})"
    )
    return taken


def turn_rewards(state: State, cids: list[int], *, face_up: bool) -> None:
    """Turn Battle Rewards face up (both players see them) or face down (nobody does) [13.12]."""
    turned = [c for c in cids if state.cards[c].zone.startswith("rewards:") and state.cards[c].face_up != face_up]
    for cid in turned:
        card = state.mcard(cid)
        card.face_up = face_up
        card.known = only(*range(state.num_players)) if face_up else 0
    if turned:
        names = ", ".join(cname(state, c) for c in turned)
        what = f"face up: {names}" if face_up else "face down"
        state.log(f"{len(turned)} Battle Reward{'s' if len(turned) != 1 else ''} turned {what}")


def shuffle_rewards(state: State, player: int) -> None:
    """Before an effect handles `player`'s Battle Rewards at random, every one of them is turned
    face down and the area is shuffled [13.12]."""
    zone = f"rewards:{player}"
    if any(state.cards[c].face_up for c in state.zones[zone]):
        state.log(f"{pname(state, player)}'s face-up Battle Rewards are turned face down")
    state.shuffle(zone)
    state.log(f"{pname(state, player)}'s Battle Rewards are shuffled")


def random_rewards(state: State, player: int, n: int = 1) -> list[int]:
    """`n` of `player`'s Battle Rewards chosen at random, after turning all face down and
    shuffling them [13.12]."""
    zone = f"rewards:{player}"
    if not state.zones[zone]:
        return []
    shuffle_rewards(state, player)
    pool = list(state.zones[zone])
    picked: list[int] = []
    for _ in range(min(n, len(pool))):
        picked.append(pool.pop(state.rng.randbelow(len(pool))))
    return picked


def deal_damage(state: State, cid: int, amount: int, *, side: str = "", battle: int = -1, source: int = -1) -> None:
    """Queue `amount` damage to a Ninja (resolved by `naruto.damage`) [11.4]."""
    state.push("naruto.damage", target=cid, amount=amount, side=side, battle=battle, source=source)


def push_effect(
    state: State,
    cid: int,
    effect: str,
    player: int,
    targets: list[int] | None = None,
    data: dict[str, Any] | None = None,
) -> None:
    state.push("naruto.effect", card=cid, effect=effect, player=player, targets=list(targets or []), data=data or {})


@procedure("naruto.effect")
def run_effect(state: State, frame: Frame) -> None:
    """Run one card effect from plain data (a trigger, a start-of-turn ability...)."""
    d = frame.data
    state.stack.pop()
    effect = BOOK.effect(state.cards[d["card"]].code, d["effect"])
    effect.resolve(Ctx(state, d["card"], d["player"], tuple(d["targets"]), dict(d["data"])))


def _discard_on_damage(state: State, side: str, battle: int, source: int) -> bool:
    """Damage from a Team whose Head has the discard-on-damage ability, or whose Jutsu gave it."""
    if battle < 0 or battle >= len(board.battles(state)) or not side:
        return source >= 0 and board.fx_has(state, "deadly", source)
    team = board.battles(state)[battle][side]
    if team and board.has_mark(state, team[0], "deadly_head"):
        return True
    return any(board.fx_has(state, "deadly", cid) for cid in team)


@procedure("naruto.damage")
def damage(state: State, frame: Frame) -> None:
    """Resolve damage to one Ninja: prevention, reduction, then injure or discard [11.4]."""
    d = frame.data
    cid = d["target"]
    if frame.step == 0:
        if not board.in_play(state, cid) or f_of(state, cid).kind != "Ninja":
            state.stack.pop()
            return
        if board.fx_has(state, "no_damage", cid):
            state.log(f"{cname(state, cid)} cannot receive damage this turn")
            state.stack.pop()
            return
        if board.has_mark(state, cid, "coin_dodge") and d["amount"] > 0:
            heads = state.rng.coin()
            state.log(f"{cname(state, cid)} flips a coin: {'heads, 1 less damage' if heads else 'tails'}")
            if heads:
                d["amount"] -= 1
        frame.step = 1
        guard = _scapegoat(state, cid)
        if guard >= 0 and d["amount"] > 0:
            d["guard"] = guard
            owner = state.cards[cid].controller
            state.ask(
                owner,
                "optional",
                f"Let {cname(state, guard)} take 1 damage to lower the damage to {cname(state, cid)} by 1?",
                [_opt("scapegoat", f"Yes, {cname(state, guard)} steps in"), _opt("decline", "No")],
                "naruto 11.4",
            )
            return
    if frame.step == 1:
        frame.step = 2
        if "guard" in d and state.take_answer().id == "scapegoat":
            d["amount"] -= 1
            deal_damage(state, d["guard"], 1)
            return
    state.stack.pop()
    if not board.in_play(state, cid):
        return
    amount = max(0, d["amount"])
    deadly = _discard_on_damage(state, d["side"], d["battle"], d["source"])
    name = cname(state, cid)
    if deadly or amount >= 2 or (amount == 1 and board.is_injured(state, cid)):
        state.log(f"{name} receives {amount} damage and is discarded")
        leave_play(state, cid, "discard", told=True)
    elif amount == 1:
        state.mcard(cid).orientation = INJURED
        state.log(f"{name} receives 1 damage and is injured")
    else:
        state.log(f"{name} receives no damage")
        return
    _after_damage(state, cid, d["side"], d["battle"])


def _after_damage(state: State, cid: int, side: str, battle: int) -> None:
    """Abilities that react to damage dealt by a Team (Tenketsu coins, An Outcast's Dream)."""
    if not side or battle < 0 or battle >= len(board.battles(state)):
        return
    team = board.battles(state)[battle][side]
    if board.in_play(state, cid) and any(board.has_mark(state, n, "tenketsu") for n in team):
        card = state.mcard(cid)
        card.counters["tenketsu"] = card.counters.get("tenketsu", 0) + 1
        state.log(f"A Tenketsu coin is placed on {cname(state, cid)}")
    if not team:
        return
    owner = state.cards[team[0]].controller
    dreams = [m for m in state.zones[f"village:{owner}"] if board.has_mark_card(state, m, "naruto_coin")]
    if dreams:
        for n in team:
            if "Naruto Uzumaki" in board.names(state, n):
                card = state.mcard(n)
                card.counters["power"] = card.counters.get("power", 0) + len(dreams)
                state.log(f"{cname(state, n)} gains a coin (+1/+1)")


def _scapegoat(state: State, cid: int) -> int:
    """A Ninja in the damaged Head's Team able to take 1 damage instead (N-022), or -1."""
    team = board.team_in_battle(state, cid)
    if not team or team[0] != cid:
        return -1
    for other in team[1:]:
        if board.has_mark(state, other, "scapegoat"):
            return other
    return -1


def _opt(oid: str, text: str) -> Any:
    return Option(oid, text, "choice")


@procedure("naruto.new_head")
def new_head(state: State, frame: Frame) -> None:
    """Match option `naruto_choose_new_head`: the Team's controller names its new Head Ninja [11.7]."""
    d = frame.data
    battle = board.battles(state)[d["battle"]]
    team = battle[d["side"]]
    if frame.step == 1:
        state.pop()
        head = int(state.take_answer().id.partition(":")[2])
        if head in team and head != team[0]:
            battle[d["side"]] = [head] + [c for c in team if c != head]
            state.log(f"{cname(state, head)} now leads its Team as Head Ninja")
        return
    if len(team) < 2 or battle.get("settled"):
        state.pop()
        return
    frame.step = 1
    player = state.cards[team[0]].controller
    options = [Option(f"head:{c}", f"{board.label(state, c)} leads", "head") for c in team]
    text = "Your Head Ninja left the Battlefield: choose the new Head Ninja of " + " + ".join(
        board.label(state, c) for c in team
    )
    state.ask(player, "head", text, options, "naruto 11.7")
