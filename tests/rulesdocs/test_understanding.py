"""Stage 1 of the rules pipeline and what it changes: question types, answer shapes, card
subjects and card answers, "did you mean", game switches and card follow-ups."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from rulesdocs import cardanswer, cardnames, review, ruling
from rulesdocs import conversation as conv
from rulesdocs import facts as facts_module
from rulesdocs.facts import Fact
from rulesdocs.model import RulesError
from rulesdocs.service import Asked, RulesService
from rulesdocs.understand import profile, question_type, shape, situation


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("can i normal summon twice in one turn", "yesno"),
        ("how many times can i normal summon per turn", "howmany"),
        ("how do i deploy a ninja? i have 2 chakra", "howto"),
        ("why cant i play leaf headband? turn indicator is 2", "why"),
        ("when can i play a trap", "when"),
        ("whats a tribute", "whatis"),
        ("what happens when an injured ninja gets hit again", "whathappens"),
        ("lvl 6 monster how many tributes", "howmany"),
        ("my field spell gets destroyed, does the other one activate", "yesno"),
        ("aggressive keyword how does it work", "howto"),
        ("opening hand size?", "other"),
        ("i stole their fang blade with snatch and run. do i pay its deck cost too?", "yesno"),  # a situation first
        ("its turn 3. how many reserves can i move", "howmany"),
        ("first turn and it wont let me play swordmistress of the mifune. why?? i got nothing to pay with", "why"),
        ("with gato transport out does my opp have to dump chakra", "yesno"),  # a situation, then the question
        ("when my opponent attacks can i activate a trap", "yesno"),
        ("when my monster is destroyed where does it go", "when"),  # a wh-word: not a yes/no after a situation
        ("when do i draw", "when"),
    ],
)
def test_question_types(question: str, kind: str) -> None:
    assert question_type(question) == kind


def test_a_fact_profile_comes_from_its_phrasings() -> None:
    types = profile(["how do i summon", "how to summon a monster", "can i summon", "summon?"])
    assert types == frozenset({"howto", "yesno"})


@pytest.mark.parametrize("kind", ["howto", "why", "when", "whathappens", "whatis", "howmany"])
def test_only_a_yes_no_question_gets_a_yes_no_opening(kind: str) -> None:
    shaped = shape("No: a Ninja is deployed only in your Mission Phase.", kind)  # type: ignore[arg-type]
    assert shaped == "A Ninja is deployed only in your Mission Phase."
    assert shape("No: only once.", "yesno") == "No: only once."


def test_situation_reads_numbers_and_turns() -> None:
    read = situation("i have 2 chakra on my opponents turn and neji costs 3")
    assert read.numbers == (2, 3) and read.turn == "theirs"


@pytest.mark.parametrize(
    ("game", "typed", "name"),
    [
        ("yugioh", "whats dark magicians atk", "Dark Magician"),
        ("yugioh", "does dark magican have an effect", "Dark Magician"),
        ("yugioh", "what does bewd do", "Blue-Eyes White Dragon"),
        ("naruto", "what does kakashi do", "Kakashi Hatake"),
        ("inazuma", "what is mark evan sp", "Mark Evans"),
    ],
)
def test_card_subjects_forgive_typos_nicknames_and_first_names(
    fresh_service: RulesService, game: str, typed: str, name: str
) -> None:
    fresh_service.matcher(game)
    mention = cardnames.lookup(typed, game, fresh_service._common[game])
    assert mention is not None and mention.name == name


def test_rules_words_are_never_read_as_a_card(fresh_service: RulesService) -> None:
    fresh_service.matcher("yugioh")
    common = fresh_service._common["yugioh"]
    assert cardnames.lookup("what does spell speed mean", "yugioh", common) is None
    assert cardnames.lookup("can i attack the turn i summon", "yugioh", common) is None


def test_a_stat_question_leads_with_the_stat(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("whats dark magicians atk", game="yugioh")
    assert answer.kind == "card" and answer.text.startswith("Dark Magician has atk 2500.")


def test_a_naruto_card_shows_its_characteristics(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("what does kakashi do", game="naruto")
    assert answer.kind == "card" and "characteristics:" in answer.text and "Jonin" in answer.text


def test_a_rule_question_about_a_card_cites_the_rule_and_the_card(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("can dark magician attack the turn i summon it", game="yugioh")
    assert answer.kind == "card" and "About the card" in answer.text
    docs = [c.doc for c in answer.citations]
    assert docs[0] == "yugioh card pool" and len(docs) == 2


def test_card_kinds() -> None:
    dm = cardnames.card("yugioh", "Dark Magician")
    assert dm is not None
    assert cardanswer.card_kind("whats dark magicians atk", dm, "whatis") == "stat"
    assert cardanswer.card_kind("what does dark magician do", dm, "whatis") == "text"
    assert cardanswer.card_kind("can dark magician attack the turn i summon it", dm, "yesno") == "rule"


def test_a_how_question_never_opens_with_yes_or_no(fresh_service: RulesService) -> None:
    for question in ("how do i deploy a ninja", "why cant i deploy 2 ninjas in one turn", "when do i draw"):
        answer = fresh_service.ask(question, game="naruto")
        assert not answer.text.lower().startswith(("yes", "no:", "no,")), (question, answer.text)


def _close_ruling(facts: list[Fact]) -> ruling.Ruling:
    return ruling.Ruling(facts[0], 0.45, 0.4, (), "first phrasing", ((facts[1], "second phrasing"),))


def test_rival_facts_make_a_did_you_mean_and_a_pick_answers_it(tmp_path: Path, service: RulesService) -> None:
    asker = RulesService(index=service.index, review_path=tmp_path / "review.jsonl")
    matcher = asker.matcher("yugioh")
    assert matcher is not None
    facts = list(matcher.book.facts[:2])
    where = Asked(channel="c")
    answer, pending = asker._did_you_mean("huh?", "yugioh", _close_ruling(facts), _context(asker, "huh?"))
    assert answer.kind == "clarify" and answer.options == ("First phrasing?", "Second phrasing?")
    assert "1. First phrasing?" in answer.text and not answer.found
    asker.store.remember("c", pending)
    picked = asker.ask("2", where=where)
    assert picked.found and picked.text == facts[1].answer.replace("Yes: ", "Yes: ")
    notes = review.read_picks(tmp_path / "review.jsonl")
    assert [(n["question"], n["fact"]) for n in notes] == [("huh?", facts[1].id)]


def test_a_single_option_is_asked_as_a_check_and_picked_with_1(tmp_path: Path, service: RulesService) -> None:
    asker = RulesService(index=service.index, review_path=tmp_path / "review.jsonl")
    matcher = asker.matcher("yugioh")
    assert matcher is not None
    fact = matcher.book.facts[0]
    alone = ruling.Ruling(fact, 0.45, 0.4, (), "only phrasing")
    answer, pending = asker._did_you_mean("huh?", "yugioh", alone, _context(asker, "huh?"))
    assert answer.options == ("Only phrasing?",)
    assert "Is this what you're asking?" in answer.text and "which rule" not in answer.text
    asker.store.remember("c", pending)
    assert asker.ask("1", where=Asked(channel="c")).text == fact.answer


def test_a_match_options_name_is_never_an_options_label(service: RulesService) -> None:
    matcher = service.matcher("naruto")
    assert matcher is not None
    fact = next(f for f in matcher.book.facts if "naruto_choose_new_head" in f.asks)
    named = ruling.Ruling(fact, 0.45, 0.4, (), "naruto_choose_new_head")
    answer, _ = service._did_you_mean("new head?", "naruto", named, _context(service, "new head?"))
    assert answer.options and "_" not in answer.options[0]
    assert answer.options[0] == "Can i pick the new head ninja?"


def _context(service: RulesService, question: str):  # type: ignore[no-untyped-def]
    from rulesdocs.conversation import Context

    return Context("yugioh", question, None, time.monotonic(), asked=question)


def test_a_number_without_a_pending_choice_is_an_ordinary_question(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("2", game="yugioh", where=Asked(channel="n"))
    assert answer.kind != "clarify" or answer.options


def test_a_game_switch_asks_the_previous_question_for_the_new_game(fresh_service: RulesService) -> None:
    where = Asked(channel="switch")
    first = fresh_service.ask("how many cards in a deck", game="naruto", where=where)
    assert first.found and "50" in first.text
    switched = fresh_service.ask("what about in yugioh?", where=where)
    assert switched.game == "yugioh" and switched.found and "40" in switched.text


@pytest.mark.parametrize(
    "switch", ["whats it in yugioh?", "is it the same in yugioh", "and in ygo?", "hows it in yugioh"]
)
def test_a_game_switch_in_other_words_asks_again(fresh_service: RulesService, switch: str) -> None:
    where = Asked(channel=f"switch:{switch}")
    fresh_service.ask("how many cards in the starting hand", game="usagi", where=where)
    switched = fresh_service.ask(switch, where=where)
    assert switched.game == "yugioh" and switched.found and switched.text.startswith("5 cards")


@pytest.mark.parametrize("switch", ["whats the cap in yu-gi-oh then", "same cap in yugioh?"])
def test_a_game_switch_with_a_word_of_its_own_asks_again(fresh_service: RulesService, switch: str) -> None:
    alone = RulesService(index=fresh_service.index).ask(switch, where=Asked(channel="alone"))
    assert not alone.found  # the new game can't answer it on its own
    where = Asked(channel=f"switch:{switch}")
    fresh_service.ask("how many copies of one card can i put in my deck", game="inazuma", where=where)
    switched = fresh_service.ask(switch, where=where)
    assert switched.game == "yugioh" and switched.found and switched.text.startswith("3 copies")


def test_a_card_follow_up_keeps_the_card(fresh_service: RulesService) -> None:
    where = Asked(channel="card-follow")
    fresh_service.ask("what does summoned skull do", game="yugioh", where=where)
    follow = fresh_service.ask("whats its def", where=where)
    assert follow.card == "Summoned Skull" and "def 1200" in follow.text


def test_an_ellipsis_swaps_the_compared_term(fresh_service: RulesService) -> None:
    where = Asked(channel="ellipsis")
    first = fresh_service.ask(
        "i attack a defense position monster with higher atk, what happens", game="yugioh", where=where
    )
    assert first.found and "destroy" in first.text.lower()
    less = fresh_service.ask("and if its less?", where=where)
    assert less.found and "difference" in less.text.lower() and "Ultimate Offering" not in less.text


def test_an_ellipsis_the_same_rule_cannot_answer_is_not_answered_with_it_again(fresh_service: RulesService) -> None:
    where = Asked(channel="no-change")
    first = fresh_service.ask("unblocked team with power 3, how many battle rewards", game="naruto", where=where)
    assert first.found
    again = fresh_service.ask("and if its 6?", where=where)
    assert again.text != first.text  # never the rule for power 4 or less again
    assert not again.found or "5 or more" in again.text  # unsure, or the rule that covers power 6


def test_an_ellipsis_the_same_rule_covers_is_still_answered(fresh_service: RulesService) -> None:
    where = Asked(channel="covered")
    first = fresh_service.ask("what happens when a healthy ninja takes 1 damage", game="naruto", where=where)
    again = fresh_service.ask("and 2 damage?", where=where)
    assert first.found and again.found and "discard" in again.text.lower()


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("we blocked and the power difference is 6, what happens", "Outstanding Victory"),
        ("my team has power 3 vs their 8, what happens", "Outstanding Victory"),
        ("power difference 3 what happens", "Victory (difference 1-4)"),
    ],
)
def test_a_naruto_battle_typed_with_its_margin_gets_the_victory_it_is(
    fresh_service: RulesService, question: str, expected: str
) -> None:
    answer = fresh_service.ask(question, game="naruto")
    assert answer.found and expected in answer.text


def test_a_short_follow_up_the_last_answer_already_states_gets_that_answer(fresh_service: RulesService) -> None:
    where = Asked(channel="covered-again")
    first = fresh_service.ask("what color are teamwork cards", game="inazuma", where=where)
    assert first.found and "purple" in first.text
    again = fresh_service.ask("and tactic?", where=where)
    assert again.found and "tactic blue" in again.text


@pytest.mark.parametrize("why", ["why not?", "why tho", "but why though?"])
def test_why_not_after_an_answer_gets_the_rule_again_not_another_rule(fresh_service: RulesService, why: str) -> None:
    where = Asked(channel="why-not")
    first = fresh_service.ask(
        "if an effect gives my char +2 blue but it has no blue at all, does it get blue 2", game="inuyasha", where=where
    )
    again = fresh_service.ask(why, where=where)
    assert first.found and again.found and again.citations[0].section == first.citations[0].section


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("can i normal summon twice in one turn", r"(Only )?1 per turn"),
        ("can i fusion summon twice in one turn", "No limit: Fusion Summons"),
    ],
)
def test_a_rule_about_another_term_of_the_same_kind_does_not_answer(
    fresh_service: RulesService, question: str, expected: str
) -> None:
    answer = fresh_service.ask(question, game="yugioh")
    assert answer.found and re.match(expected, answer.text)


def test_contrasted_terms_clash_only_when_the_rule_names_another_and_not_the_asked_one() -> None:
    from rulesdocs import chat, followup

    asked = followup.terms(chat.tokens("can i normal summon twice", "yugioh"), "yugioh")
    fusion = followup.terms(chat.tokens("fusion summons are special summons", "yugioh"), "yugioh")
    both = followup.terms(chat.tokens("one normal summon per turn; special summons are extra", "yugioh"), "yugioh")
    assert followup.clashes(asked, fusion)
    assert not followup.clashes(asked, both)
    assert not followup.clashes(asked, frozenset())


@pytest.mark.parametrize(
    ("question", "game", "opening"),
    [
        ("can i put 2 reserve characters from my hand on the bench in the same turn", "inazuma", "No: "),
        ("can i place just 1 starting character this round", "inazuma", "No: at least 2"),
        ("can i run 4 copies of the same card", "yugioh", "No: 3 copies"),
    ],
)
def test_a_yes_no_question_about_a_number_gets_the_verdict_of_the_limit(
    fresh_service: RulesService, question: str, game: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game=game, where=Asked(channel=f"verdict-{game}"))
    assert answer.found and answer.text.startswith(opening)


@pytest.mark.parametrize(
    ("question", "game", "opening"),
    [
        ("does the peddler cost anything to play", "usagi", "Wandering Peddler has no cost: it is free to play"),
        ("how much chakra is lightning blade", "naruto", "Lightning Blade has cost 2 (1 Fire + 1 of any symbol)"),
        ("does yami power up my fairies", "yugioh", "The rules reference has no ruling on this card itself"),
    ],
)
def test_card_questions_read_short_names_free_and_chakra_costs(
    fresh_service: RulesService, question: str, game: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game=game, where=Asked(channel=f"card-{game}"))
    assert answer.found and answer.text.startswith(opening)
    assert answer.card


@pytest.mark.parametrize(
    ("game", "first", "then", "expected"),
    [
        ("inazuma", "what does inazuma drop do", "whats its level", "Inazuma Drop has level 3"),
        ("inuyasha", "what does hana girl out of time do", "whats her cost", "Hana, Girl Out of Time has cost 1"),
        ("inuyasha", "whats kurogane cold prince's ability", "and his black?", "black 6"),
    ],
)
def test_a_card_follow_up_reads_he_she_and_a_stat_by_its_own_name(
    fresh_service: RulesService, game: str, first: str, then: str, expected: str
) -> None:
    where = Asked(channel=f"card-follow-{first}")
    assert fresh_service.ask(first, game=game, where=where).card
    answer = fresh_service.ask(then, where=where)
    assert answer.found and expected in answer.text.split("\n")[0]


def test_a_point_the_rulebook_never_settles_is_not_answered_as_a_rule(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("is there a mulligan", game="yugioh", where=Asked(channel="silent"))
    assert answer.kind == "not_found"
    assert "doesn't settle this" in answer.text and "mulligan" in answer.text  # and how tcgtable plays it


def test_only_an_interpretation_saying_the_rulebook_is_silent_is_silent() -> None:
    said = "No size limit: the rulebook gives the Fusion Deck no size."
    assert Fact("x", "yugioh", "1", said, ("q",), interpretation=True).silent
    assert not Fact("x", "yugioh", "1", said, ("q",), interpretation=False).silent
    assert not Fact("x", "yugioh", "1", "3 copies at most.", ("q",), interpretation=True).silent
    marked = Fact("x", "yugioh", "1", "50 turns: tcgtable's house rule.", ("q",), interpretation=True, unsettled=True)
    assert marked.silent  # `silent: true` in the file, whatever the answer's words


def test_silent_marks_an_interpretation_only() -> None:
    raw = {"id": "x", "section": "1", "answer": "A.", "asks": ["a", "b"], "silent": True}
    with pytest.raises(RulesError, match="interpretation: true"):
        facts_module._fact(raw, "yugioh", "test")
    assert facts_module._fact({**raw, "interpretation": True}, "yugioh", "test").silent


@pytest.mark.parametrize(
    ("game", "question", "opening"),
    [
        ("yugioh", "does dark hole destroy my own monsters too", "Yes, by its text: it affects both players' cards."),
        ("usagi", "can ambush hit one of my own allies", "Yes, by its text: its target names no owner"),
        ("inuyasha", "can bone whip expend my own character", "No, by its text: it affects only your opponent's"),
        ("inuyasha", "can i use human fury on my opponents character", "No, by its text: it affects only your own"),
        # "whenever a player…": either side, whoever is asked about
        ("naruto", "does gato transport make me discard chakra too when i attack", "Yes, by its text: it affects both"),
        ("naruto", "with gato transport out does my opp have to dump chakra when they block", "Yes, by its text"),
        ("naruto", "does leaf ninja forces make my opponent draw an extra card too?", "Yes, by its text: it affects"),
    ],
)
def test_whose_cards_a_card_affects_is_answered_from_its_text(
    fresh_service: RulesService, game: str, question: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game=game, where=Asked(channel=f"whose-{game}"))
    assert answer.kind == "card" and answer.text.startswith(opening)
    assert answer.card in answer.text  # the card's own text follows, so the player can check


def test_what_a_scoring_card_is_worth_is_its_score_not_a_price(fresh_service: RulesService) -> None:
    worth = fresh_service.ask("whats defend the lords castle worth", game="usagi", where=Asked(channel="worth"))
    assert worth.kind == "card"
    tokens = "Resolving Defend the Lord's Castle takes 3 chronicle tokens: 1 for the Event plus its Score +2"
    assert worth.text.startswith(tokens)
    asked = "how much is defend the lords castle worth on ebay"
    price = fresh_service.ask(asked, game="usagi", where=Asked(channel="price"))
    assert price.kind == "not_found" and "Prices" in price.text


def test_a_monsters_level_is_worked_out_into_its_tributes(fresh_service: RulesService) -> None:
    asked = "summoned skull what level and how many tributes"
    both = fresh_service.ask(asked, game="yugioh", where=Asked(channel="t1"))
    assert both.kind == "card"
    assert both.text.startswith("Summoned Skull is Level 6: Normal Summoning or Setting it takes 1 Tribute")
    summon = fresh_service.ask("can i normal summon blue eyes", game="yugioh", where=Asked(channel="t2"))
    assert summon.text.startswith("Blue-Eyes White Dragon is Level 8") and "2 Tributes" in summon.text
    assert "one Normal Summon or one Set per turn" not in summon.text  # a rule about something else is dropped
    fusion = fresh_service.ask("how do i summon flame swordsman", game="yugioh", where=Asked(channel="t3"))
    assert "Fusion Monster: it can't be Normal Summoned" in fusion.text
    asked = "can red eyes attack the same turn i summon it"
    attack = fresh_service.ask(asked, game="yugioh", where=Asked(channel="t4"))
    assert "Tribute" not in attack.text.split("\n")[0]


def test_a_rule_sharing_no_word_with_a_card_question_gives_way_to_the_cards_text(fresh_service: RulesService) -> None:
    asked = "does jack wallside lose sp when 2 people attack"
    answer = fresh_service.ask(asked, game="inazuma", where=Asked(channel="wall"))
    assert answer.kind == "card" and "-200 SP" in answer.text
    assert "No:" not in answer.text  # not the rule about fired-up SP that shares no word with it
    wallside = cardnames.card("inazuma", "Jack Wallside")
    assert wallside is not None
    assert cardanswer.text_answers_better(asked, wallside, "No: a goalkeeper stays in the goal zone.")
    assert not cardanswer.text_answers_better(asked, wallside, "Yes: Jack Wallside has -200 SP when 2 attack.")


def test_everyday_chat_words_are_not_corrected_into_rules_words(fresh_service: RulesService) -> None:
    matcher = fresh_service.matcher("yugioh")
    assert matcher is not None
    assert matcher.correct("my friend thinks i cant") == "my friend thinks i cannot"
    assert matcher.correct("my levle 4 monstr") == "my level 4 monster"  # a typo still is


def test_a_no_limiting_something_to_your_own_turn_answers_can_i_on_my_turn_with_yes(
    fresh_service: RulesService,
) -> None:
    mine = fresh_service.ask("can i use dark hole on my turn", game="yugioh", where=Asked(channel="turn1"))
    assert mine.text.startswith("Yes")
    theirs = fresh_service.ask("can i use dark hole on my opponents turn", game="yugioh", where=Asked(channel="turn2"))
    assert theirs.text.startswith("No:")


def test_what_an_effect_card_reaches_is_its_texts_to_say(fresh_service: RulesService) -> None:
    fissure = fresh_service.ask("can fisure hit a face down monster", game="yugioh", where=Asked(channel="fis"))
    assert fissure.card == "Fissure" and "its text decides" in fissure.text and "face-up monster" in fissure.text
    assert "Damage Step" not in fissure.text  # not the rule about attacking a face-down monster


def test_words_read_as_a_name_that_are_not_the_cards_dont_hide_the_card(fresh_service: RulesService) -> None:
    asked = "does waboku stop my monsters from dying in battle"
    waboku = fresh_service.ask(asked, game="yugioh", where=Asked(channel="wab"))
    assert waboku.kind == "card" and waboku.card == "Waboku" and "not destroyed by battle" in waboku.text


@pytest.mark.parametrize(
    ("game", "question", "opening"),
    [
        ("yugioh", "can i equip sword of dark destruction to my blue eyes", "No, by its text: it goes only on a DARK"),
        ("yugioh", "can i put legendary sword on my flame swordsman", "Yes, by its text"),
        ("naruto", "can sakura use lightning blade", "No, by its text: its user must be Kakashi Hatake"),
        ("naruto", "can kakashi use lightning blade", "Yes, by its text"),
    ],
)
def test_two_cards_named_get_what_one_cards_text_asks_of_the_other(
    fresh_service: RulesService, game: str, question: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game=game, where=Asked(channel=question))
    assert answer.text.startswith(opening)
    assert "The other card named" in answer.text and len(answer.citations) >= 2


def test_a_second_card_is_never_read_across_the_first_cards_name() -> None:
    question = "does dark waboku hole work"  # "dark" and "hole" stand on either side of Waboku
    first = cardnames.lookup(question, "yugioh")
    assert first is not None and first.name == "Waboku"
    assert cardnames.second(question, "yugioh", first) is None
    both = "does waboku stop dark hole"
    named = cardnames.lookup(both, "yugioh")
    assert named is not None
    assert {named.name, cardnames.second(both, "yugioh", named)} == {"Waboku", "Dark Hole"}


def test_a_question_after_an_if_clause_is_typed_by_its_question(fresh_service: RulesService) -> None:
    assert question_type("if i fusion summon with polymerization can i still normal summon that turn") == "yesno"
    assert question_type("after i attack can i switch to defense") == "yesno"
    asked = "if i fusion summon with polymerization can i still normal summon that turn"
    answer = fresh_service.ask(asked, game="yugioh", where=Asked(channel="still"))
    assert answer.text.startswith("Yes") and re.search(r"doesn't use (up )?your Normal Summon", answer.text)


@pytest.mark.parametrize(
    ("game", "question", "name"),
    [("naruto", "whats gaaras combat", "gaara"), ("usagi", "whats miyamoto usagis combat rating", "miyamoto usagi")],
)
def test_a_stat_of_a_card_not_in_our_pools_points_to_the_card_lookup(
    fresh_service: RulesService, game: str, question: str, name: str
) -> None:
    answer = fresh_service.ask(question, game=game, where=Asked(channel=question))
    assert answer.kind == "not_found" and f"/card {name}" in answer.text


def test_a_stat_of_a_card_in_our_pool_is_still_answered(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("whats kakashis combat", game="naruto", where=Asked(channel="kakashi"))
    assert answer.text.startswith("Kakashi Hatake has combat 5")


def test_our_reading_next_to_a_card_still_says_the_rulebook_doesnt_settle_it(fresh_service: RulesService) -> None:
    asked = "if card destruction makes both of us draw into exodia at the same time who wins"
    answer = fresh_service.ask(asked, game="yugioh", where=Asked(channel="exodia"))
    assert answer.card == "Card Destruction"
    assert answer.text.startswith("The Yu-Gi-Oh! TCG rulebook doesn't settle this")


def test_each_battle_follow_up_changes_the_battle_worked_out_last(fresh_service: RulesService) -> None:
    where = Asked(channel="battle-chain")
    fresh_service.ask("my 1800 atk monster attacks their 1500 atk monster, what happens", game="yugioh", where=where)
    defense = fresh_service.ask("what if it was in defense with 1500 def", where=where)
    assert "destroys their 1500 DEF monster" in defense.text
    higher = fresh_service.ask("and if its def was 2000?", where=where)
    assert (
        higher.text.startswith("Your 1800 ATK monster is lower than their 2000 DEF")
        and "200 battle damage" in higher.text
    )
    weaker = fresh_service.ask("and if mine had 900?", where=where)
    assert weaker.text.startswith("Your 900 ATK monster is lower than their 2000 DEF") and "1100" in weaker.text


@pytest.mark.parametrize(
    ("game", "question", "name"),
    [
        ("usagi", "how much is the swordmistres", "Swordmistress of the Mifune"),
        ("naruto", "how does shikamru work", "Shikamaru Nara"),
    ],
)
def test_a_typo_of_one_distinctive_name_word_finds_the_card(game: str, question: str, name: str) -> None:
    found = cardnames.lookup(question, game)
    assert found is not None and found.name == name


def test_a_one_word_nickname_that_means_an_amount_is_read_as_the_amount() -> None:
    assert cardnames.lookup("is there a max hand size", "inazuma") is None
    carson = cardnames.lookup("whats max carsons sp", "inazuma")
    assert carson is not None and carson.name == "Maxwell Carson"


def test_what_noun_do_i_questions_are_what_is_questions() -> None:
    assert question_type("what symbol do i need for the hand cost") == "whatis"
    assert question_type("what cards can i use on my opponents turn") == "whatis"
    assert question_type("what if i attack") == "whathappens"
    assert shape("No: every card paid for a Hand cost must share a Symbol.", "whatis").startswith("Every card paid")


def test_an_ellipsis_answered_by_the_same_rule_again_drops_the_earlier_yes_or_no(fresh_service: RulesService) -> None:
    where = Asked(channel="draws")
    fresh_service.ask("how many cards do i draw at the start of my turn", game="naruto", where=where)
    blocker = fresh_service.ask("does the blocker draw too", where=where)
    assert blocker.text.startswith("No: only the Attacker draws")
    attacker = fresh_service.ask("and the attacker?", where=where)
    assert attacker.text.startswith("Only the Attacker draws")


def test_one_word_with_stop_words_is_no_part_of_a_card_name() -> None:
    assert cardnames.lookup("how much damage does it take to kill a healthy ninja", "naruto") is None
    keto = cardnames.lookup("what does dian keto do", "yugioh")
    assert keto is not None and keto.name == "Dian Keto the Cure Master"


def test_a_stat_asked_of_a_nickname_with_a_possessive_is_the_cards(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("whats gai sensei's combat", game="naruto", where=Asked(channel="gai"))
    assert answer.kind == "card" and answer.text.startswith("Might Guy has combat")


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("does kaede ureshinos draw still work if shes injured", "Yes: Kaede Ureshino's effect is marked Valid"),
        ("can hinata still heal if shes injured", "No: Hinata Hyuga's effect isn't marked Valid"),
    ],
)
def test_whether_an_injured_ninjas_effect_works_is_its_valid_mark(
    fresh_service: RulesService, question: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game="naruto", where=Asked(channel=question))
    assert answer.text.startswith(opening)


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("can hinata heal my injured naruto", "Yes, by its text: it heals only Genin Ninjas"),
        ("can hinata heal kakashi", "No, by its text: it heals only Genin Ninjas"),
        ("can sakura use sexy jutsu", 'No, by its text: its user must be a "Male" Ninja'),
        ("can hinata use byakugan", "Yes, by its text"),
    ],
)
def test_a_characteristic_one_card_asks_of_another_decides(
    fresh_service: RulesService, question: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game="naruto", where=Asked(channel=question))
    assert answer.text.startswith(opening)


def test_a_characteristic_gained_in_play_gets_no_printed_verdict() -> None:
    harem, naruto = cardnames.card("naruto", "Harem Jutsu"), cardnames.card("naruto", "Naruto Uzumaki")
    assert harem is not None and naruto is not None
    assert "clone status" in cardnames.granted_tags("naruto")
    assert cardanswer.pair_verdict(harem, naruto) is None  # Naruto can gain Clone Status first


@pytest.mark.parametrize(
    ("question", "stripped"),
    [
        ("can hinata heal my injured naruto", "can hinata heal my injured naruto"),
        ("in naruto how many cards", "in how many cards"),
        ("my naruto deck has 50 cards", "my deck has 50 cards"),
    ],
)
def test_a_game_name_used_as_its_hero_is_kept(question: str, stripped: str) -> None:
    assert conv.strip_game_names(question) == stripped


def test_what_a_card_without_a_printed_cost_costs_is_its_text_not_a_price(fresh_service: RulesService) -> None:
    where = Asked(channel="offering")
    fresh_service.ask("what does ultimate offering do", game="yugioh", where=where)
    cost = fresh_service.ask("how much does it cost", where=where)
    assert cost.found and "500" in cost.text and "Prices" not in cost.text
    price = fresh_service.ask("how much is it on tcgplayer", where=where)
    assert not price.found and "Prices" in price.text


def test_ok_then_what_answers_the_next_step_of_the_procedure(fresh_service: RulesService) -> None:
    where = Asked(channel="phases")
    fresh_service.ask("what happens in the draw phase", game="yugioh", where=where)
    standby = fresh_service.ask("ok then what", where=where)
    assert standby.text.startswith("The Standby Phase")
    main = fresh_service.ask("and after that?", where=where)
    assert "Main Phase" in main.text and "Normal Summon" in main.text
    assert fresh_service.ask("then what", where=where).text.startswith("4 steps: the Battle Phase")


def test_a_question_about_it_right_after_a_card_stays_in_the_cards_game(fresh_service: RulesService) -> None:
    where = Asked(channel="offering-set")
    fresh_service.ask("what does ultimate offering do", game="yugioh", where=where)
    answer = fresh_service.ask("can i flip it up on the same turn i set it", where=where)
    assert answer.game == "yugioh"


def test_a_stat_follow_up_naming_a_state_gets_the_stat_in_that_state(fresh_service: RulesService) -> None:
    where = Asked(channel="asuma")
    assert "combat 5" in fresh_service.ask("asumas combat?", game="naruto", where=where).text
    injured = fresh_service.ask("and when hes injured", where=where)
    assert injured.text.startswith("Asuma Sarutobi has injured combat 3 · injured support 1")


def test_a_question_pointing_back_stays_in_the_conversations_game(fresh_service: RulesService) -> None:
    where = Asked(channel="kaitou")
    fresh_service.ask("can cards target stuff in my kaitou deck", game="inuyasha", where=where)
    answer = fresh_service.ask("can i swap whats in there between rounds", where=where)  # "rounds" is Inazuma's word
    assert answer.game == "inuyasha"


@pytest.mark.parametrize("again", ["how come", "how come?", "but how come though"])
def test_how_come_asks_the_reason_of_the_last_answer(fresh_service: RulesService, again: str) -> None:
    where = Asked(channel=f"how-come-{again}")
    first = fresh_service.ask("my deck is empty, do i lose", game="yugioh", where=where)
    reason = fresh_service.ask(again, where=where).text  # the rule again, without the Yes/No of the question
    assert reason and first.text.lower().endswith(reason.lower()), (first.text, reason)


def test_a_no_whose_only_condition_the_question_states_reads_yes(fresh_service: RulesService) -> None:
    """The Inuyasha fact answers "can I hit them directly while they have a character" with No; asked
    the other way round ("...zero characters left..."), the condition is met and the answer is Yes."""
    answer = fresh_service.ask("if my opponent has zero characters left can i hit them directly", game="inuyasha")
    assert answer.found and answer.text.startswith("Yes: ")
    assert "only when they control no characters" in answer.text
    kept = fresh_service.ask("they have 1 character left can i still hit them directly", game="inuyasha")
    assert kept.text.startswith("No: ")


def test_a_game_switch_after_a_follow_up_falls_back_to_the_question_it_leaned_on(
    fresh_service: RulesService,
) -> None:
    """ "could i play 55 then" has no Yu-Gi-Oh! answer by itself: the switch asks the deck-size question."""
    where = Asked(channel="switch-after-follow-up")
    fresh_service.ask("whats the deck size", game="naruto", where=where)
    fresh_service.ask("could i play 55 then", where=where)
    answer = fresh_service.ask("what about in yugioh", where=where)
    assert answer.found and answer.game == "yugioh"
    assert re.search(r"\b40\b", answer.text)


def test_a_typo_of_a_longer_name_beats_a_nickname_inside_it() -> None:
    """ "kakashi" is Kakashi Hatake's nickname, but "kakashis forsight" is a typo of Kakashi's Foresight."""
    found = cardnames.lookup("kakashis forsight what does it do", "naruto", frozenset())
    assert found is not None and found.name == "Kakashi's Foresight"
    alone = cardnames.lookup("what does kakashi do", "naruto", frozenset())
    assert alone is not None and alone.name == "Kakashi Hatake"


def test_a_named_card_then_what_does_it_do_gets_the_cards_text(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("village square what does it do", game="usagi")
    assert answer.card == "Village Square" and "Score +1" in answer.text
    rule = fresh_service.ask("my monster got destroyed in battle, what does that do", game="yugioh")
    assert not rule.card and rule.found


def test_a_card_of_the_conversations_game_keeps_the_game(fresh_service: RulesService) -> None:
    """ "cut" and "shuffle" sound like Inuyasha, but Bingo Book is a Naruto card: the question stays Naruto."""
    where = Asked(channel="card-keeps-game")
    fresh_service.ask("how do i shuffle", game="naruto", where=where)
    answer = fresh_service.ask("bingo book makes me shuffle my deck, do i have to let my opp cut after", where=where)
    assert answer.game == "naruto" and answer.found


def test_the_hand_limit_binds_only_the_player_whose_turn_ends(fresh_service: RulesService) -> None:
    where = Asked(channel="hand-limit-their-turn")
    fresh_service.ask("whats the hand limit", game="naruto", where=where)
    answer = fresh_service.ask("and on my opponents turn, if im holding 9 do i discard too", where=where)
    # "…, if im holding 9 do i discard too" is a yes/no question after its situation
    assert answer.text.startswith("No: with 9 cards in hand on your opponent's turn you discard nothing")


@pytest.mark.parametrize(
    ("game", "question", "said"),
    [
        ("inuyasha", "muster grounds lets me play 3 characters but the rulebook says 2, which one wins", "card wins"),
        ("yugioh", "does pot of greed override the rules about drawing", "card wins"),
    ],
)
def test_a_card_set_against_the_rulebook_gets_the_golden_rule(
    fresh_service: RulesService, game: str, question: str, said: str
) -> None:
    answer = fresh_service.ask(question, game=game)
    assert answer.card and said in answer.text.lower()


def test_a_bare_why_after_a_card_answer_gives_that_answers_rule(fresh_service: RulesService) -> None:
    """ "why?" is a follow-up: it asks the reason of the answer just given, not every fact with "why" in it."""
    where = Asked(channel="bare-why-after-card")
    fresh_service.ask("my temple acolyte is struck, can he still go to an event", game="usagi", where=where)
    answer = fresh_service.ask("why?", where=where)
    assert answer.found and "refreshed" in answer.text.lower()


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("after my ninja gets injured does his mental power remain 2", "Yes: "),
        ("does getting injured lower a ninjas mental power", "No: "),
    ],
)
def test_asking_whether_something_stays_flips_the_verdict_of_asking_whether_it_changes(
    fresh_service: RulesService, question: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game="naruto", where=Asked(channel="stays"))
    assert answer.text.startswith(opening), answer.text
    assert "stays the same" in answer.text


@pytest.mark.parametrize(
    ("question", "game", "opening"),
    [
        ("can i flip summon more than one face down monster in a turn", "yugioh", "Yes: as many as you like"),
        ("can i special summon a bunch of times in one turn", "yugioh", "Yes: unlimited"),
    ],
)
def test_an_answer_with_no_limit_answers_can_i_with_yes(
    fresh_service: RulesService, question: str, game: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game=game)
    assert answer.text.startswith(opening), answer.text


def test_a_step_said_to_be_done_gets_the_step_after_it(fresh_service: RulesService) -> None:
    where = Asked(channel="standby-done")
    answer = fresh_service.ask("ok the standby phase is over, what now", game="yugioh", where=where)
    assert answer.found and "Main Phase" in answer.text, answer.text
    assert "Standby Phase" not in answer.text.split(":")[0]


def test_then_what_after_a_rule_that_is_no_step_says_so_instead_of_repeating_it(fresh_service: RulesService) -> None:
    where = Asked(channel="no-step")
    first = fresh_service.ask("can a monster attack the turn it was summoned", game="yugioh", where=where)
    assert first.found
    answer = fresh_service.ask("ok then what", where=where)
    assert not answer.found and "which step comes after" in answer.text
    assert answer.text != first.text


def test_what_happens_next_with_an_unfinished_situation_asks_its_outcome() -> None:
    from rulesdocs.service import _step_done

    assert _step_done("i attack and they have no monsters, what happens next") is None
    assert _step_done("the showdown is done, whats next") == "the showdown is done"
    assert _step_done("we both passed, what happens now") is None
    assert _step_done("can i attack twice") is None


def test_a_when_question_prefers_an_answer_that_opens_with_a_time() -> None:
    from rulesdocs.factmatch import FactHit

    def fact(fact_id: str, answer: str) -> Fact:
        return Fact(fact_id, "yugioh", "9.5", answer, ("q",))

    where = FactHit(fact("where", "To the Graveyard: discarded cards go there face up."), 0.60, "q")
    timing = FactHit(fact("timing", "At the end of your turn, in the End Phase, you discard down to 6."), 0.59, "q")
    asked = "when do i discard down to 6"
    assert [hit.fact.id for _, hit in ruling.fuse(asked, [where, timing], [], "when")] == ["timing", "where"]
    assert [hit.fact.id for _, hit in ruling.fuse(asked, [where, timing], [], "other")] == ["where", "timing"]


def test_a_phrasing_in_the_passive_fits_an_active_question_worse() -> None:
    from rulesdocs.factmatch import FactHit

    def fact(fact_id: str, answer: str) -> Fact:
        return Fact(fact_id, "inuyasha", "6.3", answer, ("q",))

    passive_phrasing = "can an expended character be attacked"
    attacked = FactHit(fact("attacked", "Yes: it can still be attacked."), 0.60, passive_phrasing)
    attacks = FactHit(fact("attacks", "No: only a ready character attacks."), 0.58, "can an expended character attack")
    asked = "can an expended char attack"
    assert [hit.fact.id for _, hit in ruling.fuse(asked, [attacked, attacks], [])] == ["attacks", "attacked"]
    passive = "can an expended char be attacked"
    assert [hit.fact.id for _, hit in ruling.fuse(passive, [attacked, attacks], [])] == ["attacked", "attacks"]


def test_a_question_naming_a_count_prefers_the_answer_about_that_count() -> None:
    from rulesdocs.factmatch import FactHit

    def fact(fact_id: str, answer: str) -> Fact:
        return Fact(fact_id, "usagi", "5.1", answer, ("q",))

    three = FactHit(fact("three", "14 tokens: in a 3-player game holding 14 ends it."), 0.60, "q")
    two = FactHit(fact("two", "10 tokens: in a 2-player game holding 10 ends it."), 0.55, "q")
    ids = [hit.fact.id for _, hit in ruling.fuse("how many tokens to win a 2 player game", [three, two], [])]
    assert ids == ["two", "three"]
    ids = [hit.fact.id for _, hit in ruling.fuse("how many tokens to win a 3 player game", [three, two], [])]
    assert ids == ["three", "two"]
    # a follow-up's bare number takes the unit its earlier question counted
    later = ruling.fuse("and with 2?", [three, two], [], context="3 player game how many tokens to win")
    assert [hit.fact.id for _, hit in later] == ["two", "three"]
    # "in one turn" counts turns and names none
    assert [hit.fact.id for _, hit in ruling.fuse("how many tokens in one turn", [three, two], [])] == ["three", "two"]


def test_a_level_range_in_an_answer_covers_the_level_asked() -> None:
    from rulesdocs.factmatch import FactHit

    def fact(fact_id: str, answer: str) -> Fact:
        return Fact(fact_id, "yugioh", "4.2", answer, ("q",))

    high = FactHit(fact("high", "2 Tributes: a monster of Level 7 or higher needs 2."), 0.60, "q")
    mid = FactHit(fact("mid", "1 Tribute: a Level 5 or 6 monster needs 1."), 0.55, "q")
    ids = [hit.fact.id for _, hit in ruling.fuse("lvl 6 monster how many tributes", [high, mid], [])]
    assert ids == ["mid", "high"]
    mid_first = FactHit(mid.fact, 0.60, "q")
    high_second = FactHit(high.fact, 0.58, "q")
    assert [hit.fact.id for _, hit in ruling.fuse("level 8 how many tributes", [mid_first, high_second], [])] == [
        "high",
        "mid",
    ]


def test_a_real_card_outside_our_pool_is_not_answered_by_a_rule(fresh_service: RulesService) -> None:
    named = fresh_service.ask("does mirror force hit face down defense monsters too", game="yugioh")
    assert not named.found and named.card_query == "Mirror Force" and "/card Mirror Force" in named.text
    ruled = fresh_service.ask("can i use mirror force in the damage step", game="yugioh")
    assert ruled.found and "Damage Step" in ruled.text  # a fact asked with the card's name still answers
