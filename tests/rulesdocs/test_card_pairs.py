"""What one card's text asks of another: a trait or color bonus (rulesdocs/cardanswer.py), an effect
on "another" card asked of itself, and a card talked about just before as the one that acts."""

from __future__ import annotations

import pytest

from rulesdocs import cardanswer, cardnames, cardwhose, ruling, statmod
from rulesdocs.cardnames import card
from rulesdocs.service import Asked, RulesService


def _card(game: str, name: str):  # type: ignore[no-untyped-def]
    found = card(game, name)  # type: ignore[arg-type]
    assert found is not None, name
    return found


@pytest.mark.parametrize(
    ("bonus", "target", "verdict", "reason"),
    [
        ("Village Shrine", "Gensai, Wandering Monk", "Yes", "has white 2, so it becomes 3"),
        ("Village Shrine", "Raiga, Hot-Headed Guardian", "No", "boosts only Human characters"),
        ("Mitsu, Village Elder", "Raiga, Hot-Headed Guardian", "No", "has no white"),
    ],
)
def test_a_bonus_needs_the_trait_and_the_color(bonus: str, target: str, verdict: str, reason: str) -> None:
    told = cardanswer.pair_verdict(_card("inuyasha", bonus), _card("inuyasha", target))
    assert told is not None and told.startswith(f"{verdict}, by its text") and reason in told


def test_an_effect_on_another_card_is_asked_of_itself() -> None:
    told = cardwhose.whose_verdict("can mitsu use it on herself", _card("inuyasha", "Mitsu, Village Elder"))
    assert told is not None and told.startswith("No") and "another" in told


def test_it_after_a_card_is_the_card_that_acts_on_the_one_named(fresh_service: RulesService) -> None:
    where = Asked(channel="pair")
    fresh_service.ask("what does village shrine do", game="inuyasha", where=where)
    answer = fresh_service.ask("does it help gensai", where=where)
    assert answer.text.startswith("Yes, by its text") and "white 2" in answer.text


def test_a_cost_paid_with_a_character_of_a_trait() -> None:
    cache = _card("inuyasha", "Hidden Cache")
    told = cardanswer.pair_verdict(cache, _card("inuyasha", "Kurogane, Demon Lord"))
    assert told is not None and told.startswith("No") and "Good character" in told
    told = cardanswer.pair_verdict(cache, _card("inuyasha", "Gensai, Wandering Monk"))
    assert told is not None and told.startswith("Yes")


@pytest.mark.parametrize(
    ("character", "event", "verdict"),
    [
        ("Veteran Retainer", "Rebuild the Bridge", "No"),  # Combat/Diplomacy against Labor
        ("Veteran Retainer", "Duel at the Crossroads", "Yes"),  # Combat on both
    ],
)
def test_a_character_is_involved_only_with_an_event_showing_one_of_its_ratings(
    fresh_service: RulesService, character: str, event: str, verdict: str
) -> None:
    answer = fresh_service.ask(f"can i involve {character.lower()} with {event.lower()}", game="usagi")
    assert answer.text.startswith(f"{verdict}: {event} shows"), answer.text


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("whats dark magicians atk with book of secret arts", "Dark Magician has ATK 2800 (2500 printed, +300)"),
        ("what is celtic guardians def with sogen", "Celtic Guardian has DEF 1400 (1200 printed, +200)"),
        ("whats blue eyes atk with yami out", "Yami doesn't change Blue-Eyes White Dragon"),
        ("slapped invigoration on gaia the fierce knight, new stats?", "ATK 2700 (2300 printed, +400) and DEF 1900"),
        ("yamis on the field, what does dark magician end up at", "ATK 2700 (2500 printed, +200) and DEF 2300"),
    ],
)
def test_a_stat_with_a_field_or_equip_spell(fresh_service: RulesService, question: str, told: str) -> None:
    assert told in fresh_service.ask(question, game="yugioh").text


def test_a_stat_with_it_out_after_a_field_spell(fresh_service: RulesService) -> None:
    where = Asked(channel="field")
    fresh_service.ask("what does yami do", game="yugioh", where=where)
    answer = fresh_service.ask("whats mystical elfs def with it out", where=where)
    assert answer.text.startswith("With Yami, Mystical Elf has DEF 2200")


