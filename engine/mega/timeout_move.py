"""The safe choice for a player who lets the turn timer run out: never spend money that is not
owed, never give anything away, and keep the game moving."""

from __future__ import annotations

from engine.mega.actions import (
    ChooseGift,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    EvenOutLayout,
    MegaAction,
    Mortgage,
    PickAuctionDeed,
    Roll,
    SellBuilding,
    Throw,
)
from engine.mega.board import GROUPS, SPACES
from engine.mega.legal import legal_actions, waiting_for
from engine.mega.state import EvenOut, MegaState


def safe_action(s: MegaState, player: str) -> MegaAction | None:
    """What the timer does for `player`, or None when they have nothing they must do."""
    legal = legal_actions(s, player)
    if not legal:
        return None
    waiting = waiting_for(s)
    kinds = {type(a) for a in legal}
    if waiting == "roll" and Roll in kinds:
        return Roll()
    if waiting == "buy" and Decline in kinds:
        return Decline()
    if waiting == "gift":
        return ChooseGift(take="cash")
    if waiting == "throw":
        return Throw()
    if waiting == "pick_auction":
        picks = [a for a in legal if isinstance(a, PickAuctionDeed)]
        return min(picks, key=lambda a: SPACES[a.space].price or 0) if picks else None
    if waiting == "even_out":
        return _cheapest_layout(s, legal)
    if waiting == "debt":
        # Raise cash the least harmful way first: mortgage, then sell, then give up.
        for kind in (Mortgage, SellBuilding):
            options = [a for a in legal if isinstance(a, kind)]
            if options:
                return options[0]
        return DeclareBankruptcy()
    if waiting == "place_building":
        return legal[0]
    if waiting == "end_turn" and EndTurn in kinds:
        return EndTurn()
    return None


def _cheapest_layout(s: MegaState, legal: list[MegaAction]) -> MegaAction | None:
    """M-31b redistribution when possible: the layout that adds the fewest buildings."""
    front = s.queue[0]
    assert isinstance(front, EvenOut)
    members = GROUPS[front.group].members
    before = sum(s.buildings.get(m, 0) for m in members)
    layouts = [a for a in legal if isinstance(a, EvenOutLayout) and a.tickets == 0]
    if not layouts:
        return next((a for a in legal if a.do == "sell_all_buildings"), None)
    # Keep as many buildings as possible without paying: added == 0 first, then fewest added.
    return min(layouts, key=lambda a: (abs(sum(a.layout.values()) - before), -sum(a.layout.values())))
