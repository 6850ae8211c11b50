"""Rendered messages in both languages: no raw catalog keys, names escaped, limits respected."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.i18n import CATALOG
from bot.store import GameRecord, Lobby, LobbyPlayer
from cogs import render
from cogs.bingo import panels as bingo_ui
from cogs.mega import manage as mega_ui
from engine.bingo.fuzz import bingo_random_game
from engine.mega.fuzz import mega_random_game

PREFIXES = {key.split(".", 1)[0] for key in CATALOG.keys["en"]}
KEY_SHAPE = re.compile(r"\b([a-z_]+)\.[a-z_.]+[a-z]\b")


def raw_keys(text: str) -> set[str]:
    """Things shaped like catalog keys (a missing text falls back to its key)."""
    return {m.group(0) for m in KEY_SHAPE.finditer(text) if m.group(1) in PREFIXES}


def record_for(kind: str, state: Any, locale: str) -> GameRecord:
    players = [LobbyPlayer(id=i, name=f"P{i}") for i in range(len(state.players))]
    return GameRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        kind=kind,
        status="active",
        host_id=0,
        locale=locale,
        version=state.version,  # type: ignore[arg-type]
        lobby=Lobby(players=players),
        created_at=0,
        updated_at=0,
    )


def texts(embed: Any, view: Any) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f.name + f.value for f in embed.fields]
    for item in view.children:
        inner = getattr(item, "item", item)
        parts += [getattr(inner, "label", "") or "", getattr(inner, "placeholder", "") or ""]
        parts += [o.label + (o.description or "") for o in getattr(inner, "options", [])]
    return "\n".join(parts)


def shown(view: Any) -> str:
    """Every word of a layout message: its text displays, button labels, select options."""
    from tests.fakediscord.server import walk

    parts = []
    for c in walk(view.to_components()):
        parts += [c.get("content") or "", c.get("label") or "", c.get("placeholder") or ""]
        parts += [o["label"] + (o.get("description") or "") for o in c.get("options") or []]
    return "\n".join(p for p in parts if p)


def game_message(record: GameRecord, state: Any, events: list[Any], lines: list[str] | None = None) -> Any:
    """The game message as the bot draws it (the move's events in words, the board in the gallery)."""
    from cogs import layout

    if lines is None:
        lines = [d for d in (render.describe(record, e) for e in events) if d]
    picture = [layout.Picture("board.png" if record.kind == "mega" else "cards.png", "alt")]
    return render.game_layout(record, state, lines, pictures=picture)


def renamed(state: Any) -> Any:
    """Seat names as the bot uses them (user ids as strings)."""
    state = state.model_copy(deep=True)
    mapping = {p.name: str(i) for i, p in enumerate(state.players)}
    return state, mapping


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_no_raw_keys_in_mega_messages(locale: str) -> None:
    for seed in range(3):
        for i, (_, _, _, after, events) in enumerate(mega_random_game(seed, 4, max_actions=300)):
            if i % 7:
                continue
            state = _rename_mega(after)
            record = record_for("mega", state, locale)
            text = shown(game_message(record, state, events))
            embed, view = mega_ui.manage_panel(record, state, state.players[0].name)
            text += texts(embed, view)
            assert not raw_keys(text), raw_keys(text)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_no_raw_keys_in_bingo_messages(locale: str) -> None:
    for i, (_, _, _, after, events) in enumerate(bingo_random_game(1, 4, max_actions=300)):
        if i % 5:
            continue
        state = _rename_bingo(after)
        record = record_for("bingo", state, locale)
        text = shown(game_message(record, state, events))
        turn = state.players[state.turn].name
        if state.stage == "declare":
            text += bingo_ui.declare_panel(record, state, turn)[0]
        assert not raw_keys(text), raw_keys(text)


def _rename_mega(state: Any) -> Any:
    s = state.model_copy(deep=True)
    names = {p.name: str(i) for i, p in enumerate(s.players)}
    for p in s.players:
        p.name = names[p.name]
    s.owner = {d: names[o] for d, o in s.owner.items()}
    for item in s.queue:
        for attr in ("player", "debtor", "creditor", "manager", "high_bidder", "builder"):
            if getattr(item, attr, None) in names:
                setattr(item, attr, names[getattr(item, attr)])
        for attr in ("bidders", "passed"):
            if hasattr(item, attr):
                setattr(item, attr, [names[n] for n in getattr(item, attr)])
    s.trades = []
    return s


def _rename_bingo(state: Any) -> Any:
    s = state.model_copy(deep=True)
    names = {p.name: str(i) for i, p in enumerate(s.players)}
    for p in s.players:
        p.name = names[p.name]
    s.monopolies = {c: names[n] for c, n in s.monopolies.items()}
    if s.window is not None:
        s.window.eligible = [names[n] for n in s.window.eligible]
        s.window.claimed = [names[n] for n in s.window.claimed]
        s.window.passed = [names[n] for n in s.window.passed]
        s.window.hitters = [names[n] for n in s.window.hitters]
    for h in s.hits:
        h.hitter = names[h.hitter]
    s.trades = []
    return s


def test_the_key_check_can_fail() -> None:
    from bot.i18n import t as translate

    assert raw_keys(translate("ja", "ui.no_such_text")) == {"ui.no_such_text"}


def test_japanese_lobby_and_names_escaped() -> None:
    record = GameRecord(
        id=3,
        guild_id=1,
        channel_id=1,
        kind="bingo",
        status="lobby",
        host_id=5,
        locale="ja",
        version=0,
        lobby=Lobby(players=[LobbyPlayer(id=5, name="**太郎** @everyone")]),
        created_at=0,
        updated_at=0,
    )
    embed = render.lobby_embed(record)
    text = texts(embed, render.lobby_view(record))
    assert "独占王ビンゴ" in text and "参加" in text
    assert "**太郎**" not in text and "\\*\\*太郎\\*\\*" in text


def layout_payload(view: Any) -> dict[str, Any]:
    from tests.fakediscord.rules import IS_COMPONENTS_V2

    return {"components": view.to_components(), "flags": IS_COMPONENTS_V2}


def payload(embed: Any, view: Any, content: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "embeds": [embed.to_dict()] if embed is not None else [],
        "components": view.to_components(),
    }
    if content is not None:
        body["content"] = content
    return body


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_rendered_messages_and_panels_respect_discords_limits(locale: str) -> None:
    """Every game message, manage panel and declare picker over random games passes the checks the
    test Discord applies (component counts, unique custom_ids, option and text lengths, embeds)."""
    from tests.fakediscord.rules import message_problems

    checked = 0
    for seed in range(2):
        for i, (_, _, _, after, events) in enumerate(mega_random_game(seed, 6, max_actions=400)):
            if i % 5:
                continue
            state = _rename_mega(after)
            record = record_for("mega", state, locale)
            body = layout_payload(game_message(record, state, events))
            assert message_problems(body, ["board.png"]) == [], body
            for seat in range(len(state.players)):
                embed, view = mega_ui.manage_panel(record, state, str(seat))
                assert message_problems(payload(embed, view)) == []
            checked += 1
    for _, _, _, after, events in bingo_random_game(3, 8, max_actions=400):
        state = _rename_bingo(after)
        record = record_for("bingo", state, locale)
        body = layout_payload(game_message(record, state, events))
        assert message_problems(body, ["cards.png"]) == [], body
        if state.stage == "declare":
            text, view = bingo_ui.declare_panel(record, state, state.players[state.turn].name)
            assert message_problems({"content": text, "components": view.to_components()}) == []
        checked += 1
    assert checked > 100


RAW_ID = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")  # a space or group id like baltic_avenue leaking


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_mega_messages_tell_every_money_move_with_names_and_prices(locale: str) -> None:
    """Issue 14: over random games, as the bot shows them (the whole turn): every cash change of a
    move appears with its amount, the buy and auction decisions carry the price, and no raw key,
    id or speed-die value is shown."""
    from cogs import layout
    from cogs.mega import words
    from cogs.turn_log import TurnLog
    from engine.mega.board import SPACES

    checked = buys = auctions = 0
    for seed in range(3):
        log = TurnLog()
        for i, (_, _, _, after, events) in enumerate(mega_random_game(seed, 4, max_actions=500)):
            state = _rename_mega(after)
            record = record_for("mega", state, locale)
            record = record.model_copy(update={"version": i + 1})
            names = {str(n): f"P{n}" for n in range(len(state.players))}
            renamed = _rename_events(events, after)

            def describe(event: Any, names: dict[str, str] = names) -> str | None:
                return words.describe(locale, event, names)

            log.add(1, i + 1, renamed, describe)
            lines = log.recent(1, renamed, describe, layout.LOG_LINES)
            view = game_message(record, state, renamed, lines)
            text = shown(view)
            for e in renamed:
                if e.kind == "cash":
                    assert f"${abs(e.data['delta']):,}" in text, (e, lines)
            assert not raw_keys(text), raw_keys(text)
            assert not RAW_ID.findall(text), RAW_ID.findall(text)
            assert "speed die: mr" not in text and "speed die: bus" not in text
            top = view.to_components()[0]["components"][0]["content"]
            front = state.queue[0] if state.queue else None
            if front is not None and front.kind in ("buy", "auction"):
                assert f"${SPACES[front.space].price:,}" in top, "the decision's price is above its buttons"
                buys += front.kind == "buy"
                auctions += front.kind == "auction"
            checked += 1
    assert checked > 500 and buys > 5 and auctions > 5


def _rename_events(events: list[Any], state: Any) -> list[Any]:
    """Events with the seat names the renamed state uses (P0 → "0")."""
    mapping = {p.name: str(i) for i, p in enumerate(state.players)}

    def fix(value: Any) -> Any:
        if isinstance(value, str):
            return mapping.get(value, value)
        if isinstance(value, list):
            return [fix(v) for v in value]
        if isinstance(value, dict):
            return {k: fix(v) for k, v in value.items()}
        return value

    return [e.model_copy(update={"player": fix(e.player), "data": fix(e.data)}) for e in events]


@pytest.mark.parametrize(
    ("locale", "fine", "shown"), [("en", "Pay $100 fine", "Pay $50 fine"), ("ja", "罰金$100を払う", "罰金$50を払う")]
)
def test_M12_the_jail_fine_button_names_the_tables_fine(locale: str, fine: str, shown: str) -> None:
    """Issue 30: amounts on labels come from the game's rules (a $100 house fine shows $100)."""
    from cogs.mega import message
    from tests.engine.mega.helpers import position

    for rules, label, other in (({"jail_fine": 100}, fine, shown), ({}, shown, fine)):
        state = position({"name": "0", "in_jail": True}, {"name": "1"}, options=rules)
        labels = [getattr(item, "item", item).label for item in message.items(record_for("mega", state, locale), state)]
        assert label in labels and other not in labels, labels


def test_a_bingo_offer_says_how_many_cells_of_a_column_the_giver_chooses() -> None:
    """B-23: "any of G" twice read as one cell; the offer names the count once per column."""
    from cogs.bingo.trade import describe_cells

    assert describe_cells("en", ["B3", "G?", "G?"]) == "B3 and any 2 of column G"
    assert describe_cells("ja", ["G?"]) == "G列の任意1マス"
    assert describe_cells("en", []) == "nothing"


def test_a_bingo_player_line_names_several_monopolies_in_the_plural() -> None:
    from bot.i18n import t

    assert t("en", "ui.monopolies", columns="N, G, O", count=3) == "monopolies of columns N, G, O"
    assert t("en", "ui.monopolies", columns="B", count=1) == "monopoly of column B"
    assert t("ja", "ui.monopolies", columns="N、G", count=2) == "N、Gの2列を独占"


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_M12_M13_the_jail_line_names_only_the_ways_out_the_player_has(locale: str) -> None:
    """The headline offered a Get Out of Jail Free card to a player holding none, and never said
    what the third failed try costs; a player who left jail read "on In Jail / Just Visiting"."""
    from bot.i18n import t
    from cogs.mega import message
    from tests.engine.mega.helpers import position

    card = {"en": "Get Out of Jail Free", "ja": "釈放カード"}[locale]
    last = t(locale, "mega.now.jail_last_try", player="P0", fine=50)
    for raw, has_card, is_last in (
        ({"jail_cards": 1}, True, False),
        ({}, False, False),
        ({"jail_turns": 2}, False, True),
    ):
        state = position({"name": "0", "in_jail": True, "position": "jail", **raw}, {"name": "1"})
        record = record_for("mega", state, locale)
        line = " ".join(message.status_lines(record, state, {"0": "P0", "1": "P1"}))
        assert (card in line) is has_card, line
        assert (last in line) is is_last, line
        assert "$50" in line, line
    state = position({"name": "0", "position": "jail"}, {"name": "1"})
    fields = dict(message.player_fields(record_for("mega", state, locale), state, {"0": "P0", "1": "P1"}))
    where = next(v for k, v in fields.items() if "P0" in k)
    assert t(locale, "alt.board.visiting") in where and t(locale, "space.jail") not in where, where


@pytest.mark.parametrize("kind", ["mega", "bingo"])
def test_japanese_moves_list_things_with_the_japanese_comma(kind: str) -> None:
    """Lists in Japanese texts use 、 (bot.i18n.listed): "鉄道2つ, カードの指示で2倍" read as a slip;
    sentences follow each other with no space ("…5マス。 Annに当たり" had one, bot.i18n.sentences)."""
    games = mega_random_game if kind == "mega" else bingo_random_game
    rename = _rename_mega if kind == "mega" else _rename_bingo
    told = 0
    for seed in range(3):
        for _, _, _, after, events in games(seed, 4, max_actions=600):
            record = record_for(kind, rename(after), "ja")
            for event in events:
                said = render.describe(record, event)
                told += bool(said)
                assert not said or (", " not in said and "。 " not in said), said
    assert told > 300


def test_B13_a_hit_on_a_player_owning_nothing_says_there_is_nothing_to_discard() -> None:
    """Random games showed "Ann is hit and must discard 0 cells." for a player owning no cell."""
    from bot.i18n import t

    assert t("en", "ev.hit", player="Ann", due=0) == "Ann is hit but owns no cell: nothing to discard."
    assert t("en", "ev.hit", player="Ann", due=2) == "Ann is hit and must discard 2 cells."
    assert "0マス" not in t("ja", "ev.hit", player="Ann", due=0)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_M19_landing_on_just_visiting_and_on_go_to_jail_read_as_sentences(locale: str) -> None:
    """ "Ann moved to In Jail / Just Visiting." and 「Annは刑務所へ行くへ。」 read badly."""
    from cogs.mega import words
    from engine.mega.events import Moved

    def moved(space: str) -> str:
        said = words.describe(locale, Moved.new({"to": space, "steps": 5}, "0"), {"0": "Ann"})
        assert said is not None
        return said

    visiting = {"en": "Ann is just visiting the jail.", "ja": "Annは刑務所に立ち寄っただけ（面会）。"}
    assert moved("jail") == visiting[locale]
    assert "へ行くへ" not in moved("go_to_jail") and "Just Visiting" not in moved("jail")
    assert moved("boardwalk") == {"en": "Ann moved to Boardwalk.", "ja": "Annはボードウォークへ。"}[locale]


def test_several_computers_bidding_are_playing() -> None:
    """Three computers in an auction read "CPU 1, CPU 2, CPU 3 is playing — bids…"."""
    from bot.i18n import t

    several = t("en", "game.computer_playing", player="CPU 1, CPU 2", what="bids", count=2)
    assert several == "**CPU 1, CPU 2** are playing — bids…"
    assert "is playing" in t("en", "game.computer_playing", player="CPU 1", what="bids", count=1)


def test_a_japanese_player_line_uses_one_separator() -> None:
    """「$1,500・GO · 家チケット1枚」 mixed ・ and · between the parts of one line."""
    import re

    from cogs.mega import message
    from tests.engine.mega.helpers import position

    state = position({"name": "0", "tickets": 1}, {"name": "1"})
    fields = message.player_fields(record_for("mega", state, "ja"), state, {"0": "P0", "1": "P1"})
    line = next(v for k, v in fields if "P0" in k)
    assert " · " in line and not re.search(r"\$[\d,]+・", line), line


def test_a_negative_rating_has_the_same_minus_sign_as_its_change() -> None:
    """The final message read "Ann: 0.8 → -0.3 (−1.1)": two different minus signs on one line."""
    from cogs import records

    assert records._rating(-0.3) == "\u22120.3" and records._signed(-1.1) == "\u22121.1"
    assert records._rating(0.8) == "0.8"


def test_english_lists_end_with_and() -> None:
    """ "The game is over: Ann, Bea win by the asset count." — lists in English sentences end with
    "and"; Japanese ones use 、; a card's cells in a row stay a plain row."""
    from bot.i18n import joined, listed, t

    assert listed("en", ["Ann", "Bea"]) == "Ann and Bea"
    assert listed("en", ["N", "G", "O"]) == "N, G and O" and listed("en", ["Ann"]) == "Ann"
    assert listed("ja", ["Ann", "Bea"]) == "Ann、Bea" and listed("en", []) == ""
    assert joined("en", ["B1 1", "I1 16"]) == "B1 1, I1 16"
    winners = listed("en", ["Ann", "Bea"])
    assert (
        t("en", "ev.game_over_assets", winners=winners, count=2)
        == "The game is over: Ann and Bea win by the asset count."
    )


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_B12_a_claim_window_tells_the_hit_the_declarer_takes_when_it_closes(locale: str) -> None:
    """Bea owning 70 is public (B-3): while the table answers, it reads that Ann will be hit, and
    for how many cells (capped by what she owns, B-13), not only once the window closes."""
    from cogs.bingo import message
    from engine import bingo
    from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C, act, position

    names = {"A": "Ann", "B": "Bea", "C": "Cai"}

    def lines(owned_by_ann: list[str], number: int) -> str:
        state = position(
            {"name": "A", "card": CARD_A, "owned": owned_by_ann},
            {"name": "B", "card": CARD_B, "owned": ["O5"]},  # 70
            {"name": "C", "card": CARD_C},
            deck=["7", "10"],
            options={"claim_window": "always"},
        )
        state = act(act(state, "A", "draw"), "A", "declare", number=number)
        assert bingo.waiting_for(state) == "claims"
        return " ".join(message.status_lines(record_for("bingo", state, locale), state, names))

    two_cells = lines(["I1", "B2"], 70)
    nothing = lines([], 70)
    no_owner = lines(["I1", "B2"], 7)
    if locale == "en":
        assert (
            "70 is already owned by Bea: when the window closes, **Ann** is hit and must discard 2 cells." in two_cells
        )
        assert "**Ann** is hit while owning no cell and is out of the game." in nothing
    else:
        assert "70はBeaが所有済み。受付が終わると**Ann**さんは当たりを受け、2マス売却します。" in two_cells
        assert "脱落" in nothing
    assert "Bea" not in no_owner and not raw_keys(two_cells + nothing), (no_owner, two_cells)


def test_M42_B21_players_level_on_the_count_share_a_place() -> None:
    """A stopped Mega game named Ann and Bea winners at $1,500 each yet listed them 1. and 2.; a
    stopped bingo game did the same with equal cells and lines."""
    from cogs.bingo import message as bingo_message
    from cogs.mega import message as mega_message
    from tests.engine.bingo.helpers import CARD_A, CARD_B, CARD_C
    from tests.engine.bingo.helpers import position as bingo_position
    from tests.engine.mega.helpers import position as mega_position

    mega_state = mega_position({"name": "0"}, {"name": "1"}, {"name": "2", "cash": 900})
    record = record_for("mega", mega_state, "en")
    (_, rows), _ = mega_message.final_fields(record, mega_state, [], {"0": "Ann", "1": "Bea", "2": "Cai"})
    assert rows.splitlines() == ["1. Ann — $1,500", "1. Bea — $1,500", "3. Cai — $900"], rows

    bingo_state = bingo_position(
        {"name": "A", "card": CARD_A, "owned": ["I1", "B2"]},
        {"name": "B", "card": CARD_B, "owned": ["B1", "O5"]},
        {"name": "C", "card": CARD_C, "owned": ["G1"]},
    )
    record = record_for("bingo", bingo_state, "en")
    ((_, rows),) = bingo_message.final_fields(record, bingo_state, [], {"A": "Ann", "B": "Bea", "C": "Cai"})
    assert [row.split(" — ")[0] for row in rows.splitlines()] == ["1. Ann", "1. Bea", "3. Cai"], rows
