"""What the game waits for, who may act, and each player's legal actions (these drive the buttons)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.clone import clone
from engine.core.errors import IllegalAction
from engine.mega import auction as auction_rules
from engine.mega.actions import (
    AcceptTrade,
    Bid,
    Build,
    Buy,
    ChooseGift,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    EvenOutLayout,
    MegaAction,
    Mortgage,
    Pass,
    PayFine,
    PickAuctionDeed,
    RejectTrade,
    Roll,
    SellAllBuildings,
    SellBuilding,
    Throw,
    Unmortgage,
    UseJailCard,
    WithdrawTrade,
)
from engine.mega.board import DEEDS, GROUPS, SPACES
from engine.mega.building import check_build_step, valid_layouts
from engine.mega.queries import current, deeds_of, find, owned_in_group, unmortgage_cost
from engine.mega.state import (
    Bidding,
    BuyOffer,
    Debt,
    EvenOut,
    Gift,
    MegaState,
    MoveSteps,
    Pending,
    PickAuction,
    PlaceBuilding,
    Player,
    UtilityThrow,
)

WAITING = {
    "buy": "buy",
    "auction": "auction",
    "shortage": "auction",
    "pick_auction": "pick_auction",
    "gift": "gift",
    "throw": "throw",
    "debt": "debt",
    "even_out": "even_out",
    "place_building": "place_building",
}


# Steps in the queue that one named player answers.
PERSONAL = (BuyOffer, PickAuction, Gift, UtilityThrow, MoveSteps, EvenOut, PlaceBuilding)


def waiting_for(s: MegaState) -> str:
    if s.over:
        return "game_over"
    if s.queue:
        return WAITING[s.queue[0].kind]
    return s.stage


def to_act(s: MegaState) -> list[str]:
    """Who the game waits on: one player, several bidders, or nobody (game over)."""
    if s.over:
        return []
    if not s.queue:
        return [current(s).name]
    front = s.queue[0]
    if isinstance(front, Bidding):
        return [b for b in front.bidders if b not in front.passed and b != front.high_bidder]
    if isinstance(front, Debt):
        return [front.debtor]
    return [front.player] if isinstance(front, PERSONAL) else []


def _works(s: MegaState, player: str, action: MegaAction) -> bool:
    """Whether the rules accept `action`, tried on a copy (for moves with no check of their own)."""
    from engine.mega.flow import _dispatch

    return _passes(_dispatch, clone(s), [], player, action)


def _may_sell(s: MegaState, p: Player, space: str) -> bool:
    """A building sale, checked without trying it on a copy (legal moves are asked at every step)."""
    from engine.mega.flow import check_sale

    return _passes(check_sale, s, p, space)


def _may_sell_group(s: MegaState, p: Player, group: str) -> bool:
    from engine.mega.flow import check_sale_of_group

    return _passes(check_sale_of_group, s, p, group)


def _passes(check: Callable[..., object], *args: object) -> bool:
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


def legal_actions(s: MegaState, player: str) -> list[MegaAction]:
    """Every action `player` may take now. Bids are offered at a few useful amounts; trade
    proposals are free-form and validated when made, so they are not listed."""
    if s.over:
        return []
    try:
        p = find(s, player)
    except IllegalAction:
        return []
    if p.bankrupt:
        return []
    front = s.queue[0] if s.queue else None
    out = _turn_moves(s, p) if front is None else _answers_to(s, front, p)
    return out + _management(s, player) + _trade_answers(s, player)


def _turn_moves(s: MegaState, p: Player) -> list[MegaAction]:
    """Nothing pending: the player whose turn it is rolls (or leaves jail first), then ends the turn."""
    if current(s).name != p.name:
        return []
    if s.stage != "roll":
        return [EndTurn()]
    out: list[MegaAction] = [Roll()]
    if p.in_jail:
        if p.cash >= s.rules.jail_fine:
            out.append(PayFine())
        if p.jail_cards:
            out.append(UseJailCard())
    return out


def _bids(s: MegaState, front: Bidding, player: str) -> list[MegaAction]:
    """A bidder still in the auction and not the high bidder: a few useful amounts, or pass."""
    if player not in front.bidders or player in front.passed or front.high_bidder == player:
        return []
    low = auction_rules.min_bid(front)
    cap = auction_rules.bid_cap(s, front, player)
    top = cap if cap is not None else low + 500
    amounts = sorted({a for a in (low, low + 9, low + 49, low + 99, top) if low <= a <= top})
    return [*(Bid(amount=a) for a in amounts), Pass()]


def _answers_to(s: MegaState, front: Pending, p: Player) -> list[MegaAction]:
    """What the player may do about the step at the front of the queue."""
    player = p.name
    if isinstance(front, Bidding):
        return _bids(s, front, player)
    if isinstance(front, Debt):
        return [DeclareBankruptcy()] if front.debtor == player else []
    if not isinstance(front, PERSONAL) or front.player != player:
        return []
    if isinstance(front, BuyOffer):
        return [Buy(), Decline()] if p.cash >= (SPACES[front.space].price or 0) else [Decline()]
    if isinstance(front, PickAuction):
        return [PickAuctionDeed(space=d) for d in DEEDS if d not in s.owner]
    if isinstance(front, Gift):
        return [ChooseGift(take="ticket"), ChooseGift(take="cash")]
    if isinstance(front, UtilityThrow):
        return [Throw()]
    if isinstance(front, EvenOut):
        if front.needs_unmortgage:
            return [SellAllBuildings(group=front.group)]
        return [EvenOutLayout(layout=layout, tickets=t) for layout, t in valid_layouts(s, p, front)]
    if isinstance(front, PlaceBuilding):
        return [Build(space=sp) for sp in _build_spaces(s, player, front.piece)]
    return []


def _build_spaces(s: MegaState, player: str, piece: str | None = None) -> list[str]:
    p = find(s, player)
    spaces = []
    for group in GROUPS:
        for space in owned_in_group(s, player, group):
            try:
                check_build_step(s, p, space, piece)
            except IllegalAction:
                continue
            spaces.append(space)
    return spaces


def _management(s: MegaState, player: str) -> list[MegaAction]:
    """Build, sell, mortgage and lift mortgages, where the moment allows it (M-27, M-36, M-31e)."""
    from engine.mega.flow import may_manage

    p = find(s, player)
    out: list[MegaAction] = []
    front = s.queue[0] if s.queue else None
    if not isinstance(front, PlaceBuilding):
        try:
            may_manage(s, player, "build")
            for space in _build_spaces(s, player):
                cost = SPACES[space].house_cost or 0
                if p.cash >= cost:
                    out.append(Build(space=space))
                if p.tickets:
                    out.append(Build(space=space, tickets=1))
        except IllegalAction:
            pass
    for deed in deeds_of(s, player):
        group = SPACES[deed].group
        try:
            if deed in s.mortgaged:
                may_manage(s, player, "unmortgage")
                if p.cash >= unmortgage_cost(s, deed):
                    out.append(Unmortgage(space=deed))
            else:
                may_manage(s, player, "mortgage", group)  # M-31e: not on the group being settled
                if group is None or not any(s.buildings.get(m, 0) for m in owned_in_group(s, player, group)):
                    out.append(Mortgage(space=deed))
        except IllegalAction:
            continue
    for space, level in s.buildings.items():
        if level and s.owner.get(space) == player and _may_sell(s, p, space):
            out.append(SellBuilding(space=space))
    groups = {SPACES[sp].group for sp, lv in s.buildings.items() if lv and s.owner.get(sp) == player}
    for group in sorted(g for g in groups if g is not None):
        if _may_sell_group(s, p, group):  # it has buildings: the sale is allowed whenever the moment is
            out.append(SellAllBuildings(group=group))
    return out


def _trade_answers(s: MegaState, player: str) -> list[MegaAction]:
    out: list[MegaAction] = []
    for offer in s.trades:
        if offer.receiver == player:
            accept = AcceptTrade.model_validate({"from": offer.proposer, "offer": offer.id})
            if _works(s, player, accept):
                out.append(accept)
            out.append(RejectTrade.model_validate({"from": offer.proposer, "offer": offer.id}))
        elif offer.proposer == player:
            out.append(WithdrawTrade(to=offer.receiver, offer=offer.id))
    return out


def bid_range(s: MegaState, player: str) -> tuple[int, int | None] | None:
    """(lowest, highest) bid this player may make now, for the bid modal; None if they cannot bid."""
    front = s.queue[0] if s.queue else None
    if not isinstance(front, Bidding) or player not in front.bidders or player in front.passed:
        return None
    if front.high_bidder == player:
        return None
    return auction_rules.min_bid(front), auction_rules.bid_cap(s, front, player)
