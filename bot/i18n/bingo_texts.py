"""MonopolizeBingo texts, English and Japanese side by side (merged into the one catalog).
Written for someone who never read the rules: what happened, who acts, what they can do.
Japanese follows the original rules' words: 買い (take), 競り (claim window), 当たり (hit),
売却 (discard), 拘置所 (detention)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # --- what the table waits for (the game message) ---
    "bingo.now.draw": (
        "**{player}**, press **Draw** to turn over two cards.",
        "**{player}**さん、**引く**で2枚めくってください。",
    ),
    "bingo.now.draw_detained": (
        "**{player}** is in detention: a J, Q or K drawn releases them, a Joker keeps them in. "
        "They may also leave now by discarding one cell (**Leave detention…**).",
        "**{player}**さんは拘置所にいます。J・Q・Kを引けば釈放、ジョーカーなら残ります。"
        "1マス売却してすぐ出ることもできます（**拘置所から出る…**）。",
    ),
    "bingo.now.declare": (
        "**{player}** drew {cards} and chooses a number to declare (**Declare…**).",
        "**{player}**さんは{cards}を引きました。宣言する数字を選んでください（**宣言…**）。",
    ),
    "bingo.now.claims": (
        "**{player}** declared **{number}**. If {number} is on your card and not yours yet, press **Claim** "
        "to take it; otherwise press **Pass**. {answered} of {asked} answered.",
        "**{player}**さんが**{number}**を宣言しました。{number}が自分のカードにあり未所有なら**買い**、"
        "そうでなければ**パス**を押してください。回答 {answered}/{asked}人。",
    ),
    "bingo.now.discard": (
        "**{player}** was hit and must discard {count} {count:p:cell|cells} (**Discard…**).",
        "**{player}**さんは当たりを受け、{count}マス売却しなければなりません（**売却…**）。",
    ),
    "bingo.colours": (
        "Each name's colour is its card in the picture.",
        "名前の色が画像のカードの色です。",
    ),
    "bingo.my_card_help": (
        "Only you see this. Yellow cells are yours, grey “?” cells are hidden from the others until you own them, "
        "a red line is a completed line, an orange column letter is a monopoly.",
        "このカードはあなたにだけ見えています。黄色のマスは所有、持っていない数字は他の人には見えません。"
        "赤い線は完成したライン、オレンジの列見出しは独占です。",
    ),
    # --- the declare picker ---
    "bingo.declare_help": (
        "Your cards: {cards}. Choose the number to declare. A number on your card becomes yours; any other number "
        "opens a claim window for the others. Whoever already owns the number hits you: you discard cells.",
        "カード：{cards}。宣言する数字を選んでください。自分のカードにある数字は自分のものに、"
        "それ以外は他の人の競りになります。その数字をすでに所有している人がいれば当たりとなり、マスを売却します。",
    ),
    "bingo.hint.take": ("You take {cell} (+1 cell).", "{cell}を買う（+1マス）。"),
    "bingo.hint.owned": ("Already yours ({cell}): nothing to gain.", "{cell}は所有済み：得るものなし。"),
    "bingo.hint.blocked": (
        "{holder} holds column {column}: you cannot take it.",
        "{holder}が{column}列を独占中：買えない。",
    ),
    "bingo.hint.window": ("Not on your card: the others may claim it.", "自分のカードにない：他の人の競り。"),
    "bingo.hint.hit": (
        " {hitters} own it: you discard {count} {count:p:cell|cells}.",
        " {hitters}が所有：{count}マス売却。",
    ),
    "bingo.hint.out": (
        " {hitters} own it and you own no cell: you would be out!",
        " {hitters}が所有、資産がないので脱落！",
    ),
    "bingo.hint.wins": (" It completes your card: you win!", " カードが全部埋まり、勝利！"),
    "bingo.discard_help": (
        "You were hit: discard {count} {count:p:cell|cells}. {hits}",
        "当たりを受けました：{count}マス売却してください。{hits}",
    ),
    "bingo.hit_line": (
        "{hitter} owns {cell} with {lines} completed {lines:p:line|lines} through it: {cells} cells.",
        "{hitter}：{cell}（通るライン{lines}本）→{cells}マス。",
    ),
    # --- the player fields ---
    "ui.cells": ("{count} {count:p:cell|cells}", "{count}マス"),
    "ui.lines": ("{count} {count:p:line|lines}", "{count}ライン"),
    "ui.monopolies": ("monopoly of column {columns}", "{columns}列を独占"),
    "ui.out": ("out of the game", "脱落"),
    "ui.my_card": ("My card", "自分のカード"),
    "bingo.rank.JOKER": ("Joker", "ジョーカー"),
    # --- events ---
    "ev.drew": ("{player} drew {cards}.", "{player}が{cards}を引いた。"),
    "ev.declared": ("{player} declared {number}.", "{player}が{number}を宣言。"),
    "ev.claims_open": (
        "The others may claim {number} (a claim window is open).",
        "他のプレイヤーは{number}を競れます（競りの受付中）。",
    ),
    "ev.claims_closed": ("Nobody claimed {number}.", "{number}を買った人はいません。"),
    "ev.claim_won": ("{player} claimed {number} ({cell}).", "{player}が{number}（{cell}）を競りで買った。"),
    "ev.bought_cell": ("{player} took {number} ({cell}).", "{player}が{number}（{cell}）を買った。"),
    "ev.buy_refused_monopoly": (
        "{player} cannot take {cell}: {holder} holds that column.",
        "{holder}が列を独占中のため、{player}は{cell}を買えない。",
    ),
    "ev.hit_by": (
        "{hitter} already owns it ({cell}, {lines} completed {lines:p:line|lines} through it): "
        "{cells} cells for {player}.",
        "{hitter}が所有（{cell}、通るライン{lines}本）：{player}に{cells}マス。",
    ),
    "ev.hit": (
        "{player} is hit and must discard {due} {due:p:cell|cells}.",
        "{player}に当たり：{due}マス売却。",
    ),
    "ev.monopoly_won": ("{player} now holds column {column} (a monopoly).", "{player}が{column}列を独占。"),
    "ev.monopoly_lost": ("{player} no longer holds column {column}.", "{player}の{column}列の独占が終わった。"),
    "ev.detained": ("{player} drew a Joker and went to detention.", "{player}はジョーカーを引いて拘置所へ。"),
    "ev.eliminated": ("{player} is out of the game.", "{player}は脱落。"),
    "ev.reshuffled": ("The discards were shuffled into a new pile.", "捨て札を切り直して山札にした。"),
    "bingo.ev.trade_done": (
        "{player} and {other} traded by position: {player} gave {give} and got {get}.",
        "{player}と{other}が位置でマスを交換：{player}は{give}を渡し{get}を得た。",
    ),
    # --- the story of a finished game, and statistics ---
    "bingo.story.monopoly_won": ("{player} took the monopoly of column {column}", "{player}さんが{column}列を独占"),
    "bingo.story.eliminated": ("{player} was out of the game", "{player}さんが脱落"),
    "bingo.story.biggest_hit": (
        "the biggest hit: {player} had to give up {due} {due:p:cell|cells} (hit by {by})",
        "最大の当たり：{player}さんが{due}マスを手放すことに（当てたのは{by}さん）",
    ),
    "bingo.story.end.all_cells": ("{player} filled the card and won", "{player}さんがカードを埋めて勝利"),
    "bingo.story.end.last_player": (
        "{player} was the last player left and won",
        "{player}さんが最後の一人となって勝利",
    ),
    "bingo.stats.cells": (
        "{cells} {cells:p:cell|cells} taken ({claims} by claims) · {hits} {hits:p:hit|hits} dealt",
        "獲得したマス {cells}（うち競り {claims}） · 当たり {hits}回",
    ),
    "bingo.stats.lines": (
        "{lines} {lines:p:line|lines} complete at the end · {monopolies} column {monopolies:p:monopoly|monopolies}",
        "終了時に揃っていたライン {lines}本 · 列の独占 {monopolies}回",
    ),
    "bingo.stats.favourite": ("Most monopolized column: {column} ({count}×)", "最も独占した列：{column}（{count}回）"),
}

EN = {key: pair[0] for key, pair in TEXTS.items()}
JA = {key: pair[1] for key, pair in TEXTS.items()}
