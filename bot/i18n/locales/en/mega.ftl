### Mega Monopoly: its board, cards, moves and panels.
### Variables are written { $name }; amounts of money { MONEY($amount) }; plurals select on
### CLDR categories ({ $count -> [one] … *[other] … }). Keys mirror the code's dotted keys with - for .

board-card-for_sale = For sale
board-card-group = Group of { $size }:
board-card-mortgaged = Mortgaged: no rent
board-card-owner = Owner:
board-card-price = Price { MONEY($price) }
board-card-rent = Rent now { MONEY($amount) }
board-card-rent_dice = Rent: dice × { $times }
card-chance-advance_to_boardwalk = Take a walk on the Boardwalk. Advance token to Boardwalk.
card-chance-advance_to_go = Advance to Go (Collect $200).
card-chance-advance_to_illinois_avenue = Advance to Illinois Ave. If you pass Go, collect $200.
card-chance-advance_to_reading_railroad = Take a trip to Reading Railroad. If you pass Go, collect $200.
card-chance-advance_to_st_charles_place = Advance to St. Charles Place. If you pass Go, collect $200.
card-chance-bank_pays_you_dividend_of_50 = Bank pays you dividend of $50.
card-chance-get_out_of_jail_free_this_card_may_be_ke = Get out of Jail Free. This card may be kept until needed, or traded/sold.
card-chance-go_back_3_spaces = Go Back 3 Spaces.
card-chance-go_to_jail_go_directly_to_jail_do_not_pa = Go to Jail. Go directly to Jail. Do not pass Go, do not collect $200.
card-chance-make_general_repairs_on_all_your_propert = Make general repairs on all your property. For each house pay $25. For each hotel $100.
card-chance-nearest_railroad = Advance token to the nearest Railroad and pay owner twice the rental to which he/she is otherwise entitled. If Railroad is unowned, you may buy it from the Bank.
card-chance-nearest_railroad_2 = Advance token to the nearest Railroad and pay owner twice the rental to which he/she is otherwise entitled. If Railroad is unowned, you may buy it from the Bank.
card-chance-nearest_utility = Advance token to nearest Utility. If unowned, you may buy it from the Bank. If owned, throw dice and pay owner a total ten times the amount thrown.
card-chance-pay_poor_tax_of_15 = Pay poor tax of $15.
card-chance-you_have_been_elected_chairman_of_the_bo = You have been elected Chairman of the Board. Pay each player $50.
card-chance-your_building_and_loan_matures_collect_1 = Your building and loan matures. Collect $150.
card-community_chest-advance_to_go = Advance to Go (Collect $200).
card-community_chest-bank_error_in_your_favor_collect_200 = Bank error in your favor. Collect $200.
card-community_chest-doctor_s_fees_pay_50 = Doctor's fees. Pay $50.
card-community_chest-from_sale_of_stock_you_get_45 = From sale of stock you get $45.
card-community_chest-get_out_of_jail_free_this_card_may_be_ke = Get Out of Jail Free. This card may be kept until needed or sold.
card-community_chest-go_to_jail_go_directly_to_jail_do_not_pa = Go to Jail. Go directly to jail. Do not pass Go. Do not collect $200.
card-community_chest-grand_opera_night_collect_50_from_every = Grand Opera Night. Collect $50 from every player for opening night seats.
card-community_chest-holiday_fund_matures_receive_100 = Holiday Fund matures. Receive $100.
card-community_chest-income_tax_refund_collect_20 = Income tax refund. Collect $20.
card-community_chest-life_insurance_matures_collect_100 = Life insurance matures. Collect $100.
card-community_chest-pay_hospital_fees_of_100 = Pay hospital fees of $100.
card-community_chest-pay_school_fees_of_150 = Pay school fees of $150.
card-community_chest-receive_25_consultancy_fee = Receive $25 consultancy fee.
card-community_chest-you_are_assessed_for_street_repairs_40_p = You are assessed for street repairs. $40 per house. $115 per hotel.
card-community_chest-you_have_won_second_prize_in_a_beauty_co = You have won second prize in a beauty contest. Collect $10.
card-community_chest-you_inherit_100 = You inherit $100.
cash-why-bankruptcy = bankruptcy
cash-why-building = building
cash-why-bus = the bus bonus
cash-why-card = the card
cash-why-go = passing GO
cash-why-jail_fine = the jail fine
cash-why-repairs = repairs
cash-why-sold_building = buildings sold back to the bank
cash-why-ticket_cash = instead of a house ticket
cash-why-transfer_fee = 10% on a mortgaged deed received
cash-why-unmortgage = lifting a mortgage, with 10%
deck-chance = Chance
deck-community_chest = Community Chest
ev-auction_opened = The auction of { $space } opens.
ev-auction_unsold = Nobody bid: { $space } stays unsold.
ev-auction_won = { $player } won { $space } at auction for { MONEY($amount) }.
ev-bankrupt = { $player } went bankrupt: everything goes to { $creditor }.
ev-bid = { $player } bid { MONEY($amount) }.
ev-bought = { $player } bought { $space } for { MONEY($price) }.
ev-built = { $player } built on { $space }: now { $level }.
ev-card = { $player } drew { $deck }: { $text }
ev-deck_empty = { $player } lands on { $deck }, but every card of it is held by players: nothing happens.
ev-cash_in = { $player } receives { MONEY($amount) } ({ $why }).
ev-cash_out = { $player } pays { MONEY($amount) } ({ $why }).
ev-debt_opened = { $player } owes { $creditor } { MONEY($amount) } and must raise the money.
ev-debt_paid = { $player } paid { $creditor } the { MONEY($amount) } owed.
ev-declined = { $player } declined { $space }: it goes to auction.
ev-dice = { $player } rolled { $white1 } + { $white2 }, speed die: { $speed }.
ev-dividend = Stock dividend: { $player } pays { $holder } { MONEY($amount) } (a share of the rent, for holding { $stock }).
ev-evened_out = { $player } settled the { $group } group: { $layout }.
ev-game_over_assets = The game is over: { $winners } { $count ->
            [one] wins
           *[other] win
        } by the asset count.
