"""Reading and changing an Inuyasha table: zones, colors, traits, shards, draws and deck costs.

Zone keys: "deck:p", "hand:p", "shards:p", "captured:p", "discard:p", "play:p" (characters,
attached items, locations), "removed:p", "resolving:p" (an event being played), "kaitou:p"
(the Kaitou card) and "kaitou_deck:p". A defeated character stays in "play:p", face down,
known to both players, with the flag "defeated"; its attachments turn face down with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.core.prompt import Option
from engine.core.state import EMPTY, Card, State
from engine.games.inuyasha.facts import CHARACTER, ITEM, LOCATION, Facts, facts
from engine.games.inuyasha.scripts import BonusFn, bonus_of, static_of

EXPENDED: Final = "expended"
BOTH_PLAYERS: Final = 0b11
SHARDS_TO_WIN: Final = 10


def other(player: int) -> int:
    return 1 - player


def f(state: State, cid: int) -> Facts:
    return facts(state.cards[cid].code)


def title(state: State, cid: int) -> str:
    return facts(state.cards[cid].code).title


# ------------------------------------------------------------------ queries
def in_play(card: Card) -> bool:
    """Face up on the table (defeated cards are out of play)."""
    return card.face_up and card.zone.startswith("play:")


def characters(state: State, player: int) -> list[int]:
    """Face-up characters `player` controls."""
    return [
        c.id
        for c in state.cards_in(f"play:{player}")
        if c.face_up and c.attached_to == EMPTY and facts(c.code).type == CHARACTER
    ]


def defeated(state: State, player: int) -> list[int]:
    """Defeated (face-down) characters waiting for `player`'s Recovery."""
    return [c.id for c in state.cards_in(f"play:{player}") if c.flags.get("defeated")]


def locations(state: State, player: int) -> list[int]:
    return [c.id for c in state.cards_in(f"play:{player}") if c.face_up and facts(c.code).type == LOCATION]


def attachments(state: State, cid: int) -> list[int]:
    """Cards attached to `cid` (face up or not)."""
    zone = state.cards[cid].zone
    return [c.id for c in state.cards_in(zone) if c.attached_to == cid]


def item_of(state: State, cid: int) -> int:
    """The item attached to a character, or EMPTY."""
    for c in state.cards_in(state.cards[cid].zone):
        if c.attached_to == cid and facts(c.code).type == ITEM:
            return c.id
    return EMPTY


def is_ready(state: State, cid: int) -> bool:
    return state.cards[cid].orientation != EXPENDED


def traits(state: State, cid: int) -> frozenset[str]:
    """Printed traits plus those granted by a face-up attached item."""
    card = state.cards[cid]
    result = facts(card.code).traits
    for other_card in state.cards_in(card.zone):
        if other_card.attached_to == cid and other_card.face_up:
            found = static_of(other_card.code)
            grants = found["grants"] if found else ()
            if grants:
                result = result | frozenset(grants)
    return result


def has_color(state: State, cid: int, color: str) -> bool:
    return facts(state.cards[cid].code).has_color(color)


def shared_colors(state: State, a: int, b: int) -> list[str]:
    theirs = f(state, b).values
    return [color for color, _ in f(state, a).colors if color in theirs]


Sources = list[tuple[Card, BonusFn]]


def bonus_sources(state: State) -> Sources:
    """Face-up cards in play with a static color bonus (items, locations)."""
    found: Sources = []
    for player in (0, 1):
        for source in state.cards_in(f"play:{player}"):
            if source.face_up:
                bonus = bonus_of(source.code)
                if bonus is not None:
                    found.append((source, bonus))
    return found


def static_bonus(state: State, cid: int, color: str, sources: Sources | None = None) -> int:
    """The sum of static bonuses (items, locations) on one color of a character."""
    target = state.cards[cid]
    total = 0
    for source, bonus in sources if sources is not None else bonus_sources(state):
        total += bonus(state, source, target, color)
    return total


