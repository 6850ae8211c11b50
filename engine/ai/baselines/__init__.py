"""Published strategies the computer players are measured against (`engine.ai.arena`,
`python -m bench.arena`), written from their descriptions: they only pick legal moves and see only
what the table sees. Each is `policy(state, player, rng) -> action | None`."""
