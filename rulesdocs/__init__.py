"""The rules assistant: rules references, a searchable index, and answers with citations.

>>> from rulesdocs import RulesService
>>> RulesService(db_path=":memory:").ask("what is a tribute?", game="yugioh").found  # doctest: +SKIP
True
"""

from __future__ import annotations

from rulesdocs.answer import AnswerConfig, format_answer
from rulesdocs.index import Query, RulesIndex
from rulesdocs.model import GAME_NAMES, GAMES, Answer, Citation, RulesError
from rulesdocs.service import Asked, RulesService

__all__ = [
    "GAMES",
    "GAME_NAMES",
    "Answer",
    "AnswerConfig",
    "Asked",
    "Citation",
    "Query",
    "RulesError",
    "RulesIndex",
    "RulesService",
    "format_answer",
]
