"""The conclusion (rules section 7): resolve Events, check victory, choose a Hero, sweep up."""

from __future__ import annotations

from engine.core.prompt import Option
from engine.core.state import Frame, State, procedure
from engine.dsl.context import Ctx
from engine.games.usagi import board
from engine.games.usagi.board import EVENTS, fld
from engine.games.usagi.book import BOOK, RESOLVE
from engine.games.usagi.facts import facts


def seat_order(state: State) -> list[int]:
    """Seats from the current first player, clockwise (rule 4.2)."""
    first, n = state.vars["first"], state.num_players
    return [(first + i) % n for i in range(n)]


def event_order(state: State) -> list[int]:
    """Non-Story Events first, then Story; by owner from the first player; oldest first (7.2)."""
    rank = {seat: i for i, seat in enumerate(seat_order(state))}
    cards = state.cards

    def key(eid: int) -> tuple[int, int, int, int]:
        card = cards[eid]
        return (int(facts(card.code).is_story), rank[card.owner], int(card.flags.get("age", 0)), eid)

    return sorted(board.events_in_play(state), key=key)


def contenders(state: State, eid: int, players: list[int]) -> dict[int, int]:
    """Players (of `players`) who beat the Event's requirement, with their total rating (7.3)."""
    need = board.event_ratings(state, eid)
    requirement = sum(need.values())
    bonuses = board.auras(state)
    each = state.options.get("contender_test") == "each"
    found: dict[int, int] = {}
    for seat in players:
        if not board.involved_with(state, eid, seat):
            continue
        sums = board.totals(state, eid, seat, bonuses)
        total = sum(sums.values())
        beats = all(sums[r] > need[r] for r in need) if each else total > requirement
        if beats:
            found[seat] = total
    return found


def _involved_cards(state: State, eid: int, seat: int) -> list[int]:
    out: list[int] = []
    for cid in board.involved_with(state, eid, seat):
        out.append(cid)
        out.extend(board.attachments_of(state, cid))
    return out


def _release(state: State, eid: int) -> None:
    """Involved Characters go back to their controllers' play fields (rules 7.6, 7.7)."""
    for cid in board.involved_with(state, eid):
        board.move_group(state, cid, fld(state.cards[cid].controller))


@procedure("usagi.resolve_event")
def resolve_event(state: State, frame: Frame) -> None:
    """Find who resolves one Event, breaking ties by secret discards (rules 7.3-7.7)."""
    data = frame.data
    eid = data["event"]
    if frame.step == 0:
        if state.cards[eid].zone != EVENTS:
            state.pop()
            return
        found = contenders(state, eid, seat_order(state))
        _decide(state, frame, found)
        return
    if frame.step == 1:  # secret tie-break picks, one tied contender at a time
        tied: list[int] = data["tied"]
        if frame.data.get("asking", -1) >= 0:
            seat = data["asking"]
            answer = state.take_answer()
            state.secrets[seat]["tie_pick"] = int(answer.id.split(":")[1])
            state.log(f"{board.owner_label(seat)} secretly chooses a card to discard.")
            data["asking"] = -1
            data["index"] += 1
        if data["index"] < len(tied):
            seat = tied[data["index"]]
            data["asking"] = seat
            bonuses = board.auras(state)  # the ratings the re-rating counts (rule 7.5)
            options = [
                Option(
                    f"tie:{cid}",
                    f"Discard {board.name(state, cid)} #{cid} ({board.rating_line(state, cid, bonuses)})",
                    "tie",
                )
                for cid in _involved_cards(state, eid, seat)
            ]
            state.ask(
                seat,
                "tiebreak",
                f"Tie on {board.name(state, eid)}: secretly choose one of your involved cards to discard",
                options,
                "usagi 7.5",
            )
            return
        for seat in tied:
            cid = state.secrets[seat].pop("tie_pick")
            state.log(f"{board.owner_label(seat)} reveals and discards {board.name(state, cid)}.")
            board.leave_play(state, cid, "rest")
        found = contenders(state, eid, tied)
        _decide(state, frame, found)
        return
    if frame.step == 2:  # Resolve >> effects done: take the tokens
        _score(state, eid, data["winner"])
        state.pop()
        return


