### ダイスレース（テスト用のゲーム）の言葉。

cmd-choice-race = ダイスレース
lobby-title-race = ダイスレース — ロビー
game-title-race = ダイスレース
game-rules_title-race = ダイスレースのルール
game-rules-race = サイコロを1つ振って進みます。続けて振る（1が出たらこのターンの最初の位置に戻る）か止めるかを選びます。先にゴールした人の勝ちです。
status-waiting-race_roll = サイコロ
status-waiting-race_push = 続けるか止めるか
action-race_roll = 振る
action-race_push = 続ける
action-race_stop = 止める
race-at = { $player }: { $at }/{ $goal }
race-window = { $player }さんが何もしなければ自動で止まります。
ev-race_started = レース開始！
ev-race_rolled = { $player }さんは{ $value }を出しました。
ev-race_fell_back = { $player }さんは1を出し、{ $to }に戻りました。
ev-race_stopped = { $player }さんは{ $at }で止まりました。
ev-race_left = { $player }さんはレースを離れました。
ev-race_won = { $player }さんの勝ち！
