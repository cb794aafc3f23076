"""Board images v2: a mid-game position of every game (Usagi with 2, 4 and 6 players), drawn for a
spectator. The per-game render model shows each stat the game's players need, and nothing hidden."""

from __future__ import annotations

import importlib
import io
from itertools import pairwise
from typing import Any

import pytest
from PIL import Image

from bot.render.boards import kit, model_of
from bot.render.boards.samples import SAMPLES, sample_board
from bot.render.image import board_png
from engine.core.state import EMPTY, State

CASES = [pytest.param(game_id, players, seed, id=f"{game_id}-{players}p") for game_id, players, seed in SAMPLES]


def _boxes(model: object) -> list[kit.CardBox]:
    found: list[kit.CardBox] = []

    def walk(node: object) -> None:
        if isinstance(node, kit.CardBox):
            found.append(node)
        elif isinstance(node, list | tuple):
            for item in node:
                walk(item)
        elif hasattr(node, "__dataclass_fields__"):
            for name in node.__dataclass_fields__:
                walk(getattr(node, name))

    walk(model)
    return found


def _in_zone(state: State, prefix: str) -> list[int]:
    return [cid for key, ids in state.zones.items() if key.split(":")[0] == prefix for cid in ids if cid != EMPTY]


def _by_id(model: object) -> dict[kit.CardId, kit.CardBox]:
    return {box.cid: box for box in _boxes(model) if box.cid != kit.NO_CARD}


def test_nothing_hidden_reaches_the_model() -> None:
    for game_id, players, seed in SAMPLES:
        state, board = sample_board(game_id, players, seed)
        text = "\n".join(kit.strings(model_of(board)))
        shown = [state.game.card(c.code).name for c in state.cards if c.visible_to(None)]
        for card in state.cards:
            if card.visible_to(None):
                continue
            name = state.game.card(card.code).name
            assert card.code not in text, f"{game_id}: a hidden card's code appears in the board model"
            if any(name in other for other in shown):
                continue  # a public copy (or a longer name containing it) may show the words
            assert name not in text, f"{game_id}: hidden {name} appears in the board model"
        for box in _boxes(model_of(board)):
            if box.hidden:
                assert not box.title and not box.stats and not box.chips


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_png_decodes_at_the_game_width(game_id: str, players: int, seed: int) -> None:
    _, board = sample_board(game_id, players, seed)
    image = Image.open(io.BytesIO(board_png(board)))
    assert image.format == "PNG" and image.mode == "P"
    assert image.width == importlib.import_module(f"bot.render.boards.{game_id}").WIDTH and 400 < image.height < 4000


def test_yugioh_shows_the_field_as_on_the_mat() -> None:
    state, board = sample_board("yugioh", 2, 4)
    model = model_of(board)
    boxes = _by_id(model)
    for cid in _in_zone(state, "mzone"):
        card, box = state.cards[cid], boxes[cid]
        assert box.sideways == (card.orientation == "def")
        if card.face_up:
            info = state.game.card(card.code)
            assert box.title == info.name and box.corner == f"★{info.stats['level']}"
            assert any("DEF" in s for s in box.stats) and len(box.stats) == 2
            assert box.kind == info.subtype
        else:
            assert box.hidden
    for cid in _in_zone(state, "szone"):
        card, box = state.cards[cid], boxes[cid]
        assert box.hidden != card.face_up
        if card.face_up:
            assert box.kind == state.game.card(card.code).type
            if card.attached_to != EMPTY:
                assert any(t.startswith("→") for t in box.tags)
    for seat, side in enumerate(model.sides):
        assert side.lp == state.players[seat]["lp"]
        assert side.hand == state.count(f"hand:{seat}") and side.deck == state.count(f"deck:{seat}")
        assert side.fusion == state.count(f"fusion:{seat}") and side.grave == state.count(f"grave:{seat}")
        grave = state.zones[f"grave:{seat}"]
        assert side.grave_names == [state.game.card(state.cards[cid].code).name for cid in reversed(grave)]
    assert "Phase" in model.scene.turn and model.scene.last is not None


