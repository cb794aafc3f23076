"""A character talked about across messages: "he" is that character beside another card named
(rulesdocs/pronouns.py), and an Inazuma character's SP is worked out through the situation told so far
with the techniques played on it (rulesdocs/sptally.py). Conversations in our own words."""

from __future__ import annotations

import pytest

from rulesdocs import cardstat, pronouns
from rulesdocs.cardnames import card
from rulesdocs.service import Asked, RulesService


def _chat(service: RulesService, game: str, *turns: str) -> list[str]:
    where = Asked(channel=f"sptally:{game}:{turns[0]}")
    service.store.forget(where.channel)
    return [service.ask(q, game=game if n == 0 else None, where=where).text for n, q in enumerate(turns)]


@pytest.mark.parametrize(
    ("turns", "total", "source"),
    [
        (("whats the sp on starting kevin dragonfly", "say hes kicking and i use rolling kick"), "900 SP", "Rolling"),
        (("mark evans sp", "they shoot at him and i use pressure punch"), "800 SP", "Pressure Punch"),
        (("nathan swift stats?", "he is fired up and they attack him with 2"), "800 SP", "FSP"),
        (
            ("nathan swift stats?", "he is fired up and they attack him with 2", "plus illusion ball"),
            "1000 SP",
            "Illusion",
        ),
        (("maxwell carson with 3 other raimon players on the field, sp?", "what if he was fired up"), "900 SP", "FSP"),
        (("what does charlie boardfield do", "i pitch nathan swift for wild claw"), "600 SP", "AP"),
        (("inazuma drop level?", "kicker has 600 and i discard nathan swift to it"), "800 SP", "Nathan Swift"),
        (("what does rolling kick do", "kevin dragonfly is my kicker and i play it, his sp?"), "900 SP", "Rolling"),
    ],
)
def test_sp_is_worked_out_through_the_conversation(
    fresh_service: RulesService, turns: tuple[str, ...], total: str, source: str
) -> None:
    last = _chat(fresh_service, "inazuma", *turns)[-1]
    assert total in last.split("\n")[0] and source in last.split("\n")[0]


def test_a_later_number_replaces_the_earlier_one(fresh_service: RulesService) -> None:
    told = _chat(
        fresh_service,
        "inazuma",
        "maxwell carson has 2 other raimon guys on the field, whats his sp",
        "and with 4 other raimon guys",
    )
    assert "400 SP" in told[0] and "600 SP" in told[1]


def test_a_condition_not_yet_met_adds_nothing() -> None:
    kevin = card("inazuma", "Kevin Dragonfly")
    assert kevin is not None
    told = cardstat.situated("kevin dragonfly sp in the attack phase, before hes the kicker", kevin, ["sp"])
    assert told is not None and told.endswith("= 400 SP.") and "unchanged" in told


@pytest.mark.parametrize(
    "turns",
    [
        ("what does kevin dragonfly do", "can he use rolling kick in the attack phase"),  # a yes/no: the rule
        ("mark evans sp", "even a technique like pressure punch?"),  # a card named, none played
    ],
)
def test_no_tally_for_a_question_that_plays_nothing(fresh_service: RulesService, turns: tuple[str, ...]) -> None:
    assert " SP." not in _chat(fresh_service, "inazuma", *turns)[-1].split("\n")[0]


def test_a_team_follow_up_names_the_ninja_talked_about(fresh_service: RulesService) -> None:
    told = _chat(
        fresh_service, "naruto", "might guy combat?", "ok i put him behind neji as support, whats the team power"
    )
    assert "Team Power 7" in told[-1]


def test_pronouns_stay_when_they_are_someone_else() -> None:
    guy, samford = card("naruto", "Might Guy"), card("inazuma", "David Samford")
    assert guy is not None and samford is not None
    assert pronouns.named_back("my opp has 4, can he block", guy) is None
    assert pronouns.named_back("then jude uses his ability", samford, "jude") is None
    assert pronouns.named_back("can i put him on it", card("yugioh", "Dark Hole")) is None  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("turns", "total"),
    [
        (("dark energy on my feral imp, atk?", "plus yami on the field"), "ATK 1800"),
        (("put legendary sword on celtic guardian whats his attack", "and if sogen is out as well"), "ATK 1900"),
        (
            (
                "put legendary sword on celtic guardian whats his attack",
                "and if sogen is out as well",
                "they flip reverse trap",
            ),
            "ATK 900",
        ),
        (("my dark magician has book of secret arts, opp activates reverse trap, atk?",), "ATK 2200"),
    ],
)
def test_every_spell_told_so_far_changes_the_monster(
    fresh_service: RulesService, turns: tuple[str, ...], total: str
) -> None:
    assert total in _chat(fresh_service, "yugioh", *turns)[-1].split("\n")[0]


def test_a_spell_that_does_not_fit_is_left_out(fresh_service: RulesService) -> None:
    told = _chat(fresh_service, "yugioh", "legendary sword on celtic guardian, atk?", "and with yami too")
    assert "Yami" not in told[-1].split("\n")[0] or "1700" in told[-1].split("\n")[0]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (("how does aggressive work", "my char attacks with 4 red and i discard a card that costs 3, red?"), "red 7"),
        (("explain defensive", "they swing at my blue 3 with blue 4, i toss a 2 cost card. do i survive"), "Yes"),
        (("explain defensive", "they swing at my blue 3 with blue 6, i toss a 2 cost card. do i survive"), "No"),
    ],
)
def test_an_inuyasha_keyword_asked_about_before_is_applied(
    fresh_service: RulesService, turns: tuple[str, ...], expected: str
) -> None:
    told = _chat(fresh_service, "inuyasha", *turns)[-1]
    assert told.startswith(expected) or expected in told.split("\n")[0]


@pytest.mark.parametrize(
    ("question", "power"),
    [
        ("head is 4/1, the other two are 1/2 and 0/3, team power?", "Team Power 9"),
        ("choji heads and shikamaru supports when we attack, team power?", "Team Power 5"),
        ("choji heads and shikamaru supports when we block, team power?", "Team Power 4"),
        ("the head has 5 combat, supports have 2 and 0 support, what's the team power", "Team Power 7"),
    ],
)
def test_team_power_from_typed_values_and_an_attack_bonus(
    fresh_service: RulesService, question: str, power: str
) -> None:
    assert power in _chat(fresh_service, "naruto", question)[-1]


def test_a_count_of_teams_is_no_power(fresh_service: RulesService) -> None:
    told = _chat(fresh_service, "naruto", "they attack with 1 team, can 2 of my teams block it")[-1]
    assert "Team Power" not in told and "against" not in told.split("\n")[0]


def test_a_named_monster_moved_to_defense_reworks_the_battle(fresh_service: RulesService) -> None:
    told = _chat(
        fresh_service,
        "yugioh",
        "my dark magician attacks their mystical elf in attack position, what happens",
        "what if the elf was in defense",
        "and if it had 2600 def",
    )
    assert "2000 DEF" in told[1] and "nobody takes battle damage" in told[1]
    assert "100 battle damage" in told[2]


def test_an_equip_added_to_a_named_battle(fresh_service: RulesService) -> None:
    told = _chat(
        fresh_service,
        "yugioh",
        "my feral imp attacks their celtic guardian, what happens",
        "and if feral imp had dark energy on it",
    )
    assert "1400 ATK" in told[1] and "1600 ATK" in told[1] and "destroys" in told[1]
