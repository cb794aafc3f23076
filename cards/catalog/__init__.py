"""The card catalog: sqlmodel tables for every game, the built-in pool loader, and card search.

>>> catalog = Catalog()                     # DATABASE_URL, else sqlite:///tcgtable.db  # doctest: +SKIP
>>> search = CardSearch(catalog)             # doctest: +SKIP
>>> (await search.search("BEWD")).results[0].name   # doctest: +SKIP
'Blue-Eyes White Dragon'
"""

from __future__ import annotations

from cards.catalog.db import Catalog, CatalogUnavailableError
from cards.catalog.search import CardResult, CardSearch, SearchResponse, Suggestion
from cards.catalog.store import CardRecord, CatalogImportError, ImportSummary

__all__ = [
    "CardRecord",
    "CardResult",
    "CardSearch",
    "Catalog",
    "CatalogImportError",
    "CatalogUnavailableError",
    "ImportSummary",
    "SearchResponse",
    "Suggestion",
]
