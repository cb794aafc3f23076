"""Magic (Spell) card scripts of the pool: one effect per card code, card name as comment."""

from __future__ import annotations

from typing import Final

from engine.core.state import EMPTY
from engine.dsl.conditions import ALWAYS, Condition
from engine.dsl.context import Ctx
from engine.dsl.scripts import Effect
from engine.dsl.selectors import Selector
from engine.games.yugioh.board import (
    EQUIP_BOOSTS,
    FIELD_BOOSTS,
    LORD_OF_D,
    all_monsters,
    atk,
    damage,
    destroy,
    draw,
    face_up_on_field,
    flip_up,
    gain,
    monsters,
    name,
    opp,
    to_grave,
    turn,
)
from engine.games.yugioh.effects import fusion_options, reveal
from engine.games.yugioh.facts import facts
from engine.games.yugioh.scripts import BOOK, grave_monsters, monsters_sel, st_sel

NEED_ROOM_OR_TARGET: Final = ["you need a free Monster Card Zone space and a monster to summon", "4.1"]
ROOM: Final = Condition(lambda ctx: EMPTY in ctx.state.zones[f"mzone:{ctx.player}"])
FOE_HAS_MONSTER: Final = Condition(lambda ctx: bool(monsters(ctx.state, opp(ctx.player))))


def spell(code: str, name_: str, resolve: object, **fields: object) -> None:
    BOOK.add(code, Effect(name=name_, kind="spell", resolve=resolve, **fields))  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- LP and damage
def burn(amount: int) -> object:
    def resolve(ctx: Ctx) -> None:
        damage(ctx.state, opp(ctx.player), amount)

    return resolve


def heal(amount: int) -> object:
    def resolve(ctx: Ctx) -> None:
        gain(ctx.state, ctx.player, amount)

    return resolve


spell("19523799", "ookazi", burn(800))  # Ookazi
spell("76103675", "sparks", burn(200))  # Sparks
spell("46130346", "hinotama", burn(500))  # Hinotama
spell("73134081", "final_flame", burn(600))  # Final Flame
spell("38199696", "red_medicine", heal(500))  # Red Medicine
spell("11868825", "goblins_secret_remedy", heal(600))  # Goblin's Secret Remedy
spell("84257639", "dian_keto", heal(1000))  # Dian Keto the Cure Master


# ----------------------------------------------------------------------------- destruction
def dark_hole(ctx: Ctx) -> None:
    for cid in all_monsters(ctx.state):
        destroy(ctx.state, cid)


def raigeki(ctx: Ctx) -> None:
    for cid in monsters(ctx.state, opp(ctx.player)):
        destroy(ctx.state, cid)


def fissure(ctx: Ctx) -> None:
    state = ctx.state
    ups = [c for c in monsters(state, opp(ctx.player)) if state.cards[c].face_up]
    if not ups:
        return
    low = min(atk(state, c) for c in ups)
    ties = [c for c in ups if atk(state, c) == low]
    state.push(
        "ygo.do",
        player=ctx.player,
        candidates=ties,
        action="destroy",
        text="Fissure: destroy which of the weakest monsters?",
        rule="yugioh 15.2",
    )


def by_kind(kind: str) -> object:
    """De-Spell / Armed Ninja ("spell"), Trap Master / Reaper / Remove Trap ("trap")."""

    def resolve(ctx: Ctx) -> None:
        for cid in ctx.targets:
            card = ctx.state.cards[cid]
            if not card.face_up:
                reveal(ctx.state, cid, ctx.player)
            if facts(card.code).kind == kind:
                destroy(ctx.state, cid)
            else:
                ctx.state.log("It is not the right kind of card: it stays where it is.")

    return resolve


spell("53129443", "dark_hole", dark_hole, condition=Condition(lambda ctx: bool(all_monsters(ctx.state))))
spell("12580477", "raigeki", raigeki, condition=FOE_HAS_MONSTER)
spell(
    "66788016",
    "fissure",
    fissure,
    condition=Condition(lambda ctx: any(ctx.state.cards[c].face_up for c in monsters(ctx.state, opp(ctx.player)))),
)
spell("19159413", "de_spell", by_kind("spell"), target=st_sel("spell"))  # De-Spell
spell("51482758", "remove_trap", by_kind("trap"), target=st_sel("trap", face_up_only=True))  # Remove Trap


# ----------------------------------------------------------------------------- monsters moving
def monster_reborn(ctx: Ctx) -> None:
    for cid in ctx.targets:
        ctx.state.push("ygo.special", cid=cid, player=ctx.player)


