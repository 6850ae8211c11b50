### What every game shares: commands, lobbies, buttons, errors, settings, records.
### Variables are written { $name }; amounts of money { MONEY($amount) }; plurals select on
### CLDR categories ({ $count -> [one] … *[other] … }). Keys mirror the code's dotted keys with - for .

action-bankrupt = Declare bankruptcy…
action-buy = Buy { MONEY($amount) }
action-buy_short = Buy { MONEY($amount) }: { MONEY($missing) } short
action-choose_gift-cash = Take { MONEY($amount) }
action-choose_gift-ticket = Take a ticket
action-claim = Claim
action-decline = Decline (auction it)
action-draw = Draw
action-end_turn = End turn
action-pass = Pass
action-pass_claim = Pass
action-pay_fine = Pay { MONEY($amount) } fine
action-roll = Roll
action-throw = Throw
action-use_jail_card = Use card
alt-board = The Mega Monopoly board.
alt-board-built = { $deeds } { $level }{ $count ->
        [one] {""}
       *[other] {" each"}
    }
alt-board-dice = Dice { $white1 } + { $white2 }, speed { $speed }.
alt-board-each = { $level } each
alt-board-group = { $group } { $count }/{ $size }
alt-board-group_built = { $group } { $count }/{ $size } ({ $built })
alt-board-hotel = hotel
alt-board-in_jail = in jail
alt-board-landed = { $player }'s turn, on { $space }.
alt-board-mortgaged = mortgaged: { $deeds }
alt-board-no_deeds = no deeds
alt-board-none = none
alt-board-out = { $player } is bankrupt.
alt-board-player = { $player }: { $where }, { MONEY($cash) }; { $deeds }.
alt-board-player_terse = { $player } ({ $where }, { MONEY($cash) }): { $deeds }.
alt-board-railroads = { $count } { $count ->
        [one] railroad
       *[other] railroads
    }
alt-board-turn = { $player }'s turn.
alt-board-turn_at = { $player }'s turn, { $where }.
alt-board-utilitys = { $count } { $count ->
        [one] utility
       *[other] utilities
    }
alt-board-visiting = visiting jail
alt-cards = The bingo cards as everybody sees them (owned cells only).
alt-cards-detained = { $player } is in detention.
alt-cards-monopolies = { $count ->
        [one] Monopoly of column
       *[other] Monopolies of columns
    } { $columns }.
alt-cards-out = { $player } is out.
alt-cards-player = { $player } owns { $count } { $count ->
            [one] cell
           *[other] cells
        }: { $cells }; { $lines } { $lines ->
            [one] line
           *[other] lines
        }.
