"""Procedures card effects push when they need a choice while resolving."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.core.prompt import Option
from engine.core.state import EMPTY, Frame, State, procedure
from engine.games.yugioh.board import banish, destroy, fx, name, to_grave, to_hand
from engine.games.yugioh.board import level as level_of
from engine.games.yugioh.facts import code_by_name, facts
from engine.games.yugioh.pick import label

ACTIONS: Final[dict[str, Callable[[State, int], None]]] = {"destroy": destroy, "to_hand": to_hand, "banish": banish}


def reveal(state: State, cid: int, player: int) -> None:
    """Let `player` see a face-down card (it stays face-down)."""
    card = state.mcard(cid)
    card.known |= 1 << player
    state.log(
        f"Player {player + 1} looks at the card: {name(state, cid)}.",
        to=1 << player,
        redacted=f"Player {player + 1} looks at a face-down card.",
    )


@procedure("ygo.do")
def do(state: State, frame: Frame) -> None:
    """Pick `min`..`max` of `candidates`, then apply the named `action` to each."""
    data = frame.data
    if frame.step == 0:
        frame.step = 1
        state.push(
            "ygo.pick",
            player=data["player"],
            candidates=data["candidates"],
            min=data.get("min", 1),
            max=data.get("max", 1),
            text=data["text"],
            kind=data.get("kind", "choose"),
            rule=data.get("rule", ""),
        )
        return
    for cid in state.take_returned() or []:
        ACTIONS[data["action"]](state, cid)
    state.pop()


@procedure("ygo.multi_special")
def multi_special(state: State, frame: Frame) -> None:
    """Pick up to `max` monsters (from `candidates`) and Special Summon each for `player`."""
    data = frame.data
    player = int(data["player"])
    if frame.step == 0:
        frame.step = 1
        room = sum(1 for c in state.zones[f"mzone:{player}"] if c == EMPTY)
        state.push(
            "ygo.pick",
            player=player,
            candidates=data["candidates"],
            min=data.get("min", 0),
            max=min(int(data.get("max", 1)), room),
            text=data["text"],
            kind="summon_choice",
            rule=data.get("rule", "yugioh 10.4"),
        )
        return
    if frame.step == 1:
        data["todo"] = list(state.take_returned() or [])
        frame.step = 2
    todo = data["todo"]
    if not todo:
        if data.get("shuffle"):
            state.shuffle(f"deck:{player}")
            state.log(f"Player {player + 1} shuffles their Deck.")
        state.pop()
        return
    state.push("ygo.special", cid=todo.pop(0), player=player)


@procedure("ygo.last_will")
def last_will(state: State, frame: Frame) -> None:
    """ "Last Will": Special Summon 1 monster with 1500 or less ATK from the Deck, then shuffle."""
    player = int(frame.data["player"])
    state.players[player]["lastwill"] = -1
    deck = state.zones[f"deck:{player}"]
    found = [c for c in deck if fx(state, c).is_monster and fx(state, c).atk <= 1500]
    for cid in deck:
        state.mcard(cid).known |= 1 << player
    state.pop()
    state.push(
        "ygo.multi_special",
        player=player,
        candidates=found,
        min=1,
        max=1,
        shuffle=True,
        text="Last Will: Special Summon which monster from your Deck?",
    )


@procedure("ygo.spy")
def spy(state: State, frame: Frame) -> None:
    """ "The Inexperienced Spy": look at one card of the opponent's hand, chosen by position."""
    player = int(frame.data["player"])
    hand = state.zones[f"hand:{1 - player}"]
    if frame.step == 0:
        frame.step = 1
        choices = [[str(cid), f"Card {i + 1} of {len(hand)} in the opponent's hand"] for i, cid in enumerate(hand)]
        state.push(
            "core.choose", player=player, choices=choices, text="Look at which card?", kind="spy", rule="yugioh 15.2"
        )
        return
    reveal(state, int(state.take_returned()), player)
    state.pop()


def fusion_options(state: State, player: int) -> dict[int, list[list[int]]]:
    """Fusion Monsters of the Fusion Deck with, per material, the cards that can supply it."""
    room = EMPTY in state.zones[f"mzone:{player}"]
    pool = list(state.zones[f"hand:{player}"]) + [c for c in state.zones[f"mzone:{player}"] if c != EMPTY]
    out: dict[int, list[list[int]]] = {}
    for fid in state.zones[f"fusion:{player}"]:
        mats = facts(state.cards[fid].code).materials
        options = []
        for mat in mats:
            code = code_by_name(mat)
            options.append([c for c in pool if state.cards[c].code == code])
        if not all(options):
            continue
        used: set[int] = set()
        ok = True
        for opts in options:
            free = [c for c in opts if c not in used]
            if not free:
                ok = False
                break
            used.add(free[0])
        on_field = any(state.cards[c].zone.startswith("mzone") for opts in options for c in opts)
        if ok and (room or on_field):
            out[fid] = options
    return out


