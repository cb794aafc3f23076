"""Normalization: stems, synonyms and stop words meet between questions and rules."""

from __future__ import annotations

import pytest

from rulesdocs import text


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("attacks", "attacking"),
        ("attacked", "attack"),
        ("destroyed", "destroys"),
        ("copies", "copy"),
        ("save", "saving"),
        ("summoned", "summons"),
        ("passes", "passed"),
        ("battles", "battling"),
    ],
)
def test_inflections_share_a_stem(a: str, b: str) -> None:
    assert text.stem(a) == text.stem(b)


def test_different_words_keep_different_stems() -> None:
    assert text.stem("attack") != text.stem("attach")
    assert text.stem("defense") != text.stem("deck")


@pytest.mark.parametrize(
    ("slang", "word"),
    [("gy", "graveyard"), ("def", "defense"), ("defence", "defense"), ("spell", "magic"), ("keeper", "goalkeeper")],
)
def test_chat_slang_folds_to_the_rules_word(slang: str, word: str) -> None:
    assert text.terms(slang) == text.terms(word)


def test_multi_word_synonym_expands() -> None:
    assert text.terms("lp") == text.terms("life points")


def test_stop_words_are_dropped_but_rule_words_stay() -> None:
    assert text.terms("can I do that in the end phase before I draw?") == ["end", "phas", "befor", "draw"]


def test_accents_and_curly_quotes_fold() -> None:
    assert text.terms("opponent’s Pokémon") == text.terms("opponent's pokemon")


def test_game_specific_slang() -> None:
    assert text.terms("tapped", "inuyasha") == text.terms("expended", "inuyasha")
    assert text.terms("tapped", "usagi") == text.terms("strike", "usagi")
    assert text.terms("my monster died", "yugioh") == text.terms("my monster was destroyed", "yugioh")
    assert text.terms("killed", "inuyasha") == ["kill"]  # a rules term there, not slang
    assert text.terms("tap") == ["tap"]  # no game, no guess


def test_phrase_synonyms_match_chat_phrasings() -> None:
    assert text.terms("my starting hand") == text.terms("my opening hand")
    assert text.terms("can i attack on turn one") == text.terms("can i attack on the first turn")
    assert text.terms("who goes first") == text.terms("who is the first player")
    assert text.terms("face-down") == text.terms("face down")


def test_phrases_are_matched_on_whole_words_only() -> None:
    assert "opening" not in text.terms("restarting hand")


def test_question_rewrites_add_rules_words() -> None:
    assert text.rewrite("How many cards in my deck?") == "deck size"
    assert "win" not in text.rewrite("how many cards in my deck")
    assert text.rewrite("how do i draw a card") == ""
