"""Ratings per server and game with OpenSkill's Plackett–Luce model: it rates 2–8 players from
their final places, ties included. Only people are rated; computer seats are left out."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.store import Rating

MODEL = PlackettLuce()


def fresh(user_id: int) -> Rating:
    start = MODEL.rating()
    return Rating(user_id=user_id, mu=start.mu, sigma=start.sigma)


def rate(seats: list[tuple[int, int, bool]], before: dict[int, Rating]) -> list[tuple[Rating, Rating]]:
    """(old, new) ratings of the people at a finished table (a newcomer's old one is the starting
    rating); `seats` is (user id, place, won) each. A table with fewer than two people rates nobody
    (there is nobody to be compared with)."""
    if len(seats) < 2:
        return []
    current = [before.get(user) or fresh(user) for user, _, _ in seats]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma, name=str(r.user_id))] for r in current]
    rated = MODEL.rate(teams, ranks=[float(place) for _, place, _ in seats])
    return [
        (r, Rating(user_id=r.user_id, mu=team[0].mu, sigma=team[0].sigma, games=r.games + 1, wins=r.wins + int(won)))
        for r, team, (_, _, won) in zip(current, rated, seats, strict=True)
    ]
