"""Situations described with numbers, read per game (rulesdocs/worked.py)."""

from __future__ import annotations

import pytest

from rulesdocs import cardnames, namedfight, teampower, worked
from rulesdocs.service import Asked, RulesService


def test_a_game_without_a_reader_or_hand_limit_reads_nothing() -> None:
    assert (
        worked.read("usagi", "my 1800 atk attacks their 1500 def, i have 9 cards at end of turn", None, None, "")
        is None
    )


def test_a_direct_attack_keeps_its_own_question_for_the_next_follow_up() -> None:
    earlier = "my 1800 atk monster attacks their 1500 def monster"
    found = worked.read("yugioh", "my 1200 atk attacks directly, how much damage", earlier, None, "")
    assert found is not None
    assert found.fact_id == worked.DIRECT_ATTACK_FACT
    assert "1200" in found.told
    assert found.asked == "my 1200 atk attacks directly, how much damage"


def test_the_card_talked_about_gives_the_entrance_cost() -> None:
    card = cardnames.card("naruto", "Kakashi Hatake")
    assert card is not None
    cost = card.stats["entrance"]
    assert isinstance(cost, int) and cost >= 1
    found = worked.read("naruto", f"can i play it with my turn marker on {cost - 1}", None, card, "")
    assert found is not None
    assert found.fact_id == worked.ENTRANCE_FACT
    assert found.told.startswith("No")


def test_the_hand_limit_follows_a_bare_number_after_its_answer() -> None:
    found = worked.read("naruto", "and 9?", "whats the hand limit", None, "c-hand-size")
    assert found is not None
    assert found.fact_id == "c-hand-size"
    assert "3" in found.told


@pytest.mark.parametrize(
    ("game", "question", "told"),
    [
        (
            "yugioh",
            "if my dark magician attacks their summoned skull what happens",
            "Dark Magician: 2500 ATK; Summoned Skull: 2500 ATK. Your 2500 ATK monster and their 2500 ATK",
        ),
        ("yugioh", "my celtic guardian attacks a face down mystical elf", "Mystical Elf: 2000 DEF"),
        ("yugioh", "their blue eyes attacks my dark magician how much damage", "you take 500 battle damage"),
        (
            "inuyasha",
            "my kurogane attacks their gensai with purple who wins",
            "purple 4 against their defender's purple 4",
        ),
    ],
)
def test_a_battle_between_named_cards_uses_their_printed_values(game: str, question: str, told: str) -> None:
    found = worked.read(game, question, None, None, "")
    assert found is not None and told in found.told


def test_a_color_only_one_named_character_has_is_not_worked_out() -> None:
    assert namedfight.read("my kurogane attacks their gensai with red", "inuyasha") is None  # Gensai has no red


def test_a_card_with_an_effect_adds_its_text_to_the_worked_battle() -> None:
    found = worked.read("inuyasha", "my kurogane attacks their gensai with purple", None, None, "")
    assert found is not None and "Aggressive" in found.own_text and "Defensive" in found.own_text


@pytest.mark.parametrize(
    ("game", "question"),
    [
        ("yugioh", "can dark magician and summoned skull both be on the field"),
        ("inuyasha", "can kurogane and gensai both be in play"),
        ("inuyasha", "does kurogane attack before gensai"),  # no color named
    ],
)
def test_no_card_is_looked_up_when_no_battle_is_described(
    monkeypatch: pytest.MonkeyPatch, game: str, question: str
) -> None:
    def refuse(*_: object) -> None:
        raise AssertionError("looked up a card name for a question with no battle in it")

    monkeypatch.setattr(cardnames, "lookup", refuse)
    assert namedfight.read(question, game) is None


def test_a_defensive_boost_follow_up_reworks_the_attack() -> None:
    first = worked.read("inuyasha", "my red 7 attacks their red 2 who wins", None, None, "")
    assert first is not None
    boosted = worked.read("inuyasha", "they pitch a 3 cost card for defensive", first.asked, None, first.fact_id)
    assert boosted is not None and "red 2 + 3 (Defensive) = 5" in boosted.told
    again = worked.read("inuyasha", "what if it was a 6 cost instead", boosted.asked, None, boosted.fact_id)
    assert again is not None and "= 8: lower" in again.told


def test_a_value_typed_with_a_named_card_is_used_once() -> None:
    reading = namedfight.read("my 1700 battle ox attacks their mystical elf in def (2000). what happens", "yugioh")
    assert reading is not None and reading.text == "my 1700 atk monster attacks their 2000 def monster what happens"
    counted = namedfight.read("my dark magician attacks their summoned skull with 2 equips on it", "yugioh")
    assert counted is not None and "2500 atk monster with 2 equips" in counted.text  # a count is no stat