ev-jailed = { $player } goes to jail ({ $why }).
ev-left_jail = { $player } leaves jail ({ $how }).
ev-left_uneven = The { $group } group is left uneven until { $player } builds or sells evenly again.
ev-mortgaged = { $player } mortgaged { $space } for { MONEY($amount) }.
ev-moved = { $to ->
        [jail] { $player } is just visiting the jail.
       *[other] { $player } moved to { $space }.
    }
ev-no_rent_mortgaged = { $space } is mortgaged: { $player } pays { $owner } no rent.
ev-nothing_to_auction = Every deed is owned: nothing to auction.
ev-passed = { $player } passed.
ev-rent = { $player } pays { $owner } { MONEY($amount) } rent for { $space } ({ $why }).
ev-round_limit = Round { $rounds } is over — the table's round limit: the asset count decides (M-42).
ev-shortage = The bank's last { $piece }: { $player } wants it, and { $rivals } may outbid.
ev-shortage_won = { $player } won the bank's last { $piece } for { MONEY($amount) }.
ev-sold_building = { $player } sold back a building on { $space }: now { $level }.
ev-sold_group = { $player } sold every building on the { $group } group ({ $levels } in all).
ev-stays_in_jail = { $player } stays in jail (try { $tries } of 3).
ev-tax = { $player } pays { MONEY($amount) } { $space }.
ev-ticket = { $player } gets a house ticket.
ev-ticket_used = { $player } uses { $count } house { $count ->
            [one] ticket
           *[other] tickets
        }.
ev-trade_done = { $player } and { $other } traded: { $player } gave { $give }; { $other } gave { $get }.
ev-unmortgaged = { $player } lifted the mortgage on { $space }.
group-brown = brown
group-dark_blue = dark blue
group-green = green
group-light_blue = light blue
group-orange = orange
group-pink = pink
group-red = red
group-yellow = yellow
jail-how-card = used a Get Out of Jail Free card
jail-how-doubles = rolled doubles
jail-how-fine = paid the fine
jail-how-third_try = after the third try, paying the fine
jail-why-card = a card
jail-why-go_to_jail = the Go To Jail space
jail-why-third_doubles = a third doubles in a row
jail-why-triples = triples
level-hotel = a hotel
level-houses = { $count } { $count ->
            [one] house
           *[other] houses
        }
