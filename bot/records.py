"""What a server remembers of its finished games: each game's story (from its log), every
person's result, and ratings. All of it is derived from the action logs, so
`python -m bot.records --rebuild` can always compute it again."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable

from bot import ratings
from bot.outcome import Outcome
from bot.store import GameRecord, GameResult, GameStore, NotSaved, PlayerResult
from engine import games
from engine.core.story import ENDS_GAME, ONLY_COMPUTERS, Move, Story, digest, ending_early

log = logging.getLogger(__name__)


class EndNotReached(Exception):
    """Replaying the game's log does not reach the state it is stored as having ended in."""


def tell(record: GameRecord, moves: list[Move]) -> Story | None:
    """The game's story from its log (None for a game that tells none: then nothing is recorded)."""
    players = [str(p.id) for p in record.lobby.players]
    return games.tell(games.game(record.kind), players, record.lobby.seed, record.lobby.options, moves)


def tell_to_the_end(record: GameRecord, moves: list[Move]) -> tuple[Story | None, list[Move]]:
    """The story of a finished game and the moves that reach its stored end (EndNotReached if
    none do). Before ENDS_GAME was logged, a game the bot ended because only computers were left
    logged its last move unmarked; such a log is told with that move marked, which is the one
    end its log could miss, and only if that reaches the stored end exactly."""
    assert record.state_json is not None
    end = digest(games.game(record.kind).load_state(record.state_json))
    story = tell(record, moves)
    if story is None or story.ends_at == end:
        return story, moves
    marked = _marked_last(moves)
    again = tell(record, marked) if marked is not None else None
    if marked is None or again is None or again.ends_at != end:
        raise EndNotReached
    log.info("game %s: its log ends when only computers were left (logged before that was marked)", record.id)
    return again, marked


def _marked_last(moves: list[Move]) -> list[Move] | None:
    """The moves with the last one marked as ending the game early, if it is a player's move."""
    if not moves:
        return None
    actor, action, events = moves[-1]
    if action.get("do") in ("start_game", "stop_game") or ENDS_GAME in action:
        return None
    return [*moves[:-1], (actor, ending_early(action, ONLY_COMPUTERS), events)]


class Records:
    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def on_saved(self, outcome: Outcome) -> None:
        """A game that just finished gets its result (before its final message is drawn), and its
        log is packed: nothing is added to it any more."""
        if outcome.record.status == "finished" and outcome.record.state_json is not None:
            await self.record(outcome.record)
            try:
                await self.store.games.archive_log(outcome.record.id)
            except NotSaved as exc:  # the rows stay; they are read the same way
                log.warning("game %s: its log could not be packed (%s)", outcome.record.id, exc.reason)

    async def record(self, record: GameRecord) -> GameResult | None:
        """Tell the game's story and store its result and the new ratings; None if it has one
        already or its log cannot be told (that game is left out, and the failure logged)."""
        if record.state_json is None:  # a game that never started has no story
            return None
        entries = await self.store.games.log(record.id)
        try:
            story, _ = tell_to_the_end(record, [(e.actor, e.action, e.events) for e in entries])
        except EndNotReached:
            log.error("game %s: replaying its log does not reach its stored end; no result recorded", record.id)
            return None
        except Exception:
            log.exception("game %s: its log cannot be replayed; no result recorded", record.id)
            return None
        if story is None:
            return None
        story = story.model_copy(update={"ends_at": ""})
        people = {str(p.id): p for p in record.lobby.players if not p.computer and not p.forgotten}
        rows = [
            PlayerResult(
                game_id=record.id,
                user_id=int(s.player),
                guild_id=record.guild_id,
                kind=record.kind,
                place=s.place,
                seats=len(record.lobby.players),
                won=s.won,
                counts={**s.counts, "taken_over": int(s.player in record.lobby.taken_over)},
                by_item=s.by_item,
            )
            for s in story.standings
            if s.player in people
        ]
        seats = [(r.user_id, r.place, r.won) for r in rows]
        result = GameResult(
            game_id=record.id,
            guild_id=record.guild_id,
            kind=record.kind,
            finished_at=record.updated_at,
            takeover=bool(record.lobby.taken_over),
            story_json=story.model_dump_json(),
        )
        try:
            return await self.store.records.save_result(result, rows, lambda before: ratings.rate(seats, before))
        except NotSaved as exc:
            log.error("game %s: its result could not be saved (%s)", record.id, exc.reason)
            return None

    async def rebuild(self) -> tuple[int, int]:
        """Forget every result and rating and derive them again from the logs, in the order the
        games finished (so ratings come out as they did live). Returns (games, recorded)."""
        await self.store.records.clear_results()
        finished = await self.store.records.finished_games()
        recorded = 0
        for record in finished:
            if await self.record(record) is not None:
                recorded += 1
        return len(finished), recorded


async def _with_store(work: Callable[[GameStore], Awaitable[int]]) -> int:
    """Open the configured store (the bot stopped), run `work`, close it; exit status 2 if unusable."""
    from bot.settings import SettingsError, load_settings
    from bot.store import StoreUnavailable, open_store

    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    store = open_store(settings)
    try:
        await store.open()
    except StoreUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        return await work(store)
    finally:
        await store.close()


async def _rebuild(store: GameStore) -> int:
    total, recorded = await Records(store).rebuild()
    print(f"rebuilt results and ratings from the logs: {recorded} of {total} finished games recorded")
    return 0 if recorded == total else 1


async def _forget(store: GameStore, user_id: int) -> int:
    from bot.tables import Tables

    done = await Tables.over(store).forgetting.forget(user_id)
    print(
        f"forgot user {user_id}: ratings, statistics and drafts deleted; {len(done.games)} games pseudonymized "
        f"({len(done.changed)} live games left or resigned first)"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Results, statistics and ratings, derived from the game logs.")
    parser.add_argument("--rebuild", action="store_true", help="recompute them all from the logs (bot stopped)")
    parser.add_argument(
        "--forget", type=int, metavar="USER_ID", help="delete a user's data and pseudonymize their games (bot stopped)"
    )
    args = parser.parse_args(argv)
    if args.forget is not None:
        user_id: int = args.forget
        return asyncio.run(_with_store(lambda store: _forget(store, user_id)))
    if not args.rebuild:
        parser.print_help()
        return 0
    return asyncio.run(_with_store(_rebuild))


if __name__ == "__main__":
    sys.exit(main())
