"""Questions typed the way players chat: normalization, follow-ups, out-of-scope, card names."""

from __future__ import annotations

import pytest

from rulesdocs import cardnames, chat, followup, scope
from rulesdocs.service import Asked, RulesService


@pytest.mark.parametrize(
    ("typed", "ruled"),
    [
        ("how many mons do i gotta tribute for a lvl 7", "how many monsters do i have to tribute for a level 7"),
        ("whats the smallest deck im allowed to play", "what is the minimum deck i am allowed to play"),
        ("can i swing w/ a monster the 1st turn", "can i attack with a monster the first turn"),
        ("do i lose if i have 0 lp rn", "do i lose if i have 0 life points now"),
        ("what if we both drop to zero at the same time", "what if we both drop to 0 simultaneously"),
    ],
)
def test_chat_and_rules_wording_meet(typed: str, ruled: str) -> None:
    assert chat.tokens(typed, "yugioh") == chat.tokens(ruled, "yugioh")


def test_game_lexicon_applies_only_to_its_game(service: RulesService) -> None:
    service.prepare()  # registers every game's chat words
    assert chat.tokens("gk", "inazuma") == chat.tokens("goalkeeper", "inazuma")
    assert "tap" not in chat.tokens("can i tap it", "inuyasha")


@pytest.mark.parametrize(
    ("first", "then", "swapped_in", "swapped_out"),
    [
        ("how many tributes for a lvl 5", "what about a level 8 one?", "8", "5"),
        ("what happens if i attack a monster in attack position", "and in defense instead?", "defens", "position"),
        ("can i activate a trap on my turn", "and on my opponent's turn?", "opponent", "my"),
    ],
)
def test_follow_up_swaps_the_contrasted_term(first: str, then: str, swapped_in: str, swapped_out: str) -> None:
    before = chat.tokens(first, "yugioh")
    after = followup.rewrite(before, chat.tokens(then, "yugioh"), "yugioh")
    assert swapped_in in after and after != before
    assert len(after) <= len(before) + 1


@pytest.mark.parametrize(
    "question",
    ["and if it was in defense?", "what about a level 8?", "same for traps?", "does it work on their turn too"],
)
def test_worded_follow_ups_are_recognised(question: str) -> None:
    assert followup.explicit(question)


@pytest.mark.parametrize("question", ["how many cards in a deck", "can i attack directly"])
def test_plain_questions_are_not_follow_ups(question: str) -> None:
    assert not followup.explicit(question)


def test_follow_up_is_answered_with_the_previous_question(fresh_service: RulesService) -> None:
    where = Asked(channel="chat-follow-up")
    first = fresh_service.ask("how many tributes do i need for a lvl 5 monster", game="yugioh", where=where)
    assert first.found and "1" in first.text
    then = fresh_service.ask("what about a level 7?", where=where)
    assert then.found and then.game == "yugioh" and "2" in then.text


@pytest.mark.parametrize(
    ("question", "game", "category"),
    [
        ("how much does a booster box cost", "yugioh", "money"),
        ("where can i buy naruto cards", "naruto", "money"),
        ("who voices mark evans in the dub", "inazuma", "media"),
        ("how do link monsters work", "yugioh", "game_specific"),
        ("can i respond to a mana ability like in mtg", "usagi", "other_games"),
        ("when is the next regional tournament", "inuyasha", "organized_play"),
        ("which goalkeeper card is the strongest", "inazuma", "strategy"),
        ("whats the offside rule", "inazuma", "game_specific"),
        ("how do shards work in a 3 player game", "inuyasha", "game_specific"),
        ("what is missing the timing", "yugioh", "game_specific"),
        ("whats the penalty for acting out of turn", "usagi", "organized_play"),
        ("what happens if a player leaves a multiplayer game", "usagi", "organized_play"),
        ("whats the time limit for a game", "naruto", "organized_play"),
        ("who designed the", "inuyasha", "credits"),
        ("whats the backstory of dark magician girl", "yugioh", "media"),
        ("are they still making inuyasha cards", "inuyasha", "history"),
        ("what does the faq say about chains", "yugioh", "other_documents"),
        ("is maxwell carson good or trash", "inazuma", "strategy"),
        ("which starter is better axel or jude", "inazuma", "strategy"),
        ("is shadow kunoichi a good hero or nah", "usagi", "strategy"),
        ("is maxwell carson actually good or should i just run more defenders", "inazuma", "strategy"),
        ("when do we get a throw in", "inazuma", "game_specific"),
        ("how many lands should i run in a 40 card deck", "yugioh", "other_games"),
        ("how do i tribute summon a big ninja", "naruto", "game_specific"),
        ("is there a ban list for the path to hokage format?", "naruto", "organized_play"),
        ("are games best of 3 or best of 5 at regionals", "usagi", "organized_play"),
        ("is it better to keep a slow hand or swap it", "inuyasha", "strategy"),
        ("raimon or royal academy, which is the better starter for a new player", "inazuma", "strategy"),
        ("did the v2 rules change the hand size", "naruto", "history"),
        ("did later sets change the turn count", "inazuma", "history"),
        ("what does the crd say about attaching items", "inuyasha", "other_documents"),
        (
            "how many seconds do i get to respond before my opponent can move on",
            "yugioh",
            "organized_play",
        ),  # "who designed the inuyasha tcg", the game's name stripped
    ],
)
def test_questions_outside_the_rules_are_recognised(question: str, game: str, category: str) -> None:
    found = scope.outside(question, game)
    assert found is not None and found.category == category