level-none = no buildings
mega-bad_amount = Enter a whole number of dollars.
mega-bank = the bank
mega-bankrupt_sure = Declare bankruptcy? Everything you own goes to your creditor.
mega-bankrupt_yes = Yes, declare bankruptcy
mega-bid_amount = Amount in dollars
mega-bid_custom = Bid…
mega-bid_title = Your bid
mega-build_cash = a { $piece } for { MONEY($cost) }
mega-build_ticket = a { $piece } with a ticket ({ $count } left)
mega-confirm_back = Back
mega-confirm_mortgage = Mortgage **{ $space }** for +{ MONEY($amount) }? You would have { MONEY($cash) }.
mega-confirm_sell = Sell a building on **{ $space }** for +{ MONEY($amount) }? You would have { MONEY($cash) }.
mega-confirm_sell_group = Sell every building on **{ $group }**? It brings +{ MONEY($amount) }: you would have { MONEY($cash) }.
mega-confirm_still = { " " }Still missing after it: { MONEY($missing) }.
mega-confirm_pays = { " " }That pays the { MONEY($amount) } you owe: { MONEY($left) } left.
mega-confirm_yes = Yes, do it
mega-debt = **{ $debtor }** owes { $creditor } **{ MONEY($amount) }** and has { MONEY($cash) }: **{ MONEY($missing) }** still missing. **Raise { MONEY($missing) }…** shows what mortgages and sales bring; a trade helps too.
mega-dividends = received { MONEY($amount) } in dividends
mega-field-cards = { $count } Get Out of Jail Free
mega-field-full = {" "}— full group
mega-field-group = **{ $group }** { $count }/{ $size }{ $status }: { $streets }
mega-field-jail = in jail (try { $tries } of 3)
mega-field-majority = {" "}— majority
mega-field-mortgaged = { $space } (mortgaged)
mega-field-no_deeds = no deeds
mega-field-on = on { $space }
mega-field-railroads = **railroads** { $count }/4: { $streets }
mega-field-status = { MONEY($cash) } · { $where }
mega-field-tickets = { $count } house { $count ->
            [one] ticket
           *[other] tickets
        }
mega-field-utilities = **utilities** { $count }/3: { $streets }
mega-high = High bid **{ MONEY($amount) }** by { $player }.
mega-hotel = hotel
mega-house = house
mega-kind-railroad = railroad
mega-kind-utility = utility
mega-layout_cost = { $cost ->
        [0] free: the buildings only move
       *[other] costs { MONEY($cost) }
    }
mega-layout_cost_tickets = costs { MONEY($cost) } and { $tickets } { $tickets ->
        [one] ticket
       *[other] tickets
    }
mega-layout_order = Buildings on { $streets }: now { $now }.
mega-layout_refund = sells back for { MONEY($amount) }
mega-lift_for = lift for { MONEY($amount) }
mega-manage = Manage deeds
mega-manage_debt = You owe **{ MONEY($amount) }** and have { MONEY($cash) }: **{ MONEY($missing) }** still missing. Mortgages and sales below can raise up to { MONEY($total) }.
mega-manage_debt_short = You owe **{ MONEY($amount) }** and have { MONEY($cash) }: even every mortgage and sale below (up to { MONEY($total) }) cannot cover it — a trade, or bankruptcy.
mega-manage_nothing = Nothing to build, sell or mortgage right now.
mega-manage_wait = Nothing can be built, sold or mortgaged until the table is done waiting for { $what }.
mega-manage_title = Your deeds
mega-manage_you = Cash { MONEY($cash) } · tickets { $tickets }
mega-mortgage_for = +{ MONEY($amount) } (mortgage)
mega-most_landed = Most landed: { $space } ({ $count } { $count ->
        [one] time
       *[other] times
    })
