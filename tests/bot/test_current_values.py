"""Current values everywhere (issue 33, item 3): the board in words, the embed and the board image
show a card's current stats, the ones the engine fights with, with the printed value beside them
where they differ; all three read them from one place (`bot.render.boards.current_of`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.render.boards import current_of, kit, model_of
from bot.render.embeds import board_embed
from bot.render.model import build_board
from bot.render.text import board_text
from engine.core.registry import get_game
from engine.core.scenario import build_state
from engine.core.scenario_expect import find_option
from engine.core.state import State

NAMES = ["Ana", "Bo"]


def _board_words(state: State) -> tuple[str, str, Any]:
    """The spectator's board in words, its embed as text, and the board image's model."""
    game = get_game(state.game_id)
    board = build_board(game, state.view(None), NAMES, title="Match")
    embed = board_embed(board).to_dict()  # type: ignore[arg-type]
    fields = "\n".join(f"{f['name']}\n{f['value']}" for f in embed.get("fields", []))
    return board_text(board), fields, model_of(board)


def _line_of(text: str, name: str) -> str:
    return next(part for line in text.splitlines() for part in line.split(" | ") if name in part)


def test_sogen_raises_a_warrior_in_words_as_in_the_image() -> None:
    state = build_state(
        {
            "game": "yugioh",
            "setup": {
                "players": [
                    {
                        "zones": {
                            "mzone": [{"card": "D. Human", "face_up": True, "orientation": "atk"}],
                            "fzone": [{"card": "Sogen", "face_up": True}],
                            "deck": ["10x Dark Gray"],
                        }
                    },
                    {"zones": {"deck": ["10x Dark Gray"]}},
                ],
                "state": {"active": 0, "turn": 3, "phase": "main1"},
            },
        }
    )
    text, embed, model = _board_words(state)
    for words in (text, embed):
        human = _line_of(words, "D. Human")
        assert "ATK 1500 (printed 1300)" in human and "DEF 1300 (printed 1100)" in human, human
        assert "Level 4," in human  # unchanged values show once
    box = next(b for b in model.sides[0].monsters if b is not None)
    assert box.stats == ("1500", "DEF 1300")


def test_jack_wallside_shows_the_sp_the_defence_uses() -> None:
    state = build_state(
        {
            "game": "inazuma",
            "options": {"always_ask": True},  # the attack-phase window stays open
            "setup": {
                "players": [
                    {
                        "zones": {
                            "goal": ["Mark Evans"],
                            "hand": ["S1-20"],
                            "field": ["Shadow Cimmerian", None, "Steve Grim", None, None, None],
                            "deck": ["10x Illusion Ball"],
                        }
                    },
                    {
                        "zones": {
                            "goal": ["Mark Evans"],
                            "field": [None, None, None, None, "Jack Wallside", None],
                            "deck": ["10x Illusion Ball"],
                        }
                    },
                ],
                "state": {"at": "power_up", "turn": 1, "attacker": 0, "side": "L"},
            },
        }
    )
    assert state.vars.get("sp", {}).get("defence") == 400  # the engine's defence: Jack at 600 - 200
    text, embed, model = _board_words(state)
    for words in (text, embed):
        assert "SP 400 (printed 600)" in _line_of(words, "Jack Wallside")
        assert "SP 600," in _line_of(words, "Shadow Cimmerian") or "SP 600)" in _line_of(words, "Shadow Cimmerian")
    jack = next(b for b in model.teams[1].slots if b is not None and b.title == "Jack Wallside")
    assert jack.stats[0] == "400 SP"


def test_roaming_demons_defensive_boost_shows_black_8() -> None:
    state = build_state(
        {
            "game": "inuyasha",
            "setup": {
                "players": [
                    {
                        "zones": {
                            "play": ["Kurogane, Demon Lord"],
                            "deck": ["10x Swarm of Imps"],
                            "shards": ["5x Swarm of Imps"],
                        }
                    },
                    {
                        "zones": {
                            "play": ["Roaming Demons"],
                            "hand": ["Kurogane, Demon Lord"],
                            "deck": ["10x Swarm of Imps"],
                            "shards": ["5x Swarm of Imps"],
                        }
                    },
                ],
                "state": {"active": 0, "step": "battle"},
            },
        }
    )
    for label in (
        "Kurogane, Demon Lord attacks Roaming Demons in black (7 vs 4)",
        "No boost",
        "Defensive: discard Kurogane, Demon Lord for +4 black",
    ):
        state.apply(find_option(state, label))
    text, embed, model = _board_words(state)
    for words in (text, embed):
        demons = _line_of(words, "Roaming Demons")
        assert "black 8 (printed 4)" in demons and "red 2" in demons and "red 2 (" not in demons, demons
    demons_box = next(b for s in model.sides for g in s.characters for b in g.boxes if b.title == "Roaming Demons")
    assert ("8", (28, 28, 30)) in demons_box.chips


def test_web_of_spies_rates_an_unrated_character_in_words() -> None:
    state = build_state(
        {
            "game": "usagi",
            "setup": {
                "players": [
                    {
                        "values": {"ryo": 1},
                        "zones": {"hand": ["Web of Spies"], "field": ["Mifune Spearman"], "deck": ["2x Rice Farmer"]},
                    },
                    {"zones": {}},
                ],
                "shared": {"events": ["Steal the Secret Scroll"]},
                "state": {"phase": "actions", "first": 0, "finished": [1]},
            },
        }
    )
    assert "intrigue" not in _line_of(_board_words(state)[0], "Mifune Spearman")
    state.apply("play:0")
    text, embed, _ = _board_words(state)
    for words in (text, embed):
        assert "intrigue 1 (not printed)" in _line_of(words, "Mifune Spearman")


def _engine_stats(state: State, cid: int) -> dict[str, Any]:
    """What the engine itself fights with, keyed as `current_of` keys them."""
    game_id = state.game_id
    if game_id == "yugioh":
        from engine.games.yugioh import board as ygo

        return {"level": ygo.level(state, cid), "atk": ygo.atk(state, cid), "def": ygo.dfn(state, cid)}
    if game_id == "naruto":
        from engine.games.naruto import board as naruto

        combat, support = naruto.power(state, cid)
        injured = state.cards[cid].orientation == "injured"
        return (
            {"injured_combat": combat, "injured_support": support}
            if injured
            else {"combat": combat, "support": support}
        )
    if game_id == "inazuma":
        from engine.games.inazuma import board as inazuma

        return {"sp": inazuma.char_sp(state, cid)}
    if game_id == "inuyasha":
        from engine.games.inuyasha import board as iy

        colors = state.game.card(state.cards[cid].code).stats.get("colors") or {}
        return {"colors": {c: iy.color_value(state, cid, c) for c in colors}}
    from engine.games.usagi import board as us
    from engine.games.usagi.facts import RATINGS

    auras = us.auras(state)
    ratings = {name: us.rating(state, cid, name, auras) for name in RATINGS}
    return {"ratings": {k: v for k, v in ratings.items() if v is not None}}


ZONES_IN_PLAY = [
    ("yugioh", ("mzone",), (1, 2)),
    ("naruto", ("village", "battle"), tuple(range(4, 16))),  # seed 9: Zabuza's fog lowers Rock Lee in battle
    ("inuyasha", ("play",), (1, 2)),
    ("inazuma", ("field", "goal"), (1, 2)),
    ("usagi", ("field",), (1, 2)),
]


@pytest.mark.parametrize(("game_id", "zones", "seeds"), ZONES_IN_PLAY)
def test_current_stats_are_the_engine_s_in_random_play(
    game_id: str, zones: tuple[str, ...], seeds: tuple[int, ...]
) -> None:
    """Every face-up card in play, at every decision of random games: the spectator's current
    stats (what the image draws and the words show) equal the engine's own."""
    game = get_game(game_id)
    checked = 0
    for seed in seeds:
        state = game.new_match(game.default_decks(2), seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            prompt = state.prompt()
            if prompt is None:
                break
            view = state.view(None)
            now = current_of(game, view)
            assert now is not None
            raws = [c for e in view["players"] for z in zones for c in kit.slots_of(e["zones"].get(z))]
            raws += kit.slots_of(view["shared"].get("events"))
            for raw in raws:
                if raw and "code" in raw and (stats := now(raw)):
                    stats.pop("_printed", None)
                    if "fsp" in stats:  # a fired-up reserve's SP stands in for its printed fired-up SP
                        stats = {"sp": stats.pop("fsp")}
                    assert stats == _engine_stats(state, raw["id"]), (seed, raw["name"])
                    checked += 1
            state.apply(prompt.options[rng.randrange(len(prompt.options))])
    assert checked > 100


def test_a_set_monster_s_owner_reads_its_current_stats_in_private() -> None:
    from bot.render.text import hand_text
    from engine.games.yugioh import board as ygo

    state = build_state(
        {
            "game": "yugioh",
            "setup": {
                "players": [
                    {
                        "zones": {
                            "mzone": [{"card": "D. Human", "face_up": False, "orientation": "def"}],
                            "fzone": [{"card": "Sogen", "face_up": True}],
                            "hand": ["Dark Magician"],
                            "deck": ["10x Dark Gray"],
                        }
                    },
                    {"zones": {"deck": ["10x Dark Gray"]}},
                ],
                "state": {"active": 0, "turn": 3, "phase": "main1"},
            },
        }
    )
    human = next(c.id for c in state.cards if c.zone == "mzone:0")
    assert ygo.atk(state, human) == 1500
    private = hand_text(get_game("yugioh"), state.view(0), NAMES)
    assert "D. Human (Level 4, ATK 1500 (printed 1300), DEF 1300 (printed 1100)" in private
    assert "Dark Magician (Level 7, ATK 2500, DEF 2100)" in private  # a card in hand: printed is current
    assert "D. Human" not in board_text(build_board(get_game("yugioh"), state.view(None), NAMES, title="Match"))


def test_a_rating_of_0_is_shown_as_the_image_shows_it() -> None:
    """Usagi tells "rated 0" from unrated (rule 1.4: a Character rated even 0 may be involved):
    the words show "labor 0" as the image draws a 0 tile."""
    from bot.render.model import stats_text

    game = get_game("usagi")
    ronin = game.pool.resolve("Gray Ronin of the Long Road")
    assert ronin.stats["ratings"]["labor"] == 0
    assert "labor 0" in stats_text(game, ronin.code)
    assert "labor 0" in stats_text(game, ronin.code, {"ratings": dict(ronin.stats["ratings"])})
