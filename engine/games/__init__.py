"""One package per game; each registers itself with `engine.core.registry.register_game`."""