def _decide(state: State, frame: Frame, found: dict[int, int]) -> None:
    eid = frame.data["event"]
    if not found:
        _fail(state, eid)
        state.pop()
        return
    best = max(found.values())
    top = [seat for seat in seat_order(state) if found.get(seat) == best]
    if len(top) > 1:
        state.log(
            f"Tie on {board.name(state, eid)}: "
            + ", ".join(board.owner_label(s) for s in top)
            + f" all total {best} (rule 7.5)."
        )
        if state.options.get("tie_discards") == "contenders":  # every contender discards (usagi 7.5)
            top = [seat for seat in seat_order(state) if seat in found]
        frame.data.update(tied=top, index=0, asking=-1)
        frame.step = 1
        return
    winner = top[0]
    frame.data["winner"] = winner
    state.log(f"{board.owner_label(winner)} resolves {board.name(state, eid)} with a total of {best}.")
    frame.step = 2
    # Resolve >> effects of the Event and its Settings (rule 9.5); pushed last-first so the Event goes first.
    sources = [eid, *board.attachments_of(state, eid)]
    for src in reversed(sources):
        for effect in reversed(BOOK.of_kind(state.cards[src].code, RESOLVE)):
            effect.resolve(Ctx(state, src, winner))


def _fail(state: State, eid: int) -> None:
    info = facts(state.cards[eid].code)
    if info.is_story:
        state.log(f"Nobody resolves {info.name}: it is a Story Event and stays in play (rule 7.7).")
        return
    state.log(f"{info.name} fails to resolve and goes to the rest pile (rule 7.7).")
    _release(state, eid)
    board.leave_play(state, eid, "rest")


def event_score(state: State, eid: int, winner: int) -> int:
    """Tokens the Event gives: 1 + score effects, never below 0 (rules 7.6, 9.4)."""
    score = 1 + facts(state.cards[eid].code).score
    for att in board.attachments_of(state, eid):
        score += facts(state.cards[att].code).score
    for m in state.modifiers:
        if m.target == eid and m.stat == "score":
            score += m.amount
    cards = state.cards
    for key in board.play_zones(state):
        for cid in state.zones[key]:
            score += BOOK.static_value(cards[cid].code, "event_score")
    for cid in board.involved_with(state, eid, winner):
        score += BOOK.static_value(cards[cid].code, "score_bonus")
    return max(0, score)


def _score(state: State, eid: int, winner: int) -> None:
    if state.cards[eid].zone != EVENTS:
        return
    wanted = event_score(state, eid, winner)
    pool = state.vars["pool"]
    taken = min(wanted, pool)
    state.vars["pool"] = pool - taken
    values = state.players[winner]
    values["tokens"] = int(values.get("tokens", 0)) + taken
    if taken:
        state.vars["stamp"] += 1
        values["reached"] = state.vars["stamp"]
    name = board.name(state, eid)
    _release(state, eid)
    for att in board.attachments_of(state, eid):
        board.leave_play(state, att, "rest")
    card = state.mcard(eid)
    card.flags = {}
    state.move(eid, f"chronicle:{winner}")
    short = f" (the pool had only {pool})" if taken < wanted else ""
    state.log(
        f"{board.owner_label(winner)} puts {name} in their chronicle and takes {taken} chronicle "
        f"token{'s' if taken != 1 else ''}{short}; {state.vars['pool']} left."
    )


