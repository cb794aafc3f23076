"""Read-only questions about a Naruto state: traits, names, Power, Teams and Battles.

Layout of a state (see rules sections in brackets):
- zones per player: deck, hand, chakra, discard, village, battle, rewards, removed,
  reinforcement; the shared "chain" zone holds Jutsu and Missions waiting to resolve;
- `players[p]`: "ti" Turn Indicator [3.8], "teams" (lists of Ninja ids in the Village) [8.1],
  per-turn counts "deployed", "missions", "clients", "counters";
- `vars`: "attacker", "first", "turn", "phase", "battles" (list of {"a": ids, "b": ids} with the
  Head first), "chain" (links), and per-turn effect lists in "turn_fx".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from engine.core.state import State
from engine.games.naruto.book import AURAS, MARKS
from engine.games.naruto.facts import _FACTS, GENDERS, NO_RANK, RANKS, Facts, facts

INJURED: Final = "injured"
PLAY_ZONES: Final = ("village", "battle")


def f_of(state: State, cid: int) -> Facts:
    code = state.cards[cid].code
    try:
        return _FACTS[code]
    except KeyError:
        return facts(code)


def is_injured(state: State, cid: int) -> bool:
    return state.cards[cid].orientation == INJURED


def in_play(state: State, cid: int) -> bool:
    zone = state.cards[cid].zone
    return zone.startswith("village:") or zone.startswith("battle:")


def on_battlefield(state: State, cid: int) -> bool:
    return state.cards[cid].zone.startswith("battle:")


def active(state: State, cid: int) -> bool:
    """A Ninja's effect works: healthy, or injured with a Valid effect [13.2]."""
    card = state.cards[cid]
    return card.orientation != INJURED or facts(card.code).valid


def turn_fx(state: State) -> dict[str, list[int]]:
    """Effects that last this turn, keyed by name (lists of card ids or players)."""
    fx: dict[str, list[int]] = state.vars.setdefault("turn_fx", {})
    return fx


def fx_has(state: State, key: str, value: int) -> bool:
    return value in state.vars.get("turn_fx", {}).get(key, ())


def fx_add(state: State, key: str, value: int) -> None:
    lst = turn_fx(state).setdefault(key, [])
    if value not in lst:
        lst.append(value)


def ninjas(state: State, player: int) -> list[int]:
    """Ninjas `player` controls in play (Village then Battlefield)."""
    out = [cid for cid in state.zones[f"village:{player}"] if f_of(state, cid).kind == "Ninja"]
    out.extend(state.zones[f"battle:{player}"])
    return out


def all_ninjas(state: State) -> list[int]:
    return [cid for p in range(state.num_players) for cid in ninjas(state, p)]


def permanents(state: State) -> Iterator[int]:
    """Permanent Missions in play, both Villages."""
    for p in range(state.num_players):
        for cid in state.zones[f"village:{p}"]:
            if f_of(state, cid).kind == "Mission":
                yield cid


def permanent_codes(state: State, player: int | None = None) -> list[str]:
    players = range(state.num_players) if player is None else (player,)
    return [
        state.cards[cid].code
        for p in players
        for cid in state.zones[f"village:{p}"]
        if f_of(state, cid).kind == "Mission"
    ]


def linked_by(state: State, cid: int) -> list[str]:
    """Codes of Permanent Missions in play whose chosen target is this card."""
    return [state.cards[m].code for m in permanents(state) if state.cards[m].flags.get("target") == cid]


def traits(state: State, cid: int) -> frozenset[str]:
    """Characteristics now, after effects that give or take them [13.5]."""
    card = state.cards[cid]
    base = facts(card.code).traits
    extra: set[str] = set(card.flags.get("gain", ()))
    lost: set[str] = set()
    for m in state.modifiers:
        if m.target == cid and m.stat.startswith("trait"):
            (extra if m.stat[5] == "+" else lost).add(m.stat[6:])
    for code in linked_by(state, cid):
        extra.update(LINK_TRAITS.get(code, ()))
    if not extra and not lost:
        return base
    return (base | extra) - lost


LINK_TRAITS: Final[dict[str, tuple[str, ...]]] = {}
LINK_NAMES: Final[dict[str, tuple[str, ...]]] = {}


def has_trait(state: State, cid: int, trait: str) -> bool:
    """A Characteristic test; a card of gender "Both" (two Ninjas) is Male and Female [13.7]."""
    found = traits(state, cid)
    return trait in found or (trait in GENDERS and "Both" in found)


def names(state: State, cid: int) -> frozenset[str]:
    """The card's names, with "Name: X" and names given by effects [13.8]."""
    base = f_of(state, cid).names
    extra = [n for code in linked_by(state, cid) for n in LINK_NAMES.get(code, ())]
    flags = state.cards[cid].flags
    if flags and flags.get("names"):
        extra.extend(flags["names"])
    return base | frozenset(extra) if extra else base


def attribute(state: State, cid: int) -> str:
    value = f_of(state, cid).attribute
    for m in state.modifiers:
        if m.target == cid and m.stat.startswith("attr:"):
            value = m.stat[5:]
    return value


def rank(state: State, cid: int) -> int:
    """Rank level (13.6): -1 for a Ninja without a rank."""
    return max((RANKS[t] for t in traits(state, cid) if t in RANKS), default=NO_RANK)


def rank_at_most(state: State, cid: int, name: str) -> bool:
    r = rank(state, cid)
    return r != NO_RANK and r <= RANKS[name]


def rank_at_least(state: State, cid: int, name: str) -> bool:
    return rank(state, cid) >= RANKS[name]


