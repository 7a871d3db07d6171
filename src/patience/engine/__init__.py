"""The rules engine: games, states, moves and records, with no front-end imports."""
