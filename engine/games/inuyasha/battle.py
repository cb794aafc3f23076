"""The Battle step: action phases, events, activated effects, keyword actions (rules 6 and 9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.dsl.scripts import Effect
from engine.games.inuyasha import board
from engine.games.inuyasha.facts import EVENT, facts
from engine.games.inuyasha.match import offer_cut
from engine.games.inuyasha.rules import attackable, rule, why_not_cost
from engine.games.inuyasha.scripts import choices, play_of, resolve


def _name(player: int) -> str:
    return f"Player {player + 1}"


def attack_options(state: State, player: int) -> list[Option]:
    """Every legal attack declaration (rules 7.1 to 7.3 and 7.8; same tests as `why_not_attack`)."""
    options: list[Option] = []
    attackers = [a for a in board.characters(state, player) if board.is_ready(state, a)]
    if not attackers:
        return options
    foes = board.characters(state, board.other(player))
    if not foes:
        for a in attackers:
            options.append(
                Option(f"attack:{a}:direct", f"{board.title(state, a)} attacks your opponent directly", "attack")
            )
        return options
    foes = [d for d in foes if attackable(state, d)]
    sources = board.bonus_sources(state)
    values: dict[tuple[int, str], int] = {}

    def value(cid: int, color: str) -> int:
        key = (cid, color)
        if key not in values:
            values[key] = board.color_value(state, cid, color, sources)
        return values[key]

    for a in attackers:
        name = board.title(state, a)
        for d in foes:
            for color in board.shared_colors(state, a, d):
                label = f"{name} attacks {board.title(state, d)} in {color} ({value(a, color)} vs {value(d, color)})"
                options.append(Option(f"attack:{a}:{d}:{color}", label, "attack"))
    return options


def _play_options(state: State, player: int, prefix: str, cid: int, effect: Effect, title: str) -> list[Option]:
    options = []
    for suffix, label, targets, color in choices(effect, state, player, cid):
        oid = f"{prefix}:{cid}:{suffix}" if suffix else f"{prefix}:{cid}"
        text = f"{title}: {label}" if label else title
        options.append(Option(oid, text, prefix, {"t": list(targets), "c": color}))
    return options


def usable_activated(state: State, player: int) -> list[int]:
    """Cards `player` controls whose activated effect is not used up (choices are checked later)."""
    found: list[int] = []
    for zone in (f"play:{player}", f"kaitou:{player}"):
        for card in state.cards_in(zone):
            if not card.face_up:
                continue
            effect = play_of(card.code)
            if effect is None or effect.kind != "activated":
                continue
            if effect.extra.get("once") == "game" and card.flags.get("used"):
                continue
            found.append(card.id)
    return found


def battle_options(state: State, player: int) -> list[Option]:
    """Every legal action of `player`'s action phase (rule 6.1)."""
    options: list[Option] = [Option("pass", "Pass", "pass")]
    hand = board.first_of_each_code(state, state.zones[f"hand:{player}"])
    for cid in hand:
        card = facts(state.cards[cid].code)
        if card.type != EVENT:
            continue
        effect = play_of(card.code)
        if effect is not None and why_not_cost(state, player, cid) is None:
            options.extend(_play_options(state, player, "event", cid, effect, f"Play {card.title}"))
        if "Draw" in card.keywords:
            label = f"Remove {card.title} from the game to draw {card.cost} (Draw)"
            options.append(Option(f"kwdraw:{cid}", label, "keyword"))
        if "Shuffle" in card.keywords:
            label = f"Remove {card.title} from the game to shuffle {card.cost} discarded cards back (Shuffle)"
            options.append(Option(f"kwshuffle:{cid}", label, "keyword"))
    for cid in usable_activated(state, player):
        effect = play_of(state.cards[cid].code)
        assert effect is not None
        options.extend(_play_options(state, player, "act", cid, effect, f"Use {board.title(state, cid)}"))
    options.extend(attack_options(state, player))
    return options


@procedure("inuyasha.battle")
def battle(state: State, frame: Frame) -> None:
    """Alternate action phases from the active player until two passes in a row (rule 6.5)."""
    data = frame.data
    if frame.step == 0:
        data["actor"] = state.vars["active"]
        data["passes"] = 0
        state.vars["won_attack"] = []
        frame.step = 1
    if frame.step == 1:
        actor = data["actor"]
        state.vars["actor"] = actor
        board.ask(state, actor, "action", "Battle step: your action", battle_options(state, actor), rule("6.1"))
        frame.step = 2
        return
    if frame.step == 2:
        answer = state.take_answer()
        if answer.id == "pass":
            data["passes"] += 1
            state.log(f"{_name(data['actor'])} passes.")
            if data["passes"] >= 2:
                state.expire("end_of_battle")
                state.expire("end_of_step")
                state.vars.pop("actor", None)
                state.vars.pop("won_attack", None)
                state.pop()
                return
            data["actor"] = board.other(data["actor"])
            frame.step = 1
            return
        data["passes"] = 0
        frame.step = 3
        do_action(state, data["actor"], answer)
        return
    data["actor"] = board.other(data["actor"])
    frame.step = 1