def test_yugioh_graveyard_is_a_pile_not_a_card_on_the_field() -> None:
    """The Graveyard's top card is never drawn as a card box (at a field slot's size it passed for a
    card on the field): the pile shows its count and its top cards' names."""
    state, board = sample_board("yugioh", 2, 4)
    model = model_of(board)
    in_play = {cid for zone in ("mzone", "szone", "fzone") for cid in _in_zone(state, zone)}
    grave = set(_in_zone(state, "grave"))
    assert grave, "the sample position has cards in a Graveyard"
    drawn = {box.cid for box in _boxes(model) if box.cid != kit.NO_CARD}
    assert not drawn & grave and drawn <= in_play
    for seat, side in enumerate(model.sides):
        assert side.grave == state.count(f"grave:{seat}") and len(side.grave_names) == side.grave


def test_naruto_shows_teams_heads_injuries_and_the_counts() -> None:
    state, board = sample_board("naruto", 2, 1)
    model = model_of(board)
    boxes = _by_id(model)
    for cid in _in_zone(state, "village") + _in_zone(state, "battle"):
        card = state.cards[cid]
        box = boxes[cid]
        if state.game.card(card.code).type == "Ninja":
            assert "/" in box.stats[0]
            assert ("Injured" in box.tags) == (card.orientation == "injured")
    for seat, village in enumerate(model.villages):
        assert village.rewards == state.count(f"rewards:{seat}")
        assert village.turn_indicator == state.players[seat]["ti"]
        assert village.chakra == state.count(f"chakra:{seat}")
        assert len(village.teams) >= len(state.players[seat]["teams"])
        assert all(g.label.startswith(("Team", "Alone")) and "Power" in g.label for g in village.teams)
        missions = [c for c in state.zones[f"village:{seat}"] if state.game.card(state.cards[c].code).type == "Mission"]
        assert len(village.missions) == len(missions)
    assert len(model.battles) == len(state.vars.get("battles", []))
    for battle, raw in zip(model.battles, state.vars.get("battles", []), strict=True):
        assert [b.cid for b in battle.attacker.boxes] == raw["a"]
        if len(raw["a"]) > 1:
            assert "Head" in battle.attacker.boxes[0].tags
    assert "Turn" in model.scene.turn


def test_inuyasha_shows_colors_expended_items_and_shards() -> None:
    state, board = sample_board("inuyasha", 2, 1)
    model = model_of(board)
    boxes = _by_id(model)
    for cid in _in_zone(state, "play"):
        card = state.cards[cid]
        if not card.face_up:
            continue
        box, info = boxes[cid], state.game.card(card.code)
        if info.type == "character":
            assert len(box.chips) == len(info.stats["colors"])
            assert box.sideways == ("Expended" in box.tags) == (card.orientation == "expended")
        if card.attached_to != EMPTY:
            assert any(t.startswith("→") for t in box.tags)
            group = next(g for s in model.sides for g in s.characters if any(b.cid == cid for b in g.boxes))
            assert group.boxes[0].cid == card.attached_to  # drawn beside the character that carries it
    for seat, side in enumerate(model.sides):
        assert side.shards == state.count(f"shards:{seat}") and side.captured == state.count(f"captured:{seat}")
        assert (side.kaitou is not None) == bool(state.zones[f"kaitou:{seat}"])


def test_inazuma_shows_the_pitch_by_line_and_side() -> None:
    state, board = sample_board("inazuma", 2, 1)
    model = model_of(board)
    for seat, team in enumerate(model.teams):
        field = state.zones[f"field:{seat}"]
        assert len(team.slots) == 6
        for slot, (cid, box) in enumerate(zip(field, team.slots, strict=True)):
            assert (cid == EMPTY) == (box is None)
            if box is not None:
                assert box.corner == ("FW-L", "FW-R", "MF-L", "MF-R", "DF-L", "DF-R")[slot]
                assert box.stats[0].endswith(" SP")
                if state.cards[cid].flags.get("stack"):
                    assert "Fired up" in box.stats[1]
        assert team.keeper is not None and team.keeper.corner == "GK"
        assert team.goals == state.count(f"goals:{seat}") and len(team.bench) == state.count(f"bench:{seat}")
    assert "of 6" in model.scene.turn and "attacks" in model.scene.turn
    assert model.score.count(" – ") == 1
    if state.vars.get("sp"):
        assert "SP" in model.sp


