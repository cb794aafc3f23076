"""Scripts of the practice set's hero cards (IY-H..) and the cards both decks share (IY-S..)."""

from __future__ import annotations

from engine.core.state import State
from engine.games.inuyasha import board
from engine.games.inuyasha import effects as fx
from engine.games.inuyasha.facts import facts
from engine.games.inuyasha.scripts import Play, no_choice, script

Values = tuple[int | str, ...]

# Raiga, Half-Demon Wanderer / Hana, Shrine Archer / Tobi / Village Militia / Gensai:
# keywords (Aggressive, Defensive, Regeneration) are rules, handled by combat and recovery.
for _code in ("IY-H01", "IY-H03", "IY-H05", "IY-H07", "IY-H08"):
    script(_code)


def _raiga_guardian_wins(state: State, player: int, cid: int) -> None:
    """Raiga, Hot-Headed Guardian: when *Raiga* defeats a character in an attack, draw 1."""
    state.log(f"{board.title(state, cid)}: draw 1 card.")
    board.draw(state, player, 1)


script("IY-H02", on_win_attack=_raiga_guardian_wins)


def _hana_enters(state: State, player: int, cid: int) -> None:
    """Hana, Girl Out of Time: when played, you may search your deck for an item."""
    fx.search(state, player, cid, "item")


script("IY-H04", on_enter=_hana_enters)


def _mitsu(state: State, player: int, cid: int, v: Values) -> None:
    """Mitsu, Village Elder: expend *Mitsu*: another character you control gets +2 white this step."""
    fx.expend(state, cid)
    fx.boost(state, int(v[0]), "white", 2, fx.END_OF_STEP, cid)


def _mitsu_choices(state: State, player: int, cid: int) -> list[tuple[str, str, Values]]:
    if not board.is_ready(state, cid):
        return []
    return fx.targets(fx.my_characters)(state, player, cid)


script("IY-H06", play=Play(_mitsu_choices, _mitsu))

# Fang Blade: +2 red, +4 red on a character named Raiga.
script("IY-H10", bonus=fx.item_bonus({"red": 2}, named="Raiga", named_amounts={"red": 4}))
# Traveler's Uniform: +1 to each of the attached character's colors.
script("IY-H11", bonus=fx.item_bonus(fx.each_color(1)))
# Muster Grounds: one more character in your Setup step (a golden-rule card, rule 1.3).
script("IY-H12", extra_characters=1)
# Village Shrine: your Human characters get +1 white.
script("IY-H13", bonus=fx.location_bonus("white", 1, trait="Human"))


def _fury(state: State, player: int, cid: int, v: Values) -> None:
    fx.boost(state, int(v[0]), str(v[1]), 2, fx.END_OF_BATTLE, cid)


# Human Fury (Modifier): target character you control gets +2 to one color until the end of Battle.
script("IY-H20", play=Play(fx.target_and_color(fx.my_characters), _fury, rule="inuyasha 6.2"))


def _slumber(state: State, player: int, cid: int, v: Values) -> None:
    fx.expend(state, int(v[0]))


# Spell of Slumber: expend target opposing character.
script("IY-H21", play=Play(fx.targets(fx.foe_characters), _slumber, rule="inuyasha 6.2"))


def _defeat_and_steal(state: State, player: int, cid: int, v: Values) -> None:
    board.defeat(state, int(v[0]))
    board.steal_shard(state, player)


# Rampage Path: defeat target opposing character with deck cost 1 or less; steal 1 shard.
script("IY-H22", play=Play(fx.targets(fx.cost_at_most(fx.foe_characters, 1)), _defeat_and_steal, rule="inuyasha 6.2"))


def _paired(state: State, player: int, cid: int, v: Values) -> None:
    if not v:
        state.log("No expended character to ready (rule 10.4).")
    for target in v:
        fx.make_ready(state, int(target))


# Paired Strike: ready up to 2 expended characters you control (do what you can).
script("IY-H23", play=Play(fx.up_to_two(fx.expended(fx.my_characters)), _paired, rule="inuyasha 6.2"))


def _scout(state: State, player: int, cid: int, v: Values) -> None:
    board.draw(state, player, 1)


# Scout Ahead (Draw): draw 1 card.
script("IY-H24", play=Play(no_choice, _scout, rule="inuyasha 6.2"))


def _call_for_aid(state: State, player: int, cid: int, v: Values) -> None:
    fx.search(state, player, cid, "event")


# Call for Aid: search your deck for an event card (never another Call for Aid, rule 10.6).
script("IY-H25", play=Play(no_choice, _call_for_aid, rule="inuyasha 6.2"))


def _cache_choices(state: State, player: int, cid: int) -> list[tuple[str, str, Values]]:
    own_titles = {facts(state.cards[lid].code).title for lid in board.locations(state, player)}
    table = state.options.get("location_copies") == "table"
    if table:
        own_titles |= {facts(state.cards[lid].code).title for lid in board.locations(state, board.other(player))}

    def playable(st: State, p: int) -> list[int]:
        return [lid for lid in fx.kaitou_cards("location")(st, p) if facts(st.cards[lid].code).title not in own_titles]

    return fx.pairs(fx.ready(fx.with_trait(fx.my_characters, "Good")), playable)(state, player, cid)


def _cache(state: State, player: int, cid: int, v: Values) -> None:
    fx.expend(state, int(v[0]))
    board.put_into_play(state, int(v[1]), player)
    state.log(f"{board.title(state, int(v[1]))} comes into play from the Kaitou deck.")


# Hidden Cache: expend a ready Good character: put a location from your Kaitou deck into play.
script("IY-H26", play=Play(_cache_choices, _cache, rule="inuyasha 2.4"))


def _bundle(state: State, player: int, cid: int, v: Values) -> None:
    if board.mill(state, player, 1, "cost of Wayfarer's Bundle"):
        fx.boost(state, int(v[0]), str(v[1]), 1, fx.END_OF_STEP, cid)


def _bundle_choices(state: State, player: int, cid: int) -> list[tuple[str, str, Values]]:
    if state.options.get("deck_cost_shortfall") == "forbid" and not state.zones[f"deck:{player}"]:
        return []
    return fx.target_and_color(fx.my_characters)(state, player, cid)


# Wayfarer's Bundle (Kaitou 6): once per turn, discard your top card: +1 to one color this step.
script("IY-H30", play=Play(_bundle_choices, _bundle, once="turn"))


def _medic_kit_choices(state: State, player: int, cid: int) -> list[tuple[str, str, Values]]:
    holder = state.cards[cid].attached_to
    if holder < 0:
        return []
    return [("", f"ready {board.title(state, holder)}", (holder,))]


def _medic_kit(state: State, player: int, cid: int, v: Values) -> None:
    board.to_discard(state, cid)
    fx.make_ready(state, int(v[0]))


# Field Medic Kit (Limit 1 per Deck): discard it to ready the character it was attached to.
script("IY-S01", play=Play(_medic_kit_choices, _medic_kit))


# Bamboo Crossroads: affects both players: every character gets +1 blue.
script("IY-S02", bonus=fx.location_bonus("blue", 1, both_players=True))