@pytest.mark.parametrize(
    ("question", "game"),
    [
        ("how much does it cost to play a jutsu", "naruto"),
        ("can i release a monster to summon", "yugioh"),
        ("what events can i propose", "usagi"),
        ("how many color values does a character have", "inuyasha"),
        ("can i attack with my strongest monster first", "yugioh"),
        ("how does the penalty shootout work", "inazuma"),
        ("how many players can play", "usagi"),
        ("can i attack with 3 monsters", "yugioh"),
        ("what happens in a 4 player game", "usagi"),
        ("what does the event card say", "usagi"),
        ("is the monster still face down", "yugioh"),
        ("roughly how many monsters should i run in a 40 card deck", "yugioh"),
        ("how much mana does ultimate offering cost each time i use it", "yugioh"),  # a newcomer's word for cost
        ("is 30 cards the max or can i throw in more from boosters", "inazuma"),
        ("my opening hand is straight garbage can i redraw", "inuyasha"),
        ("how do i tribute summon a level 7 monster", "yugioh"),
        ("is a face down monster playable as a tribute", "yugioh"),
        ("which is the stronger monster after the equip", "yugioh"),
        ("did my set monster change position when it was attacked", "yugioh"),
        ("does the best of 3 match option swap kaitou cards", "inazuma"),
    ],
)
def test_rules_questions_that_sound_alike_are_in_scope(question: str, game: str) -> None:
    assert scope.outside(question, game) is None


def test_what_an_event_is_worth_in_tokens_is_no_price() -> None:
    assert not scope.talks_money("how many tokens is defend the lords castle worth")
    assert scope.talks_money("what is defend the lords castle worth on ebay")


