"""Mega Monopoly's board in words: space, group and card names in English (from the board data)
and Japanese (katakana, as Japanese editions write them). Merged into the one catalog as
`space.<id>`, `group.<id>`, `card.<id>` and `speed.<face>`."""

from __future__ import annotations

SPACES_JA: dict[str, str] = {
    "go": "GO",
    "mediterranean_avenue": "メディタレーニアン・アベニュー",
    "community_chest_1": "共同基金",
    "baltic_avenue": "バルティック・アベニュー",
    "arctic_avenue": "アークティック・アベニュー",
    "income_tax": "所得税",
    "reading_railroad": "リーディング鉄道",
    "massachusetts_avenue": "マサチューセッツ・アベニュー",
    "oriental_avenue": "オリエンタル・アベニュー",
    "chance_1": "チャンス",
    "gas_company": "ガス会社",
    "vermont_avenue": "バーモント・アベニュー",
    "connecticut_avenue": "コネチカット・アベニュー",
    "jail": "刑務所／面会",
    "auction": "オークション",
    "maryland_avenue": "メリーランド・アベニュー",
    "st_charles_place": "セント・チャールズ・プレース",
    "electric_company": "電力会社",
    "states_avenue": "ステーツ・アベニュー",
    "virginia_avenue": "バージニア・アベニュー",
    "pennsylvania_railroad": "ペンシルバニア鉄道",
    "st_james_place": "セント・ジェームス・プレース",
    "community_chest_2": "共同基金",
    "tennessee_avenue": "テネシー・アベニュー",
    "new_york_avenue": "ニューヨーク・アベニュー",
    "new_jersey_avenue": "ニュージャージー・アベニュー",
    "free_parking": "無料駐車場",
    "kentucky_avenue": "ケンタッキー・アベニュー",
    "chance_2": "チャンス",
    "indiana_avenue": "インディアナ・アベニュー",
    "illinois_avenue": "イリノイ・アベニュー",
    "michigan_avenue": "ミシガン・アベニュー",
    "bus_ticket": "バスチケット",
    "b_and_o_railroad": "B&O鉄道",
    "atlantic_avenue": "アトランティック・アベニュー",
    "ventnor_avenue": "ベントナー・アベニュー",
    "water_works": "水道局",
    "marvin_gardens": "マービン・ガーデン",
    "california_avenue": "カリフォルニア・アベニュー",
    "go_to_jail": "刑務所へ行く",
    "pacific_avenue": "パシフィック・アベニュー",
    "south_carolina_avenue": "サウスカロライナ・アベニュー",
    "north_carolina_avenue": "ノースカロライナ・アベニュー",
    "community_chest_3": "共同基金",
    "pennsylvania_avenue": "ペンシルバニア・アベニュー",
    "short_line": "ショートライン鉄道",
    "chance_3": "チャンス",
    "birthday_gift": "誕生日プレゼント",
    "florida_avenue": "フロリダ・アベニュー",
    "park_place": "パーク・プレース",
    "luxury_tax": "物品税",
    "boardwalk": "ボードウォーク",
}

GROUPS: dict[str, tuple[str, str]] = {
    "brown": ("brown", "茶"),
    "light_blue": ("light blue", "水色"),
    "pink": ("pink", "ピンク"),
    "orange": ("orange", "オレンジ"),
    "red": ("red", "赤"),
    "yellow": ("yellow", "黄"),
    "green": ("green", "緑"),
    "dark_blue": ("dark blue", "紺"),
}

SPEED: dict[str, tuple[str, str]] = {
    "1": ("1", "1"),
    "2": ("2", "2"),
    "3": ("3", "3"),
    "mr": ("Mr. Monopoly", "ミスター・モノポリー"),
    "bus": ("Bus", "バス"),
}