def test_a_fairy_loses_with_yami() -> None:
    told = statmod.with_bonus(_card("yugioh", "Yami"), _card("yugioh", "Petit Angel"), ["atk"])
    assert told == "With Yami, Petit Angel has ATK 400 (600 printed, -200) (its penalty is for Fairy monsters)."


def test_a_card_pairs_with_the_one_before_only_when_the_question_refers_back() -> None:
    mitsu, raiga = _card("inuyasha", "Mitsu, Village Elder"), _card("inuyasha", "Raiga, Half-Demon Wanderer")
    assert cardanswer.pairs("would it work on raiga", raiga, mitsu, refers=True)
    assert not cardanswer.pairs("what does raiga do", raiga, mitsu, refers=False)


def test_two_cards_in_a_battle_question_get_the_rule_not_a_pair_verdict(fresh_service: RulesService) -> None:
    answer = fresh_service.ask(
        "why cant my raiga hot headed guardian attack their mitsu?? he has 5 red", game="inuyasha"
    )
    assert answer.found and "by its text" not in answer.text and "color" in answer.text


def test_a_situation_about_a_card_without_a_sure_rule_offers_the_closest_rules(fresh_service: RulesService) -> None:
    matcher = fresh_service.matcher("yugioh")
    assert matcher is not None
    weak = ruling.Ruling(matcher.book.facts[0], 0.35, 0.35, ())
    la_jinn = _card("yugioh", "La Jinn the Mystical Genie of the Lamp")
    question = "why didnt opp take any dmg?? my la jinn killed their face down mon"
    assert RulesService._rule_unsure_for_card(question, la_jinn, weak, "why", None)
    assert not RulesService._rule_unsure_for_card(question, la_jinn, weak, "yesno", None)  # its text may say
    faint = ruling.Ruling(matcher.book.facts[0], 0.2, 0.2, ())
    assert not RulesService._rule_unsure_for_card(question, la_jinn, faint, "why", None)  # too far to offer


def test_a_situation_its_card_text_speaks_to_gets_the_card(fresh_service: RulesService) -> None:
    question = "when kurogane cold prince kills someone does my opp get to pick what to discard"
    answer = fresh_service.ask(question, game="inuyasha")
    assert answer.kind == "card" and "at random" in answer.text


def test_a_fact_about_the_card_itself_is_kept_for_what_its_effect_reaches(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("does trap hole work on ryu kishin? its only 1000 atk", game="yugioh")
    assert answer.text.startswith("Yes") and "1000" in answer.text


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("starting kevin dragonfly sp when hes the kicker?", "= 600 SP"),
        ("whats trainee bulwarks sp while defending", "= 500 SP"),
    ],
)
def test_a_stat_in_the_situation_a_keyword_bonus_names(fresh_service: RulesService, question: str, told: str) -> None:
    assert told in fresh_service.ask(question, game="inazuma").text


def test_a_bonus_is_never_judged_on_a_card_that_has_no_values() -> None:
    assert cardanswer.pair_verdict(_card("inuyasha", "Fang Blade"), _card("inuyasha", "Snatch and Run")) is None


@pytest.mark.parametrize(
    ("question", "game"),
    [
        ("my only hero got poisoned tea'd. what happens in my discard step next turn", "usagi"),
        ("why does my gray ronin only count as 3 in duel at the crossroads? his numbers add up to like 7", "usagi"),
    ],
)
def test_a_yes_no_from_a_card_answers_only_yes_no_questions(
    fresh_service: RulesService, question: str, game: str
) -> None:
    answer = fresh_service.ask(question, game=game)
    assert not answer.text.startswith(("Yes", "No"))


def test_with_a_field_spell_after_a_monsters_stat(fresh_service: RulesService) -> None:
    where = Asked(channel="with-yami")
    fresh_service.ask("whats dark magicians atk", game="yugioh", where=where)
    assert "ATK 2700 (2500 printed, +200)" in fresh_service.ask("with yami out?", where=where).text


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("fang blade on raiga hot headed guardian, whats his red now", "red 9 (5 printed, +4, as it is named Raiga)"),
        ("travelers uniform on village militia, what are its numbers", "red 3 (2 printed, +1) and white 3"),
        ("silk thread blade on village militia whats his red", "it has no purple"),
    ],
)
def test_an_inuyasha_item_on_a_character_changes_its_colors(
    fresh_service: RulesService, question: str, told: str
) -> None:
    assert told in fresh_service.ask(question, game="inuyasha").text