@pytest.mark.parametrize("players", [2, 4, 6])
def test_usagi_shows_every_player_events_and_ratings(players: int) -> None:
    seed = next(s for g, p, s in SAMPLES if g == "usagi" and p == players)
    state, board = sample_board("usagi", players, seed)
    model = model_of(board)
    assert len(model.seats) == players
    for seat, panel in enumerate(model.seats):
        values = state.players[seat]
        assert (panel.honor, panel.ryo, panel.tokens) == (values["honor"], values["ryo"], values["tokens"])
    from engine.games.usagi import board as rules
    from engine.games.usagi.facts import RATINGS

    boxes = _by_id(model)
    auras = rules.auras(state)
    for cid in _in_zone(state, "field") + state.zones["events"]:
        card = state.cards[cid]
        info = state.game.card(card.code)
        box = boxes[cid]
        if info.type == "Character":  # current ratings, as the engine counts them (auras included)
            ratings = [rules.rating(state, cid, name, auras) for name in RATINGS]
            assert [chip[0] for chip in box.chips] == [str(v) for v in ratings if v is not None]
        else:
            assert len(box.chips) == len([v for v in info.stats.get("ratings", {}).values() if v is not None])
        assert ("Stricken" in box.tags) == (card.orientation == "stricken")
        if card.attached_to != EMPTY:
            assert any(t.startswith("→") for t in box.tags)
    events = [c for c in state.zones["events"] if state.game.card(state.cards[c].code).type == "Event"]
    events = [c for c in events if state.cards[c].attached_to == EMPTY and "inv" not in state.cards[c].flags]
    assert [g.boxes[0].cid for g in model.events if g.label.endswith("Event")] == events
    for eid in events:
        group = next(g for g in model.events if g.boxes[0].cid == eid)
        involved = [c for c in state.zones["events"] if state.cards[c].flags.get("inv") == eid]
        assert {b.cid for b in group.boxes} >= set(involved)
    assert len(model.responses) == state.count("stack")


def test_generic_drawing_for_a_game_without_a_module(toy: Any) -> None:
    from bot.render.model import build_board

    state = toy.new_match(toy.default_decks(), seed=5)
    board = build_board(toy, state.view(None), ["Ana", "Bo"], title="Match #1")
    assert model_of(board) is None and board_png(board).startswith(b"\x89PNG")


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_the_bot_s_handle_view_draws_the_same_board(game_id: str, players: int, seed: int) -> None:
    """The bot shows views through a Lens (card ids replaced by handles): the image reads both."""
    from bot.render.model import build_board
    from engine.core.handles import Lens, match_secret

    state, board = sample_board(game_id, players, seed)
    view = Lens(state, None, match_secret(game_id, seed)).view()
    lensed = build_board(state.game, view, board.names, title=board.title)
    by_id, by_handle = model_of(board), model_of(lensed)
    assert sorted(kit.strings(by_id)) == sorted(kit.strings(by_handle))
    assert board_png(lensed).startswith(b"\x89PNG")


@pytest.mark.parametrize("name", ["Hikiji Spymaster", "Wandering Peddler", "Ambitious Magistrate", "Castle Gatehouse"])
def test_a_word_wider_than_a_card_is_hyphenated_not_split_anywhere(name: str) -> None:
    width = 100  # about a card's title width at the smallest text size
    lines = kit.fit(name, width, kit.SMALL, 4)
    assert all(kit.text_width(line, kit.SMALL) <= width for line in lines)
    whole = "".join(line[:-1] if line.endswith("-") else line + " " for line in lines).strip()
    assert whole == name  # nothing lost, no stray spaces inside a word
    for line, following in pairwise(lines):
        if line.endswith("-"):
            assert len(following.split(" ")[0]) >= kit.MIN_CARRIED  # never "Wanderin" / "g"
    cut = kit.fit(name, width, kit.SMALL, 1)[0]
    assert cut.endswith("…") and not cut.endswith("-…")


