"""Scripts of the tcgtable playtest set ("Playtest A"): one entry per card code.

Printed keywords need no script: "Produces N", "Score +N", "Restricted: X" and "Unique" are
card facts the rules read directly (see `facts.py`); such cards are declared vanilla.
"""

from __future__ import annotations

from typing import Final

from engine.games.usagi.book import BOOK
from engine.games.usagi.effects import (
    ability,
    aura,
    characters_sel,
    draw_cards,
    event_score,
    events_sel,
    exhaust,
    gain,
    kill,
    moment,
    on_involved,
    on_resolve,
    others_discard,
    pay,
    pump,
    recall,
    refresh,
    sacrifice,
    static,
    strike,
    uninvolve,
)

ANY_CHAR: Final = characters_sel()
OWN_CHAR: Final = characters_sel(own=True)
INVOLVED_CHAR: Final = characters_sel(involved=True)
INVOLVED_ALLY: Final = characters_sel(ally=True, involved=True)
ANY_ALLY: Final = characters_sel(ally=True)
STRICKEN_ALLY: Final = characters_sel(ally=True, stricken=True)

# Cards whose whole behaviour is printed facts (ratings, costs, Produces, Score, Restricted, Unique).
BOOK.vanilla(
    "UY002",  # Ronin for Hire
    "UY003",  # Bandits on the Road
    "UY004",  # Tea Ceremony
    "UY005",  # Mend the Village Wall
    "UY006",  # Mountain Pass (Restricted: 2)
    "UY007",  # Straw Travel Hat
    "UY009",  # Gray Ronin of the Long Road (Produces 1 Honor)
    "UY012",  # Mifune Spearman
    "UY016",  # Duel at the Crossroads
    "UY017",  # Defend the Lord's Castle (Score +2)
    "UY019",  # Family Daisho (Unique, Restricted: 2)
    "UY020",  # Way of the Sword
    "UY025",  # Hikiji Spymaster (Produces 1 Ryo)
    "UY029",  # Hired Bandit
    "UY032",  # Steal the Tax Gold
    "UY034",  # Seize the Province (Score +2)
    "UY035",  # Bribe Purse (Produces 1 Ryo)
    "UY036",  # Secret Orders
    "UY037",  # Hidden Fortress
    "UY041",  # Geishu Peace Envoy (Produces 1 Honor)
    "UY042",  # Farmers' Champion (Produces 1 Ryo)
    "UY044",  # Rice Farmer
    "UY046",  # Carpenters' Guild
    "UY048",  # Rebuild the Bridge (Score +1)
    "UY050",  # Great Harvest Festival (Score +2)
    "UY051",  # Sturdy Tools
    "UY052",  # Learned Letters
    "UY053",  # Village Square (Score +1)
    "UY057",  # Neko Ninja Chief (Produces 1 Ryo)
    "UY061",  # Smoke Bomber
    "UY062",  # Ninja Infiltrator
    "UY063",  # Black-Clad Archer
    "UY064",  # Steal the Secret Scroll
    "UY066",  # Infiltrate the Castle (Score +2)
    "UY067",  # Shuriken
    "UY068",  # Ninja Training
    "UY069",  # Moonless Night
    "UY073",  # Shirageta Shrine Priestess (Produces 1 Honor)
    "UY077",  # Mountain Goblin
    "UY079",  # Kappa of the River
    "UY081",  # Appease the Mountain Spirit
    "UY082",  # The Demon's Curse (Score +2)
    "UY083",  # Prayer Beads
    "UY084",  # Spirit Sight (Produces 1 Honor)
    "UY085",  # Sacred Grove (Score +1)
)

# ---- neutral
BOOK.add("UY001", ability("gain_ryo", strike(), gain("ryo", 1), text="Strike: gain 1 Ryo."))  # Wandering Peddler
BOOK.add("UY008", moment(refresh(), target=OWN_CHAR))  # Second Wind

# ---- Mifune Honor Guard
BOOK.add(
    "UY010",
    ability(
        "rally",
        strike(),
        pump("combat", 1),
        target=OWN_CHAR,  # Captain of the Mifune Guard
        text="Strike: target Character you control gets +1 Combat.",
    ),
)
BOOK.add(
    "UY011",
    ability(
        "focus",
        pay("honor", 1),
        pump("combat", 1, on_self=True),  # Swordmistress of the Mifune
        text="Pay 1 Honor: +1 Combat.",
    ),
)
BOOK.add("UY013", ability("gain_honor", strike(), gain("honor", 1), text="Strike: gain 1 Honor."))  # Standard Bearer
BOOK.add("UY014", static("retainer", score_bonus=1))  # Veteran Retainer
BOOK.add(
    "UY015",
    ability(
        "train",
        strike(),
        pump("combat", 2),
        target=ANY_CHAR,  # Old Sword Instructor
        text="Strike: target Character gets +2 Combat.",
    ),
)
BOOK.add("UY018", on_resolve(draw_cards(1)))  # Oath of Allegiance
BOOK.add("UY021", on_resolve(draw_cards(1)))  # Castle Gatehouse
BOOK.add("UY022", moment(pump("combat", 2), target=ANY_CHAR))  # Battle Cry
BOOK.add("UY023", moment(lambda ctx: None, place="self"), aura("ceremony", 1, "own"))  # Oath of Loyalty
BOOK.add("UY024", moment(exhaust(), target=INVOLVED_ALLY))  # Decisive Charge

