"""No text a player reads contains an engine card id, a handle, an option id or an internal value
name: boards in words and embeds, hands, prompts and option labels (as buttons show them),
narration and results, over random play of every game, for every seat and for spectators."""

from __future__ import annotations

import random
import re

import pytest

from bot.render.embeds import board_embed
from bot.render.labels import fit_labels
from bot.render.model import build_board, name_players
from bot.render.text import board_text, hand_text, prompt_text
from engine.core.handles import Lens, match_secret
from engine.core.registry import get_game

GAMES = [("yugioh", 2), ("naruto", 2), ("inuyasha", 2), ("inazuma", 2), ("usagi", 3)]
NAMES = ["Ana", "Bo", "Cy"]
RAW_ID = re.compile(r"#\d+|\(#|\bc[0-9a-f]{12}\b|\b[a-z]+:\d+\b")  # "#12", a handle, "attack:84"
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b")  # "kaitou_size", "tie_pick", "mission_phase"
REPR = re.compile(r"[{}]|\[['\d]|\bNone\b|\bTrue\b|\bFalse\b")  # a dict or list printed as Python


def embed_text(board: object) -> str:
    data = board_embed(board).to_dict()  # type: ignore[arg-type]
    parts = [str(data.get("title", "")), str((data.get("footer") or {}).get("text", ""))]
    parts += [f"{field['name']}\n{field['value']}" for field in data.get("fields", [])]
    return "\n".join(parts)


def problems(where: str, text: str, names_with_hash: tuple[str, ...] = ()) -> list[str]:
    for name in names_with_hash:  # "Winged Dragon, Guardian of the Fortress #1" is a card's name
        text = text.replace(name, "")
    found = []
    for pattern in (RAW_ID, INTERNAL, REPR):
        for match in pattern.finditer(text):
            line = next(line for line in text.splitlines() if match.group(0) in line)
            found.append(f"{where}: {match.group(0)!r} in {line.strip()[:160]!r}")
    return found


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_random_play_shows_no_ids_or_internal_names(game_id: str, players: int) -> None:
    game = get_game(game_id)
    names = NAMES[:players]
    hashed = tuple(sorted({c.name for c in game.pool.cards.values() if "#" in c.name}, key=len, reverse=True))
    found: list[str] = []
    for seed in (1, 2):
        state = game.new_match(game.default_decks(players), seed)
        secret = match_secret(game_id, seed)
        rng = random.Random(seed)
        told = 0
        for step in range(400):
            if step % 5 == 0 or state.result is not None:
                public = Lens(state, None, secret)
                board = build_board(game, public.view(), names, title=f"Match · {game.name}")
                found += problems(f"{game_id} board", board_text(board), hashed)
                found += problems(f"{game_id} embed", embed_text(board), hashed)
                for seat in range(players):
                    lens = Lens(state, seat, secret)
                    found += problems(f"{game_id} hand", hand_text(game, lens.view(), names), hashed)
                    shown = lens.prompt()
                    if shown is not None:
                        found += problems(f"{game_id} prompt", prompt_text(shown, names), hashed)
                        labels = fit_labels([name_players(o.label, names) for o in shown.options], 80)
                        found += problems(f"{game_id} button", "\n".join(labels), hashed)
            narration = Lens(state, None, secret).events_since(told)
            found += problems(f"{game_id} narration", "\n".join(name_players(e, names) for e in narration), hashed)
            told = state.event_total
            if state.result is not None:
                break
            prompt = state.prompt()
            assert prompt is not None
            state.apply(rng.choice(prompt.options).id)
    assert not found, f"{len(found)} problems, e.g.:\n" + "\n".join(sorted(set(found))[:25])