def test_a_naruto_team_named_by_its_ninjas_gets_its_power() -> None:
    found = worked.read(
        "naruto", "so asuma leading with shino and tenten behind him, whats that come to", None, None, ""
    )
    assert found is not None and found.told.endswith("= Team Power 7.")
    hurt = worked.read("naruto", "what if he was hurt", found.asked, None, found.fact_id)
    assert hurt is not None and "injured Combat 3" in hurt.told and hurt.told.endswith("= Team Power 5.")
    assert worked.read("naruto", "can asuma and shino be on the same team", None, None, "") is None  # no Power asked


@pytest.mark.parametrize(
    ("question", "total"),
    [
        ("trainee bulwark is fired up and defending, what sp does he have", "= 700 SP"),  # FSP 500 + 200
        ("whats jack wallsides sp when they attack with 3", "= 400 SP"),  # 600 - 200 against 2 or more
        ("jack wallside sp if only 1 guy attacks", "= 600 SP"),  # the text needs 2 attackers
        ("maxwell carson with 2 other raimon characters, sp?", "= 400 SP"),  # 200 + 2 x 100
    ],
)
def test_an_inazuma_stat_is_worked_out_for_the_situation_asked(
    fresh_service: RulesService, question: str, total: str
) -> None:
    answer = fresh_service.ask(question, game="inazuma")
    assert answer.card and total in answer.text.split("\n")[0]


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("does trainee playmaker get +100 when defending", "No: "),
        ("does tim saunders get his dribbler bonus on my opponents turn", "No: "),
        ("does trainee bulwark get his defender bonus on their turn", "Yes"),
    ],
)
def test_a_while_attacking_or_defending_bonus_is_judged_by_the_side_asked(
    fresh_service: RulesService, question: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game="inazuma")
    assert answer.card and answer.text.startswith(opening)


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("can i pay water clones X with fire cards from my chakra", "No: "),
        ("can i pay for hidden mist jutsu with wind chakra", "No: "),
        ("can i use lightning cards to pay for kunai", "Yes: "),
        ("hidden mist needs water twice, could i cover it with two non-water chakra", "No: "),
        ("fire ball is fire fire 1, can i pay the 1 with a wind card", "Yes: "),
        ("could i pay hidden mist jutsu with one water and one fire card", "No: "),
        ("can i pay fire ball jutsu with 2 fire and 1 earth", "Yes: "),
    ],
)
def test_paying_a_jutsu_with_a_symbol_is_judged_from_its_printed_cost(
    fresh_service: RulesService, question: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game="naruto")
    assert answer.card and answer.text.startswith(opening)


def test_not_fired_up_keeps_the_printed_sp(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("carson isnt fired up, 1 other raimon guy on the field, his sp?", game="inazuma")
    assert "= 300 SP" in answer.text.split("\n")[0]


def test_a_cards_level_against_the_turn_asked(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("can i move maxwell carson to the field on turn 3", game="inazuma")
    assert answer.card == "Maxwell Carson" and answer.text.startswith("No: ")
    assert "level 4" in answer.text


def test_it_is_still_the_card_after_a_turn_with_no_answer(fresh_service: RulesService) -> None:
    where = Asked(channel="card-after-not-found")
    fresh_service.ask("what does twin boost do", game="inazuma", where=where)
    fresh_service.ask("who won the last world championship", where=where)  # not found: no new subject
    answer = fresh_service.ask("can i play it on turn 2?", where=where)
    assert answer.card == "Twin Boost" and answer.text.startswith("No: ")


def test_a_battle_with_a_third_card_named_is_not_worked_from_printed_values(fresh_service: RulesService) -> None:
    """Waboku changes the battle: working it out from the two monsters' printed ATK would mislead."""
    answer = fresh_service.ask(
        "my dark magician attacks their feral imp and they flip waboku, what happens", game="yugioh"
    )
    assert not answer.text.startswith("Dark Magician: 2500 ATK")
    plain = fresh_service.ask("my dark magician attacks their feral imp, what happens", game="yugioh")
    assert plain.text.startswith("Dark Magician: 2500 ATK")


def test_a_team_make_up_bonus_from_a_cards_text_is_added() -> None:
    """Might Guy gets +0/+4 behind a Taijutsu Genin Head (Rock Lee); injured, his effect is off."""
    found = worked.read("naruto", "rock lee as head with might guy supporting, whats the team power", None, None, None)
    assert found is not None and found.told.endswith("= Team Power 7.") and "+ 4" in found.told
    hurt = worked.read("naruto", "rock lee as head with injured might guy, whats the team power", None, None, None)
    assert hurt is not None and "+ 4" not in hurt.told


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("kurogane attacks in black, i toss a 2 cost for aggressive, what is his black", "= black 9"),
        ("roaming demons gets attacked in red, i discard a 4 cost, whats its red", "= red 6"),
    ],
)
def test_an_inuyasha_boost_keyword_adds_the_discarded_cards_deck_cost(
    fresh_service: RulesService, question: str, told: str
) -> None:
    answer = fresh_service.ask(question, game="inuyasha")
    assert told in answer.text.split("\n")[0], answer.text