def color_value(state: State, cid: int, color: str, sources: Sources | None = None) -> int:
    """A character's current value in `color`: 0 without the color (rule 10.3), never below 0 (10.5).

    Pass `sources` (from `bonus_sources`) when computing many values of one position.
    """
    printed = facts(state.cards[cid].code).values.get(color)
    if printed is None:
        return 0
    value = printed + static_bonus(state, cid, color, sources)
    return state.modified(cid, color, value) if state.modifiers else max(0, value)


def shard_count(state: State, player: int) -> int:
    return state.count(f"shards:{player}") + state.count(f"captured:{player}")


def controls_copy(state: State, player: int, code: str) -> bool:
    """True when `player` controls a card that counts as the same Unique card as `code` (rule 2.3)."""
    wanted = facts(code)
    for card in state.cards_in(f"play:{player}"):
        if not card.face_up:
            continue
        mine = facts(card.code)
        if mine.type != wanted.type:
            continue
        if wanted.type == CHARACTER:
            if mine.name == wanted.name and (mine.unique or wanted.unique):
                return True
        elif mine.title == wanted.title and (mine.unique or wanted.unique):
            return True
    return False


def first_of_each_code(state: State, ids: list[int]) -> list[int]:
    """One id per distinct card code (copies are interchangeable choices)."""
    seen: set[str] = set()
    out: list[int] = []
    for cid in ids:
        code = state.cards[cid].code
        if code not in seen:
            seen.add(code)
            out.append(cid)
    return out


# ------------------------------------------------------------------ changes
def over(state: State) -> bool:
    """True once the current game has ended (the match may go on with the next game)."""
    return state.result is not None or bool(state.vars.get("game_over"))


def match_winners(results: list[int], games: int) -> tuple[bool, list[int]]:
    """(decided, winners) of a match from game results (a seat, or -1 for a draw)."""
    wins = [results.count(0), results.count(1)]
    need = games // 2 + 1
    for seat in (0, 1):
        if wins[seat] >= need:
            return True, [seat]
    if len(results) < games:
        return False, []
    return True, [0] if wins[0] > wins[1] else [1] if wins[1] > wins[0] else []


def end_game(state: State, winners: list[int], reason: str) -> None:
    """End the current game: the match ends too, or the next game of a best of three begins (rule 2.5)."""
    games = int(state.options.get("games", 1))
    if games == 1:
        state.finish(winners, reason)
        return
    results: list[int] = state.vars.setdefault("results", [])
    results.append(winners[0] if winners else -1)
    decided, final = match_winners(results, games)
    state.log(f"Game {len(results)}: {reason}")
    if decided:
        score = f"{results.count(0)}-{results.count(1)}"
        who = f"Player {final[0] + 1} wins the match" if final else "The match is a draw"
        state.finish(final, f"{who} ({score}).", (float(results.count(0)), float(results.count(1))))
        return
    state.vars["game_over"] = True
    state.stack.clear()
    state.pending = None
    state.answer = None
    state.push("inuyasha.between")


def lose(state: State, player: int, reason: str) -> None:
    end_game(state, [other(player)], reason)


def draw(state: State, player: int, n: int) -> bool:
    """Draw `n` cards; a draw from an empty deck loses at once (rule 1.2). False when the game ended."""
    if over(state):
        return False
    deck = f"deck:{player}"
    for _ in range(n):
        if not state.zones[deck]:
            lose(state, player, f"Player {player + 1} must draw from an empty deck and loses (rule 1.2).")
            return False
        state.move(state.zones[deck][-1], f"hand:{player}")
    return True


def mill(state: State, player: int, n: int, why: str) -> bool:
    """Discard the top `n` cards of a deck; an empty deck loses at once (rule 1.2)."""
    if over(state):
        return False
    deck = f"deck:{player}"
    for _ in range(n):
        if not state.zones[deck]:
            lose(
                state,
                player,
                f"Player {player + 1} must discard from an empty deck ({why}) and loses (rule 1.2).",
            )
            return False
        state.move(state.zones[deck][-1], f"discard:{player}")
    return True


def to_discard(state: State, cid: int) -> None:
    """Put a card into its owner's discard pile."""
    card = state.cards[cid]
    state.move(cid, f"discard:{card.owner}")