def change_of_heart(ctx: Ctx) -> None:
    state = ctx.state
    for cid in ctx.targets:
        if EMPTY not in state.zones[f"mzone:{ctx.player}"]:
            state.log("No free Monster Card Zone space: control cannot be taken (rule 12.3).")
            return
        card = state.cards[cid]
        up = card.face_up
        moved = state.move(
            cid,
            f"mzone:{ctx.player}",
            controller=ctx.player,
            face_up=up,
            known=-1 if up else card.known | (1 << ctx.player),
        )
        moved.flags["revert"] = turn(state)
        state.log(
            f"Player {ctx.player + 1} takes control of {name(state, cid) if up else 'a face-down monster'} "
            "until the End Phase."
        )


def soul_exchange(ctx: Ctx) -> None:
    state = ctx.state
    state.players[ctx.player]["no_bp"] = turn(state)
    for cid in ctx.targets:
        state.mcard(cid).flags["soulx"] = [ctx.player, turn(state)]
        state.log(f"Player {ctx.player + 1} may Tribute the chosen monster this turn (Soul Exchange).")


def stop_defense(ctx: Ctx) -> None:
    state = ctx.state
    for cid in ctx.targets:
        card = state.mcard(cid)
        card.orientation = "atk"
        if not card.face_up and flip_up(state, cid):
            state.vars.setdefault("triggers", []).append(cid)
        state.log(f"{name(state, cid)} is switched to Attack Position.")


def swords(ctx: Ctx) -> None:
    state = ctx.state
    card = state.mcard(ctx.source)
    card.flags["stays"] = True
    card.counters["turns"] = 3
    for cid in monsters(state, opp(ctx.player)):
        if not state.cards[cid].face_up:
            if flip_up(state, cid):
                state.vars.setdefault("triggers", []).append(cid)
            state.log(f"{name(state, cid)} is flipped face-up.")


spell(
    "83764718",
    "monster_reborn",
    monster_reborn,
    condition=ROOM,
    target=grave_monsters("any"),
    extra={"why": NEED_ROOM_OR_TARGET},
)
spell(
    "04031928",
    "change_of_heart",
    change_of_heart,
    condition=ROOM,
    target=monsters_sel("opponent"),
    extra={"why": ["you need a free Monster Card Zone space and an opponent's monster to take", "12.3"]},
)
spell(
    "68005187",
    "soul_exchange",
    soul_exchange,
    target=monsters_sel("opponent"),
    condition=Condition(lambda ctx: ctx.state.vars.get("phase") == "main1"),
    extra={"why": ["Soul Exchange needs an opponent's monster and is played in Main Phase 1", "15.4"]},
)
spell("63102017", "stop_defense", stop_defense, target=monsters_sel("opponent", position="def"))
spell("72302403", "swords_of_revealing_light", swords)


# ----------------------------------------------------------------------------- cards and information
def pot_of_greed(ctx: Ctx) -> None:
    draw(ctx.state, ctx.player, 2)


def card_destruction(ctx: Ctx) -> None:
    state = ctx.state
    counts = []
    for p in (ctx.player, opp(ctx.player)):
        hand = list(state.zones[f"hand:{p}"])
        counts.append((p, len(hand)))
        for cid in hand:
            to_grave(state, cid, why="discarded")
    for p, n in counts:
        draw(state, p, n)


def inexperienced_spy(ctx: Ctx) -> None:
    if ctx.state.zones[f"hand:{opp(ctx.player)}"]:
        ctx.state.push("ygo.spy", player=ctx.player)


def ancient_telescope(ctx: Ctx) -> None:
    state = ctx.state
    top = state.top(f"deck:{opp(ctx.player)}", 5)
    for cid in top:
        state.mcard(cid).known |= 1 << ctx.player
    names = ", ".join(name(state, c) for c in top) or "nothing"
    state.log(
        f"Player {ctx.player + 1} sees the top of the opponent's Deck: {names}.",
        to=1 << ctx.player,
        redacted=f"Player {ctx.player + 1} looks at the top {len(top)} cards of the opponent's Deck.",
    )


def gravedigger_ghoul(ctx: Ctx) -> None:
    from engine.games.yugioh.board import banish

    for cid in ctx.targets:
        banish(ctx.state, cid)


spell("55144522", "pot_of_greed", pot_of_greed)
spell("72892473", "card_destruction", card_destruction)
spell(
    "81820689",
    "inexperienced_spy",
    inexperienced_spy,
    condition=Condition(lambda ctx: bool(ctx.state.zones[f"hand:{opp(ctx.player)}"])),
)
spell("17092736", "ancient_telescope", ancient_telescope)
spell("82542267", "gravedigger_ghoul", gravedigger_ghoul, target=grave_monsters("opponent"), extra={"max": 2})