mega-no_high = No bid yet: the first bid may be any amount from $1.
mega-now-auction = Auction of **{ $space }** ({ $group }, list price { MONEY($price) }). { $high } Anyone still in may bid; each bid restarts the countdown.
mega-now-buy = **{ $player }** — buy **{ $space }** ({ $group }) for **{ MONEY($price) }**? You have { MONEY($cash) }.
mega-now-buy_detail = { $rent } { $others }
mega-now-buy_short = **{ $player }** — **{ $space }** costs **{ MONEY($price) }** and you have { MONEY($cash) }: raise { MONEY($missing) } in **Manage deeds**, or decline and it is auctioned.
mega-now-end_turn = **{ $player }** may build, trade or mortgage, then press **End turn**.
mega-now-gift = **{ $player }**'s birthday gift: take a house ticket or { MONEY($cash) }.
mega-now-pick = **{ $player }** landed on Auction and picks an unsold deed to auction.
mega-now-roll = **{ $player }**, press **Roll**.
mega-now-roll_jail = **{ $player }** is in jail (try { $tries } of 3): roll for doubles{ $card ->
    [yes] , pay the { MONEY($fine) } fine or use a Get Out of Jail Free card.
   *[no] {" "}or pay the { MONEY($fine) } fine.
}
mega-now-jail_last_try = {" "}Last try: without doubles, { $player } pays the fine and moves.
mega-now-throw = **{ $player }** throws the dice: the rent is the throw × { $times }.
mega-others = The rest of the group: { $streets }.
mega-owned_by = { $space } ({ $player })
mega-pick_group = { $group } ({ $count } unsold)
mega-place = { $player } won the building: place it with Manage deeds → Build.
mega-raise = Raise { MONEY($amount) }…
mega-rent-railroad = Rent { MONEY($rent) } with { $count } { $count ->
            [one] railroad
           *[other] railroads
        } (up to $200 with all 4).
mega-rent-street = Rent { MONEY($rent) }; ×2 with a majority of the group, ×3 with all of it.
mega-rent-utility = Rent: the dice × { $times } with { $count } { $count ->
            [one] utility
           *[other] utilities
        }.
mega-rent_collected = collected { MONEY($amount) } rent
mega-select-build = Build…
mega-select-layout = Buildings on { $streets }…
mega-select-mortgage = Mortgage…
mega-select-pick = Choose a deed to auction…
mega-select-sell = Sell buildings…
mega-select-unmortgage = Lift a mortgage…
mega-select-trade_get = Deeds you ask for…
mega-select-trade_give = Deeds you give…
mega-sell_for = { $level } → +{ MONEY($amount) } (sell one)
mega-sell_group = Sell every building on { $group }
mega-settle = { $player } now owns all of the group with { $street }: choose how to even it out.
mega-settle_mortgaged = { $player } received { $street } mortgaged: lift the mortgage (Manage deeds) or sell every building on the group.
mega-shortage = The bank's last { $piece }: { $builder } builds it at { MONEY($price) } unless someone outbids.
mega-standings = Final standings by assets (M-42: cash, deeds and buildings)
mega-stats = Statistics
mega-stats-deeds = { $count } { $count ->
            [one] deed
           *[other] deeds
        } bought ({ $auctions } at auction)
mega-stats-favourite = Favourite deed: { $space } (bought { $count } { $count ->
            [one] time
           *[other] times
        })
