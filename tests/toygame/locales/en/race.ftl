### The dice race (a test's toy game): its own words, outside the bot's catalogs.

cmd-choice-race = Dice race
lobby-title-race = Dice race — lobby
game-title-race = Dice race
game-rules_title-race = Dice race: the rules
game-rules-race = Roll one die and move. Then push your luck (roll again; a 1 sends you back to where the turn began) or stop. First to the goal wins.
status-waiting-race_roll = a roll
status-waiting-race_push = push or stop
action-race_roll = Roll
action-race_push = Push on
action-race_stop = Stop
race-at = { $player }: { $at } of { $goal }
race-window = If { $player } does nothing, the turn stops by itself.
ev-race_started = The race is on.
ev-race_rolled = { $player } rolled { $value }.
ev-race_fell_back = { $player } rolled a 1 and falls back to { $to }.
ev-race_stopped = { $player } stops at { $at }.
ev-race_left = { $player } left the race.
ev-race_won = { $player } wins the race!
