"""A third game, written as a newcomer would add one: a dice race with one timed window and no
trades. It lives here, outside the bot's packages, and joins through the two registries only
(`engine.games.register`, `cogs.registry.register`): the proof that the shared code needs no
change for a new game."""
