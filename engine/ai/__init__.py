"""Computer players, one module per game; the bot reaches them through `Game.computer`."""
