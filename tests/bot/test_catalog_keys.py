"""Issue 30: every text is defined once and in both languages. A key defined in two catalog sources
hides one of them (MonopolizeBingo's "traded by position" was never shown: Mega's text won)."""

from __future__ import annotations

from collections import defaultdict

from bot.i18n import CATALOG, bingo_texts, mega_names, mega_texts, records_texts, settings_texts
from bot.i18n.en import EN
from bot.i18n.ja import JA


def test_no_key_is_defined_twice() -> None:
    names_en, _ = mega_names.catalog()
    sources = {
        "en.py": EN,
        "bingo_texts": bingo_texts.EN,
        "mega_texts": mega_texts.EN,
        "settings_texts": settings_texts.EN,
        "records_texts": records_texts.EN,
        "mega_names": names_en,
    }
    where: dict[str, list[str]] = defaultdict(list)
    for name, texts in sources.items():
        for key in texts:
            where[key].append(name)
    twice = {key: found for key, found in where.items() if len(found) > 1}
    assert not twice, f"keys defined in more than one catalog source: {twice}"


def test_every_key_has_both_languages() -> None:
    assert set(EN) == set(JA), f"only in one language: {sorted(set(EN) ^ set(JA))}"
    assert set(CATALOG["en"]) == set(CATALOG["ja"])
    empty = [k for lang in ("en", "ja") for k, v in CATALOG[lang].items() if not v.strip()]
    assert not empty, empty


def test_bingo_trades_are_told_in_bingo_words() -> None:
    from bot.i18n import t

    assert "by position" in t("en", "bingo.ev.trade_done", player="A", other="B", give="G2", get="B3")