# ---- Hikiji Conspiracy
BOOK.add("UY026", ability("levy", strike(), gain("ryo", 2), text="Strike: gain 2 Ryo."))  # Ambitious Magistrate
BOOK.add(
    "UY027",
    ability(
        "assassinate",
        strike() + pay("ryo", 2),
        kill(),
        target=STRICKEN_ALLY,  # Masked Assassin
        text="Strike, pay 2 Ryo: kill target stricken Ally.",
    ),
)
BOOK.add("UY028", ability("report", strike(), draw_cards(1), text="Strike: draw 1 card."))  # Hikiji Informant
BOOK.add("UY030", ability("tax", strike(), gain("ryo", 1), text="Strike: gain 1 Ryo."))  # Corrupt Tax Collector
BOOK.add(
    "UY031",
    ability(
        "poison",
        strike(),
        pump("combat", -2),
        target=ANY_CHAR,  # Silent Poisoner
        text="Strike: target Character gets -2 Combat.",
    ),
)
BOOK.add("UY033", on_resolve(others_discard()))  # Assassinate the Official
BOOK.add("UY038", moment(exhaust(), target=INVOLVED_ALLY))  # Ambush
BOOK.add("UY039", moment(kill(), target=ANY_CHAR))  # Poisoned Tea
BOOK.add(
    "UY040",
    moment(lambda ctx: None, place="self"),
    aura("intrigue", 1, "own"),  # Web of Spies
    ability("sacrifice", sacrifice(), draw_cards(1), text="Sacrifice this: draw 1 card."),
)

# ---- Geishu Village Stewards
BOOK.add("UY043", aura("diplomacy", 1, "others"))  # Lord of the Geishu
BOOK.add("UY045", on_involved(draw_cards(1)))  # Village Elder
BOOK.add("UY047", ability("serve_tea", strike(), gain("ryo", 1), text="Strike: gain 1 Ryo."))  # Tea House Keeper
BOOK.add("UY049", on_resolve(draw_cards(1)))  # Negotiate a Truce
BOOK.add("UY054", moment(pump("labor", 2), target=ANY_CHAR))  # Community Effort
BOOK.add("UY055", moment(draw_cards(2)))  # Call for Help
BOOK.add("UY056", moment(lambda ctx: None, place="events"), static("lanterns", event_score=1))  # Festival Lanterns

# ---- Neko Night Blades
BOOK.add(
    "UY058",
    ability(
        "vanish",
        strike(),
        uninvolve(),
        target=INVOLVED_CHAR,  # Shadow Kunoichi
        text="Strike: return target involved Character to its play field.",
    ),
)
BOOK.add("UY059", ability("leap", pay("ryo", 1), refresh(on_self=True), text="Pay 1 Ryo: refresh this."))  # Runner
BOOK.add("UY060", ability("scout", strike(), draw_cards(1), text="Strike: draw 1 card."))  # Neko Scout
BOOK.add("UY065", on_resolve(draw_cards(1)))  # Night Raid
BOOK.add("UY070", moment(uninvolve(), target=INVOLVED_CHAR))  # Vanish in Smoke
BOOK.add("UY071", moment(exhaust(), target=ANY_ALLY))  # Sudden Strike
BOOK.add(
    "UY072",
    moment(lambda ctx: None, place="self"),  # Ninja Network
    ability(
        "sacrifice",
        sacrifice(),
        pump("intrigue", 3),
        target=OWN_CHAR,
        text="Sacrifice this: target Character you control gets +3 Intrigue.",
    ),
)

# ---- Shirageta Spirit Watchers
BOOK.add(
    "UY074",
    ability(
        "bless",
        strike(),
        pump("ceremony", 2),
        target=ANY_CHAR,  # Exorcist Monk
        text="Strike: target Character gets +2 Ceremony.",
    ),
)
BOOK.add("UY075", ability("remember", strike(), recall(), text="Strike: take a card from your rest pile."))  # Fox
BOOK.add("UY076", ability("pray", strike(), gain("honor", 1), text="Strike: gain 1 Honor."))  # Temple Acolyte
BOOK.add("UY078", on_involved(draw_cards(1)))  # Restless Ghost
BOOK.add("UY080", on_resolve(recall()))  # Purify the Haunted Shrine
BOOK.add("UY086", moment(pump("ceremony", 2), target=ANY_CHAR))  # Spirit Blessing
BOOK.add("UY087", moment(event_score(-1), target=events_sel()))  # Curse of the Kami
BOOK.add(
    "UY088",
    moment(lambda ctx: None, place="target_player", target_player=True),  # Omen of the Crane
    aura("intrigue", -1, "zone"),
)