def set_ready(state: State, cid: int, ready: bool) -> None:
    card = state.cards[cid]
    wanted = "" if ready else EXPENDED
    if card.orientation != wanted:
        state.mcard(cid).orientation = wanted


def defeat(state: State, cid: int) -> None:
    """Turn a character and its attachments face down: out of play until Recovery (rule 7.6)."""
    for aid in [cid, *attachments(state, cid)]:
        card = state.mcard(aid)
        card.face_up = False
        card.known = BOTH_PLAYERS
    state.mcard(cid).flags["defeated"] = True
    state.log(f"{title(state, cid)} is defeated.")


def revive(state: State, cid: int) -> None:
    """Save a defeated character: it and its attachments turn face up (rule 8.2)."""
    for aid in [cid, *attachments(state, cid)]:
        card = state.mcard(aid)
        card.face_up = True
        card.known = 0
    state.mcard(cid).flags.pop("defeated", None)


def kill(state: State, cid: int) -> None:
    """Send a defeated character and its attachments to their owners' discard piles (rule 8.3)."""
    for aid in attachments(state, cid):
        to_discard(state, aid)
    state.mcard(cid).flags.pop("defeated", None)
    to_discard(state, cid)


def steal_shard(state: State, player: int) -> None:
    """Take one face-down shard from the opponent (rule 7.7); ten shards win at once (rule 1.2)."""
    if over(state):
        return
    foe = other(player)
    for pile in (f"shards:{foe}", f"captured:{foe}"):
        if state.zones[pile]:
            state.move(state.zones[pile][-1], f"captured:{player}")
            break
    count = shard_count(state, player)
    state.log(f"Player {player + 1} steals a shard ({count} of {SHARDS_TO_WIN}).")
    if count >= SHARDS_TO_WIN:
        end_game(state, [player], f"Player {player + 1} controls all {SHARDS_TO_WIN} shards and wins (rule 1.2).")


def put_into_play(state: State, cid: int, player: int, attach_to: int = EMPTY) -> None:
    """Move a card face up and ready into `player`'s play area (attached when `attach_to` is set)."""
    card = state.move(cid, f"play:{player}", face_up=True, controller=player)
    card.orientation = ""
    card.attached_to = attach_to


def ask(state: State, player: int, kind: str, text: str, options: Sequence[Option], rule: str) -> None:
    """`state.ask` with labels made unique: twins (two copies in play) get "#id" references to the
    cards they involve, each after the card's name, which people see as the card's place
    (`engine.core.handles`): "Use Bone Whip (your In play 3): Tobi, the Fox Kit (Player 2's In play 6)"."""
    if len({option.label for option in options}) < len(options):
        seen: dict[str, int] = {}
        for option in options:
            seen[option.label] = seen.get(option.label, 0) + 1
        options = [
            Option(o.id, with_refs(state, o.label, o.id), o.group, o.data) if seen[o.label] > 1 else o for o in options
        ]
    state.ask(player, kind, text, options, rule)


def with_refs(state: State, label: str, option_id: str) -> str:
    """`label` with " #id" after the name of each card the option id names, in order ("Use Bone
    Whip #98: Tobi, the Fox Kit #15"); a card whose name the label does not hold (a face-down one)
    is referred to at the end, "(#15)"; an option naming no card gets its id there.

    >>> with_refs(state, "Use Bone Whip: Tobi, the Fox Kit", "act:98:15")  # doctest: +SKIP
    'Use Bone Whip #98: Tobi, the Fox Kit #15'
    """
    cards = [int(part) for part in option_id.split(":") if part.isdigit() and int(part) < len(state.cards)]
    if not cards:
        return f"{label} ({option_id})"
    out, start, rest = label, 0, []
    for cid in cards:
        code = state.cards[cid].code
        found = [
            (at, len(name))
            for name in {state.game.card(code).name, facts(code).title}
            if (at := out.find(name, start)) >= 0
        ]
        if not found:
            rest.append(cid)
            continue
        at, size = min(found)
        end = at + size
        out = f"{out[:end]} #{cid}{out[end:]}"
        start = end + len(f" #{cid}")
    return out + (" (" + "".join(f"#{cid}" for cid in rest) + ")" if rest else "")
