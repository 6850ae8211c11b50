"""Mega Monopoly texts, English and Japanese side by side (merged into the one catalog): what the
table waits for, every event with its amounts and reasons, and the players' fields. Money is
written `{amount:$}` ($1,500) and plurals `{count:p:one|other}` in both languages."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # --- what the table waits for ---
    "mega.now.roll": ("**{player}**, press **Roll**.", "**{player}**さん、**ダイスを振る**を押してください。"),
    "mega.now.roll_jail": (
        "**{player}** is in jail (try {tries} of 3): roll for doubles, pay the {fine:$} fine, or use a Get Out "
        "of Jail Free card.",
        "**{player}**さんは刑務所にいます（{tries}/3回目）：ゾロ目を狙って振るか、罰金{fine:$}を払うか、"
        "釈放カードを使ってください。",
    ),
    "mega.now.buy": (
        "**{player}** may buy **{space}** ({group}) for **{price:$}** and has {cash:$}. {rent} {others} "
        "**Buy**, or **Decline** and it is auctioned to everyone.",
        "**{player}**さんは**{space}**（{group}）を**{price:$}**で買えます（所持金{cash:$}）。{rent}{others}"
        "**買う**か、**買わない**（全員のオークションになります）を選んでください。",
    ),
    "mega.rent.street": (
        "Rent {rent:$}; ×2 with a majority of the group, ×3 with all of it.",
        "レンタル料{rent:$}（グループの過半数で2倍、全部で3倍）。",
    ),
    "mega.rent.railroad": (
        "Rent {rent:$} with {count} {count:p:railroad|railroads} (up to $200 with all 4).",
        "鉄道{count}つでレンタル料{rent:$}（4つで$200）。",
    ),
    "mega.rent.utility": (
        "Rent: the dice × {times} with {count} {count:p:utility|utilities}.",
        "公共会社{count}つでレンタル料はダイスの目×{times}。",
    ),
    "mega.others": ("The rest of the group: {streets}.", "同じグループ：{streets}。"),
    "mega.owned_by": ("{space} ({player})", "{space}（{player}）"),
    "mega.unowned": ("{space} (unowned)", "{space}（未所有）"),
    "mega.now.auction": (
        "Auction of **{space}** ({group}, list price {price:$}). {high} Anyone still in may bid; each bid "
        "restarts the countdown.",
        "**{space}**（{group}、定価{price:$}）のオークション。{high}参加者は誰でも入札でき、入札のたびに"
        "締め切りが延びます。",
    ),
    "mega.high": ("High bid **{amount:$}** by {player}.", "最高入札は{player}の**{amount:$}**。"),
    "mega.no_high": ("No bid yet: the first bid may be any amount from $1.", "まだ入札なし：最初の入札は$1から。"),
    "mega.now.pick": (
        "**{player}** landed on Auction and picks an unsold deed to auction.",
        "**{player}**さんはオークションのマスに止まりました。競売にかける未所有の権利書を選んでください。",
    ),
    "mega.now.gift": (
        "**{player}**'s birthday gift: take a house ticket or {cash:$}.",
        "**{player}**さんの誕生日プレゼント：家チケットか{cash:$}を選んでください。",
    ),
    "mega.now.throw": (
        "**{player}** throws the dice: the rent is the throw × {times}.",
        "**{player}**さんがダイスを振ります。レンタル料は出た目×{times}です。",
    ),
    "mega.now.end_turn": (
        "**{player}** may build, trade or mortgage, then press **End turn**.",
        "**{player}**さんは建設・取引・抵当のあと、**ターン終了**を押してください。",
    ),
    # --- the dice and moves ---
    "ev.dice": (
        "{player} rolled {white1} + {white2}, speed die: {speed}.",
        "{player}のダイス：{white1} + {white2}、スピードダイス：{speed}。",
    ),
    "ui.last_roll": (
        "Last roll: {white1} + {white2}, speed die: {speed}",
        "直前のダイス：{white1} + {white2}、スピードダイス：{speed}",
    ),
    "ev.moved": ("{player} moved to {space}.", "{player}は{space}へ。"),
    "ev.bought": ("{player} bought {space} for {price:$}.", "{player}が{space}を{price:$}で購入。"),
    "ev.declined": ("{player} declined {space}: it goes to auction.", "{player}は{space}を買わず、オークションへ。"),
    "ev.auction_opened": ("The auction of {space} opens.", "{space}のオークション開始。"),
    "ev.bid": ("{player} bid {amount:$}.", "{player}が{amount:$}で入札。"),
    "ev.passed": ("{player} passed.", "{player}はパス。"),
    "ev.auction_won": (
        "{player} won {space} at auction for {amount:$}.",
        "{player}がオークションで{space}を{amount:$}で落札。",
    ),
    "ev.auction_unsold": ("Nobody bid: {space} stays unsold.", "入札なし：{space}は売れ残り。"),
    "ev.nothing_to_auction": (
        "Every deed is owned: nothing to auction.",
        "未所有の権利書がないため、オークションはありません。",
    ),
    # --- rent and dividends ---
    "ev.rent": (
        "{player} pays {owner} {amount:$} rent for {space} ({why}).",
        "{player}は{owner}に{space}のレンタル料{amount:$}を支払う（{why}）。",
    ),
    "rent.why.single": ("base rent", "基本料金"),
    "rent.why.majority": ("2× rent: majority {count} of {size}", "過半数{count}/{size}で2倍"),
    "rent.why.full": ("3× rent: the whole group", "グループ独占で3倍"),
    "rent.why.houses": ("{level} {level:p:house|houses}", "家{level}軒"),
    "rent.why.hotel": ("a hotel", "ホテル"),
    "rent.why.railroads": ("{count} {count:p:railroad|railroads} owned", "鉄道{count}つ"),
    "rent.why.utility": ("the dice {dice} × {times}", "ダイス{dice}×{times}"),
    "rent.why.card_utility": ("the card's throw {dice} × {times}", "カードの指示でダイス{dice}×{times}"),
    "rent.why.twice": ("twice the rent, by the card", "カードの指示で2倍"),
    "ev.no_rent_mortgaged": (
        "{space} is mortgaged: {player} pays {owner} no rent.",
        "{space}は抵当中のため、{player}は{owner}にレンタル料を払いません。",
    ),
    "ev.dividend": (
        "Stock dividend: {player} pays {holder} {amount:$} (a share of the rent, for holding {stock}).",
        "株の配当：{player}は{holder}に{amount:$}を支払う（{stock}を持つ株主へのレンタル料の一部）。",
    ),
    # --- cards, taxes and money by reason ---
    "ev.card": ("{player} drew {deck}: {text}", "{player}が{deck}を引いた：{text}"),
    "deck.chance": ("Chance", "チャンス"),
    "deck.community_chest": ("Community Chest", "共同基金"),
    "ev.tax": ("{player} pays {amount:$} {space}.", "{player}は{space}{amount:$}を支払う。"),
    "ev.cash_in": ("{player} receives {amount:$} ({why}).", "{player}は{amount:$}を受け取る（{why}）。"),
    "ev.cash_out": ("{player} pays {amount:$} ({why}).", "{player}は{amount:$}を支払う（{why}）。"),
    "cash.why.go": ("passing GO", "GO通過"),
    "cash.why.bus": ("the bus bonus", "バスのボーナス"),
    "cash.why.card": ("the card", "カード"),
    "cash.why.jail_fine": ("the jail fine", "刑務所の罰金"),
    "cash.why.ticket_cash": ("instead of a house ticket", "家チケットの代わり"),
    "cash.why.repairs": ("repairs", "修繕費"),
    "cash.why.bankruptcy": ("bankruptcy", "破産"),
    "cash.why.building": ("building", "建設"),
    "cash.why.sold_building": ("buildings sold back to the bank", "建物の売却"),
    "cash.why.unmortgage": ("lifting a mortgage, with 10%", "抵当解除（10%込み）"),
    "cash.why.transfer_fee": ("10% on a mortgaged deed received", "抵当中の権利書を受け取る手数料10%"),
    "ev.ticket": ("{player} gets a house ticket.", "{player}は家チケットを1枚もらう。"),
    "ev.ticket_used": (
        "{player} uses {count} house {count:p:ticket|tickets}.",
        "{player}は家チケットを{count}枚使う。",
    ),
    # --- jail ---
    "ev.jailed": ("{player} goes to jail ({why}).", "{player}は刑務所へ（{why}）。"),
    "jail.why.go_to_jail": ("the Go To Jail space", "「刑務所へ行く」のマス"),
    "jail.why.card": ("a card", "カード"),
    "jail.why.triples": ("triples", "3つぞろい"),
    "jail.why.third_doubles": ("a third doubles in a row", "3回連続のゾロ目"),
    "ev.left_jail": ("{player} leaves jail ({how}).", "{player}は刑務所を出る（{how}）。"),
    "jail.how.doubles": ("rolled doubles", "ゾロ目"),
    "jail.how.third_try": ("after the third try, paying the fine", "3回目で罰金を払って"),
    "jail.how.fine": ("paid the fine", "罰金を払って"),
    "jail.how.card": ("used a Get Out of Jail Free card", "釈放カードを使って"),
    "ev.stays_in_jail": ("{player} stays in jail (try {tries} of 3).", "{player}は刑務所に残る（{tries}/3回目）。"),
    # --- buildings and mortgages ---
    "ev.built": ("{player} built on {space}: now {level}.", "{player}が{space}に建設：{level}。"),
    "level.houses": ("{count} {count:p:house|houses}", "家{count}軒"),
    "level.hotel": ("a hotel", "ホテル"),
    "level.none": ("no buildings", "建物なし"),
    "ev.sold_building": (
        "{player} sold back a building on {space}: now {level}.",
        "{player}が{space}の建物を売却：{level}。",
    ),
    "ev.left_uneven": (
        "The {group} group is left uneven until {player} builds or sells evenly again.",
        "{group}グループは不均等のままです（{player}が均等に建てるか売るまで）。",
    ),
    "ev.sold_group": (
        "{player} sold every building on the {group} group ({levels} in all).",
        "{player}が{group}グループの建物をすべて売却（計{levels}）。",
    ),
    "ev.mortgaged": ("{player} mortgaged {space} for {amount:$}.", "{player}が{space}を抵当に入れて{amount:$}。"),
    "ev.unmortgaged": ("{player} lifted the mortgage on {space}.", "{player}が{space}の抵当を解除。"),
    "ev.evened_out": ("{player} settled the {group} group: {layout}.", "{player}が{group}グループを均等化：{layout}。"),
    "ev.shortage": (
        "The bank's last {piece}: {player} wants it, and {rivals} may outbid.",
        "銀行の最後の{piece}：{player}が建てたいが、{rivals}も入札できる。",
    ),
    "ev.shortage_won": (
        "{player} won the bank's last {piece} for {amount:$}.",
        "{player}が銀行の最後の{piece}を{amount:$}で獲得。",
    ),
    # --- debts, trades, the end ---
    "ev.debt_opened": (
        "{player} owes {creditor} {amount:$} and must raise the money.",
        "{player}は{creditor}に{amount:$}の借りがあり、お金を用意しなければなりません。",
    ),
    "ev.debt_paid": ("{player} paid {creditor} the {amount:$} owed.", "{player}が{creditor}への借り{amount:$}を返済。"),
    "ev.trade_done": (
        "{player} and {other} traded: {player} gave {give}; {other} gave {get}.",
        "{player}と{other}が取引：{player}は{give}、{other}は{get}を渡した。",
    ),
    "ev.bankrupt": ("{player} went bankrupt: everything goes to {creditor}.", "{player}が破産：すべて{creditor}へ。"),
    "ev.game_over_assets": (
        "The game is over: {winners} {count:p:wins|win} by the asset count.",
        "ゲーム終了：資産の合計で{winners}の勝ち（{count}人）。",
    ),
    "ev.round_limit": (
        "Round {rounds} is over — the table's round limit: the asset count decides (M-42).",
        "{rounds}ラウンドが終わりました（ラウンド上限）。資産額で決着します（M-42）。",
    ),
    "mega.kind.railroad": ("railroad", "鉄道"),
    "mega.kind.utility": ("utility", "公共会社"),
    # --- the players' fields ---
    "mega.field.status": ("{cash:$} · {where}", "{cash:$}・{where}"),
    "mega.field.on": ("on {space}", "{space}"),
    "mega.field.jail": ("in jail (try {tries} of 3)", "刑務所（{tries}/3回目）"),
    "mega.field.tickets": ("{count} house {count:p:ticket|tickets}", "家チケット{count}枚"),
    "mega.field.cards": ("{count} Get Out of Jail Free", "釈放カード{count}枚"),
    "mega.field.group": (
        "**{group}** {count}/{size}{status}: {streets}",
        "**{group}** {count}/{size}{status}：{streets}",
    ),
    "mega.field.majority": (" — majority", "・過半数"),
    "mega.field.full": (" — full group", "・独占"),
    "mega.field.railroads": ("**railroads** {count}/4: {streets}", "**鉄道** {count}/4：{streets}"),
    "mega.field.utilities": ("**utilities** {count}/3: {streets}", "**公共会社** {count}/3：{streets}"),
    "mega.field.mortgaged": ("{space} (mortgaged)", "{space}（抵当）"),
    "mega.field.no_deeds": ("no deeds", "権利書なし"),
    "mega.earlier": (
        "Earlier: {count} {count:p:move|moves} (see /monopoly history).",
        "以前の手：{count}件（/monopoly history）。",
    ),
    # --- the story of a finished game, and statistics ---
    "mega.story.biggest_rent": (
        "the biggest rent: {payer} paid {owner} {amount:$} for {space}",
        "最高額のレンタル料：{payer}さんが{owner}さんに{space}で{amount:$}",
    ),
    "mega.story.decisive_group": (
        "{player} owned all of {group}, which earned {rent:$} in rent",
        "{player}さんが{group}を独占（レンタル料{rent:$}を稼いだ決め手）",
    ),
    "mega.story.bankrupt": ("{player} went bankrupt to {creditor}", "{player}さんが{creditor}さんに破産"),
    "mega.story.bankrupt_bank": ("{player} went bankrupt to the bank", "{player}さんが銀行に破産"),
    "mega.story.took_lead": ("{player} took the lead for good", "{player}さんが首位に立ち、そのまま逃げ切り"),
    "mega.stats.money": (
        "Rent collected {rent:$} · rent paid {paid:$} · dividends {dividends:$}",
        "受け取ったレンタル料 {rent:$} · 支払ったレンタル料 {paid:$} · 配当 {dividends:$}",
    ),
    "mega.stats.deeds": (
        "{count} {count:p:deed|deeds} bought ({auctions} at auction)",
        "購入した権利書 {count}枚（うち競売 {auctions}枚）",
    ),
    "mega.stats.favourite": (
        "Favourite deed: {space} (bought {count} {count:p:time|times})",
        "お気に入りの権利書：{space}（{count}回購入）",
    ),
    "mega.stats.profitable": (
        "Most profitable deed: {space} ({amount:$} in rent)",
        "最も稼いだ権利書：{space}（レンタル料{amount:$}）",
    ),
}

EN = {key: pair[0] for key, pair in TEXTS.items()}
JA = {key: pair[1] for key, pair in TEXTS.items()}