def do_action(state: State, player: int, answer: Option) -> None:
    kind, _, rest = answer.id.partition(":")
    if kind == "attack":
        parts = rest.split(":")
        attacker = int(parts[0])
        if parts[1] == "direct":
            state.push("inuyasha.attack", p=player, a=attacker, d=-1, color="")
        else:
            state.push("inuyasha.attack", p=player, a=attacker, d=int(parts[1]), color=parts[2])
        return
    cid = int(rest.split(":")[0])
    targets, color = [int(t) for t in answer.data.get("t", ())], str(answer.data.get("c", ""))
    if kind == "event":
        state.push("inuyasha.event", p=player, cid=cid, t=targets, c=color)
    elif kind == "act":
        use_activated(state, player, cid, tuple(targets), color)
    elif kind == "kwdraw":
        card = facts(state.cards[cid].code)
        state.move(cid, f"removed:{player}", face_up=True)
        state.log(f"{_name(player)} removes {card.title} from the game to draw {card.cost} (Draw keyword).")
        board.draw(state, player, card.cost)
    elif kind == "kwshuffle":
        card = facts(state.cards[cid].code)
        state.move(cid, f"removed:{player}", face_up=True)
        state.log(f"{_name(player)} removes {card.title} from the game to shuffle back {card.cost} (Shuffle keyword).")
        state.push("inuyasha.reshuffle", p=player, n=card.cost)


def use_activated(state: State, player: int, cid: int, targets: tuple[int, ...], color: str) -> None:
    code = state.cards[cid].code
    effect = play_of(code)
    assert effect is not None
    if effect.extra.get("once") == "game":
        state.mcard(cid).flags["used"] = True
    state.log(f"{_name(player)} uses {facts(code).title}.")
    resolve(effect, state, player, cid, targets, color)


@procedure("inuyasha.event")
def event(state: State, frame: Frame) -> None:
    """Pay the deck cost, resolve the event, then discard it (rule 6.2)."""
    data = frame.data
    player, cid = data["p"], data["cid"]
    if frame.step == 0:
        card = facts(state.cards[cid].code)
        state.log(f"{_name(player)} plays {card.title} (deck cost {card.cost}).")
        state.move(cid, f"resolving:{player}", face_up=True)
        frame.step = 1
        if not board.mill(state, player, card.cost, f"deck cost of {card.title}"):
            return
        effect = play_of(card.code)
        assert effect is not None
        resolve(effect, state, player, cid, tuple(data["t"]), data["c"])
        return
    if state.cards[cid].zone == f"resolving:{player}":
        board.to_discard(state, cid)
    state.pop()


@procedure("inuyasha.reshuffle")
def reshuffle(state: State, frame: Frame) -> None:
    """Choose cards from the discard pile one at a time, then shuffle them into the deck (rule 9.6)."""
    data = frame.data
    player = data["p"]
    pile = f"discard:{player}"
    if frame.step == 1:
        cid = int(state.take_answer().id.split(":")[1])
        state.move(cid, f"deck:{player}")
        data["n"] -= 1
        frame.step = 0
    if data["n"] > 0 and state.zones[pile]:
        options = [
            Option(f"back:{cid}", f"Shuffle back {board.title(state, cid)}", "pick")
            for cid in board.first_of_each_code(state, list(reversed(state.zones[pile])))
        ]
        board.ask(state, player, "pick", f"Choose a card to shuffle back ({data['n']} left)", options, rule("9.6"))
        frame.step = 1
        return
    state.shuffle(f"deck:{player}")
    state.pop()


SEARCH_FILTERS: Final[dict[str, Callable[[str], bool]]] = {
    "item": lambda code: facts(code).type == "item",
    "event": lambda code: facts(code).type == EVENT,
    "demon_character": lambda code: facts(code).type == "character" and "Demon" in facts(code).traits,
}


SEARCH_WORDS: Final = {
    "item": "an item card",
    "event": "an event card",
    "demon_character": "a Demon character card",
}
"""What each search looks for, in the words of its prompt."""


@procedure("inuyasha.search")
def search(state: State, frame: Frame) -> None:
    """Search a deck (rule 10.6): take one matching card (never a copy of the searcher), reveal, shuffle, cut."""
    data = frame.data
    player = data["p"]
    deck = f"deck:{player}"
    if frame.step == 0 and data.get("may"):  # "you may search": asked first; no search, no shuffle
        what = SEARCH_WORDS.get(data["kind"], "a card")
        options = [Option("search", f"Search your deck for {what}", "pick"), Option("nosearch", "Don't search", "pass")]
        board.ask(state, player, "search", f"Search your deck for {what}?", options, rule("10.6"))
        frame.step = 2
        return
    if frame.step == 2:
        if state.take_answer().id == "nosearch":
            state.log(f"{_name(player)} does not search.")
            state.pop()
            return
        frame.step = 0
    if frame.step == 0:
        for cid in state.zones[deck]:  # the searcher looks through their deck (the shuffle hides it again)
            card = state.cards[cid]
            if not card.known & (1 << player):
                state.mcard(cid).known = card.known | (1 << player)
        wanted = SEARCH_FILTERS[data["kind"]]
        found = [
            cid
            for cid in state.zones[deck]
            if wanted(state.cards[cid].code) and facts(state.cards[cid].code).title != data["not"]
        ]
        options = [
            Option(f"take:{cid}", f"Take {board.title(state, cid)}", "pick")
            for cid in board.first_of_each_code(state, found)
        ]
        if options:
            options.append(Option("none", "Take nothing", "pass"))
            board.ask(
                state, player, "search", "Search your deck: choose a card to reveal and take", options, rule("10.6")
            )
            frame.step = 1
            return
        state.log(f"{_name(player)} searches and finds nothing.")
    else:
        answer = state.take_answer()
        if answer.id != "none":
            cid = int(answer.id.split(":")[1])
            state.move(cid, f"hand:{player}", known=board.BOTH_PLAYERS)
            state.log(f"{_name(player)} reveals {board.title(state, cid)} and puts it into their hand.")
    state.shuffle(deck)
    state.pop()
    offer_cut(state, player)
