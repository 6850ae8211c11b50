"""Texts of what a server remembers: the story of a finished game, ratings, the leaderboard and a
player's statistics (English and Japanese side by side, merged into the one catalog)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "cmdname.forget_me": ("forget-me", "データ削除"),
    "cmd.forget_me": (
        "Delete your ratings and statistics and remove your name from stored games",
        "自分のレーティングと成績を削除し、保存されたゲームから名前を消します",
    ),
    "forget.ask": (
        "This deletes your ratings, statistics and trade drafts on every server, and replaces your name and id "
        'with "Former player" in every stored game and record. You leave your open lobbies and resign from '
        "your running games first. It cannot be undone. Go ahead?",
        "すべてのサーバーでのレーティング・成績・トレード下書きを削除し、保存されたゲームと記録のあなたの名前とIDを"
        "「元プレイヤー」に置き換えます。参加中のロビーからは抜け、進行中のゲームは先に投了します。元に戻せません。よろしいですか？",
    ),
    "forget.yes": ("Forget me", "削除する"),
    "forget.former": ("Former player", "元プレイヤー"),
    "alt.board": ("The Mega Monopoly board.", "メガモノポリーの盤面。"),
    "alt.board.player": (
        "{player}: on {space}, {cash:$}; deeds: {deeds}.",
        "{player}：{space}、{cash:$}、権利書：{deeds}。",
    ),
    "alt.board.short": (
        "{player}: on {space}, {cash:$}, {count} {count:p:deed|deeds}.",
        "{player}：{space}、{cash:$}、権利書{count}枚。",
    ),
    "alt.board.out": ("{player} is bankrupt.", "{player}は破産。"),
    "alt.cards": (
        "The bingo cards as everybody sees them (owned cells only).",
        "全員に見えるビンゴカード（所有マスのみ）。",
    ),
    "alt.cards.player": (
        "{player} owns {count} {count:p:cell|cells}: {cells}; {lines} {lines:p:line|lines}.",
        "{player}の所有{count}マス：{cells}。ライン{lines}本。",
    ),
    "alt.cards.monopolies": ("Monopoly of column {columns}.", "独占：{columns}列。"),
    "alt.cards.out": ("{player} is out.", "{player}は脱落。"),
    "alt.own_card": ("Your card (✓ owned, ★ free):", "あなたのカード（✓所有、★フリー）："),
    "alt.story": ("{measure} (a chart). At the end: {ends}.", "{measure}のグラフ。最終：{ends}。"),
    "alt.story.lead": (" Lead changes: {changes}.", " 首位の交代：{changes}。"),
    "alt.story.lead_at": ("turn {turn} {player}", "{turn}ターン目 {player}"),
    "alt.replay": ("The record of game {game}, as JSON.", "ゲーム{game}の記録（JSON）。"),
    "forget.no": ("Keep my data", "やめる"),
    "forget.kept": ("Nothing was deleted.", "何も削除していません。"),
    "forget.done": (
        'Done: your ratings, statistics and drafts are deleted, and {games} stored games now show "Former player".',
        "完了しました。レーティング・成績・下書きを削除し、保存された{games}件のゲームを「元プレイヤー」に置き換えました。",
    ),
    "story.title": ("The story of the game", "ゲームの物語"),
    "story.measure.net_worth": ("Net worth over the game", "総資産の推移"),
    "story.measure.cells": ("Cells owned over the game", "所有マス数の推移"),
    "story.axis": ("turn", "ターン"),
    "story.moments": ("Turning points", "勝負の分かれ目"),
    "story.at_turn": ("Turn {turn}: {text}", "{turn}ターン目：{text}"),
    "story.ratings": ("Ratings", "レーティング"),
    "story.rating": ("{player}: {after} ({change})", "{player}：{after}（{change}）"),
    "story.unrated": (
        "Not rated: ratings need two or more people at the table (computer seats are not rated).",
        "レーティング対象外：2人以上の人間が参加したゲームだけが対象です（コンピューターは対象外）。",
    ),
    "story.takeover": (
        "🤖 The computer played for {players} while they were away; the game still counts.",
        "🤖 不在の間、{players}さんの手番をコンピューターが代わりに指しました（対局は記録されます）。",
    ),
    "leaderboard.title": ("{game} leaderboard", "{game} ランキング"),
    "leaderboard.row": (
        "{rank}. {player} — **{rating}** · {games} {games:p:game|games} · {wins} {wins:p:win|wins}",
        "{rank}. {player} — **{rating}** · {games}戦 · {wins}勝",
    ),
    "leaderboard.empty": (
        "No rated {game} games on this server yet. Ratings start after a finished game with two or more people.",
        "このサーバーにはまだレーティング対象の{game}のゲームがありません。2人以上の人間で最後まで遊ぶと始まります。",
    ),
    "leaderboard.about": (
        "Rating = estimated skill minus three times its uncertainty (OpenSkill): it rises as you play and win.",
        "レーティング＝推定された実力から不確かさの3倍を引いた値（OpenSkill）。遊んで勝つほど上がります。",
    ),
    "stats.title": ("{player} on this server", "このサーバーでの{player}さん"),
    "stats.none": (
        "{player} has not finished a game on this server yet.",
        "{player}さんはこのサーバーでまだゲームを最後まで遊んでいません。",
    ),
    "stats.summary": (
        "{games} {games:p:game|games} · {wins} {wins:p:win|wins} · average place {place}",
        "{games}戦{wins}勝 · 平均順位 {place}",
    ),
    "stats.rating": ("Rating **{rating}** (rank {rank} of {of})", "レーティング **{rating}**（{of}人中{rank}位）"),
    "stats.unrated": ("Not rated yet", "まだレーティングはありません"),
    "stats.takeovers": (
        "{count} {count:p:game|games} where the computer played for them while away",
        "不在中にコンピューターが代わりに指したゲーム：{count}",
    ),
    "cmd.leaderboard": ("The best players of a game on this server", "このサーバーでのゲーム別ランキング"),
    "cmdname.leaderboard": ("leaderboard", "ランキング"),
    "cmd.stats": ("A player's games, wins and records on this server", "プレイヤーの戦績と記録"),
    "cmdname.stats": ("stats", "戦績"),
    "cmd.opt.stats_player": ("Whose statistics (default: yours)", "誰の戦績か（省略時は自分）"),
}

EN = {key: pair[0] for key, pair in TEXTS.items()}
JA = {key: pair[1] for key, pair in TEXTS.items()}
