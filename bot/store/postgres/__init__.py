"""The PostgreSQL store (shared by several bot processes): the store itself, its results and
ratings, and its retries over cut connections, each a module of this folder."""

from bot.store.postgres.store import PostgresStore, where

__all__ = ["PostgresStore", "where"]
