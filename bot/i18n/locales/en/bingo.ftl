### MonopolizeBingo: its moves, cards and panels.
### Variables are written { $name }; amounts of money { MONEY($amount) }; plurals select on
### CLDR categories ({ $count -> [one] … *[other] … }). Keys mirror the code's dotted keys with - for .

bingo-any_n = any { $n } of column { $column }
bingo-colours = Each name's colour is its card in the picture.
bingo-declare = Declare…
bingo-declare_column_help = Column { $column }: choose the number to declare. Each option says first what it would cost you.
bingo-declare_help = Your cards: { $cards }. Choose the number to declare. A number on your card becomes yours; any other number opens a claim window for the others. Whoever already owns the number hits you: you discard cells.
bingo-discard = Discard…
bingo-discard_help = You were hit: discard { $count } { $count ->
            [one] cell
           *[other] cells
        } (a cell is named by its column and row: G4 = column G, row 4). { $hits }
bingo-discard_capped = That is { $due } { $due ->
        [one] cell
       *[other] cells
    } in all, more than you own: { $count ->
        [one] your one cell goes
       *[other] all { $count } of yours go
    }.
bingo-ev-trade_done = { $player } and { $other } traded by position: { $player } gave { $give } and got { $get }.
bingo-hint-blocked = { $holder } holds column { $column }: you cannot take it.
bingo-hint-hit = ⚠ Hit: you discard { $count } { $count ->
        [one] cell
       *[other] cells
    } ({ $hitters }). 
bingo-hint-out = ⚠ You would be out: { $hitters } { $owners ->
        [one] owns
       *[other] own
    } it and you own no cell. 
bingo-hint-owned = Already yours ({ $cell }): nothing to gain.
bingo-hint-take = You take { $cell } (+1 cell).
bingo-hint-window = Not on your card: the others may claim it.
bingo-hint-wins = 🏆 Completes your card: you win! 
bingo-hit_line = { $hitter } owns { $cell } with { $lines } completed { $lines ->
            [one] line
           *[other] lines
        } through it: { $cells } { $cells ->
            [one] cell
           *[other] cells
        }.
bingo-leave = Leave detention…
bingo-leave_help = Discard one of your cells to leave detention before you draw.
bingo-my_card_help = Only you see this. Yellow cells are yours; the white ones the others see only as “?” until you own them. A red line is a completed line, an orange column letter a monopoly. A cell is named by column and row: G4 = column G, row 4.
bingo-not_tradable = Positions both of you own cannot move: { $cells }
bingo-now-claims = **{ $player }** declared **{ $number }**. If { $number } is on your card and not yours yet, press **Claim** to take it; otherwise press **Pass**. { $answered } of { $asked } answered.
bingo-now-claims_hit = { $number } is already owned by { $hitters }: when the window closes, { $due ->
        [0] **{ $player }** is hit while owning no cell and is out of the game.
       *[other] **{ $player }** is hit and must discard { $due } { $due ->
            [one] cell
           *[other] cells
        }.
    }
bingo-now-declare = **{ $player }** drew { $cards } and chooses a number to declare (**Declare…**).
bingo-now-discard = **{ $player }** was hit and must discard { $count } { $count ->
            [one] cell
           *[other] cells
        } (**Discard…**).
bingo-now-draw = **{ $player }**, press **Draw** to turn over two cards.
bingo-now-draw_detained = **{ $player }** is in detention: a J, Q or K drawn releases them, a Joker keeps them in. They may also leave now by discarding one cell (**Leave detention…**).
bingo-pick_get = you get { $cell }
bingo-pick_give = you give { $cell }
bingo-picks_help = The offer says { $entries }: choose which cells.
bingo-rank-JOKER = Joker
bingo-rank-pair = { $first } and { $second }
bingo-select-trade_get = Cells you ask for…
bingo-select-trade_get_any = Any cells of a column you ask for…
bingo-select-trade_give = Cells you give…
bingo-select-trade_give_any = Any cells of a column you give…
bingo-select-columns = First choose the column (B 1–15, I 16–30, N 31–45, G 46–60, O 61–75)…
bingo-select-declare = Numbers { $low }–{ $high }…
bingo-select-declare_column = Column { $column }: { $low }–{ $high } ({ $count } you can declare)
bingo-select-discard = Choose { $count } { $count ->
        [one] cell
       *[other] cells
    } to discard…
bingo-select-leave = Discard one cell to leave…
bingo-select-picks = Choose { $count } { $count ->
        [one] cell
       *[other] cells
    }…
bingo-standings_stopped = Standings when the game stopped (cells owned, then lines)
bingo-stats-cells = { $cells } { $cells ->
            [one] cell
           *[other] cells
        } taken ({ $claims } by claims) · { $hits } { $hits ->
            [one] hit
           *[other] hits
        } dealt
bingo-stats-favourite = Most monopolized column: { $column } ({ $count }×)
bingo-stats-lines = { $lines } { $lines ->
            [one] line
           *[other] lines
        } complete at the end · { $monopolies } column { $monopolies ->
            [one] monopoly
           *[other] monopolies
        }
bingo-story-biggest_hit = the biggest hit: { $player } had to give up { $due } { $due ->
            [one] cell
           *[other] cells
        } (hit by { $by })
bingo-story-eliminated = { $player } was out of the game
bingo-story-end-all_cells = { $player } filled the card and won
bingo-story-end-last_player = { $player } was the last player left and won
bingo-story-monopoly_won = { $player } took the monopoly of column { $column }
bingo-suggest-declare = Declare { $number }: { $hint }
bingo-suggest-discard = Discard { $cells }
bingo-suggest-leave = Leave detention with { $cell }
bingo-trade_help = Cells move by position (G4 = column G, row 4): the other player takes the same positions on their own card. “Any 2 of column B” lets the giver choose which two cells of column B.
ev-bought_cell = { $player } took { $number } ({ $cell }).
ev-buy_refused_monopoly = { $player } cannot take { $cell }: { $holder } holds that column.
ev-claim_won = { $player } claimed { $number } ({ $cell }).
ev-claims_closed = Nobody claimed { $number }.
ev-claims_open = The others may claim { $number } (a claim window is open).
ev-declared = { $player } declared { $number }.
ev-detained = { $player } drew a Joker and went to detention.
ev-drew = { $player } drew { $cards }.
ev-eliminated = { $player } is out of the game.
ev-hit = { $due ->
        [0] { $player } is hit but owns no cell: nothing to discard.
       *[other] { $player } is hit and must discard { $due } { $due ->
            [one] cell
           *[other] cells
        }.
    }
ev-hit_by = { $hitter } already owns it ({ $cell }, { $lines } completed { $lines ->
            [one] line
           *[other] lines
        } through it): { $cells } { $cells ->
            [one] cell
           *[other] cells
        } for { $player }.
ev-monopoly_lost = { $player } no longer holds column { $column }.
ev-monopoly_won = { $player } now holds column { $column } (a monopoly).
ev-reshuffled = The discards were shuffled into a new pile.
ui-cells = { $count } { $count ->
            [one] cell
           *[other] cells
        }
ui-lines = { $count } { $count ->
            [one] line
           *[other] lines
        }
ui-monopolies = { $count ->
        [one] monopoly of column { $columns }
       *[other] monopolies of columns { $columns }
    }
ui-my_card = My card
ui-out = out of the game
picture-detention = detention
picture-out = out
picture-free = FREE
