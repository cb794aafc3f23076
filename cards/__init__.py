"""Card data for tcgtable: built-in pools (`cards.pool`), the catalog, search and importers."""