def test_naruto_a_team_back_in_its_village_is_not_also_on_the_battlefield() -> None:
    """Issue 33: when the match ends in a Battle Phase, the winning Team returned to its Village
    but the Battlefield still drew it (the last battles stay in the state's vars)."""
    import random

    from bot.render.model import build_board
    from engine.core.registry import get_game

    game = get_game("naruto")
    checked = 0
    for seed in range(4):
        state = game.new_match(game.default_decks(2), seed=seed)
        rng = random.Random(seed)
        while (prompt := state.prompt()) is not None:
            state.apply(prompt.options[rng.randrange(len(prompt.options))])
        model = model_of(build_board(game, state.view(None), ["Ana", "Bo"], title="Match"))
        village = {b.cid for v in model.villages for g in v.teams for b in g.boxes}
        battlefield = {b.cid for bt in model.battles for g in (bt.attacker, bt.blocker) if g for b in g.boxes}
        assert not village & battlefield, seed
        assert battlefield <= set(_in_zone(state, "battle"))
        checked += bool(state.vars.get("battles"))
    assert checked  # some match ended with its last battles still in the vars


def test_inazuma_bench_names_are_drawn_whole() -> None:
    """Issue 33: bench names were cut to one word ("Trainee…"), so three Trainees looked alike.
    Every character name of the pool fits a bench card whole (exhausted and fired up, the most
    a bench card carries below its name)."""
    from bot.render.boards import inazuma
    from engine.core.registry import get_game

    game = get_game("inazuma")
    names = {card.name for card in game.pool.cards.values() if card.type in ("starting", "reserve")}
    assert {"Trainee Bulwark", "Trainee Playmaker"} <= names
    for name in names:
        box = kit.CardBox(name, "attr-power", stats=("300 SP", "Fired up ×2 · Exhausted · Power"), dim=True)
        lines = kit.title_lines(box, inazuma.BENCH_W, inazuma.BENCH_H)
        assert " ".join(lines).replace("- ", "") == name.replace("-", ""), (name, lines)


def _usagi_finished(players: int, seed: int) -> tuple[State, Any]:
    import random

    from bot.render.model import build_board
    from engine.core.registry import get_game

    game = get_game("usagi")
    state = game.new_match(game.default_decks(players), seed=seed)
    rng = random.Random(seed)
    while (prompt := state.prompt()) is not None:
        state.apply(prompt.options[rng.randrange(len(prompt.options))])
    names = ["Alice", "Bob", "Chiyo", "Dmitri"][:players]
    return state, build_board(game, state.view(None), names, title="Match #3 · Usagi Yojimbo")


def test_usagi_winner_line_is_drawn_whole() -> None:
    """Issue 33: the result line was cut at the image's width ("… (house rule, usagi…"), so who
    won and with how many tokens was lost. Every caption text wraps and is drawn whole."""
    from bot.render.boards import usagi

    state, board = _usagi_finished(4, 3)
    assert state.result is not None and len(board.status) > 90  # longer than one row of the caption
    rows = kit.caption_rows(usagi.WIDTH, model_of(board).scene.lines())
    status_rows = [text for text, color in rows if color == kit.MUTED]
    assert not any(text.endswith("…") for text in status_rows)
    assert " ".join(status_rows) == board.status


def test_usagi_event_field_in_words_groups_each_event_with_owner_and_involved() -> None:
    """Issue 33: the Event field in words was one flat list, with no owners and no mark of which
    Character is involved in which Event. It reads Event by Event, as the image draws it."""
    from bot.render.text import board_text

    state, board = _usagi_finished(4, 3)
    text = board_text(board)
    zone = next(z for z in board.shared if z.name == "Event field")
    events = [c for c in state.zones["events"] if state.game.card(state.cards[c].code).type in ("Event", "Moment")]
    events = [c for c in events if state.cards[c].attached_to < 0 and "inv" not in state.cards[c].flags]
    assert len(zone.groups) == len(events) > 1
    involved = 0
    for eid, (label, faces) in zip(events, zone.groups, strict=True):
        event = state.cards[eid]
        owner = board.names[event.owner]
        assert label == f"{owner}'s {state.game.card(event.code).type}"
        assert faces[0].label == state.game.card(event.code).name
        line = f"    {label}: " + " · ".join(face.text() for face in faces)
        assert line in text
        for cid in state.zones["events"]:
            if state.cards[cid].flags.get("inv") == eid:
                name = state.game.card(state.cards[cid].code).name
                assert any(f.label == name and f.note == "involved" for f in faces), (name, label)
                involved += 1
    assert involved
    assert sum(len(faces) for _, faces in zone.groups) == state.count("events")


