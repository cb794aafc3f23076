"""Headless AI players: agents that choose from a prompt through the same contract as people."""