# ---------------------------------------------------------------- victory
def check_victory(state: State) -> bool:
    """Game over when the pool is empty or someone holds more than half (rules 7.8, 7.9)."""
    start = state.vars["start_tokens"]
    tokens = [int(p.get("tokens", 0)) for p in state.players]
    limit = int(state.options.get("turn_limit", 0))
    over_limit = limit > 0 and state.vars["turn"] >= limit
    if state.vars["pool"] > 0 and not any(2 * t > start for t in tokens) and not over_limit:
        return False
    best = max(tokens)
    top = [seat for seat in range(state.num_players) if tokens[seat] == best]
    why = (
        "the chronicle pool is empty"
        if state.vars["pool"] == 0
        else (
            f"a player holds more than half of the {start} tokens"
            if any(2 * t > start for t in tokens)
            else f"the turn limit of {limit} is reached (house rule, usagi 10.1)"
        )
    )
    rule = state.options.get("final_tiebreak", "most_events")
    if len(top) > 1 and rule == "most_events":
        counts = {seat: len(state.zones[f"chronicle:{seat}"]) for seat in top}
        most = max(counts.values())
        top = [seat for seat in top if counts[seat] == most]
    elif len(top) > 1 and rule == "first_to_reach":
        first = min(int(state.players[s].get("reached", 0)) for s in top)
        top = [seat for seat in top if int(state.players[seat].get("reached", 0)) == first]
    names = " and ".join(board.owner_label(s) for s in top)
    verb = "wins" if len(top) == 1 else "share the victory"
    scores = [float(t) for t in tokens]
    state.finish(top, f"Game over: {why}. {names} {verb} with {best} chronicle tokens (rule 7.8).", scores)
    return True


# ---------------------------------------------------------------- hero and sweep
@procedure("usagi.conclusion")
def conclusion(state: State, frame: Frame) -> None:
    """The four conclusion steps, in order (rule 7.1)."""
    data = frame.data
    if frame.step == 0:
        state.vars["phase"] = "conclusion"
        data["queue"] = event_order(state)
        frame.step = 1
    if frame.step == 1:
        queue = data["queue"]
        if queue:
            state.push("usagi.resolve_event", event=queue.pop(0))
            return
        frame.step = 2
    if frame.step == 2:
        if check_victory(state):
            return
        data["order"], data["index"] = seat_order(state), 0
        state.vars["step"] = "choose_hero"
        frame.step = 3
    if frame.step == 3:
        if data.get("asking") is not None:
            seat = data.pop("asking")
            answer = state.take_answer()
            if answer.id.startswith("keep:"):
                cid = int(answer.id.split(":")[1])
                data.setdefault("kept", {})[str(seat)] = cid
                state.log(f"{board.owner_label(seat)} keeps {board.name(state, cid)} for the next turn.")
            else:
                state.log(f"{board.owner_label(seat)} keeps no Hero.")
            data["index"] += 1
        order = data["order"]
        while data["index"] < len(order):
            seat = order[data["index"]]
            heroes = [c for c in state.zones[fld(seat)] if facts(state.cards[c].code).is_hero]
            if heroes:
                data["asking"] = seat
                options = [Option(f"keep:{cid}", f"Keep {board.name(state, cid)} #{cid}", "keep") for cid in heroes]
                options.append(Option("none", "Keep no Hero", "keep"))
                state.ask(
                    seat, "choose_hero", "Choose a Hero to keep for the next turn (or none)", options, "usagi 7.10"
                )
                return
            data["index"] += 1
        sweep(state, {int(k): v for k, v in data.get("kept", {}).items()})
        state.pop()


def sweep(state: State, kept: dict[int, int]) -> None:
    """Everything but the kept Heroes, Held Moments and Story-Event cards leaves (rule 7.11)."""
    for seat in range(state.num_players):
        for cid in list(state.zones[fld(seat)]):
            card = state.cards[cid]
            info = facts(card.code)
            if info.is_character and cid != kept.get(seat):
                board.leave_play(state, cid, "rest")
        values = state.players[seat]
        values["honor"] = 0
        values["ryo"] = 0
    state.expire("end_of_turn")
    state.log("Sweep up: Characters not kept go to the rest piles; unspent Honor and Ryo are returned.")