def test_a_team_typed_as_combat_and_support_values(fresh_service: RulesService) -> None:
    answer = fresh_service.ask(
        "my head ninja is 6/2 with two supports at 1/3 and 2/2, what is my team power", game="naruto"
    )
    assert "= Team Power 11" in answer.text.split("\n")[0], answer.text


def test_attackers_coming_at_a_character_count_for_its_text(fresh_service: RulesService) -> None:
    answer = fresh_service.ask(
        "jack wallside on defense, theyre coming at him with 3 attackers, what's his sp", game="inazuma"
    )
    assert "= 400 SP" in answer.text.split("\n")[0], answer.text


@pytest.mark.parametrize(
    ("question", "told"),
    [
        (
            "opp attacks my hana shrine archer in white with a 7, i pitch a 2 cost card for defensive, does she live",
            "Their attacker's white 7 against your defender's white 6 + 2 (Defensive) = 8: lower",
        ),
        (
            "their guy attacks my hana shrine archer with white 7",
            "white 7 against your defender's white 6: equal or higher",
        ),
        (
            "my hana shrine archer attacks their guy in white, he has a 5",
            "Your attacker's white 6 against their defender's white 5",
        ),
    ],
)
def test_one_named_character_against_a_typed_value(question: str, told: str) -> None:
    hana = cardnames.card("inuyasha", "Hana, Shrine Archer")
    found = worked.read("inuyasha", question, None, hana, None)
    assert found is not None and found.told.startswith("Hana, Shrine Archer has white 6.")
    assert told in found.told


def test_one_named_character_without_the_color_asked_is_not_worked_out() -> None:
    hana = cardnames.card("inuyasha", "Hana, Shrine Archer")
    assert worked.read("inuyasha", "hana shrine archer attacks in red with a 5", None, hana, None) is None


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        (
            "opp's 1500 atk guy attacks my wall of illusion in def. what happens",
            "Wall of Illusion: 1850 DEF. Their 1500 ATK monster is lower than your 1850 DEF",
        ),
        ("my dark magician attacks their 2000 atk monster what happens", "Dark Magician: 2500 ATK. Your 2500 ATK"),
    ],
)
def test_one_monster_named_against_a_value_typed(fresh_service: RulesService, question: str, opening: str) -> None:
    answer = fresh_service.ask(question, game="yugioh")
    assert answer.text.startswith(opening), answer.text


@pytest.mark.parametrize(
    ("game", "question", "opening"),
    [
        ("inuyasha", "my red 5 into their red 5, its equal, does that still defeat it?", "Yes: your attacker's red 5"),
        ("inuyasha", "my red 3 attacks their red 5, does it defeat it?", "No: your attacker's red 3"),
        ("inazuma", "kicker 500 gk 600, i flip a lvl 3 opp flips a lvl 1, goal?", "Yes: your kicker: 500 + 300"),
        ("yugioh", "my 1500 atk attacks their 1800 atk monster, does my monster survive", "No: your 1500 ATK monster"),
        ("yugioh", "opp has a facedown 1200 def monster, i swing into it w my 1700 battle ox. do they lose any lp?",
         "No: your 1700 ATK monster destroys their 1200 DEF"),
    ],
)  # fmt: skip
def test_a_yes_no_question_about_a_worked_battle_gets_its_yes_or_no(
    fresh_service: RulesService, game: str, question: str, opening: str
) -> None:
    answer = fresh_service.ask(question, game=game)
    assert answer.text.startswith(opening), answer.text


