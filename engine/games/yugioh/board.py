"""Board helpers shared by the rules and the card scripts: zones, stats, moves, state checks.

Zone keys: "deck:p", "hand:p", "fusion:p" (Fusion Deck), "side:p", "grave:p", "banished:p",
"mzone:p" (5 slots), "szone:p" (5 slots), "fzone:p" (1 slot), "void:p" (Monster Tokens that left the
field and no longer exist, rule 5.7). Monster orientation is "atk" or
"def". Card flags used by the rules: "placed" (turn it was summoned, set or flipped into place),
"pos" (turn its position changed), "attacked" (turn it attacked), "set" (turn a Magic/Trap was
Set), "revert" (turn whose End Phase returns control), "soulx" ([player, turn] of Soul Exchange).
"""

from __future__ import annotations

from typing import Final

from engine.core.state import EMPTY, Card, Modifier, State
from engine.games.yugioh.facts import EXODIA_PIECES, Facts, facts

LORD_OF_D: Final = "17985575"
CAPTURE_JAR: Final = "50045299"
SWORDS: Final = "72302403"
PUPPETEER: Final = "54098121"
TOKEN: Final = "token"  # the generic Monster Token of cards.json (rule 5.7)
SENT_TO_GRAVE: Final = "sent_to_grave"  # Trigger effects "when this card is sent from the field to the Graveyard"
START_LP: Final = 8000


def opp(player: int) -> int:
    return 1 - player


def turn(state: State) -> int:
    return int(state.vars.get("turn", 0))


def fx(state: State, cid: int) -> Facts:
    return facts(state.cards[cid].code)


def ids(state: State, zone: str) -> list[int]:
    """Occupied ids of a zone (skipping empty slots)."""
    return [cid for cid in state.zones[zone] if cid != EMPTY]


def monsters(state: State, player: int) -> list[int]:
    return [cid for cid in state.zones[f"mzone:{player}"] if cid != EMPTY]


def all_monsters(state: State) -> list[int]:
    return monsters(state, 0) + monsters(state, 1)


def spells_traps(state: State, player: int) -> list[int]:
    """Cards in a player's Magic & Trap Zone and Field Zone."""
    return ids(state, f"szone:{player}") + ids(state, f"fzone:{player}")


def free(state: State, zone: str) -> int:
    return sum(1 for cid in state.zones[zone] if cid == EMPTY)


def face_up_on_field(state: State, code: str) -> bool:
    """A face-up copy of `code` is on the field (monsters in Monster Zones, others in Magic & Trap Zones)."""
    kind = "mzone" if facts(code).kind == "monster" else "szone"
    cards = state.cards
    for key in (f"{kind}:0", f"{kind}:1"):
        for cid in state.zones[key]:
            if cid != EMPTY and cards[cid].code == code and cards[cid].face_up:
                return True
    return False


def active_field_card(state: State) -> int:
    """The one face-up Field Magic on the field, or EMPTY (rule 6.5)."""
    for key in ("fzone:0", "fzone:1"):
        cid = state.zones[key][0]
        if cid != EMPTY and state.cards[cid].face_up:
            return cid
    return EMPTY


# ----------------------------------------------------------------------------- stats
FIELD_BOOSTS: Final[dict[str, dict[str, int]]] = {}  # field code -> race -> delta (filled by scripts)
EQUIP_BOOSTS: Final[dict[str, tuple[int, int]]] = {}  # equip code -> (atk delta, def delta)


def _delta(state: State, cid: int, stat: str) -> int:
    card = state.cards[cid]
    delta = 0
    field = active_field_card(state)
    if field != EMPTY:
        delta += FIELD_BOOSTS.get(state.cards[field].code, {}).get(facts(card.code).race, 0)
    index = 0 if stat == "atk" else 1
    for key in ("szone:0", "szone:1"):
        for eid in state.zones[key]:
            if eid != EMPTY:
                equip = state.cards[eid]
                if equip.attached_to == cid and equip.face_up:
                    delta += EQUIP_BOOSTS.get(equip.code, (0, 0))[index]
    for m in state.modifiers:
        if m.target == cid and m.stat == stat and (not m.zone or card.zone == m.zone):
            delta += m.amount
    if state.vars.get("reverse") == turn(state):
        delta = -delta
    return delta


def atk(state: State, cid: int) -> int:
    """Current ATK: printed value (a token's own), Field Magic, Equips and boosts (never below 0)."""
    card = state.cards[cid]
    base = int(card.counters.get("atk", 0)) if card.code == TOKEN else facts(card.code).atk
    return max(0, base + _delta(state, cid, "atk"))