CARDS_JA: dict[str, str] = {
    "chance.advance_to_go": "GOまで進む（$200を受け取る）。",
    "chance.advance_to_illinois_avenue": "イリノイ・アベニューまで進む。GOを通過したら$200を受け取る。",
    "chance.advance_to_st_charles_place": "セント・チャールズ・プレースまで進む。GOを通過したら$200を受け取る。",
    "chance.nearest_utility": (
        "いちばん近い公共会社まで進む。持ち主がいなければ銀行から買える。持ち主がいればサイコロを振り、"
        "出た目の10倍を支払う。"
    ),
    "chance.nearest_railroad": (
        "いちばん近い鉄道まで進み、持ち主に通常の2倍のレンタル料を支払う。持ち主がいなければ銀行から買える。"
    ),
    "chance.nearest_railroad_2": (
        "いちばん近い鉄道まで進み、持ち主に通常の2倍のレンタル料を支払う。持ち主がいなければ銀行から買える。"
    ),
    "chance.bank_pays_you_dividend_of_50": "銀行から配当$50を受け取る。",
    "chance.get_out_of_jail_free_this_card_may_be_ke": (
        "刑務所から釈放。このカードは必要になるまで持っておくか、売ることができる。"
    ),
    "chance.go_back_3_spaces": "3マス戻る。",
    "chance.go_to_jail_go_directly_to_jail_do_not_pa": "刑務所へ行く。GOを通過しても$200は受け取れない。",
    "chance.make_general_repairs_on_all_your_propert": "全物件の修繕：家1軒につき$25、ホテル1軒につき$100を支払う。",
    "chance.pay_poor_tax_of_15": "救貧税$15を支払う。",
    "chance.advance_to_reading_railroad": "リーディング鉄道まで進む。GOを通過したら$200を受け取る。",
    "chance.advance_to_boardwalk": "ボードウォークまで進む。",
    "chance.you_have_been_elected_chairman_of_the_bo": "取締役会の議長に選ばれた。全員に$50ずつ支払う。",
    "chance.your_building_and_loan_matures_collect_1": "住宅ローンの満期。$150を受け取る。",
    "community_chest.advance_to_go": "GOまで進む（$200を受け取る）。",
    "community_chest.bank_error_in_your_favor_collect_200": "銀行の誤りであなたに有利。$200を受け取る。",
    "community_chest.doctor_s_fees_pay_50": "医者の診察料。$50を支払う。",
    "community_chest.from_sale_of_stock_you_get_45": "株の売却で$45を受け取る。",
    "community_chest.get_out_of_jail_free_this_card_may_be_ke": (
        "刑務所から釈放。このカードは必要になるまで持っておくか、売ることができる。"
    ),
    "community_chest.go_to_jail_go_directly_to_jail_do_not_pa": "刑務所へ行く。GOを通過しても$200は受け取れない。",
    "community_chest.grand_opera_night_collect_50_from_every": "オペラの初日。全員から$50ずつ受け取る。",
    "community_chest.holiday_fund_matures_receive_100": "休暇積立の満期。$100を受け取る。",
    "community_chest.income_tax_refund_collect_20": "所得税の還付。$20を受け取る。",
    "community_chest.life_insurance_matures_collect_100": "生命保険の満期。$100を受け取る。",
    "community_chest.pay_hospital_fees_of_100": "入院費$100を支払う。",
    "community_chest.pay_school_fees_of_150": "学費$150を支払う。",
    "community_chest.receive_25_consultancy_fee": "コンサルタント料$25を受け取る。",
    "community_chest.you_are_assessed_for_street_repairs_40_p": (
        "道路修繕の負担：家1軒につき$40、ホテル1軒につき$115を支払う。"
    ),
    "community_chest.you_have_won_second_prize_in_a_beauty_co": "美人コンテストで2位。$10を受け取る。",
    "community_chest.you_inherit_100": "遺産$100を相続する。",
}


def catalog() -> tuple[dict[str, str], dict[str, str]]:
    """(English, Japanese) entries for the catalog, English names from the board data."""
    from engine.mega.board import BOARD

    en: dict[str, str] = {}
    ja: dict[str, str] = {}
    for space in BOARD.spaces:
        en[f"space.{space.id}"] = space.name
        ja[f"space.{space.id}"] = SPACES_JA[space.id]
    for group, (english, japanese) in GROUPS.items():
        en[f"group.{group}"], ja[f"group.{group}"] = english, japanese
    for face, (english, japanese) in SPEED.items():
        en[f"speed.{face}"], ja[f"speed.{face}"] = english, japanese
    for deck in BOARD.cards.values():
        for card in deck:
            en[f"card.{card.id}"] = card.text
            ja[f"card.{card.id}"] = CARDS_JA[card.id]  # every card has its Japanese text (tested)
    return en, ja
