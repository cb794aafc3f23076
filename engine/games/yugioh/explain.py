"""Why an attempted option is not allowed: (reason, "yugioh <section>") for `explain_illegal`."""

from __future__ import annotations

from engine.core.state import State


def _card(state: State, raw: str) -> int | None:
    try:
        cid = int(raw)
    except ValueError:
        return None
    return cid if 0 <= cid < len(state.cards) else None


def explain(state: State, option_id: str) -> tuple[str, str] | None:
    """Explain a refused option id such as "summon:12", "act:30", "flip:4", "battle"."""
    from engine.games.yugioh.battle import attack_problem
    from engine.games.yugioh.chain import activation_problem
    from engine.games.yugioh.main_phase import battle_problem, flip_problem, position_problem, set_st_problem
    from engine.games.yugioh.summon import summon_problem

    pending = state.pending
    if pending is None:
        return None
    player = pending.player
    kind, _, raw = option_id.partition(":")
    phase = state.vars.get("phase", "")
    main_idle = pending.kind == "action"
    if kind == "lastwill":
        return (
            "Last Will needs to have resolved this turn, a monster of yours sent from your field to your "
            "Graveyard this turn, a free Monster Card Zone space and a monster of 1500 or less ATK in your Deck",
            "yugioh 15.4",
        )
    if kind == "battle":
        found = battle_problem(state, player)
        return (found[0], f"yugioh {found[1]}") if found else None
    cid = _card(state, raw)
    if cid is None:
        return None
    problem: tuple[str, str] | None = None
    if kind in ("summon", "set") and (main_idle or pending.kind == "offering"):
        problem = summon_problem(state, player, cid, extra=pending.kind == "offering")
    elif kind in ("summon", "set", "flip", "pos", "setst"):
        problem = ("monsters are summoned, Set and repositioned only in your own Main Phase with no chain open", "10.1")
        if kind == "flip" and main_idle:
            problem = flip_problem(state, player, cid)
        elif kind == "pos" and main_idle:
            problem = position_problem(state, player, cid)
        elif kind == "setst" and main_idle:
            problem = set_st_problem(state, player, cid)
    elif kind == "offer" and not (state.cards[cid].code == "80604091" and state.cards[cid].face_up):
        problem = ("only a face-up Ultimate Offering you control can be used this way", "15.4")
    elif kind == "offer":
        problem = (
            "Ultimate Offering is used in your Main Phase or the opponent's Battle Phase, with no chain "
            "open, paying 500 LP (you need more than 500) for a monster you can Normal Summon or Set",
            "15.4",
        )
    elif kind == "act":
        problem = activation_problem(state, player, cid, idle=main_idle)
    elif kind == "attack":
        if phase != "battle" or state.vars.get("active") != player:
            problem = ("attacks are declared only in your own Battle Step", "13.2")
        else:
            problem = attack_problem(state, player, cid)
    if problem is None:
        return None
    return problem[0], f"yugioh {problem[1]}"
