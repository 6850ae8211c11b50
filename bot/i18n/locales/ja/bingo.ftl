### MonopolizeBingo: its moves, cards and panels.
### Variables are written { $name }; amounts of money { MONEY($amount) }; plurals select on
### CLDR categories ({ $count -> [one] … *[other] … }). Keys mirror the code's dotted keys with - for .

bingo-any_n = { $column }列の任意{ $n }マス
bingo-colours = 名前の色が画像のカードの色です。
bingo-declare = 宣言…
bingo-declare_column_help = { $column }列：宣言する数字を選んでください。各選択肢の最初に、あなたへの影響が書かれています。
bingo-declare_help = カード：{ $cards }。宣言する数字を選んでください。自分のカードにある数字は自分のものに、それ以外は他の人の競りになります。その数字をすでに所有している人がいれば当たりとなり、マスを売却します。
bingo-discard = 売却…
bingo-discard_help = 当たりを受けました：{ $count }マス売却してください（マスは列と行で呼びます：G4＝G列の4行目）。{ $hits }
bingo-discard_capped = 合計{ $due }マスですが、持っているのは{ $count }マスなので全部を売却します。
bingo-ev-trade_done = { $player }と{ $other }が位置でマスを交換：{ $player }は{ $give }を渡し{ $get }を得た。
bingo-hint-blocked = { $holder }が{ $column }列を独占中：買えない。
bingo-hint-hit = ⚠ 当たり：{ $count }マス売却（{ $hitters }）。
bingo-hint-out = ⚠ 脱落：{ $hitters }（{ $owners }人）が所有、あなたは資産なし。
bingo-hint-owned = { $cell }は所有済み：得るものなし。
bingo-hint-take = { $cell }を買う（+1マス）。
bingo-hint-window = 自分のカードにない：他の人の競り。
bingo-hint-wins = 🏆 カードが全部埋まり勝利！
bingo-hit_line = { $hitter }：{ $cell }（通るライン{ $lines }本）→{ $cells }マス。
bingo-leave = 拘置所から出る…
bingo-leave_help = カードを引く前に1マス売却すると拘置所から出られます。
bingo-my_card_help = このカードはあなたにだけ見えています。黄色のマスは所有、持っていない数字は他の人には見えません。赤い線は完成したライン、オレンジの列見出しは独占です。マスは列と行で呼びます：G4＝G列の4行目。
bingo-not_tradable = お互いが所有している位置は移せません：{ $cells }
bingo-now-claims = **{ $player }**さんが**{ $number }**を宣言しました。{ $number }が自分のカードにあり未所有なら**買い**、そうでなければ**パス**を押してください。回答 { $answered }/{ $asked }人。
bingo-now-claims_hit = { $number }は{ $hitters }が所有済み。受付が終わると{ $due ->
        [0] **{ $player }**さんは当たりを受け、売却できるマスがないため脱落します。
       *[other] **{ $player }**さんは当たりを受け、{ $due }マス売却します。
    }
bingo-now-declare = **{ $player }**さんは{ $cards }を引きました。宣言する数字を選んでください（**宣言…**）。
bingo-now-discard = **{ $player }**さんは当たりを受け、{ $count }マス売却しなければなりません（**売却…**）。
bingo-now-draw = **{ $player }**さん、**引く**で2枚めくってください。
bingo-now-draw_detained = **{ $player }**さんは拘置所にいます。J・Q・Kを引けば釈放、ジョーカーなら残ります。1マス売却してすぐ出ることもできます（**拘置所から出る…**）。
bingo-pick_get = もらう：{ $cell }
bingo-pick_give = 渡す：{ $cell }
bingo-picks_help = 提案は「{ $entries }」です。どのマスか選んでください。
bingo-rank-JOKER = ジョーカー
bingo-rank-pair = { $first }と{ $second }
bingo-select-trade_get = 求めるマス…
bingo-select-trade_get_any = 求める列の任意のマス…
bingo-select-trade_give = 渡すマス…
bingo-select-trade_give_any = 渡す列の任意のマス…
bingo-select-columns = まず列を選ぶ（B 1〜15、I 16〜30、N 31〜45、G 46〜60、O 61〜75）…
bingo-select-declare = { $low }〜{ $high }の数字…
bingo-select-declare_column = { $column }列：{ $low }〜{ $high }（宣言できる数字{ $count }個）
bingo-select-discard = 売却する{ $count }マスを選ぶ…
bingo-select-leave = 1マス売却して出る…
bingo-select-picks = { $count }マスを選ぶ…
bingo-standings_stopped = 中断時の順位（所有マス数、次にライン数）
bingo-stats-cells = 獲得したマス { $cells }（うち競り { $claims }） · 当たり { $hits }回
bingo-stats-favourite = 最も独占した列：{ $column }（{ $count }回）
bingo-stats-lines = 終了時に揃っていたライン { $lines }本 · 列の独占 { $monopolies }回
bingo-story-biggest_hit = 最大の当たり：{ $player }さんが{ $due }マスを手放すことに（当てたのは{ $by }さん）
bingo-story-eliminated = { $player }さんが脱落
bingo-story-end-all_cells = { $player }さんがカードを埋めて勝利
bingo-story-end-last_player = { $player }さんが最後の一人となって勝利
bingo-story-monopoly_won = { $player }さんが{ $column }列を独占
bingo-suggest-declare = { $number }を宣言：{ $hint }
bingo-suggest-discard = { $cells }を売却
bingo-suggest-leave = { $cell }を売却して拘置所から出る
bingo-trade_help = マスは位置で移ります（G4＝G列の4行目）。相手は自分のカードの同じ位置を得ます。「B列の任意2マス」は、渡す側がB列のどの2マスかを選びます。
ev-bought_cell = { $player }が{ $number }（{ $cell }）を買った。
ev-buy_refused_monopoly = { $holder }が列を独占中のため、{ $player }は{ $cell }を買えない。
ev-claim_won = { $player }が{ $number }（{ $cell }）を競りで買った。
ev-claims_closed = { $number }を買った人はいません。
ev-claims_open = 他のプレイヤーは{ $number }を競れます（競りの受付中）。
ev-declared = { $player }が{ $number }を宣言。
ev-detained = { $player }はジョーカーを引いて拘置所へ。
ev-drew = { $player }が{ $cards }を引いた。
ev-eliminated = { $player }は脱落。
ev-hit = { $due ->
        [0] { $player }に当たり：売却するマスはありません。
       *[other] { $player }に当たり：{ $due }マス売却。
    }
ev-hit_by = { $hitter }が所有（{ $cell }、通るライン{ $lines }本）：{ $player }に{ $cells }マス。
ev-monopoly_lost = { $player }の{ $column }列の独占が終わった。
ev-monopoly_won = { $player }が{ $column }列を独占。
ev-reshuffled = 捨て札を切り直して山札にした。
ui-cells = { $count }マス
ui-lines = { $count }ライン
ui-monopolies = { $count ->
        [1] { $columns }列を独占
       *[other] { $columns }の{ $count }列を独占
    }
ui-my_card = 自分のカード
ui-out = 脱落
picture-detention = 拘留中
picture-out = 脱落
picture-free = FREE
