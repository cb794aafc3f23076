"""Scripts of the practice set's villain cards (IY-V..)."""

from __future__ import annotations

from engine.core.state import Card, State
from engine.dsl.context import Ctx
from engine.games.inuyasha import board
from engine.games.inuyasha import effects as fx
from engine.games.inuyasha.facts import facts
from engine.games.inuyasha.match import FROM_KAITOU
from engine.games.inuyasha.scripts import ACTIVATED, EVENT, ON_WIN_ATTACK, book, playable, static, trigger

# Kurogane, Demon Lord (Aggressive); Oboro of the Silk Threads (Regeneration); Swarm of Imps
# (no text); Roaming Demons (Defensive).
book.vanilla("IY-V01", "IY-V04", "IY-V05", "IY-V06")


def cold_prince(ctx: Ctx) -> None:
    """Kurogane, the Cold Prince: on a win in an attack, the opponent discards a card at random."""
    state = ctx.state
    hand = state.zones[f"hand:{board.other(ctx.player)}"]
    if not hand:
        state.log("The opponent has no card in hand to discard (rule 10.4).")
        return
    victim = hand[state.rng.randbelow(len(hand))]
    board.to_discard(state, victim)
    state.log(f"{board.title(state, ctx.source)}: the opponent discards {board.title(state, victim)} at random.")


trigger("IY-V02", ON_WIN_ATTACK, cold_prince)


def gama_protected(state: State, card: Card) -> bool:
    """Gama, Toad Retainer cannot be attacked while its controller controls a ready Kurogane."""
    return any(
        facts(state.cards[c].code).name == "Kurogane" and board.is_ready(state, c)
        for c in board.characters(state, card.controller)
    )


static("IY-V03", protected=gama_protected)
# Silk Thread Blade: +2 purple and +1 red.
static("IY-V10", bonus=fx.item_bonus({"purple": 2, "red": 1}))
# Cursed Hair Comb: the attached character gains Demon and gets +1 black.
static("IY-V11", bonus=fx.item_bonus({"black": 1}), grants=("Demon",))
# Bone Whip: expend the attached character: expend target opposing character.
playable("IY-V12", ACTIVATED, fx.expend_target, target=fx.FOE_CHARACTERS, cost=fx.EXPEND_HOLDER)
# Ruined Demon Shrine: your Demon characters get +1 black.
static("IY-V13", bonus=fx.location_bonus("black", 1, trait="Demon"))
# Journey to the Underworld: defeat target expended opposing character; steal 1 shard.
playable("IY-V20", EVENT, fx.defeat_and_steal, target=fx.FOE_CHARACTERS.where(fx.is_expended))


def energy_lash(ctx: Ctx) -> None:
    """Energy Lash (Modifier): target opposing character gets -2 to one color until end of Battle."""
    fx.boost(ctx.state, ctx.targets[0], ctx.data["color"], -2, fx.END_OF_BATTLE, ctx.source)


playable("IY-V21", EVENT, energy_lash, target=fx.FOE_CHARACTERS, choose="color")


def withering_curse(ctx: Ctx) -> None:
    """Withering Curse: target opposing character gets -3 to each of its colors (never below 0)."""
    fx.boost_all(ctx.state, ctx.targets[0], -3, fx.END_OF_BATTLE, ctx.source)


playable("IY-V22", EVENT, withering_curse, target=fx.FOE_CHARACTERS)


def snatch_and_run(ctx: Ctx) -> None:
    """Snatch and Run: steal an opposing item and attach it to your character that has none."""
    item, holder = ctx.targets
    board.put_into_play(ctx.state, item, ctx.player, holder)
    ctx.state.log(
        f"{board.title(ctx.state, item)} is stolen and attached to {board.title(ctx.state, holder)} "
        "(no deck cost, rule 5.6)."
    )


playable(
    "IY-V23",
    EVENT,
    snatch_and_run,
    target=fx.FOE_ITEMS.where(lambda state, card: not board.controls_copy(state, 1 - card.controller, card.code)),
    choose="pair",
    second=fx.MY_FREE_CHARACTERS,
)


def shard_snatch(ctx: Ctx) -> None:
    """Shard Snatch: steal 1 shard (only after your character won an attack this step)."""
    board.steal_shard(ctx.state, ctx.player)


playable("IY-V24", EVENT, shard_snatch, condition=fx.WON_ATTACK_THIS_STEP)


def dark_tithe(ctx: Ctx) -> None:
    """Dark Tithe (Shuffle): the opponent discards the top 2 cards of their deck."""
    foe = board.other(ctx.player)
    ctx.state.log(f"Player {foe + 1} discards the top 2 cards of their deck.")
    board.mill(ctx.state, foe, 2, "Dark Tithe")


playable("IY-V25", EVENT, dark_tithe)


def summon_the_horde(ctx: Ctx) -> None:
    """Summon the Horde: search your deck for a Demon character card."""
    fx.search(ctx.state, ctx.player, ctx.source, "demon_character")


playable("IY-V26", EVENT, summon_the_horde)
# Headlong Charge (Draw): ready target expended character you control.
playable("IY-V27", EVENT, fx.ready_targets, target=fx.MY_CHARACTERS.where(fx.is_expended))


def demons_reliquary(ctx: Ctx) -> None:
    """Demon's Reliquary (Kaitou 5): once per game, expend a ready Evil character: take an item from
    your Kaitou deck into your hand."""
    character, item = ctx.targets
    fx.expend(ctx.state, character)
    ctx.state.move(item, f"hand:{ctx.player}").flags[FROM_KAITOU] = True
    ctx.state.log(f"Player {ctx.player + 1} takes an item from their Kaitou deck into their hand (rule 2.4).")


playable(
    "IY-V30",
    ACTIVATED,
    demons_reliquary,
    target=fx.MY_CHARACTERS.where(fx.is_ready).where(fx.has_trait("Evil")),
    choose="pair",
    second=fx.KAITOU_ITEMS,
    once="game",
)