def test_whose_card_doesnt_decide_when_the_text_targets_another_kind() -> None:
    assassin = _card("usagi", "Masked Hikiji Assassin")
    assert cardwhose.whose_verdict("can masked hikiji assassin kill their hero", assassin) is None
    assert cardwhose.whose_verdict("can masked hikiji assassin kill their ally", assassin) is not None


def test_a_text_about_the_card_itself_does_not_protect_the_other_cards(fresh_service: RulesService) -> None:
    question = "does gama keep my other characters safe from attacks too while my kurogane is ready"
    answer = fresh_service.ask(question, game="inuyasha")
    assert answer.text.startswith("No, by its text: it affects only the card itself")


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("can poisoned tea kill a hero or only allies", "Yes"),  # Kill target Character
        ("does poisoned tea work on heroes", "Yes"),
        ("can ambush hit their hero", "No"),  # Exhaust target Ally
        ("can ambush target an ally", "Yes"),
    ],
)
def test_the_kind_of_character_an_usagi_effect_targets(
    fresh_service: RulesService, question: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game="usagi")
    assert answer.text.startswith(f"{opening}, by its text: it targets"), answer.text


def test_a_jutsu_named_without_its_last_word_jutsu() -> None:
    found = cardnames.find("what does shadow possession do", "naruto")
    assert found is not None and found.name == "Shadow Possession Jutsu"
    assert cardnames.find("what does the jutsu do", "naruto") is None


def test_a_jutsu_user_check_with_the_jutsu_named_short(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("can ino yamanaka use shadow possession", game="naruto")
    assert answer.text.startswith("No, by its text: its user needs the Shadow attribute"), answer.text


@pytest.mark.parametrize(
    ("question", "game", "name"),
    [
        ("what do i need to fuse gaia dragon champion", "yugioh", "Gaia the Dragon Champion"),
        ("can i equip sword dark destruction to it", "yugioh", "Sword of Dark Destruction"),
    ],
)
def test_a_card_named_without_its_filler_words(question: str, game: str, name: str) -> None:
    found = cardnames.find(question, game)
    assert found is not None and found.name == name


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("i put ronin for hire on bandits on the road, do i get it if nobody else shows", "No: alone"),
        ("can i stick veteran retainer on rebuild the bridge for the extra score", "No: Rebuild the Bridge shows"),
    ],
)
def test_whether_a_character_alone_wins_or_can_join_an_event(
    fresh_service: RulesService, question: str, opening: str
) -> None:
    assert fresh_service.ask(question, game="usagi").text.startswith(opening)


@pytest.mark.parametrize("question", ["umi is out, whats my fireyarous atk", "with umi out whats my fireyarou's atk"])
def test_a_possessive_typed_without_its_apostrophe_names_the_card(fresh_service: RulesService, question: str) -> None:
    answer = fresh_service.ask(question, game="yugioh")
    assert answer.text.startswith("With Umi, Fireyarou has ATK 1100"), answer.text


def test_an_owner_word_is_not_part_of_an_unknown_cards_name(fresh_service: RulesService) -> None:
    assert cardnames.named_card_question("whats my jinzo's atk") == ["jinzo"]
    assert cardnames.named_card_question("whats jinzos printed atk") == ["jinzo"]
    assert "/card jinzo" in fresh_service.ask("whats my jinzo's atk", game="yugioh").text


@pytest.mark.parametrize("question", ["whats narutos combat", "naruto's entrance cost?"])
def test_the_games_name_with_a_possessive_and_a_value_is_its_hero(fresh_service: RulesService, question: str) -> None:
    answer = fresh_service.ask(question, game="naruto")
    assert answer.kind == "card" and answer.text.startswith("Naruto Uzumaki has"), answer.text


