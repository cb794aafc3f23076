"""Scripts of the practice set's villain cards (IY-V..)."""

from __future__ import annotations

from engine.core.state import Card, State
from engine.games.inuyasha import board
from engine.games.inuyasha import effects as fx
from engine.games.inuyasha.facts import facts
from engine.games.inuyasha.scripts import Play, no_choice, script

Values = tuple[int | str, ...]

# Kurogane, Demon Lord / Oboro / Swarm of Imps / Roaming Demons: keywords only (or vanilla).
for _code in ("IY-V01", "IY-V04", "IY-V05", "IY-V06"):
    script(_code)


def _cold_prince_wins(state: State, player: int, cid: int) -> None:
    """Kurogane, the Cold Prince: on a win in an attack, the opponent discards a random card."""
    hand = state.zones[f"hand:{board.other(player)}"]
    if not hand:
        state.log("The opponent has no card in hand to discard (rule 10.4).")
        return
    victim = hand[state.rng.randbelow(len(hand))]
    board.to_discard(state, victim)
    state.log(f"{board.title(state, cid)}: the opponent discards {board.title(state, victim)} at random.")


script("IY-V02", on_win_attack=_cold_prince_wins)


def _gama_protected(state: State, card: Card) -> bool:
    """Gama, Toad Retainer cannot be attacked while its controller controls a ready Kurogane."""
    return any(
        facts(state.cards[c].code).name == "Kurogane" and board.is_ready(state, c)
        for c in board.characters(state, card.controller)
    )


script("IY-V03", protected=_gama_protected)

# Silk Thread Blade: +2 purple and +1 red.
script("IY-V10", bonus=fx.item_bonus({"purple": 2, "red": 1}))
# Cursed Hair Comb: the attached character gains Demon and gets +1 black.
script("IY-V11", bonus=fx.item_bonus({"black": 1}), grants=("Demon",))


def _whip_choices(state: State, player: int, cid: int) -> list[tuple[str, str, Values]]:
    holder = state.cards[cid].attached_to
    if holder < 0 or not board.is_ready(state, holder):
        return []
    return fx.targets(fx.foe_characters)(state, player, cid)


def _whip(state: State, player: int, cid: int, v: Values) -> None:
    fx.expend(state, state.cards[cid].attached_to)
    fx.expend(state, int(v[0]))


# Bone Whip: expend the attached character: expend target opposing character.
script("IY-V12", play=Play(_whip_choices, _whip))
# Ruined Demon Shrine: your Demon characters get +1 black.
script("IY-V13", bonus=fx.location_bonus("black", 1, trait="Demon"))


def _underworld(state: State, player: int, cid: int, v: Values) -> None:
    board.defeat(state, int(v[0]))
    board.steal_shard(state, player)


# Journey to the Underworld: defeat target expended opposing character; steal 1 shard.
script("IY-V20", play=Play(fx.targets(fx.expended(fx.foe_characters)), _underworld, rule="inuyasha 6.2"))


def _lash(state: State, player: int, cid: int, v: Values) -> None:
    fx.boost(state, int(v[0]), str(v[1]), -2, fx.END_OF_BATTLE, cid)


# Energy Lash (Modifier): target opposing character gets -2 to one color until the end of Battle.
script("IY-V21", play=Play(fx.target_and_color(fx.foe_characters), _lash, rule="inuyasha 6.2"))


def _wither(state: State, player: int, cid: int, v: Values) -> None:
    fx.boost_all(state, int(v[0]), -3, fx.END_OF_BATTLE, cid)


# Withering Curse: target opposing character gets -3 to each of its colors (never below 0).
script("IY-V22", play=Play(fx.targets(fx.foe_characters), _wither, rule="inuyasha 6.2"))


def _snatch_choices(state: State, player: int, cid: int) -> list[tuple[str, str, Values]]:
    def free(st: State, p: int) -> list[int]:
        return [c for c in board.characters(st, p) if board.item_of(st, c) < 0]

    def stealable(st: State, p: int) -> list[int]:
        return [i for i in fx.foe_items(st, p) if not board.controls_copy(st, p, st.cards[i].code)]

    return fx.pairs(stealable, free)(state, player, cid)


def _snatch(state: State, player: int, cid: int, v: Values) -> None:
    item, holder = int(v[0]), int(v[1])
    board.put_into_play(state, item, player, holder)
    state.log(
        f"{board.title(state, item)} is stolen and attached to {board.title(state, holder)} (no deck cost, rule 5.6)."
    )


# Snatch and Run: steal an item from an opposing character, attach it to your character without one.
script("IY-V23", play=Play(_snatch_choices, _snatch, rule="inuyasha 5.6"))


def _won_attack(state: State, player: int) -> bool:
    return player in state.vars.get("won_attack", ())


def _shard_snatch(state: State, player: int, cid: int, v: Values) -> None:
    board.steal_shard(state, player)


# Shard Snatch: only after your character defeated a character in an attack this step; steal 1 shard.
script("IY-V24", play=Play(fx.only_if(_won_attack, no_choice), _shard_snatch, rule="inuyasha 6.2"))


def _tithe(state: State, player: int, cid: int, v: Values) -> None:
    foe = board.other(player)
    state.log(f"Player {foe + 1} discards the top 2 cards of their deck.")
    board.mill(state, foe, 2, "Dark Tithe")


# Dark Tithe (Shuffle): the opponent discards the top 2 cards of their deck.
script("IY-V25", play=Play(no_choice, _tithe, rule="inuyasha 6.2"))


def _horde(state: State, player: int, cid: int, v: Values) -> None:
    fx.search(state, player, cid, "demon_character")


# Summon the Horde: search your deck for a Demon character card.
script("IY-V26", play=Play(no_choice, _horde, rule="inuyasha 6.2"))


def _charge(state: State, player: int, cid: int, v: Values) -> None:
    fx.make_ready(state, int(v[0]))


# Headlong Charge (Draw): ready target expended character you control.
script("IY-V27", play=Play(fx.targets(fx.expended(fx.my_characters)), _charge, rule="inuyasha 6.2"))


def _reliquary(state: State, player: int, cid: int, v: Values) -> None:
    fx.expend(state, int(v[0]))
    state.move(int(v[1]), f"hand:{player}")
    state.log(f"Player {player + 1} takes an item from their Kaitou deck.")


# Demon's Reliquary (Kaitou 5): once per game, expend a ready Evil character: an item from the
# Kaitou deck goes to your hand.
script(
    "IY-V30",
    play=Play(
        fx.pairs(fx.ready(fx.with_trait(fx.my_characters, "Evil")), fx.kaitou_cards("item")), _reliquary, once="game"
    ),
)
