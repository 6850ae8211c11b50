"""Issue 30: the catalogs are Fluent files, one per game plus a shared one, per language. Every key
is defined once and in every language, with the same variables; plurals and amounts come from CLDR
(through fluent.runtime and Babel), not from hand-written rules; a language is added by adding files."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import discord
import pytest
from discord import app_commands
from fluent.syntax import ast, serializer, visitor

from bot.i18n import CATALOG, t
from bot.i18n.catalog import FOLDER, Catalog, entries, key_of
from bot.i18n.translator import CatalogTranslator


def _messages(locale: str) -> dict[str, list[ast.Message]]:
    found: dict[str, list[ast.Message]] = {}
    for path in sorted((FOLDER / locale).glob("*.ftl")):
        for message in entries(path.read_text(encoding="utf-8")):
            found.setdefault(key_of(message.id.name), []).append(message)
    return found


class _Variables(visitor.Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def _variables(message: ast.Message) -> set[str]:
    found = _Variables()
    found.visit(message)
    return found.names


def test_one_domain_per_game_plus_a_shared_one() -> None:
    assert set(CATALOG.locales) >= {"en", "ja"}
    for locale in CATALOG.locales:
        assert {p.stem for p in (FOLDER / locale).glob("*.ftl")} == {"shared", "mega", "bingo"}
    game_keys = {p.stem: {key_of(m.id.name) for m in entries(p.read_text("utf-8"))} for p in FOLDER.glob("en/*.ftl")}
    assert not any(k.startswith("mega.") for k in game_keys["bingo"] | game_keys["shared"])
    assert not any(k.startswith("bingo.") for k in game_keys["mega"] | game_keys["shared"])


def test_no_key_is_defined_twice() -> None:
    for locale in CATALOG.locales:
        twice = {k: len(v) for k, v in _messages(locale).items() if len(v) > 1}
        assert not twice, f"{locale}: keys defined more than once: {twice}"
    with pytest.raises(ValueError, match="already in the en catalog"):
        CATALOG.add("en", "error-stale = again\n")


def test_every_key_in_every_language_with_the_same_variables() -> None:
    english = _messages("en")
    for locale in CATALOG.locales:
        found = _messages(locale)
        assert set(found) == set(english), f"{locale}: {sorted(set(found) ^ set(english))[:10]}"
        for key, (message,) in found.items():
            assert message.value is not None, f"{locale}: {key} is empty"
            assert _variables(message) == _variables(english[key][0]), f"{locale}: {key}"


def test_the_board_data_has_words_in_every_language() -> None:
    from engine.mega.board import BOARD

    keys = [f"space.{s.id}" for s in BOARD.spaces] + [f"group.{s.group}" for s in BOARD.spaces if s.group]
    keys += [f"card.{c.id}" for deck in BOARD.cards.values() for c in deck]
    for locale in CATALOG.locales:
        missing = [k for k in keys if not CATALOG.has(locale, k)]
        assert not missing, f"{locale}: {missing[:5]}"
    assert t("en", "space.boardwalk") == next(s.name for s in BOARD.spaces if s.id == "boardwalk")


def test_plurals_and_money_follow_cldr() -> None:
    assert t("en", "bingo.discard_help", count=1, hits="").startswith("You were hit: discard 1 cell (")
    assert t("en", "bingo.discard_help", count=2, hits="").startswith("You were hit: discard 2 cells (")
    one = t("en", "bingo.hint.hit", hitters="Aiko", owners=1, count=1)
    assert one == "⚠ Hit: you discard 1 cell (Aiko)."
    assert (
        t("en", "bingo.hint.hit", hitters="Aiko, Bea", owners=2, count=2) == "⚠ Hit: you discard 2 cells (Aiko, Bea)."
    )
    assert t("en", "bingo.hint.out", hitters="Aiko", owners=1).startswith("⚠ You would be out: Aiko owns it")
    assert t("en", "error.bid_too_low", minimum=1500) == "The bid must be at least $1,500."
    assert "$1,500" in t("ja", "error.bid_too_low", minimum=1500)
    assert t("en", "game.version", game=12345, version=1234) == "Game 12345 · move 1234"  # ids never grouped


def _language_added_by_files(tmp_path: Path, locale: str, shared: str) -> Catalog:
    for source in ("en", "ja"):
        shutil.copytree(FOLDER / source, tmp_path / source)
    (tmp_path / locale).mkdir()
    (tmp_path / locale / "shared.ftl").write_text(shared, encoding="utf-8")
    return Catalog(tmp_path)


def test_a_language_is_added_by_adding_files(tmp_path: Path) -> None:
    """Russian has four CLDR plural categories; the library knows them, nothing here does."""
    shared = (
        "cells-left = Осталось { $count ->\n"
        "    [one] { $count } клетка\n    [few] { $count } клетки\n   *[many] { $count } клеток\n}, { MONEY($cash) }\n"
    )
    catalog = _language_added_by_files(tmp_path, "ru", shared)
    assert catalog.locales == ("en", "ja", "ru")
    said = [catalog.format("ru", "cells.left", {"count": n, "cash": 1500}) for n in (1, 3, 5)]
    assert said[0] is not None and said[0].startswith("Осталось 1 клетка")
    assert said[1] is not None and said[1].startswith("Осталось 3 клетки")
    assert said[2] is not None and said[2].startswith("Осталось 5 клеток") and "1 500" in said[2].replace("\xa0", " ")
    assert catalog.format("ru", "error.stale", {}) == catalog.format("en", "error.stale", {})  # not yet translated


async def test_command_localizations_come_from_the_catalogs() -> None:
    translator = CatalogTranslator()
    name = app_commands.locale_str("start", key="cmdname.start")
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, None)
    assert await translator.translate(name, discord.Locale.japanese, context) == t("ja", "cmdname.start")
    assert await translator.translate(name, discord.Locale.american_english, context) is None  # the source text
    assert await translator.translate(name, discord.Locale.french, context) is None  # no French files


def test_message_ids_are_fluent_identifiers() -> None:
    counts = Counter(key_of(m.id.name) for m in entries((FOLDER / "en" / "shared.ftl").read_text("utf-8")))
    assert counts and all(n == 1 for n in counts.values())


def test_a_game_may_bring_a_language_of_its_own(tmp_path: Path) -> None:
    catalog = _language_added_by_files(tmp_path, "ru", "cells-left = { $count }\n")
    catalog.add("ko", "race-won = { $player } 승리!\n")
    assert "ko" in catalog.locales
    assert catalog.format("ko", "race.won", {"player": "Ann"}) == "Ann 승리!"
    assert catalog.format("ko", "error.stale", {}) == catalog.format("en", "error.stale", {})  # English otherwise


BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
PLACEABLE = re.compile(r"\{[^{}]*\}")


def _shape(text: str) -> str:
    """A text with every value in it made alike ("Raise { MONEY($amount) }…" → "Raise {}…")."""
    return " ".join(PLACEABLE.sub("{}", text).split())


def _sources(locale: str) -> dict[str, str]:
    return {
        key: serializer.serialize_pattern(message.value).strip()
        for key, (message, *_) in _messages(locale).items()
        if message.value is not None
    }


def test_a_button_named_in_a_text_is_the_button_the_player_sees() -> None:
    """A text that says "press **End turn**" names the button as it is labelled: a person looks for those
    words on the message (the Japanese prompt once said ターン終了 beside a 手番終了 button, the
    debt line **Raise…** beside "Raise $60…"). A bold phrase that is not only a value (a name, an
    amount) names a button, a select or a panel: some text of the same language must be it."""
    for locale in CATALOG.locales:
        sources = {key: _shape(text) for key, text in _sources(locale).items()}
        labels = set(sources.values())
        named = {
            (key, phrase)
            for key, text in sources.items()
            if not key.startswith("mega.field.")  # a player's deeds: the bold word is a heading
            for phrase in map(_shape, BOLD.findall(text))
            if PLACEABLE.sub("", phrase.replace("{}", "")).strip()
        }
        assert len(named) >= 10, f"{locale}: no button named in any text? {named}"
        unknown = sorted((key, phrase) for key, phrase in named if phrase not in labels)
        assert not unknown, f"{locale}: texts name buttons no message shows: {unknown}"


COUNTS = {"count", "cells", "houses", "hotels", "tickets", "due", "lines", "turns", "rounds", "moves", "players"}
ONE_PLURAL = re.compile(r"\b1 (cells|times|houses|hotels|tickets|deeds|lines|players|moves|turns|rounds|bids|cards)\b")


def test_english_counts_agree_with_one() -> None:
    """A count in an English text ("Choose 1 cells", "(1 times)") goes through a CLDR plural
    selector, so that one of anything reads as one."""
    wrong = []
    for key, (message, *_) in _messages("en").items():
        values = {name: (1 if name in COUNTS else "X") for name in _variables(message)}
        text = CATALOG.format("en", key, values) or ""
        wrong += [f"{key}: {text}" for _ in ONE_PLURAL.findall(text)]
    assert not wrong, "\n".join(wrong)
