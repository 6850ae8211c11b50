"""Names and help of the server settings and house rules (for /monopoly settings and the lobby),
English and Japanese side by side."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "setting.language": ("Language", "言語"),
    "setting.turn_timeout": ("Seconds per turn", "1手の持ち時間（秒）"),
    "setting.missed_turns": ("Missed turns before removal", "退場までの時間切れ回数"),
    "setting.away": ("When a player is away", "不在のプレイヤー"),
    "setting.away_level": (
        "Level of the computer that plays for an away player",
        "不在時に代わりに打つコンピューターの強さ",
    ),
    "cpu.seat": ("{name} ({level})", "{name}（{level}）"),
    "cpu.level.easy": ("easy", "やさしい"),
    "cpu.level.normal": ("normal", "ふつう"),
    "cpu.level.hard": ("hard", "つよい"),
    "lobby.add_cpu_level": ("Add a computer player…", "コンピューターを追加…"),
    "setting.lobby_minutes": ("Minutes a lobby stays open", "ロビーの受付時間（分）"),
    "setting.threads": ("Each game in a thread of its own", "ゲームごとにスレッドを作る"),
    "game.in_thread": (
        "{player} opened a {game} lobby in {thread}.",
        "{player}さんが{thread}で{game}のロビーを開きました。",
    ),
    "setting.channels": ("Channels where games may start", "ゲームを始められるチャンネル"),
    "setting.mega.starting_cash": ("Mega: starting cash", "メガ：初期資金"),
    "setting.mega.income_tax": ("Mega: income tax", "メガ：所得税"),
    "setting.mega.luxury_tax": ("Mega: luxury tax", "メガ：物品税"),
    "setting.mega.bids_capped_by_cash": ("Mega: bids capped by cash", "メガ：入札は所持金まで"),
    "setting.mega.auction_window_s": ("Mega: seconds to bid", "メガ：入札の受付時間（秒）"),
    "setting.mega.utility_card_multiplier": ("Mega: utility card multiplier", "メガ：公共会社カードの倍率"),
    "setting.mega.go_salary": ("Mega: GO salary", "メガ：GOの給料"),
    "setting.mega.jail_fine": ("Mega: jail fine", "メガ：刑務所の罰金"),
    "setting.mega.bus_bonus": ("Mega: bus bonus", "メガ：バスのボーナス"),
    "setting.mega.ticket_cash": ("Mega: cash instead of a ticket", "メガ：チケットの代わりの現金"),
    "setting.mega.fee_percent": ("Mega: mortgage fee %", "メガ：抵当の手数料（%）"),
    "setting.mega.dividend_percent": ("Mega: dividend %", "メガ：配当（%）"),
    "setting.mega.round_limit": (
        "Mega: round limit, then the asset count decides (0 = off)",
        "メガ：ラウンド上限（到達で資産額により決着、0＝なし）",
    ),
    "setting.bingo.hits_stack": ("Bingo: several hits add up", "ビンゴ：当たりを合算"),
    "setting.bingo.hit_lines": ("Bingo: lines that count for a hit", "ビンゴ：当たりで数えるライン"),
    "setting.bingo.claim_window": ("Bingo: who is asked to claim", "ビンゴ：競りの受付"),
    "setting.bingo.claim_window_s": ("Bingo: seconds to claim", "ビンゴ：競りの受付時間（秒）"),
    "settings.title": ("Settings of this server", "このサーバーの設定"),
    "settings.line": (
        "**{name}** (`{code}`): {value} — default {default}, allowed {allowed}{rule}",
        "**{name}**（`{code}`）：{value} — 既定 {default}、範囲 {allowed}{rule}",
    ),
    "settings.rule": (" — changes {rule}", " — {rule}を変更"),
    "settings.saved": (
        "{name} is now {value} for games started from now on.",
        "{name}を{value}にしました（これから始まるゲームに適用）。",
    ),
    "settings.reset": ("{name} is back to its default, {value}.", "{name}を既定の{value}に戻しました。"),
    "settings.help": (
        "Change one with `/monopoly settings setting:<key> value:<value>` (`default` resets it). Games already "
        "started keep their options.",
        "`/monopoly settings setting:<キー> value:<値>` で変更できます（`default` で既定に戻ります）。"
        "始まっているゲームの設定は変わりません。",
    ),
    "error.not_manager": (
        "Only members with Manage Server can change settings.",
        "設定を変えられるのは「サーバー管理」権限のあるメンバーだけです。",
    ),
    "error.unknown_setting": ("There is no setting called {code}.", "{code}という設定はありません。"),
    "error.bad_setting": ("That value is not allowed: use {range}.", "その値は使えません：{range}"),
    "error.channel_not_allowed": (
        "Games may not be started in this channel (see /monopoly settings).",
        "このチャンネルではゲームを始められません（/monopoly settings を参照）。",
    ),
    "lobby.options": ("House rules: {options}", "ハウスルール：{options}"),
    "lobby.options_default": ("House rules: the standard ones.", "ハウスルール：標準"),
    "lobby.options_button": ("Options…", "設定…"),
    "lobby.options_pick": ("Choose an option to change…", "変更する設定を選ぶ…"),
    "lobby.options_help": (
        "Options of this game (host only). Everyone in the lobby sees each change.",
        "このゲームの設定（ホストのみ）。変更はロビーの全員に表示されます。",
    ),
    "lobby.option_value": ("New value ({allowed})", "新しい値（{allowed}）"),
    "game.options_changed": ("House rules of this game: {options}", "このゲームのハウスルール：{options}"),
    "value.on": ("on", "オン"),
    "value.off": ("off", "オフ"),
    "value.all_channels": ("every channel", "すべてのチャンネル"),
    "cmd.replay": ("The record of a finished game, as a file", "終わったゲームの記録をファイルで"),
    "cmdname.replay": ("replay", "リプレイ"),
    "cmd.opt.game_id": (
        "A finished game's number (default: this channel's last)",
        "終わったゲームの番号（既定：このチャンネルの最後のゲーム）",
    ),
    "cmdname.game_id": ("game", "ゲーム"),
    "game.replay": (
        "The record of game {game}. `python -m engine.replay` replays and checks it.",
        "ゲーム{game}の記録です。`python -m engine.replay` で再生・検証できます。",
    ),
    "error.no_finished_game": (
        "There is no finished game to replay here.",
        "ここには再生できる終わったゲームがありません。",
    ),
    "cmd.settings": ("Server settings and house rules (Manage Server)", "サーバー設定とハウスルール（サーバー管理）"),
    "cmdname.settings": ("settings", "設定"),
    "cmd.opt.setting": ("The setting to show or change", "表示・変更する設定"),
    "cmd.opt.value": ("Its new value (or default)", "新しい値（default で既定）"),
    "cmdname.setting": ("setting", "項目"),
    "cmdname.value": ("value", "値"),
}

EN = {key: pair[0] for key, pair in TEXTS.items()}
JA = {key: pair[1] for key, pair in TEXTS.items()}