def keywords(state: State, cid: int) -> frozenset[str]:
    card = state.cards[cid]
    kw = f_of(state, cid).keywords
    if card.flags:
        more = card.flags.get("kw")
        if more:
            return kw | frozenset(more)
    return kw


def has_mark(state: State, cid: int, name: str) -> bool:
    """The card carries a mark (from its own script, e.g. "unnegatable") and its effect is on."""
    marks = MARKS.get(state.cards[cid].code)
    return marks is not None and name in marks and active(state, cid)


def has_mark_card(state: State, cid: int, name: str) -> bool:
    """The card carries a mark whatever its status (Missions, cards out of battle)."""
    marks = MARKS.get(state.cards[cid].code)
    return marks is not None and name in marks


# ------------------------------------------------------------------ Power
def printed_power(state: State, cid: int) -> tuple[int, int]:
    f = f_of(state, cid)
    if state.cards[cid].orientation == INJURED:
        return f.injured_combat, f.injured_support
    return f.combat, f.support


def power(state: State, cid: int) -> tuple[int, int]:
    """Combat/Support now: status values, coins, lasting changes, then auras [9.3, 13.3]."""
    c, s = printed_power(state, cid)
    if fx_has(state, "locked", cid):
        return c, s
    card = state.cards[cid]
    counters = card.counters
    if counters:
        both = counters.get("growth", 0) + counters.get("power", 0)
        c += both + counters.get("blade", 0)
        s += both
    for m in state.modifiers:
        if m.target != cid:
            continue
        stat = m.stat
        if stat == "combat":
            c = m.amount if m.mode == "set" else c + m.amount
        elif stat == "support":
            s = m.amount if m.mode == "set" else s + m.amount
        elif stat == "swap":
            c, s = s, c
    if card.zone.startswith("battle:") and AURAS:
        for p in range(state.num_players):
            for src in state.zones[f"battle:{p}"]:
                aura = AURAS.get(state.cards[src].code)
                if aura is not None and active(state, src):
                    change = aura(state, src, cid)
                    if change:
                        c += change[0]
                        s += change[1]
    return c, s


def mental_power(state: State, cid: int) -> int:
    """Mental Power: printed (or given by an effect), unchanged by injury [13.9]."""
    flags = state.cards[cid].flags
    if flags and "mental_power" in flags:
        return int(flags["mental_power"])
    return f_of(state, cid).mental_power


def team_power(state: State, team: list[int], mental: bool = False) -> int:
    """Head Combat plus each Support's Support [9.3]; Mental Power Battle: sum of Mental Power [13.9]."""
    if not team:
        return 0
    if mental:
        return sum(mental_power(state, cid) for cid in team)
    total = power(state, team[0])[0]
    for cid in team[1:]:
        total += power(state, cid)[1]
    return total


# ------------------------------------------------------------------ Teams and Battles
def battles(state: State) -> list[dict[str, list[int]]]:
    b: list[dict[str, list[int]]] = state.vars.get("battles", [])
    return b


def battle_of(state: State, cid: int) -> tuple[int, str] | None:
    """(battle index, "a" attacking or "b" blocking) of a Ninja on the Battlefield."""
    for i, battle in enumerate(state.vars.get("battles", ())):
        if cid in battle["a"]:
            return i, "a"
        if cid in battle["b"]:
            return i, "b"
    return None


def team_in_battle(state: State, cid: int) -> list[int]:
    where = battle_of(state, cid)
    if where is None:
        return []
    return battles(state)[where[0]][where[1]]


def opposing(state: State, cid: int) -> list[int]:
    """Ninjas in Battle against this one [9.6]."""
    where = battle_of(state, cid)
    if where is None:
        return []
    return battles(state)[where[0]]["b" if where[1] == "a" else "a"]


def is_head(state: State, cid: int) -> bool:
    team = team_in_battle(state, cid)
    return bool(team) and team[0] == cid


def village_team(state: State, cid: int) -> list[int]:
    owner = state.cards[cid].controller
    for team in state.players[owner].get("teams", ()):
        if cid in team:
            return list(team)
    return [cid]


def current_team(state: State, cid: int) -> list[int]:
    """The Team this Ninja belongs to: its Battle team on the Battlefield, else its Village team."""
    return team_in_battle(state, cid) if on_battlefield(state, cid) else village_team(state, cid)


def standby(state: State, cid: int) -> bool:
    return state.cards[cid].zone.startswith("village:") and f_of(state, cid).kind == "Ninja"


def rewards(state: State, player: int) -> int:
    return len(state.zones[f"rewards:{player}"])


def opponent(player: int) -> int:
    return 1 - player


def name_in_play(state: State, player: int, wanted: frozenset[str], exclude: int = -1) -> bool:
    """`player` controls a Ninja sharing a name with `wanted` (other than `exclude`)."""
    return any(cid != exclude and names(state, cid) & wanted for cid in ninjas(state, player))


def unique_clash(state: State, player: int, cid: int) -> bool:
    """Putting `cid` into play (or under control) for `player` breaks the one-name rule: a Ninja of
    a shared name is already there and `cid` is not Non-Unique [7.2, 14.7]."""
    return "Non-Unique" not in keywords(state, cid) and name_in_play(state, player, names(state, cid))


def label(state: State, cid: int, viewer: int | None = None) -> str:
    """A button label for a card: name, then "#id" so labels stay unique; hidden cards stay nameless
    (with `viewer`: cards that player cannot see)."""
    card = state.cards[cid]
    if (not card.face_up and not card.known) or (viewer is not None and not card.visible_to(viewer)):
        return f"face-down card #{cid}"
    return f"{f_of(state, cid).name} #{cid}"


def permanents_of(state: State, player: int) -> list[int]:
    return [cid for cid in state.zones[f"village:{player}"] if f_of(state, cid).kind == "Mission"]