def test_a_typed_level_against_the_turn_is_worked_out_and_reworked(fresh_service: RulesService) -> None:
    where = Asked(channel="level-turn")
    first = fresh_service.ask(
        "i got a level 3 reserve on my bench, can i move it onto the field on turn 2", game="inazuma", where=where
    )
    assert first.text.startswith("No: on turn 2 a level 3 reserve character is too high")
    later = fresh_service.ask("and turn 3?", where=where)
    assert later.text.startswith("Yes: a level 3 reserve character can move to the field from turn 3 on")
    technique = fresh_service.ask("can i play a level 3 super technique on turn 2", game="inazuma")
    assert technique.text.startswith("No: on turn 2 a level 3 super technique is too high")


def test_a_why_question_gets_the_worked_reason_without_a_verdict(fresh_service: RulesService) -> None:
    answer = fresh_service.ask("why cant i move my level 4 reserve onto the field? its turn 2", game="inazuma")
    assert answer.text.startswith("On turn 2 a level 4 reserve character is too high")
    entrance_answer = fresh_service.ask("why cant i play my entrance 4 ninja, turn marker is on 3", game="naruto")
    assert entrance_answer.text.startswith("Entrance 4 is above your Turn Indicator of 3")


def test_a_follow_up_giving_one_sides_value_reworks_the_color_attack_with_its_verdict(
    fresh_service: RulesService,
) -> None:
    where = Asked(channel="side-value")
    fresh_service.ask(
        "my attacker's got 6 black, their guy has 6 black, is their guy defeated", game="inuyasha", where=where
    )
    lower = fresh_service.ask("and if mine was only 5?", where=where)
    assert lower.text.startswith("No: your attacker's black 5 against their defender's black 6: lower")
    weaker = fresh_service.ask("what if theirs was 4", where=where)
    assert "black 5 against their defender's black 4: equal or higher" in weaker.text


def test_what_a_card_is_at_asks_its_fighting_stat(fresh_service: RulesService) -> None:
    where = Asked(channel="what-is-he-at")
    fresh_service.ask("jack wallside sp?", game="inazuma", where=where)
    answer = fresh_service.ask("opp attacks with 2 guys, what is he at", where=where)
    assert answer.text.startswith("With 2 opposing characters attacking: 600 - 200")


def test_a_card_marked_for_one_phase_is_not_used_in_another(fresh_service: RulesService) -> None:
    wrong_phase = fresh_service.ask(
        "can i play pressure punch in the attack phase to pump my defenders", game="inazuma"
    )
    assert wrong_phase.text.startswith("No, by its text: Pressure Punch is used only in the shooting phase")
    own_phase = fresh_service.ask("can i play pressure punch twice in the shooting phase", game="inazuma")
    assert "used only in the shooting phase" not in own_phase.text


def test_a_burn_card_against_the_life_points_given(fresh_service: RulesService) -> None:
    lethal = fresh_service.ask("opp is at 700 lp, if i play ookazi do i win", game="yugioh")
    assert lethal.text.startswith("Yes: Ookazi deals 800 damage, so your opponent goes from 700 to 0 Life Points")
    short = fresh_service.ask("opp is at 900 lp, if i play ookazi do i win", game="yugioh")
    assert short.text.startswith("No: Ookazi deals 800 damage, so your opponent goes from 900 to 100 Life Points")


def test_a_color_penalty_stops_at_zero(fresh_service: RulesService) -> None:
    floored = fresh_service.ask("opps char has 1 red and gets -3 red, so is it at -2 now?", game="inuyasha")
    assert floored.text.startswith("No: red 1 - 3 = 0: no number in this game ever goes below 0")
    raised = fresh_service.ask("my guy has 4 blue and gets +2 blue, whats his blue", game="inuyasha")
    assert raised.text.startswith("Blue 4 + 2 = 6.")
    lacking = fresh_service.ask(
        "effect says +2 black to my guy but he has no black at all, does he get 2 black?", game="inuyasha"
    )
    assert "+ 2 =" not in lacking.text


def test_next_turn_raises_the_turn_indicator_by_one(fresh_service: RulesService) -> None:
    where = Asked(channel="next-turn")
    fresh_service.ask("my turn marker is on 2, can i deploy a ninja with entrance cost 3", game="naruto", where=where)
    later = fresh_service.ask("what about on my next turn then", where=where)
    assert later.text.startswith("Yes: Entrance 3 is at or below your Turn Indicator of 3")
    assert "The rule: No:" not in later.text  # the cited rule is stated, not a verdict on another question


