"""The usage examples in rulesdocs docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "rulesdocs.text",
    "rulesdocs.index",
    "rulesdocs.service",
    "rulesdocs.semantic",
    "rulesdocs.evaluate",
    "rulesdocs.chat",
    "rulesdocs.followup",
    "rulesdocs.scope",
    "rulesdocs.calc",
    "rulesdocs.colorfight",
    "rulesdocs.charmatch",
    "rulesdocs.verdict",
    "rulesdocs.yesno",
    "rulesdocs.cardtrait",
    "rulesdocs.outcome",
    "rulesdocs.cardanswer",
    "rulesdocs.cardnames",
    "rulesdocs.shot",
    "rulesdocs.showdown",
    "rulesdocs.handsize",
    "rulesdocs.entrance",
    "rulesdocs.worked",
    "rulesdocs.contender",
    "rulesdocs.namedfight",
    "rulesdocs.statmod",
    "rulesdocs.colorbonus",
    "rulesdocs.teampower",
    "rulesdocs.cardreach",
    "rulesdocs.ratingmod",
    "rulesdocs.cardstat",
    "rulesdocs.ninjacards",
    "rulesdocs.cardwhose",
    "rulesdocs.pronouns",
    "rulesdocs.sptally",
    "rulesdocs.boosttally",
    "rulesdocs.turnuse",
    "rulesdocs.savecard",
    "rulesdocs.chakracost",
    "rulesdocs.quantities",
    "rulesdocs.levelturn",
    "rulesdocs.lifepoints",
    "rulesdocs.colorchange",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
