"""Reusable building blocks for rules and card scripts: procedures for common decisions
(`flow`), selectors, conditions, costs, durations, triggers and the per-game script registry.
"""
