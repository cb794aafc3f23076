"""The options offered agree with the rule checks that explain refusals, in random play."""

from __future__ import annotations

from engine.core.registry import get_game
from engine.core.rng import Rng
from engine.games.yugioh.chain import activation_problem
from engine.games.yugioh.facts import facts
from engine.games.yugioh.summon import summon_problem


def test_offered_actions_are_exactly_the_ones_without_a_problem() -> None:
    game = get_game("yugioh")
    checked = 0
    for seed in range(12):
        state = game.new_match(game.default_decks(), seed=seed)
        chooser = Rng(seed)
        while (prompt := state.prompt()) is not None:
            if prompt.kind == "action":
                player = prompt.player
                offered = {o.id for o in prompt.options}
                for cid in state.zones[f"hand:{player}"]:
                    f = facts(state.cards[cid].code)
                    if f.is_monster:
                        legal = summon_problem(state, player, cid) is None
                        assert (f"summon:{cid}" in offered) == legal, (seed, f.name)
                        if not legal:
                            explained = game.explain_illegal(state, f"summon:{cid}")
                            assert explained is not None and explained[1].startswith("yugioh ")
                    else:
                        legal = activation_problem(state, player, cid, idle=True) is None
                        assert (f"act:{cid}" in offered) == legal, (seed, f.name)
                    checked += 1
            state.apply(prompt.options[chooser.randbelow(len(prompt.options))])
    assert checked > 1000