mega-stats-money = Rent collected { MONEY($rent) } · rent paid { MONEY($paid) } · dividends { MONEY($dividends) }
mega-stats-profitable = Most profitable deed: { $space } ({ MONEY($amount) } in rent)
mega-story-bankrupt = { $player } went bankrupt to { $creditor }
mega-story-bankrupt_bank = { $player } went bankrupt to the bank
mega-story-biggest_rent = the biggest rent: { $payer } paid { $owner } { MONEY($amount) } for { $space }
mega-story-decisive_group = { $player } owned all of { $group }, which earned { MONEY($rent) } in rent
mega-story-took_lead = { $player } took the lead for good
mega-suggest-build = Build on { $space }
mega-suggest-layout = Settle { $layout }: { $cost }
mega-suggest-mortgage = Mortgage { $space }: +{ MONEY($amount) }
mega-suggest-pick = Auction { $space } (list { MONEY($price) })
mega-suggest-sell = Sell a building on { $space }: +{ MONEY($amount) }
mega-suggest-sell_all = Sell the buildings on { $group }: +{ MONEY($amount) }
mega-suggest-sell_group = Sell the buildings on { $group }
mega-trade_help = Choose deeds below, set cash or Get Out of Jail Free cards with **Cash and cards…**, then **Send offer**: { $player } answers in the channel.
mega-unowned = { $space } (unowned)
rent-why-card_utility = the card's throw { $dice } × { $times }
rent-why-full = 3× rent: the whole group
rent-why-hotel = a hotel
rent-why-houses = { $level } { $level ->
            [one] house
           *[other] houses
        }
rent-why-majority = 2× rent: majority { $count } of { $size }
rent-why-railroads = { $count } { $count ->
            [one] railroad
           *[other] railroads
        } owned
rent-why-single = base rent
rent-why-twice = twice the rent, by the card
rent-why-utility = the dice { $dice } × { $times }
space-arctic_avenue = Arctic Avenue
space-atlantic_avenue = Atlantic Avenue
space-auction = Auction
space-b_and_o_railroad = B. & O. Railroad
space-baltic_avenue = Baltic Avenue
space-birthday_gift = Birthday Gift
space-boardwalk = Boardwalk
space-bus_ticket = Bus Ticket
space-california_avenue = California Avenue
space-chance_1 = Chance
space-chance_2 = Chance
space-chance_3 = Chance
space-community_chest_1 = Community Chest
space-community_chest_2 = Community Chest
space-community_chest_3 = Community Chest
space-connecticut_avenue = Connecticut Avenue
space-electric_company = Electric Company
space-florida_avenue = Florida Avenue
space-free_parking = Free Parking
space-gas_company = Gas Company
space-go = GO
space-go_to_jail = Go To Jail
space-illinois_avenue = Illinois Avenue
space-income_tax = Income Tax
space-indiana_avenue = Indiana Avenue
space-jail = In Jail / Just Visiting
space-kentucky_avenue = Kentucky Avenue
space-luxury_tax = Luxury Tax
space-marvin_gardens = Marvin Gardens
space-maryland_avenue = Maryland Avenue
space-massachusetts_avenue = Massachusetts Avenue
space-mediterranean_avenue = Mediterranean Avenue
space-michigan_avenue = Michigan Avenue
space-new_jersey_avenue = New Jersey Avenue
space-new_york_avenue = New York Avenue
space-north_carolina_avenue = North Carolina Avenue
space-oriental_avenue = Oriental Avenue
space-pacific_avenue = Pacific Avenue
space-park_place = Park Place
space-pennsylvania_avenue = Pennsylvania Avenue
space-pennsylvania_railroad = Pennsylvania Railroad
space-reading_railroad = Reading Railroad
space-short_line = Short Line
space-south_carolina_avenue = South Carolina Avenue
space-st_charles_place = St. Charles Place
space-st_james_place = St. James Place
space-states_avenue = States Avenue
space-tennessee_avenue = Tennessee Avenue
space-ventnor_avenue = Ventnor Avenue
space-vermont_avenue = Vermont Avenue
space-virginia_avenue = Virginia Avenue
space-water_works = Water Works
speed-1 = 1
speed-2 = 2
speed-3 = 3
speed-bus = Bus
speed-mr = Mr. Monopoly
ui-last_roll = Last roll: { $white1 } + { $white2 }, speed die: { $speed }
board-bank = Bank: { $houses } { $houses ->
        [one] house
       *[other] houses
    } · { $hotels } { $hotels ->
        [one] hotel
       *[other] hotels
    } · { $tickets } { $tickets ->
        [one] ticket
       *[other] tickets
    }
board-tickets = tickets { $count }
board-bankrupt = bankrupt
board-jail = JAIL
board-face-mr = Mr
board-face-bus = Bus
board-turn = { $player }'s turn