def _inuyasha_after(players: list[dict[str, Any]], step: str, choose: str) -> tuple[State, Any]:
    from bot.render.model import build_board
    from engine.core.scenario import build_state
    from engine.core.scenario_expect import find_option

    state = build_state({"game": "inuyasha", "setup": {"players": players, "state": {"active": 0, "step": step}}})
    state.apply(find_option(state, choose))
    return state, model_of(build_board(state.game, state.view(None), ["Ana", "Bo"], title="Match"))


def _marked(model: object) -> list[kit.CardBox]:
    return [box for box in _boxes(model) if box.mark]


def test_inuyasha_highlight_falls_on_the_copy_that_changed() -> None:
    """Issue 33: the last action's highlight went to the first card of that name, so with two
    copies it fell on the one nothing happened to. It falls on the one that changed; on none
    when the named card left play."""
    piles = {"deck": ["10x Swarm of Imps"], "shards": ["5x Swarm of Imps"]}
    two_imps = {"zones": {"play": ["Swarm of Imps", "Swarm of Imps"], **piles}}
    me = {"zones": {"play": ["Village Militia"], "hand": ["Spell of Slumber"], **piles}}
    state, model = _inuyasha_after([me, two_imps], "battle", "event:{hand:0/Spell of Slumber}:{play:1#1}")
    assert state.events[-1].text == "Swarm of Imps is expended."
    second = state.zones["play:1"][1]
    assert state.cards[second].orientation == "expended"
    assert [box.cid for box in _marked(model)] == [second]

    me = {"zones": {"play": ["Village Militia"], "hand": ["Village Militia"], **piles}}
    state, model = _inuyasha_after([me, {"zones": dict(piles)}], "setup", "Play Village Militia (deck cost 0)")
    newest = state.zones["play:0"][-1]
    assert len(state.zones["play:0"]) == 2 and [box.cid for box in _marked(model)] == [newest]


def test_a_card_that_left_play_marks_no_copy_still_in_play() -> None:
    action = kit.LastAction("Swarm of Imps is defeated.", "Swarm of Imps")
    survivor = kit.CardBox("Swarm of Imps", "character", cid=1)
    kit.mark_boxes([survivor, kit.back(2, tags=("Defeated",))], action)
    assert survivor.mark == ""
    kit.mark_boxes([survivor], kit.LastAction("Swarm of Imps is expended.", "Swarm of Imps"))
    assert survivor.mark == "last"


def test_a_cut_card_name_keeps_its_last_word() -> None:
    """Names that differ only at their end ("The Demon Brothers Meizu" / "... Gouzu") stay apart
    on a card too narrow for the whole name: the last word is kept, the middle is cut."""
    meizu, gouzu = (
        kit.CardBox(f"The Demon Brothers {n}", "ninja", stats=("1 / 1",), tags=("Injured",)) for n in ("Meizu", "Gouzu")
    )
    shown = [kit.title_lines(box, 130, 172) for box in (meizu, gouzu)]
    assert shown[0] != shown[1] and shown[0][-1] == "Meizu" and shown[1][-1] == "Gouzu"
    assert any(line.endswith("…") for line in shown[0])


def test_usagi_event_field_of_six_players_is_drawn_whole() -> None:
    """The 6-player sample holds 16 Events: drawn in order, 5 rows showed 5 of them ("+11 more
    not shown"); packed, every card of every Event is drawn."""
    from bot.render.boards import usagi

    _, board = sample_board("usagi", 6, next(s for g, p, s in SAMPLES if g == "usagi" and p == 6))
    model = model_of(board)
    assert len(model.events) >= 12
    _, placed = usagi.event_field(kit.Canvas(usagi.WIDTH, 4000), 0, model.events)
    assert {box.cid for group in model.events for box in group.boxes} <= set(placed)


def test_a_one_word_badge_a_little_too_wide_in_bold_is_not_hyphenated() -> None:
    lines, bold = kit.tag_lines("Permanent", 130, 2)  # a Naruto Mission's badge on a 130 px card
    assert lines == ("Permanent",) and not bold
    assert kit.tag_lines("Setting", 130, 2) == (("Setting",), True)