def dfn(state: State, cid: int) -> int:
    """Current DEF, computed like `atk`."""
    card = state.cards[cid]
    base = int(card.counters.get("def", 0)) if card.code == TOKEN else facts(card.code).dfn
    return max(0, base + _delta(state, cid, "def"))


def level(state: State, cid: int) -> int:
    """Current Level: printed, or the one its creating effect gave a token."""
    card = state.cards[cid]
    return int(card.counters.get("level", 1)) if card.code == TOKEN else facts(card.code).level


def boost(state: State, cid: int, stat: str, amount: int) -> None:
    """A boost until the end of this turn that also ends if the monster leaves its zone."""
    state.add_modifier(Modifier(cid, stat, amount, "add", "end_of_turn", EMPTY, state.cards[cid].zone))


# ----------------------------------------------------------------------------- targeting
def targetable(state: State, cid: int) -> bool:
    """Card effects may pick this card (rule 15.1: "Lord of D." shields face-up Dragons)."""
    card = state.cards[cid]
    if card.flags.get("doomed"):
        return False  # already destroyed by battle (rule 13.8)
    if card.face_up and card.zone.startswith("mzone") and facts(card.code).race == "Dragon":
        return not face_up_on_field(state, LORD_OF_D)
    return True


# ----------------------------------------------------------------------------- moves
def name(state: State, cid: int) -> str:
    return facts(state.cards[cid].code).name


def shown(state: State, cid: int) -> str:
    """The card's name if it is public, else "a face-down card"."""
    card = state.cards[cid]
    return name(state, cid) if card.face_up else "a face-down card"


def place_monster(state: State, cid: int, player: int, *, face_up: bool, position: str) -> Card:
    """Put a monster into `player`'s Monster Zone (the caller checked there is room)."""
    card = state.move(cid, f"mzone:{player}", face_up=face_up, known=-1 if face_up else 1 << player, controller=player)
    card.orientation = position
    card.flags = {"placed": turn(state)}
    return card


# ----------------------------------------------------------------------------- Monster Tokens
def is_token(state: State, cid: int) -> bool:
    return state.cards[cid].code == TOKEN


def create_token(
    state: State, player: int, *, position: str = "atk", atk: int = 0, dfn: int = 0, level: int = 1
) -> int | None:
    """Put a Monster Token face-up on `player`'s field (rule 5.7); None when the zone is full (4.1)."""
    if EMPTY not in state.zones[f"mzone:{player}"]:
        state.log(f"Player {player + 1} has no free Monster Card Zone space: no token appears.")
        return None
    cid = state.create_card(
        TOKEN,
        player,
        f"mzone:{player}",
        face_up=True,
        known=-1,
        orientation=position,
        counters={"atk": atk, "def": dfn, "level": level},
        flags={"placed": turn(state)},
    )
    where = "Attack" if position == "atk" else "Defense"
    state.log(f"A Monster Token ({atk}/{dfn}) appears on Player {player + 1}'s field in {where} Position.")
    return cid


def vanish(state: State, cid: int, why: str) -> None:
    """A Monster Token that would leave the field is simply removed: it no longer exists (rule 5.7)."""
    card = state.mcard(cid)
    card.flags = {}
    card.attached_to = EMPTY
    state.move(cid, f"void:{card.owner}")
    state.log(f"A Monster Token is {why} and vanishes (a token cannot leave the field).")


def to_grave(state: State, cid: int, *, why: str = "destroyed") -> None:
    """Send a card to its owner's Graveyard (rules 4.4, 12.4); a token vanishes instead (5.7)."""
    card = state.cards[cid]
    if card.code == TOKEN:
        vanish(state, cid, why)
        return
    was_field = card.zone.startswith("mzone")
    if was_field and card.controller == card.owner:
        state.players[card.owner]["sent"] = turn(state)
    moved = state.move(cid, f"grave:{card.owner}")
    moved.flags = {}
    state.log(f"{name(state, cid)} is {why} and goes to the Graveyard.")
    if was_field and facts(card.code).sub == "effect":
        from engine.games.yugioh.scripts import effect_of

        effect = effect_of(card.code)
        if effect is not None and effect.kind == "trigger" and effect.on == SENT_TO_GRAVE:
            state.vars.setdefault("triggers", []).append(cid)  # started by chain.triggers (13.8 step 5)


def destroy(state: State, cid: int) -> None:
    to_grave(state, cid, why="destroyed")


