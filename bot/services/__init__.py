"""Transport-agnostic use cases shared by the Discord cogs and the offline console (no discord imports)."""
