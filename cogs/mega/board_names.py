"""The names printed on the board's spaces, short as on the printed Mega board so they stay 16 px
(8 px at the size Discord shows the picture). English names come from a table written for the
cells; Japanese names are broken into lines by width and by Japanese rules, and the few that would
not fit have a short form of their own."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import t

Fits = Callable[[str], bool]  # whether a (multi-line) label fits its box

ENGLISH = {
    "go": "GO",
    "jail": "JAIL",
    "free_parking": "FREE\nPARKING",
    "go_to_jail": "GO TO\nJAIL",
    "income_tax": "Income\nTax",
    "luxury_tax": "Luxury\nTax",
    "bus_ticket": "Bus\nTicket",
    "birthday_gift": "Birthday\nGift",
    "gas_company": "Gas Co.",
    "electric_company": "Electric\nCo.",
    "water_works": "Water\nWorks",
    "reading_railroad": "Reading\nRR",
    "pennsylvania_railroad": "Penn.\nRR",
    "b_and_o_railroad": "B.&O.\nRR",
    "short_line": "Short\nLine",
    "st_charles_place": "St.\nCharles",
    "st_james_place": "St.\nJames",
    "massachusetts_avenue": "Massa-\nchusetts",
    "mediterranean_avenue": "Mediter-\nranean",
    "south_carolina_avenue": "S.\nCarolina",
    "north_carolina_avenue": "N.\nCarolina",
    "pennsylvania_avenue": "Penn.\nAve",
    "connecticut_avenue": "Connec-\nticut",
    "new_jersey_avenue": "New\nJersey",
    "new_york_avenue": "New\nYork",
    "marvin_gardens": "Marvin\nGardens",
    "california_avenue": "Califor-\nnia",
    "kentucky_avenue": "Ken-\ntucky",
    "michigan_avenue": "Michi-\ngan",
    "tennessee_avenue": "Tennes-\nsee",
    "vermont_avenue": "Ver-\nmont",
    "park_place": "Park\nPlace",
    "boardwalk": "Board-\nwalk",
}

# Japanese names that do not fit a cell when broken by width alone.
JAPANESE = {
    "jail": "刑務所",
    "auction": "オーク\nション",
    "st_charles_place": "セント\nチャールズ",
    "st_james_place": "セント\nジェームス",
    "pennsylvania_railroad": "ペンシル\nバニア鉄道",
    "short_line": "ショート\nライン",
    "birthday_gift": "誕生日",
    "community_chest_1": "共同\n基金",
    "community_chest_2": "共同\n基金",
    "community_chest_3": "共同\n基金",
}

# Japanese line breaking (JIS X 4051 kinsoku): these never start a line — the long-vowel mark, small
# kana, closing brackets and punctuation. Such a character joins the end of the line before.
NO_LINE_START = frozenset("ーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎ、。，．）」』】〕〉》・！？")
JA_SUFFIXES = ("・アベニュー", "・プレース")  # left out on the board, as " Avenue" is in English


def english(space_id: str, name: str) -> str:
    if space_id in ENGLISH:
        return ENGLISH[space_id]
    if "chance" in space_id:
        return "Chance"
    if "community_chest" in space_id:
        return "Comm.\nChest"
    return name.replace(" Avenue", "").replace(" Place", "")


def japanese(space_id: str, fits: Fits) -> str:
    """The space's Japanese name on as few lines as fit its cell, or its short form."""
    if space_id in JAPANESE:
        return JAPANESE[space_id]
    text = t("ja", f"space.{space_id}")
    for suffix in JA_SUFFIXES:
        text = text.removesuffix(suffix)
    return wrap(text.replace("・", ""), fits)


def wrap(text: str, fits: Fits) -> str:
    """`text` broken into lines no wider than `fits` allows (no spaces to break at). A character
    that may not start a line takes the one before it along (oidashi)."""
    rows: list[str] = []
    for ch in text:
        if rows and fits(rows[-1] + ch):
            rows[-1] += ch
            continue
        rows.append(ch)
        while len(rows) > 1 and rows[-1][0] in NO_LINE_START and len(rows[-2]) > 1:
            rows[-1] = rows[-2][-1] + rows[-1]
            rows[-2] = rows[-2][:-1]
    return "\n".join(rows)