def to_hand(state: State, cid: int) -> None:
    """Return a card to its owner's hand; a Fusion Monster goes to the Fusion Deck (rule 5.4)."""
    card = state.cards[cid]
    if card.code == TOKEN:
        vanish(state, cid, "returned to the hand")
        return
    label = shown(state, cid)
    if facts(card.code).is_fusion:
        moved = state.move(cid, f"fusion:{card.owner}")
        state.log(f"{label} returns to its owner's Fusion Deck.")
    else:
        moved = state.move(cid, f"hand:{card.owner}")
        state.log(f"{label} returns to its owner's hand.")
    moved.flags = {}


def banish(state: State, cid: int) -> None:
    card = state.cards[cid]
    if card.code == TOKEN:
        vanish(state, cid, "removed from play")
        return
    moved = state.move(cid, f"banished:{card.owner}")
    moved.flags = {}
    state.log(f"{name(state, cid)} is removed from play.")


def draw(state: State, player: int, n: int = 1) -> int:
    """Draw `n` cards; a player who cannot draw is marked to lose (rule 2.3). Returns the count."""
    deck = state.zones[f"deck:{player}"]
    drawn = 0
    for _ in range(n):
        if not deck:
            state.players[player]["decked"] = True
            break
        state.move(deck[-1], f"hand:{player}")
        drawn += 1
    if drawn:
        state.log(f"Player {player + 1} draws {drawn} card{'s' if drawn > 1 else ''}.")
    return drawn


def damage(state: State, player: int, amount: int, *, battle: bool = False) -> None:
    """Lower a player's LP (never below 0)."""
    if amount <= 0:
        return
    values = state.players[player]
    values["lp"] = max(0, int(values["lp"]) - amount)
    kind = "battle damage" if battle else "damage"
    state.log(f"Player {player + 1} takes {amount} {kind} (LP {values['lp']}).")


def gain(state: State, player: int, amount: int) -> None:
    values = state.players[player]
    values["lp"] = int(values["lp"]) + amount
    state.log(f"Player {player + 1} gains {amount} LP (LP {values['lp']}).")


def set_position(state: State, cid: int, position: str, *, face_up: bool = True) -> None:
    card = state.mcard(cid)
    card.orientation = position
    if face_up and not card.face_up:
        card.face_up = True
        card.known = -1
    elif not face_up:
        card.face_up = False
        card.known = 1 << card.controller


def flip_up(state: State, cid: int) -> bool:
    """Turn a face-down monster face-up (same orientation). True when it is a FLIP monster."""
    card = state.mcard(cid)
    card.face_up = True
    card.known = -1
    return facts(card.code).flip


# ----------------------------------------------------------------------------- state checks
def _continuous(state: State) -> None:
    """Equips whose monster left or turned face-down fall off (6.4); Dragon Capture Jar holds Dragons."""
    cards = state.cards
    jar = False
    for key in ("szone:0", "szone:1"):
        for eid in state.zones[key]:
            if eid == EMPTY:
                continue
            equip = cards[eid]
            if equip.code == CAPTURE_JAR and equip.face_up:
                jar = True
            if equip.attached_to == EMPTY:
                continue
            target = cards[equip.attached_to]
            if not target.zone.startswith("mzone") or not target.face_up:
                state.mcard(eid).attached_to = EMPTY
                to_grave(state, eid, why="left without its equipped monster")
    if not jar:
        return
    for cid in all_monsters(state):
        card = cards[cid]
        if card.face_up and card.orientation == "atk" and facts(card.code).race == "Dragon":
            state.mcard(cid).orientation = "def"
            state.log(f"Dragon Capture Jar holds {name(state, cid)} in Defense Position.")


def exodia(state: State, player: int) -> bool:
    ids = state.zones[f"hand:{player}"]
    if len(ids) < len(EXODIA_PIECES):
        return False
    hand = {state.cards[cid].code for cid in ids}
    return all(code in hand for code in EXODIA_PIECES)


def sweep(state: State) -> bool:
    """Apply continuous rules and check for the end of the Duel (rules 2.2-2.4, 6.4).

    Returns True when the Duel ended: the caller must return at once (the stack was replaced).
    """
    _continuous(state)
    winners = [p for p in (0, 1) if exodia(state, p)]
    if winners:
        from engine.games.yugioh.match import end_duel

        end_duel(state, winners, "assembles all five pieces of Exodia the Forbidden One")
        return True
    losers = [p for p in (0, 1) if state.players[p]["lp"] <= 0 or state.players[p].get("decked")]
    if losers:
        from engine.games.yugioh.match import end_duel

        why = "cannot draw" if any(state.players[p].get("decked") for p in losers) else "reaches 0 LP"
        end_duel(state, [p for p in (0, 1) if p not in losers], why)
        return True
    return False