def test_a_jutsu_bonus_and_a_shared_first_name_are_read(fresh_service: RulesService) -> None:
    kunai = fresh_service.ask("tenten uses kunai, what are her stats after", game="naruto")
    assert kunai.text.startswith("With Kunai, Tenten is 4/3 this turn (2/1 printed, +2/+2).")
    archer = fresh_service.ask("what colors does hana the archer have", game="inuyasha")
    assert archer.card == "Hana, Shrine Archer"
    invig = fresh_service.ask("if i throw invig on my battle ox what are its atk and def", game="yugioh")
    assert invig.text.startswith("With Invigoration, Battle Ox has ATK 2100")


def test_a_unique_character_limits_control_not_the_deck(fresh_service: RulesService) -> None:
    both = fresh_service.ask("can i have both raigas out at the same time, hot headed + the wanderer", game="inuyasha")
    assert both.text.startswith("No: Raiga, Hot-Headed Guardian is Unique")
    deck = fresh_service.ask("can i have 2 raiga hot headed guardians in my deck", game="inuyasha")
    assert "is Unique, so you may control only 1" not in deck.text


@pytest.mark.parametrize(
    ("question", "head", "power"),
    [
        ("so neji heads and guy supports, whats the team power", "Neji Hyuga", 7),  # Might Guy by his name alone
        ("so guy supporting a 3 combat rock lee head, team power?", "Rock Lee", 7),
        ("guy as support behind rock lee, how much support does guy add", "Rock Lee", 7),  # one member's share
        ("rock lee supports neji as head whats the power", "Neji Hyuga", 3),  # "as head" said of the other
        ("kiba head with akamaru as support, whats the power", "Kiba Inuzuka", 4),
    ],
)
def test_a_team_is_read_from_how_players_name_its_head_and_supports(question: str, head: str, power: int) -> None:
    team = teampower.read(question)
    assert team is not None and team.head.name == head
    assert teampower.outcome(team).endswith(f"= Team Power {power}.")


def test_my_guy_is_never_might_guy() -> None:
    assert teampower.read("my guy supports neji, whats the power") is None


def test_a_follow_up_injures_the_member_it_names(fresh_service: RulesService) -> None:
    where = Asked(channel="team-injured-member")
    fresh_service.ask("so neji heads and guy supports, whats the team power", game="naruto", where=where)
    answer = fresh_service.ask("and if guy is injured?", where=where)
    assert answer.text.startswith("Neji Hyuga as Head (Combat 3) + Might Guy (injured Support 0;")
    assert "Team Power 3" in answer.text and "not being Valid" in answer.text


def test_aggressive_adds_the_deck_cost_of_the_card_discarded_by_name(fresh_service: RulesService) -> None:
    asked = "raiga half-demon wanderer attacks with red and i discard rampage path for aggressive. how much red"
    named = fresh_service.ask(asked, game="inuyasha", where=Asked(channel="pitch-1"))
    assert named.text.startswith("Attacking in red with Aggressive: red 7 + 3 (Rampage Path's deck cost) = red 10")
    where = Asked(channel="pitch-2")
    fresh_service.ask("whats raiga wanderers ability", game="inuyasha", where=where)
    later = fresh_service.ask(
        "so if i attack with red and discard kurogane demon lord how much red is that", where=where
    )
    assert later.text.startswith("Attacking in red with Aggressive: red 7 + 4 (Kurogane, Demon Lord's deck cost)")


def test_it_in_a_battle_is_the_monster_talked_about_before(fresh_service: RulesService) -> None:
    where = Asked(channel="it-attacks")
    fresh_service.ask("how many tributes to summon summoned skull", game="yugioh", where=where)
    answer = fresh_service.ask("ok it attacks their la jinn in attack position, whats the damage", where=where)
    assert answer.text.startswith("Summoned Skull: 2500 ATK; La Jinn the Mystical Genie of the Lamp: 1800 ATK.")
    assert "700 battle damage" in answer.text


def test_two_inuyasha_characters_with_no_color_named_fight_in_the_colors_both_have(
    fresh_service: RulesService,
) -> None:
    where = Asked(channel="shared-colors")
    fresh_service.ask("whats demon lord kurogane's stats", game="inuyasha", where=where)
    answer = fresh_service.ask("he swings at gensai, what color can he even use and does it work", where=where)
    assert "can only attack in a color both have: purple" in answer.text
    assert "Purple 4 against 4: equal or higher defeats Gensai" in answer.text
    assert namedfight.shared_colors("kurogane demon lord attacks gensai in purple, who wins") is None  # a color named