@procedure("ygo.fusion")
def fusion(state: State, frame: Frame) -> None:
    """ "Polymerization": choose a Fusion Monster, its materials, then Fusion Summon it (10.5)."""
    data = frame.data
    player = int(data["player"])
    if frame.step == 0:
        found = fusion_options(state, player)
        if not found:
            state.log("No Fusion can be made now: Polymerization has no effect.")
            state.pop()
            return
        for fid in found:
            state.mcard(fid).known |= 1 << player
        frame.step = 1
        state.push(
            "ygo.pick",
            player=player,
            candidates=sorted(found),
            min=1,
            max=1,
            text="Fusion Summon which Fusion Monster?",
            kind="fusion",
            rule="yugioh 10.5",
        )
        return
    if frame.step == 1:
        picked = state.take_returned()
        data["fid"] = picked[0]
        data["mats"] = []
        data["index"] = 0
        frame.step = 2
    fid = data["fid"]
    options = fusion_options(state, player).get(fid)
    if frame.step == 3:
        data["mats"].extend(state.take_returned())
        data["index"] += 1
        frame.step = 2
    if options is None and data["index"] == 0:
        state.pop()
        return
    mats = facts(state.cards[fid].code).materials
    if data["index"] < len(mats):
        code = code_by_name(mats[data["index"]])
        pool = list(state.zones[f"hand:{player}"]) + [c for c in state.zones[f"mzone:{player}"] if c != EMPTY]
        cands = [c for c in pool if state.cards[c].code == code and c not in data["mats"]]
        if not cands:
            state.log("A Fusion-Material Monster is missing: the Fusion fails.")
            state.pop()
            return
        frame.step = 3
        state.push(
            "ygo.pick",
            player=player,
            candidates=cands,
            min=1,
            max=1,
            text=f"Fusion-Material Monster: {mats[data['index']]}",
            kind="material",
            rule="yugioh 10.5",
        )
        return
    for cid in data["mats"]:
        to_grave(state, cid, why="used as a Fusion-Material Monster")
    state.pop()
    state.push("ygo.special", cid=fid, player=player)


def ritual_tributes(state: State, player: int, monster: int) -> list[int]:
    """Monsters that may be Tributed for a Ritual Summon: hand and own field, not the Ritual Monster."""
    hand = [c for c in state.zones[f"hand:{player}"] if c != monster and facts(state.cards[c].code).is_monster]
    return hand + [c for c in state.zones[f"mzone:{player}"] if c != EMPTY]


def ritual_possible(state: State, player: int, monster: int) -> bool:
    """Tributes with Levels adding up to the Ritual Monster's Level exist, and it will have room (10.6)."""
    level = facts(state.cards[monster].code).level
    pool = ritual_tributes(state, player, monster)
    total = sum(level_of(state, c) for c in pool)
    room = EMPTY in state.zones[f"mzone:{player}"] or any(c in state.zones[f"mzone:{player}"] for c in pool)
    return total >= level and room


@procedure("ygo.ritual")
def ritual(state: State, frame: Frame) -> None:
    """Ritual Summon `monster` for `player`: Tribute monsters whose Levels total at least its Level,
    one pick at a time, then Special Summon it (rule 10.6). A Ritual Magic script pushes this."""
    data = frame.data
    player, monster = int(data["player"]), int(data["monster"])
    picked: list[int] = data.setdefault("picked", [])
    level = facts(state.cards[monster].code).level
    if frame.step == 1:
        answer = state.take_answer()
        if answer.id != "done":
            picked.append(int(answer.id.partition(":")[2]))
    total = sum(level_of(state, c) for c in picked)
    rest = [c for c in ritual_tributes(state, player, monster) if c not in picked]
    room = EMPTY in state.zones[f"mzone:{player}"] or any(c in state.zones[f"mzone:{player}"] for c in picked)
    done = total >= level and room
    if frame.step == 1 and (answer.id == "done" or not rest):
        if not done:
            state.log("The Tributes do not reach the Ritual Monster's Level: the Ritual fails.")
            state.pop()
            return
        for cid in picked:
            to_grave(state, cid, why="Tributed for a Ritual Summon")
        state.pop()
        state.push("ygo.special", cid=monster, player=player)
        return
    frame.step = 1
    options = [Option(f"card:{cid}", label(state, cid, player), "card") for cid in rest]
    if done:
        options.append(Option("done", "Done", "done"))
    if not options:
        state.log("No monsters can be Tributed: the Ritual fails.")
        state.pop()
        return
    text = f"Ritual Summon {facts(state.cards[monster].code).name}: Tribute Levels {total}/{level}"
    state.ask(player, "tribute", text, options, "yugioh 10.6")