# ----------------------------------------------------------------------------- special summons
def flute(ctx: Ctx) -> None:
    state = ctx.state
    if not face_up_on_field(state, LORD_OF_D):
        state.log("Lord of D. is no longer on the field: the Flute does nothing.")
        return
    dragons = [
        c
        for c in state.zones[f"hand:{ctx.player}"]
        if facts(state.cards[c].code).race == "Dragon" and facts(state.cards[c].code).is_monster
    ]
    state.push(
        "ygo.multi_special",
        player=ctx.player,
        candidates=dragons,
        min=0,
        max=2,
        text="Flute of Summoning Dragon: Special Summon up to 2 Dragons from your hand",
    )


def last_will(ctx: Ctx) -> None:
    ctx.state.players[ctx.player]["lastwill"] = turn(ctx.state)
    ctx.state.log(f"Player {ctx.player + 1} may use Last Will once this turn.")


def polymerization(ctx: Ctx) -> None:
    ctx.state.push("ygo.fusion", player=ctx.player)


spell(
    "43973174",
    "flute_of_summoning_dragon",
    flute,
    condition=Condition(lambda ctx: face_up_on_field(ctx.state, LORD_OF_D)),
    extra={"why": ['"Lord of D." must be face-up on the field', "15.3"]},
)
spell("85602018", "last_will", last_will)
spell(
    "24094653",
    "polymerization",
    polymerization,
    condition=Condition(lambda ctx: bool(fusion_options(ctx.state, ctx.player))),
    extra={"why": ["you lack the Fusion-Material Monsters (hand or field) for any Fusion Monster you have", "10.5"]},
)


# ----------------------------------------------------------------------------- Equip and Field Magic
def equip(code: str, name_: str, atk_: int, def_: int, *, race: str = "", attribute: str = "") -> None:
    """An Equip Magic for monsters of one Type (`race`) or Attribute (rule 6.4)."""
    EQUIP_BOOSTS[code] = (atk_, def_)

    def fits(state: object, card: object) -> bool:
        f = facts(card.code)  # type: ignore[attr-defined]
        return bool(card.face_up) and (f.race == race if race else f.attribute == attribute)  # type: ignore[attr-defined]

    def resolve(ctx: Ctx) -> None:
        state = ctx.state
        for cid in ctx.targets:
            if state.cards[cid].face_up:
                state.mcard(ctx.source).attached_to = cid
                state.log(f"{name(state, ctx.source)} is equipped to {name(state, cid)}.")

    BOOK.add(
        code,
        Effect(
            name=name_,
            kind="equip",
            resolve=resolve,
            target=monsters_sel("any", face_up=True).where(fits),
            extra={"why": [f"no face-up {race or attribute} monster to equip", "6.4"]},
        ),
    )


def field(code: str, name_: str, boosts: dict[str, int]) -> None:
    """A Field Magic changing ATK and DEF of some Types on both sides (rule 6.5)."""
    FIELD_BOOSTS[code] = boosts

    def resolve(ctx: Ctx) -> None:
        ctx.state.log(f"{name(ctx.state, ctx.source)} changes the field.")

    BOOK.add(code, Effect(name=name_, kind="field", resolve=resolve, condition=ALWAYS))


equip("37120512", "sword_of_dark_destruction", 400, -200, attribute="DARK")
equip("98374133", "invigoration", 400, -200, attribute="EARTH")
for _code, _name, _race in (
    ("91595718", "book_of_secret_arts", "Spellcaster"),
    ("04614116", "dark_energy", "Fiend"),
    ("61854111", "legendary_sword", "Warrior"),
    ("46009906", "beast_fangs", "Beast"),
    ("15052462", "violet_crystal", "Zombie"),
    ("77027445", "power_of_kaishin", "Aqua"),
    ("77007920", "laser_cannon_armor", "Insect"),
    ("39774685", "vile_germs", "Plant"),
    ("01557499", "silver_bow_and_arrow", "Fairy"),
    ("01435851", "dragon_treasure", "Dragon"),
    ("37820550", "electro_whip", "Thunder"),
    ("36607978", "mystical_moon", "Beast-Warrior"),
    ("25769732", "machine_conversion_factory", "Machine"),
    ("51267887", "raise_body_heat", "Dinosaur"),
    ("98252586", "follow_wind", "Winged Beast"),
):
    equip(_code, _name, 300, 300, race=_race)

field("59197169", "yami", {"Fiend": 200, "Spellcaster": 200, "Fairy": -200})
field("86318356", "sogen", {"Warrior": 200, "Beast-Warrior": 200})
field("87430998", "forest", {"Insect": 200, "Beast": 200, "Plant": 200, "Beast-Warrior": 200})
field("23424603", "wasteland", {"Dinosaur": 200, "Zombie": 200, "Rock": 200})
field("50913601", "mountain", {"Dragon": 200, "Winged Beast": 200, "Thunder": 200})
field("22702055", "umi", {"Fish": 200, "Sea Serpent": 200, "Thunder": 200, "Aqua": 200, "Machine": -200, "Pyro": -200})

__all__ = ["Selector"]