def test_out_of_scope_question_says_why(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("how much does a booster box of naruto cost", game="naruto")
    assert not answer.found and "Prices" in answer.text


def test_card_names_are_read_as_their_kind() -> None:
    mention = cardnames.find("can dark magician attack the turn i summon it", "yugioh")
    assert mention is not None and mention.name == "Dark Magician" and mention.kind == "level 7 monster"
    assert cardnames.replace("can dark magician attack", mention) == "can level 7 monster attack"
    assert not cardnames.card_question("can dark magician attack the turn i summon it", mention)
    assert cardnames.card_question("what does dark magician do", mention)


def test_a_card_text_question_answers_from_the_card(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("what does axel blaze do", game="inazuma")
    assert answer.found and answer.kind == "card" and answer.card == "Axel Blaze"
    assert "Fire Tornado" in answer.text and answer.citations[0].doc == "inazuma card pool"


def test_a_card_outside_our_pools_points_to_the_card_lookup(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("what does the moonlit zorblax card do exactly", game="inuyasha")
    assert not answer.found and answer.card_query == "moonlit zorblax" and "/card moonlit zorblax" in answer.text


def test_a_rules_question_naming_a_card_is_answered(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("can dark magician attack the turn i summon it", game="yugioh")
    assert answer.found and answer.citations


def test_typos_in_game_terms_are_forgiven(fresh_service: RulesService) -> None:
    clean = fresh_service.ask("how many tributes for a level 7 monster", game="yugioh")
    typo = fresh_service.ask("how many tribuets for a levle 7 monstr", game="yugioh")
    assert typo.found and typo.text == clean.text


@pytest.mark.parametrize("question", ["**", "?!", "🃏", "...", "'", "ⅷ", "\x1b[2J"])
def test_questions_without_words_get_a_reply(fresh_service: RulesService, question: str) -> None:
    answer = fresh_service.ask(question, game="inazuma")
    assert answer.text and not answer.found


@pytest.mark.parametrize(
    ("game", "question", "name"),
    [
        ("yugioh", "does ash blossom negate pot of greed", "ash blossom"),
        ("usagi", "what are jotaros ratings on his card", "jotaro"),
        ("naruto", "what does the sasuke uchiha chidori card do exactly", "sasuke uchiha chidori"),
        ("naruto", "what entrance cost is jiraiya", "jiraiya"),
        ("yugioh", "whats the atk of jinzo", "jinzo"),
        ("yugioh", "what does mirror force do", "mirror force"),  # its words are rules words, the name isn't
        ("inuyasha", "whats the deck cost of tetsusaiga", "tetsusaiga"),  # named only in a demo deck list
        ("naruto", "what does gaara of the desert do and whats his entrance cost", "gaara of the desert"),
    ],
)
def test_questions_about_cards_the_rules_never_name_point_to_the_card_lookup(
    fresh_service: RulesService, game: str, question: str, name: str
) -> None:
    assert cardnames.named_card_question(question)[0] == name
    answer = fresh_service.ask(question, game=game)
    assert not answer.found and f"/card {name}" in answer.text


@pytest.mark.parametrize(
    "question",
    ["whats the most attack colors a character can have", "whats the order of the rating tabs on a hero"],
)
def test_a_card_shaped_question_about_cards_in_general_names_no_card(question: str) -> None:
    assert cardnames.named_card_question(question) == []


def test_affording_a_card_is_a_rules_question() -> None:
    assert scope.outside("i played 2 characters already and can afford a 3rd, can i play it", "inuyasha") is None


def test_rules_terms_in_card_shaped_questions_are_still_rules(fresh_service: RulesService) -> None:
    for game, question in [
        ("yugioh", "what does a tribute do"),
        ("inuyasha", "what does expend do"),
        ("yugioh", "whats the italic writing in the monster text box for"),
        ("usagi", "what does the event field do"),
    ]:
        assert fresh_service.ask(question, game=game).found, question


def test_words_no_rule_uses_lower_the_confidence(fresh_service: RulesService) -> None:
    matcher = fresh_service.matcher("usagi")
    assert matcher is not None and matcher.strange_words("best pizza topping") == ["pizza", "topping"]
    assert matcher.strange_words("how many chronicel tokns") == []  # a typo is not strange
    assert not fresh_service.ask("best pizza topping?", game="usagi").found


@pytest.mark.parametrize(
    ("game", "question", "name"),
    [
        ("naruto", "what does fire ball jutsu do", "Fire Style: Fire Ball Jutsu"),
        ("yugioh", "whats the atk on red eyes", "Red-Eyes B. Dragon"),
        ("yugioh", "how much lp does dian keto give", "Dian Keto the Cure Master"),
        ("usagi", "what does the fox spirit do", "Fox Spirit in Disguise"),
        ("inuyasha", "wat does gama do", "Gama, Toad Retainer"),
        ("yugioh", "what does the wicked worm beast do", "The Wicked Worm Beast"),
    ],
)
def test_cards_named_in_part_get_the_card_answer(
    fresh_service: RulesService, game: str, question: str, name: str
) -> None:
    answer = fresh_service.ask(question, game=game)
    assert answer.found and answer.kind == "card" and answer.card == name
    assert name in answer.text


def test_a_run_of_rules_words_names_no_card() -> None:
    assert cardnames.lookup("can i attack in the battle phase with my monster", "yugioh", ("battle", "phase")) is None


def test_how_much_a_card_costs_is_its_printed_cost_not_its_price(fresh_service: RulesService) -> None:
    cost = fresh_service.ask("how much does the swordmistress cost", game="usagi")
    assert cost.found and cost.card == "Swordmistress of the Mifune" and "2 honor" in cost.text
    price = fresh_service.ask("how much does the swordmistress cost on tcgplayer", game="usagi")
    assert not price.found and "Prices" in price.text


def test_a_card_is_read_as_its_kind_with_the_subtype_the_rules_tell_apart(fresh_service: RulesService) -> None:
    assert cardnames.kind_of("usagi", "Poisoned Tea") == "action moment"
    answer = fresh_service.ask("can i play poisoned tea in response to someone", game="usagi")
    assert answer.found and answer.card == "Poisoned Tea"
    assert "can't be played as a response" in answer.text


@pytest.mark.parametrize(
    ("game", "name", "kind"),
    [
        ("usagi", "Mifune Spearman", "ally"),
        ("usagi", "Hidden Fortress", "setting"),
        ("usagi", "Family Daisho", "item"),  # a Possession; an Experience reads as "attachment"
        ("naruto", "Gato Transport", "permanent mission"),
    ],
)
def test_a_card_is_read_as_the_kind_word_its_rules_use(game: str, name: str, kind: str) -> None:
    assert cardnames.kind_of(game, name) == kind
