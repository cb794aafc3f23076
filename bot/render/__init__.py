"""Boards, hands and prompts as text, Discord embeds and Pillow images, built from engine views.

Public output is always built from the spectator view (`state.view(None)`), so nothing hidden
can reach a public message; a player's hand comes from that player's own view only.
"""