alt-own_card = Your card (✓ owned, ★ free):
alt-replay = The record of game { $game }, as JSON.
alt-story = { $measure } (a chart). At the end: { $ends }.
alt-story-lead = {" "}Lead changes: { $changes }.
alt-story-lead_at = turn { $turn } { $player }
cmd-choice-bingo = MonopolizeBingo
cmd-choice-computer = A computer plays for them
cmd-choice-en = English
cmd-choice-ja = Japanese
cmd-choice-mega = Mega Monopoly
cmd-choice-off = off
cmd-choice-on = on
cmd-choice-safe = Take the safe choice
cmd-forget_me = Delete your ratings and statistics and remove your name from stored games
cmd-history = Recent events of this channel's game
cmd-leaderboard = The best players of a game on this server
cmd-monopoly = Board games in this channel
cmd-notices = Be mentioned when a game here waits for you, or not
cmd-opt-away = When a player does not act in time
cmd-opt-game = Which game
cmd-opt-game_id = A finished game's number (default: this channel's last)
cmd-opt-language = Language of the game (default: the server's)
cmd-opt-missed_turns = Missed turns before a player is removed (1-10)
cmd-opt-player = Who to trade with
cmd-opt-setting = The setting to show or change
cmd-opt-stats_player = Whose statistics (default: yours)
cmd-opt-switch = On or off
cmd-opt-turn_timeout = Seconds a player has to act (30-3600)
cmd-opt-value = Its new value (or default)
cmd-opt-window = Seconds for auctions or claim windows (5-120)
cmd-replay = The record of a finished game, as a file
cmd-rules = A summary of the rules
cmd-settings = Server settings and house rules (Manage Server)
cmd-start = Open a lobby for a new game
cmd-stats = A player's games, wins and records on this server
cmd-status = Show the game message again
cmd-stop = Stop this channel's game
cmd-trade = Propose a trade to a player
cmdname-away = away
cmdname-forget_me = forget-me
cmdname-game = game
cmdname-game_id = game
cmdname-history = history
cmdname-language = language
cmdname-leaderboard = leaderboard
cmdname-missed_turns = missed_turns
cmdname-monopoly = monopoly
cmdname-notices = notices
cmdname-player = player
cmdname-replay = replay
cmdname-rules = rules
cmdname-setting = setting
cmdname-settings = settings
cmdname-start = start
cmdname-stats = stats
cmdname-status = status
cmdname-stop = stop
cmdname-switch = switch
cmdname-trade = trade
cmdname-turn_timeout = turn_timeout
cmdname-value = value
cmdname-window = window
cpu-level-easy = easy
cpu-level-hard = hard
cpu-level-normal = normal
cpu-seat = { $name } ({ $level })
done = Done.
done_with = Done: { $what }
error-already_high = You are the high bidder; wait until you are outbid.
error-already_joined = You have already joined.
error-already_mortgaged = That deed is already mortgaged.
error-already_paid = This building is already paid for.
error-auction_changed = That auction is over; the one open now is for { $space }.
error-bad_action = That action is malformed.
error-bad_cell = That is not a cell (B1 … O5, or G? for any cell of G).
error-bad_layout = That layout is not allowed.
error-bad_option = Invalid option: { $detail }
error-bad_pick = That cell cannot stand for the 'any' entry.
error-bad_setting = That value is not allowed: use { $range }.
error-bankrupt = You are bankrupt and out of the game.
error-before_drawing = Leave detention before you draw.
error-bid_over_cash = You cannot bid more than { MONEY($maximum) }.
error-bid_too_low = The bid must be at least { MONEY($minimum) }.
error-buildings_on_group = Sell the buildings on this group before mortgaging.
error-busy = The game is busy; try again in a moment.
error-cannot_afford = You cannot afford that ({ MONEY($amount) }).
error-cannot_claim = You cannot claim this number.
error-channel_busy = This channel already has a game. Finish or stop it first.
error-channel_not_allowed = Games may not be started in this channel (see { COMMAND("settings") }).
error-claim_already_yours = { $number } is yours already ({ $cell } = column { $column_of_cell }, row { $row_of_cell }): press **Pass**.
error-claim_capped = { $player } holds the monopoly of column { $column }: nobody else may own a fifth cell of it (B-18). Press **Pass**.
error-claim_not_on_card = { $number } is not on your card, so you cannot claim it: press **Pass**.
error-db_down = The game's database is unreachable right now, so nothing changed. Try again in a moment.
error-deed_sold = That deed is already owned.
error-dice_are_rolled = The dice are rolled by the game.
error-discard_count = Discard exactly { $count } { $count ->
        [one] cell
       *[other] cells
    }.
error-duplicate_cell = A cell is named twice.
error-duplicate_deed = A deed is named twice.
error-duplicate_player = Each player may sit only once.
error-eliminated = You are out of the game.
error-fine_unaffordable = You need { MONEY($amount) } to pay the fine.
error-free_not_asset = The FREE cell is not an asset.
error-free_not_traded = The FREE cell is never traded.
error-game_over = The game is over.
error-guild_only = Games are played in server channels.
error-has_hotel = That street already has a hotel.
error-high_bidder_cannot_pass = You are the high bidder; your bid stands.
error-internal = Something went wrong on our side. The game message shows where the game stands; try again.
error-lobby_full = The lobby is full ({ $max } players).
error-monopoly_cap = Someone holds that column's monopoly: at most 4 of its cells.
error-no_auction = There is no auction now.
error-no_build_in_debt = Nobody builds while a debt is open.
error-no_building_rights = You need a majority of the group and no mortgaged street in it to build.
error-no_buildings = There are no buildings there.
error-no_finished_game = There is no finished game to replay here.
error-no_game = There is no game in this channel.
error-no_gift = There is no gift to choose now.
error-no_hotels = The bank has no hotels left.
error-no_houses = The bank has no houses left.
error-no_houses_to_break_hotel = The bank has only { $houses } { $houses ->
        [one] house
       *[other] houses
    } to break the hotel; sell the whole group.
error-no_jail_card = You have no Get Out of Jail Free card.
error-no_jail_choice_now = That is only possible before your roll.
error-no_pick = There is no auction to choose now.
error-no_roll_now = You cannot roll now.
error-no_such_offer = There is no such open offer.
error-no_thread = The bot could not open a thread here (it needs Create Public Threads).
error-no_throw = There is nothing to throw for now.
error-no_ticket = You have no house ticket.
error-no_trade_now = No trading while a fourth deed is being settled.
error-no_window = There is no claim window open.
error-not_a_bidder = You are not a bidder in this auction.
error-not_a_street = That is not a street.
error-not_active = This game is not running.
error-not_declarable = { $number } cannot be made from this draw.
error-not_declare_time = There is nothing to declare now.
error-not_discard_time = You have nothing to discard now.
error-not_draw_time = You cannot draw now.
error-not_host = Only the host can do that.
error-not_host_or_manager = Only the host or a member with Manage Server can stop the game.
error-not_in_debt = You can only go bankrupt over a debt you cannot pay.
error-not_in_game = You are not a player in this game.
error-not_in_jail = You are not in jail.
error-not_joined = You have not joined this lobby.
error-not_lobby = This lobby has already started or closed.
error-not_manager = Only members with Manage Server can change settings.
error-not_mortgaged = That deed is not mortgaged.
error-not_now = That can only be done when nothing else is pending.
error-not_owned = You do not own that cell.
error-not_owner = You do not own that deed.
error-not_saved = Your move could not be saved (the bot's storage failed), so nothing changed. Try again soon.
error-not_your_choice = Someone else must choose now.
error-not_your_turn = It is not your turn.
error-nothing_to_buy = There is no deed to buy now.
error-nothing_to_settle = There is no fourth deed to settle.
error-offer_closed = That offer is no longer open.
error-only_debtor_sells = Only the player in debt may sell buildings now.
error-passed = You have passed and are out of this auction.
error-pending = Something must be settled before the turn can end.
error-picks_missing = Choose which cells the 'any' entries stand for.
error-player_count = This game needs 2 to 8 players.
error-roll_first = You must roll first.
error-settle_group = Settle this group with a layout.
error-stale = This message is out of date; use the newest game message.
error-stale_now = This message is out of date: the game has moved on. Now: { $now }
error-too_few = At least { $min } players are needed to start.
error-too_many_lobbies = You already host { $max } open lobbies: start or cancel one of them first.
error-too_many_picks = More cells chosen than the offer asks for.
error-trade_already_owned = The other player already owns that position.
error-trade_cash = Not enough cash for this offer.
error-trade_empty = The offer is empty.
error-trade_impossible = This offer can no longer be carried out.
error-trade_jail_cards = Not enough Get Out of Jail Free cards for this offer.
error-trade_not_enough = Not enough cells of that column for this offer.
error-trade_not_owned = A traded item is not owned by the one giving it.
error-trade_only_with_debtor = While someone is in debt, only trades with them are allowed.
error-trade_self = You cannot trade with yourself.
error-trade_with_buildings = Sell the buildings on that group before trading its streets.
error-uneven_build = Build evenly: another of your streets in this group has fewer buildings.
error-uneven_sale = Sell evenly: another of your streets in this group has more buildings.
error-unknown_action = Unknown action.
error-unknown_deed = That is not a deed.
error-unknown_group = There is no such colour group.
error-unknown_setting = There is no setting called { $code }.
error-unknown_space = There is no such space.
error-unmortgage_first = Lift the mortgage of the new street first.
error-window_changed = That claim window is over; the open one is for { $number }.
error-wrong_channel = This button belongs to a game in another channel.
error-wrong_piece = This step needs a different piece.
ev-action = { $player }: { $action }
ev-discarded = { $player } discarded { $cells }.
ev-game_over = The game is over.
ev-left_detention = { $player } left detention by discarding { $cell }.
ev-no_number = { $player } could make no number from { $cards }; the turn ends.
ev-released = { $player } drew a face card and is released.
ev-resigned = { $player } left the game.
ev-stays_in_detention = { $player } stays in detention.
ev-turn = It is { $player }'s turn.
forget-ask = This deletes your ratings, statistics and trade drafts on every server, and replaces your name and id with "Former player" in every stored game and record. You leave your open lobbies and resign from your running games first. It cannot be undone. Go ahead?
forget-done = Done: your ratings, statistics and drafts are deleted, and { $games } stored games now show "Former player".
forget-former = Former player
forget-kept = Nothing was deleted.
forget-no = Keep my data
forget-yes = Forget me
game-cash = { MONEY($cash) }
game-deadline = Closes { $when }
game-history_empty = Nothing has happened yet.
game-history_title = Recent events
game-in_thread = { $player } opened a { $game } lobby in { $thread }.
game-last = Last: { $text }
game-moved_below = This game continues in a newer message below.
game-options_changed = House rules of this game: { $options }
game-over = Game over. Winner: { $winners }
game-replay = The record of game { $game }. `python -m engine.replay` replays and checks it.
game-rules-bingo = Draw two cards and declare a number (10 = 0, J/Q/K any digit, Joker = detention). Your number on your card is yours; otherwise others may claim it. Owners of the number hit you: discard 5/10/15/20 cells. A full column is a monopoly. Own all 24 numbers, or be the last player left, to win.
game-rules-mega = Three dice each turn: two white dice and the speed die (1, 2, 3, Mr. Monopoly = 0, Bus = 0 and $50). Triples send you to jail. A majority of a colour group doubles rent and lets you build; house tickets pay for a house. The fourth deed of a built group must be evened out. A majority holder pays 10% of rent as a dividend to the owner of the remaining street. Start cash $1,500.
game-rules_title-bingo = MonopolizeBingo — rules summary
game-rules_title-mega = Mega Monopoly — rules summary
game-standings = Final standings
game-started = The game started.
game-stopped = The game was stopped.
game-stopped_by = { $player } stopped the game.
game-stopped_log = { $player } stopped the game: nothing more can be played or claimed.
game-title-bingo = MonopolizeBingo
game-title-mega = Mega Monopoly
game-turn = Turn: { $player }
game-computer_playing = **{ $player }** { $count ->
        [one] is
       *[other] are
    } playing — { $what }…
game-version = Game { $game } · move { $version }
game-waiting = Waiting for: { $what }
game-winner = Winner: { $winners }
leaderboard-about = Rating = estimated skill minus three times its uncertainty (OpenSkill): it rises as you play and win.
leaderboard-empty = No rated { $game } games on this server yet. Ratings start after a finished game with two or more people.
leaderboard-row = { $rank }. { $player } — **{ $rating }** · { $games } { $games ->
            [one] game
           *[other] games
        } · { $wins } { $wins ->
            [one] win
           *[other] wins
        }
leaderboard-title = { $game } leaderboard
lobby-add_cpu_level = Add a computer player…
lobby-cancelled = The lobby was cancelled.
lobby-closes = The lobby closes { $when } unless the game has started.
lobby-empty = Nobody yet.
lobby-expired = Nobody started the game in time, so the lobby closed. Open a new one with { COMMAND("start") }.
lobby-hint = Join with the button. The host starts when 2 to 8 players have joined.
lobby-host = Host: { $host }
lobby-option_value = New value ({ $allowed })
lobby-option_now = now: { $value }
lobby-option_choose = { $option }: choose the value for this game.
lobby-option_set = Changed: { $option }. The lobby shows the house rules now in play.
house-bingo-claim_window = { $value ->
        [when_claimable] only those who can claim are asked (the table learns who holds the number)
       *[always] everyone is asked to claim
    }
house-bingo-claim_window_s = { $value } s to claim
house-bingo-hit_lines = { $value ->
        [all] a hit counts all the hitter's completed lines
       *[through_cell] a hit counts the lines through the cell
    }
house-bingo-hits_stack = { $value ->
        [on] several hits add up
       *[off] only the largest hit counts
    }
house-mega-auction_window_s = { $value } s to bid
house-mega-bids_capped_by_cash = { $value ->
        [on] bids capped by cash
       *[off] bids not capped by cash
    }
house-mega-bus_bonus = the Bus pays { $value }
house-mega-dividend_percent = dividends { $value }% of the rent
house-mega-fee_percent = mortgage interest { $value }%
house-mega-go_salary = GO pays { $value }
house-mega-income_tax = income tax { $value }
house-mega-jail_fine = jail fine { $value }
house-mega-luxury_tax = luxury tax { $value }
house-mega-round_limit = { $value } rounds, then the asset count decides
house-mega-starting_cash = starting cash { $value }
house-mega-ticket_cash = { $value } instead of a house ticket
house-mega-utility_card_multiplier = the utility card charges the throw × { $value }
lobby-options = House rules: { $options }
lobby-options_button = Options…
lobby-options_default = House rules: the standard ones.
lobby-options_help = Options of this game (host only). Everyone in the lobby sees each change.
lobby-options_pick = Choose an option to change…
lobby-players = Players ({ $count }/{ $max })
lobby-started = The game has started.
lobby-title-bingo = MonopolizeBingo — lobby
lobby-title-mega = Mega Monopoly — lobby
notice-turn = 🔔 { $who } — your move in { $game }: { $what } (closes { $when }). { $link }
notices-off = Turn notices are off for you on this server. { COMMAND("notices") } with “on” turns them back on.
notices-on = You will be mentioned when a game here waits for you.
setting-away = When a player is away
setting-away_level = Level of the computer that plays for an away player
setting-bingo-claim_window = Bingo: who is asked to claim
setting-bingo-claim_window_s = Bingo: seconds to claim
setting-bingo-hit_lines = Bingo: lines that count for a hit
setting-bingo-hits_stack = Bingo: several hits add up
setting-channels = Channels where games may start
setting-language = Language
setting-lobby_minutes = Minutes a lobby stays open
setting-mega-auction_window_s = Mega: seconds to bid
setting-mega-bids_capped_by_cash = Mega: bids capped by cash
setting-mega-bus_bonus = Mega: bus bonus
setting-mega-dividend_percent = Mega: dividend %
setting-mega-fee_percent = Mega: mortgage fee %
setting-mega-go_salary = Mega: GO salary
setting-mega-income_tax = Mega: income tax
setting-mega-jail_fine = Mega: jail fine
setting-mega-luxury_tax = Mega: luxury tax
setting-mega-round_limit = Mega: round limit, then the asset count decides (0 = off)
setting-mega-starting_cash = Mega: starting cash
setting-mega-ticket_cash = Mega: cash instead of a ticket
setting-mega-utility_card_multiplier = Mega: utility card multiplier
setting-missed_turns = Missed turns before removal
setting-threads = Each game in a thread of its own
setting-turn_notices = Mention a player when the table waits for them
setting-turn_timeout = Seconds per turn
settings-help = Change one with `/monopoly settings setting:<key> value:<value>` (`default` resets it). Games already started keep their options.
settings-line = **{ $name }** (`{ $code }`): { $value } — default { $default }, allowed { $allowed }{ $rule }
settings-reset = { $name } is back to its default, { $value }.
settings-rule = {" "}— changes { $rule }
settings-saved = { $name } is now { $value } for games started from now on.
settings-title = Settings of this server
stats-none = { $player } has not finished a game on this server yet.
stats-rating = Rating **{ $rating }** (rank { $rank } of { $of })
stats-summary = { $games } { $games ->
            [one] game
           *[other] games
        } · { $wins } { $wins ->
            [one] win
           *[other] wins
        } · average place { $place }
stats-takeovers = { $count } { $count ->
            [one] game
           *[other] games
        } where the computer played for them while away
stats-title = { $player } on this server
stats-unrated = Not rated yet
status-waiting-auction = bids
status-waiting-buy = buy or decline
status-waiting-claims = answers to the claim window (Claim or Pass)
status-waiting-debt = a debt to be paid
status-waiting-declare = a declaration
status-waiting-discard = discards
status-waiting-draw = a draw
status-waiting-end_turn = end of turn
status-waiting-even_out = the fourth-deed settlement
status-waiting-game_over = nothing (game over)
status-waiting-gift = a birthday gift choice
status-waiting-pick_auction = an auction pick
status-waiting-place_building = a building to be placed
status-waiting-roll = roll
status-waiting-throw = a throw
story-at_turn = Turn { $turn }: { $text }
story-axis = turn
story-measure-cells = Cells owned over the game
story-measure-net_worth = Net worth over the game
story-moments = Turning points
story-rating = { $player }: { $before } → { $after } ({ $change })
story-ratings = Ratings on this server (before → after)
story-takeover = 🤖 The computer played for { $players } while they were away; the game still counts.
story-title = The story of the game
story-unrated = Not rated: ratings need two or more people at the table (computer seats are not rated).
trade-accept = Accept
trade-accepted = Trade accepted by { $player }.
trade-builder_title = Trade with { $player }
trade-cards = { $count } Get Out of Jail Free
trade-cash_button = Cash and cards…
trade-cash_title = Cash and cards
trade-closed = This offer can no longer be answered: { $why }
trade-counter = Counter
trade-decline = Decline
trade-declined = Trade declined by { $player }.
trade-expired = This offer has expired.
trade-fate-accepted = Accepted by { $player }.
trade-fate-closed = This offer is no longer open.
trade-fate-competing = Withdrawn: { $player } accepted another offer.
trade-fate-countered = Countered by { $player }.
trade-fate-declined = Declined by { $player }.
trade-fate-expired = Expired.
trade-fate-left = Withdrawn: { $player } left the game.
trade-fate-replaced = Replaced by a newer offer from { $player }.
trade-fate-unposted = Withdrawn: the offer could not be shown in the channel.
trade-fate-withdrawn = Withdrawn by { $player }.
trade-fate_only = Trade offer — { $why }
trade-get_cards = Jail cards you ask for
trade-get_cash = Cash you ask for
trade-give_cards = Jail cards you give
trade-give_cash = Cash you give
trade-no_draft = No offer is being built here: it was sent already, or start one with { COMMAND("trade") }.
trade-none = (none)
trade-not_for_you = This offer is not addressed to you.
trade-not_player = That member is not in this game.
trade-not_posted = Your offer could not be posted in the channel, so it was withdrawn. Try again later.
trade-not_tradable = Not tradable now (sell the buildings on their group first): { $deeds }
trade-nothing = nothing
trade-offer = { $receiver }, { $proposer } offers a trade (expires { $when }):
trade-offer_closed = Trade offer from { $proposer } to { $receiver } — { $why }
trade-self = Choose another player.
trade-send = Send offer
trade-sent = Offer sent.
trade-proposer_asks = { $player } asks for
trade-proposer_gives = { $player } gives
trade-you_get = You get
trade-you_give = You give
ui-add_cpu = Add computer
ui-auction_of = Auction: { $space }
ui-bankrupt = bankrupt
ui-bid = Bid { MONEY($amount) }
ui-cancel = Cancel
ui-colon = {": "}
ui-deeds = { $count } { $count ->
        [one] deed
       *[other] deeds
    }
ui-dollar = { MONEY($amount) }
ui-high_bid = High bid: { MONEY($amount) } by { $player }
ui-in_detention = in detention
ui-in_jail = in jail
ui-join = Join
ui-joined = You joined the game.
ui-leave = Leave
ui-left = You left the lobby.
ui-no_bid = No bid yet
ui-start = Start
ui-tickets = { $count } { $count ->
        [one] ticket
       *[other] tickets
    }
value-all_channels = every channel
value-off = off
value-on = on
picture-seat = Seat { $seat }
web-live = Live: this page follows the game as it is played.
web-reconnecting = Connection lost — reconnecting…
web-closed = This game is no longer shared: the page stopped following it.
web-gone = This link does not open a game: it was never valid, or the game is no longer shared.
web-not_started = This game has not started yet.
web-too_many = Too many requests from your address; wait a moment and try again.
web-now = Now
web-players = Players
web-moves = Last moves
web-board = The board
web-replay = Replay the game step by step
web-replay_title = Replay
web-back = Back to the live page
web-step = Step { $step } of { $steps }
web-step_label = Step
web-step_moves = This move
web-previous = Previous
web-next = Next
web-story = The story of the game
web-watch = Watch
web-watch_replay = Replay
watch-on = This game can be watched in a browser while it is shared: { $url }
watch-off = Sharing ended: the links given out no longer open this game, and open pages stopped following it.
watch-not_enabled = Watch pages are not switched on for this bot (the operator sets WEB_PORT and PUBLIC_URL).
cmd-watch = Share this channel's game as a web page, or stop sharing it
cmdname-watch = watch
error-watch_not_host = Only the host or a member with Manage Server can share this game or stop sharing it.
alt-replay_page = Game { $game } to replay step by step in a browser (open the file)
