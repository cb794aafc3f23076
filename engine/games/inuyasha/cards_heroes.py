"""Scripts of the practice set's hero cards (IY-H..) and the cards both decks share (IY-S..)."""

from __future__ import annotations

from engine.dsl.context import Ctx
from engine.games.inuyasha import board
from engine.games.inuyasha import effects as fx
from engine.games.inuyasha.match import FROM_KAITOU
from engine.games.inuyasha.scripts import ACTIVATED, EVENT, ON_ENTER, ON_WIN_ATTACK, book, playable, static, trigger

# Raiga, Half-Demon Wanderer (Aggressive); Hana, Shrine Archer (Defensive); Tobi, the Fox Kit
# (Regeneration); Village Militia (no text); Gensai, Wandering Monk (Defensive).
book.vanilla("IY-H01", "IY-H03", "IY-H05", "IY-H07", "IY-H08")


def raiga_guardian(ctx: Ctx) -> None:
    """Raiga, Hot-Headed Guardian: when *Raiga* defeats a character in an attack, draw 1 card."""
    ctx.state.log(f"{board.title(ctx.state, ctx.source)}: draw 1 card.")
    board.draw(ctx.state, ctx.player, 1)


trigger("IY-H02", ON_WIN_ATTACK, raiga_guardian)


def hana_girl(ctx: Ctx) -> None:
    """Hana, Girl Out of Time: when you play *Hana*, you may search your deck for an item."""
    fx.search(ctx.state, ctx.player, ctx.source, "item", optional=True)


trigger("IY-H04", ON_ENTER, hana_girl)


def mitsu(ctx: Ctx) -> None:
    """Mitsu, Village Elder: expend *Mitsu*: another character you control gets +2 white this step."""
    fx.boost(ctx.state, ctx.targets[0], "white", 2, fx.END_OF_STEP, ctx.source)


playable("IY-H06", ACTIVATED, mitsu, target=fx.MY_CHARACTERS, cost=fx.EXPEND_SELF)

# Fang Blade: +2 red, or +4 red on a character named Raiga.
static("IY-H10", bonus=fx.item_bonus({"red": 2}, named="Raiga", named_amounts={"red": 4}))
# Traveler's Uniform: +1 to each of the attached character's colors.
static("IY-H11", bonus=fx.item_bonus(fx.each_color(1)))
# Muster Grounds: one more character in your Setup step (a golden-rule card, rule 1.3).
static("IY-H12", extra_characters=1)
# Village Shrine: your Human characters get +1 white.
static("IY-H13", bonus=fx.location_bonus("white", 1, trait="Human"))


def human_fury(ctx: Ctx) -> None:
    """Human Fury (Modifier): target character you control gets +2 to one color until end of Battle."""
    fx.boost(ctx.state, ctx.targets[0], ctx.data["color"], 2, fx.END_OF_BATTLE, ctx.source)


playable("IY-H20", EVENT, human_fury, target=fx.MY_CHARACTERS, choose="color")
# Spell of Slumber: expend target opposing character.
playable("IY-H21", EVENT, fx.expend_target, target=fx.FOE_CHARACTERS)
# Rampage Path: defeat target opposing character with deck cost 1 or less; steal 1 shard.
playable(
    "IY-H22",
    EVENT,
    fx.defeat_and_steal,
    target=fx.FOE_CHARACTERS.where(lambda state, card: board.f(state, card.id).cost <= 1),
)
# Paired Strike: ready up to 2 expended characters you control (do what you can, rule 10.4).
playable("IY-H23", EVENT, fx.ready_targets, target=fx.MY_CHARACTERS.where(fx.is_expended), choose="up_to", n=2)


def scout_ahead(ctx: Ctx) -> None:
    """Scout Ahead (Draw): draw 1 card."""
    board.draw(ctx.state, ctx.player, 1)


playable("IY-H24", EVENT, scout_ahead)


def call_for_aid(ctx: Ctx) -> None:
    """Call for Aid: search your deck for an event card (never another Call for Aid, rule 10.6)."""
    fx.search(ctx.state, ctx.player, ctx.source, "event")


playable("IY-H25", EVENT, call_for_aid)


def hidden_cache(ctx: Ctx) -> None:
    """Hidden Cache: expend a ready Good character: a location from your Kaitou deck comes into play."""
    character, location = ctx.targets
    fx.expend(ctx.state, character)
    board.put_into_play(ctx.state, location, ctx.player)
    ctx.state.mcard(location).flags[FROM_KAITOU] = True
    ctx.state.log(f"{board.title(ctx.state, location)} comes into play from the Kaitou deck (rule 2.4).")


playable(
    "IY-H26",
    EVENT,
    hidden_cache,
    target=fx.MY_CHARACTERS.where(fx.is_ready).where(fx.has_trait("Good")),
    choose="pair",
    second=fx.KAITOU_LOCATIONS,
)


def wayfarers_bundle(ctx: Ctx) -> None:
    """Wayfarer's Bundle (Kaitou 6), once per game: discard your top card: +1 to one color this step."""
    fx.boost(ctx.state, ctx.targets[0], ctx.data["color"], 1, fx.END_OF_STEP, ctx.source)


playable(
    "IY-H30",
    ACTIVATED,
    wayfarers_bundle,
    target=fx.MY_CHARACTERS,
    choose="color",
    cost=fx.DISCARD_TOP_OF_DECK,
    once="game",
)
# Field Medic Kit (Limit 1 per Deck): discard it to ready the character it was attached to.
playable("IY-S01", ACTIVATED, fx.ready_targets, target=fx.HOLDER, cost=fx.DISCARD_SELF)
# Bamboo Crossroads: affects both players: every character gets +1 blue.
static("IY-S02", bonus=fx.location_bonus("blue", 1, both_players=True))