def test_the_games_name_before_a_rules_word_is_still_the_game(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("whats naruto's hand size limit", game="naruto")
    assert answer.kind == "rule" and "6 cards" in answer.text, answer.text


@pytest.mark.parametrize(
    ("question", "game", "opening"),
    [
        ("if a card says all ronin characters does farmers champion count", "usagi", "Yes: Farmers' Champion has"),
        ("is kakashi a genin", "naruto", "No: Kakashi Hatake's characteristics are"),
        ("is gensai human", "inuyasha", "Yes: Gensai, Wandering Monk has the Human trait"),
        ("is dark magician a warrior", "yugioh", "No: Dark Magician is type Spellcaster"),
        ("is kevin dragonfly a forward", "inazuma", "Yes: Kevin Dragonfly's position is FW"),
    ],
)
def test_whether_a_card_has_a_trait_is_answered_from_its_printed_traits(
    fresh_service: RulesService, question: str, game: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game=game)
    assert answer.text.startswith(opening), answer.text
    assert "The other card named" not in answer.text  # "ronin" is the trait, not Ronin for Hire


def test_a_battle_position_named_is_not_a_stat_asked() -> None:
    skull = cardnames.card("yugioh", "Summoned Skull")
    assert skull is not None
    assert cardanswer.asked_stats("if i switch it to def before it goes back, what position is it in", skull) == []
    assert cardanswer.asked_stats("can i set summoned skull in def position", skull) == []
    assert cardanswer.asked_stats("summoned skull in def mode, whats its def", skull) == ["def"]


def test_a_trait_stated_as_a_premise_is_not_the_question(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("mark evans is raimon, does he count for maxwell carson's bonus", game="inazuma")
    assert answer.text.startswith("No:") and "team is Raimon" not in answer.text, answer.text


@pytest.mark.parametrize(
    ("question", "game", "opening"),
    [
        (
            "i activated waboku, does that mean my monsters are not destroyed by battle this turn",
            "yugioh",
            "Yes, by its text",
        ),
        ("can masked hikiji assassin kill a stricken ally", "usagi", "Yes, by its text"),
    ],
)
def test_a_question_restating_a_cards_words_gets_its_yes(
    fresh_service: RulesService, question: str, game: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game=game)
    assert answer.text.startswith(opening), answer.text


def test_a_question_leaving_out_the_cards_point_gets_no_verdict_from_its_text() -> None:
    from rulesdocs import cardclaim

    soul = cardnames.card("yugioh", "Soul Exchange")
    waboku = cardnames.card("yugioh", "Waboku")
    assert soul is not None and waboku is not None
    # "attack" is the point, and the sentence naming the Tribute doesn't say it
    asked = "if i soul exchange their monster to tribute it can i still attack that turn"
    assert cardclaim.verdict(asked, soul) is None
    # a term the text doesn't name is no No: Polymerization's text never speaks of Normal Summons
    poly = cardnames.card("yugioh", "Polymerization")
    assert poly is not None
    assert cardclaim.verdict("if i fusion summon with polymerization can i still normal summon that turn", poly) is None
    # the sense differs: the text protects, the question asks for destruction
    assert cardclaim.verdict("does waboku destroy my monsters in battle this turn", waboku) is None


def test_a_second_card_named_by_a_possessive_short_name_is_found() -> None:
    typed = "with the village shrine in play, how much white does gensai's get"
    first = cardnames.lookup(typed, "inuyasha")
    assert first is not None and first.name == "Village Shrine"
    assert cardnames.second(typed, "inuyasha", first) == "Gensai, Wandering Monk"


def test_a_location_bonus_on_a_character_named_second_is_worked_out(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("village shrine is in play, so whats gensais white now", game="inuyasha")
    assert "white 3 (2 printed, +1)" in answer.text, answer.text


@pytest.mark.parametrize(
    ("question", "worked"),
    [
        ("paying 4 for x on multi shadow clone jutsu, what does my ninja get", "+8/+0 this turn, for 5 Chakra"),
        ("water clone jutsu, x is 3, how big does the user get", "+3/+3 this turn, for 3 Chakra in all (3 Water)"),
    ],
)
def test_a_jutsu_with_an_x_cost_is_worked_out_for_the_x_paid(
    fresh_service: RulesService, question: str, worked: str
) -> None:
    answer = fresh_service.ask(question, game="naruto")
    assert worked in answer.text, answer.text


def test_a_number_that_is_not_the_x_paid_works_nothing_out() -> None:
    clone = cardnames.card("naruto", "Multi Shadow Clone Jutsu")
    assert clone is not None
    assert cardanswer.x_paid("i have 3 cards in hand, can i play multi shadow clone", clone) is None


def test_a_stat_asked_of_the_second_card_named_is_that_cards(fresh_service: RulesService) -> None:
    asked = "kiba is in my village, whats akamarus support"
    answer = fresh_service.ask(asked, game="naruto", where=Asked(channel="owner"))
    assert answer.kind == "card" and answer.text.startswith("Akamaru has support 1")
    first = fresh_service.ask("i have mystical elf out, whats feral imps atk", game="yugioh", where=Asked(channel="o2"))
    assert first.text.startswith("Feral Imp has atk 1300")
    possessive = fresh_service.ask("whats kibas support with akamaru", game="naruto", where=Asked(channel="o4"))
    assert possessive.kind == "card" and possessive.card == "Kiba Inuzuka"  # "kibas" is no unknown card
    team = "gai supporting rock lee as head, whats gai's support value then"  # a Team's make-up: worked out
    worked = fresh_service.ask(team, game="naruto", where=Asked(channel="own3"))
    assert "Might Guy (Support 0 + 4" in worked.text


def test_a_card_reaching_both_players_answers_me_too_or_just_them() -> None:
    asked = "does gato transport make me discard chakra too or just my opponent"
    told = cardwhose.whose_verdict(asked, _card("naruto", "Gato Transport"))
    assert told is not None and told.startswith("Yes, by its text: it affects both")


@pytest.mark.parametrize(
    ("game", "question", "opening"),
    [
        ("naruto", "kiba's already out. can i play akamaru AND another ninja this turn", "Yes, by its text: with Kiba"),
        ("naruto", "can i deploy akamaru and another ninja in one turn", "Only with Kiba Inuzuka in play"),
        ("naruto", "can akamaru attack alone", "No, by its text: Akamaru can't be sent out to Battle in a Team of one"),
        ("naruto", "can a support ninja be the user for guillotine sword", "No, by its text: Guillotine Sword's user"),
        ("naruto", "earliest turn i can get the 3rd hokage out?", "Entrance 6: your Turn Indicator starts at 0"),
        ("naruto", "leaf ninja forces only gives ME the extra draw right?", "No, by its text: it affects both"),
        ("naruto", "choji's combat when he goes in on an attack?", "Sent out to attack: 2 + 1"),
        (
            "inuyasha",
            "opps guy is ready. can i journey to the underworld it",
            "No, by its text: Journey to the Underworld",
        ),
        ("inuyasha", "fang blade on hothead raiga, whats his red", "With Fang Blade, Raiga, Hot-Headed Guardian"),
        ("inazuma", "illusion ball on my kicker during the shot?", "No, by its text: Illusion Ball is used only in"),
        ("usagi", "can i second wind the opp's guy", "No, by its text: it affects only your own cards"),
        ("usagi", "can old sword instructor give the +2 to someone elses character", "Yes, by its text: its target"),
        ("yugioh", "do i need to tribute for summoned skull", "Yes: Summoned Skull is Level 6"),
        ("yugioh", "does feral imp need a tribute", "No: Feral Imp is Level 4"),
    ],
)
def test_a_cards_own_text_and_numbers_answer_it(
    fresh_service: RulesService, game: str, question: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game=game, where=Asked(channel=f"text-{question[:20]}"))
    assert answer.kind == "card" and answer.text.startswith(opening)


def test_a_cards_state_or_side_verdict_stays_out_of_other_questions(fresh_service: RulesService) -> None:
    sequence = "spell of slumber their ready guy, then next action journey to the underworld him. legal?"
    then = fresh_service.ask(sequence, game="inuyasha", where=Asked(channel="seq"))
    assert not then.text.startswith("No, by its text: Journey")  # expended by then
    timing = fresh_service.ask("can i ambush their ally in response while its their action", game="usagi")
    assert not timing.text.startswith("Yes, by its text: its target names no owner")  # a timing question


@pytest.mark.parametrize(
    ("game", "question", "opening"),
    [
        ("inuyasha", "can summon the horde grab swarm of imps", "Yes, by its text: Summon the Horde fetches a Demon"),
        ("inuyasha", "can summon the horde grab hana shrine archer", "No, by its text: Summon the Horde fetches only"),
        ("yugioh", "can i trap hole a fusion monster when they summon it", "No, by its text: Trap Hole answers only"),
        ("yugioh", "opp normal summons battle ox, can i trap hole it", "Yes, by its text: Battle Ox has 1700 ATK"),
        ("yugioh", "opp normal summons feral imp, can i trap hole it", "Yes, by its text: Feral Imp has 1300 ATK"),
        ("yugioh", "they flip summon a 800 atk guy, does trap hole work", "No, by its text: Trap Hole needs a monster"),
        ("yugioh", "they set a 1500 atk monster, can i trap hole it", "No, by its text: Trap Hole answers a Summon"),
    ],
)
def test_what_a_cards_search_or_trigger_reaches(
    fresh_service: RulesService, game: str, question: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game=game, where=Asked(channel=f"reach-{question[:20]}"))
    assert answer.text.startswith(opening)


def test_a_fetch_verdict_needs_a_fetch_asked(fresh_service: RulesService) -> None:
    asked = "put cursed hair comb on hana girl out of time, does she get 1 black now"
    answer = fresh_service.ask(asked, game="inuyasha", where=Asked(channel="no-fetch"))
    assert "fetches" not in answer.text


def test_the_version_a_question_types_is_the_one_shown(fresh_service: RulesService) -> None:
    reserve = fresh_service.ask("what does reserve maddie moonlight do", game="inazuma", where=Asked(channel="v1"))
    assert reserve.text.startswith("**Maddie Moonlight** (reserve")
    starting = fresh_service.ask("what does starting maddie moonlight do", game="inazuma", where=Asked(channel="v2"))
    assert starting.text.startswith("**Maddie Moonlight** (starting")


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("im the only one on tea ceremony and i have 3 ceremony there, do i get it", "Yes: 3 Ceremony exceeds"),
        ("tea ceremony needs ceremony 2 and my guy has ceremony 2, if hes alone there do i get it?", "No: 2 Ceremony"),
        ("how much combat to take duel at the crossroads", "Duel at the Crossroads asks Combat 3"),
    ],
)
def test_a_total_typed_against_an_events_rating(fresh_service: RulesService, question: str, opening: str) -> None:
    answer = fresh_service.ask(question, game="usagi", where=Asked(channel=f"total-{question[:16]}"))
    assert answer.text.startswith(opening)


def test_a_total_with_a_rival_is_left_to_the_contest_rules() -> None:
    from rulesdocs import contender

    tea = cardnames.card("usagi", "Tea Ceremony")
    assert tea is not None
    assert contender.typed_total("i have 3 ceremony and opp has 4 ceremony, do i get it", tea) is None


def test_a_jutsu_for_one_named_user_pumps_that_user(fresh_service: RulesService) -> None:
    named = fresh_service.ask("kakashi uses lightning blade, whats his combat after", game="naruto")
    assert named.text.startswith("With Lightning Blade, Kakashi Hatake is 12/3 this turn")
    where = Asked(channel="jutsu-after")
    fresh_service.ask("how much does lightning blade pump", game="naruto", where=where)
    after = fresh_service.ask("my kakashi is 5 combat heading a team alone, whats the power after", where=where)
    assert after.text.startswith("With Lightning Blade, Kakashi Hatake is 12/3")
    assert statmod.jutsu_bonus(card("naruto", "Lightning Blade"), card("naruto", "Tenten")) is None  # not its user


def test_an_usagi_pump_paid_some_number_of_times(fresh_service: RulesService) -> None:
    where = Asked(channel="pump")
    fresh_service.ask("swordmistress cost?", game="usagi", where=where)
    pumped = fresh_service.ask("ok and if i pay to pump her twice whats her combat", where=where)
    assert pumped.text.startswith("Paid twice (1 Honor each): Combat 4 + 2 = 6")
    why = "first turn and it wont let me play swordmistress of the mifune. why?? i got nothing to pay with"
    assert not fresh_service.ask(why, game="usagi", where=Asked(channel="pump-why")).text.startswith("Paid")


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("does yami boost my dark magicians atk", "Yes: with Yami, Dark Magician has ATK 2700"),
        ("does sogen boost dark magician", "No: Sogen doesn't change Dark Magician"),
    ],
)
def test_whether_a_field_spell_boosts_a_monster(fresh_service: RulesService, question: str, opening: str) -> None:
    answer = fresh_service.ask(question, game="yugioh", where=Asked(channel=f"boost-{question[:12]}"))
    assert answer.text.startswith(opening)
