"""`apply`: one action in, a new state and its events out. The queue of pending items is
resolved here; everything a rule module returns to wait on is pushed to its front."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from engine.core import offers
from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.fold import apply_action
from engine.core.jsondata import JsonObject
from engine.mega import auction, building, movement, trade
from engine.mega.actions import (
    AcceptTrade,
    Bid,
    Build,
    Buy,
    ChooseGift,
    CloseAuction,
    DeclareBankruptcy,
    Decline,
    EndGame,
    EndTurn,
    EvenOutLayout,
    MegaAction,
    Mortgage,
    Pass,
    PayFine,
    PickAuctionDeed,
    ProposeTrade,
    RejectTrade,
    Resign,
    Roll,
    SellAllBuildings,
    SellBuilding,
    Throw,
    Unmortgage,
    UseJailCard,
    WithdrawTrade,
    parse_action,
)
from engine.mega.assets import standings
from engine.mega.bankruptcy import go_bankrupt
from engine.mega.board import DEEDS, SPACES
from engine.mega.events import Bought, DebtPaid, Declined, GameOver, MegaEvent, Resigned, RoundLimit, Turn
from engine.mega.money import push_front, transfer
from engine.mega.queries import active, current, find, is_free, require, seat_of, seat_order_from
from engine.mega.rent import settle_dividend
from engine.mega.state import (
    BankAuctions,
    BuyOffer,
    Debt,
    DeedAuction,
    DividendDue,
    EvenOut,
    Gift,
    MegaState,
    MoveSteps,
    PickAuction,
    PlaceBuilding,
    Player,
    ShortageAuction,
    TradeOffer,
    UtilityThrow,
)


def apply(state: MegaState, player: str | None, action: MegaAction | JsonObject) -> tuple[MegaState, list[MegaEvent]]:
    """Apply one action. Raises IllegalAction (and changes nothing) if the rules forbid it."""
    return apply_action(state, player, action, parse_action, _dispatch_and_settle)


def _dispatch_and_settle(s: MegaState, ev: list[MegaEvent], actor: str | None, action: MegaAction) -> None:
    _dispatch(s, ev, actor, action)
    settle(s, ev)


# --- who may do what now -------------------------------------------------------------------


class _Chooser(Protocol):
    player: str  # the one player a personal step waits on


Step = TypeVar("Step")
Personal = TypeVar("Personal", bound=_Chooser)


def _turn_player(s: MegaState, name: str | None) -> Player:
    p = active(s, name)
    if current(s).name != p.name:
        raise NotYourTurn("not_your_turn", f"it is {current(s).name}'s turn", current=current(s).name)
    return p


def _front(s: MegaState, cls: type[Step], code: str, message: str) -> Step:
    front = s.queue[0] if s.queue else None
    if not isinstance(front, cls):
        raise NotYourTurn(code, message)
    return front


def _auction_front(s: MegaState, message: str) -> DeedAuction | ShortageAuction:
    front = s.queue[0] if s.queue else None
    if not isinstance(front, DeedAuction | ShortageAuction):
        raise NotYourTurn("no_auction", message)
    return front


def _own_front(s: MegaState, name: str | None, cls: type[Personal], code: str, message: str) -> Personal:
    item = _front(s, cls, code, message)
    if item.player != name:
        raise NotYourTurn("not_your_choice", f"{item.player} must choose now", player=item.player)
    return item


def may_manage(s: MegaState, name: str, verb: str, group: str | None = None) -> None:
    """M-27, M-36, M-31e: building, selling and mortgaging are allowed only in some moments."""
    if is_free(s):
        return
    front = s.queue[0]
    if isinstance(front, Debt):
        if verb == "build":
            raise IllegalAction("no_build_in_debt", "nobody builds while a debt is open (M-36)")
        if verb == "sell" and name != front.debtor:
            raise IllegalAction("only_debtor_sells", f"only {front.debtor} may sell buildings now (M-36)")
        return
    if isinstance(front, EvenOut) and front.player == name and verb != "build":
        # M-31e: the group being settled changes only by the layout itself (or M-31c's sale);
        # the player funds it from other groups.
        if verb in ("sell", "mortgage") and group == front.group:
            raise IllegalAction("settle_group", "settle this group with a layout (M-31)")
        return
    raise IllegalAction("not_now", "this can only be done when nothing else is pending (M-27)")


# --- the actions ---------------------------------------------------------------------------


def _dispatch(s: MegaState, ev: list[MegaEvent], actor: str | None, action: MegaAction) -> None:
    """Each move type to its handler (boardgame.io's `moves`): the table's own moves need no
    player; every other move is a seated player's."""
    table_move = TABLE_MOVES.get(type(action))
    if table_move is not None:
        table_move(s, ev)
        return
    move = MOVES.get(type(action))
    if move is None:
        raise IllegalAction("unknown_action", f"unknown action {action.do}")
    move(s, ev, active(s, actor), action)


def _close_auction(s: MegaState, ev: list[MegaEvent]) -> None:
    item = _auction_front(s, "there is no auction to close")
    s.queue.pop(0)
    push_front(s, auction.close(s, ev, item))


def _roll(s: MegaState, ev: list[MegaEvent], p: Player, action: Roll) -> None:
    name = p.name
    _turn_player(s, name)
    require(is_free(s) and s.stage == "roll", "no_roll_now", "you cannot roll now")
    push_front(s, movement.roll(s, ev, p, action.dice))


def _jail_choice(s: MegaState, ev: list[MegaEvent], p: Player, action: PayFine | UseJailCard) -> None:
    name = p.name
    _turn_player(s, name)
    require(p.in_jail, "not_in_jail", "you are not in jail")
    require(is_free(s) and s.stage == "roll", "no_jail_choice_now", "that is only before your roll")
    if isinstance(action, PayFine):
        movement.pay_fine(s, ev, p)
    else:
        movement.use_jail_card(s, ev, p)


def _buy(s: MegaState, ev: list[MegaEvent], p: Player, action: Buy) -> None:
    name = p.name
    offer = _own_front(s, name, BuyOffer, "nothing_to_buy", "there is no deed to buy now")
    price = SPACES[offer.space].price or 0
    require(p.cash >= price, "cannot_afford", f"you need ${price} to buy this", amount=price)
    s.queue.pop(0)
    s.owner[offer.space] = name
    transfer(s, ev, p, None, price, "purchase")
    ev.append(Bought.new({"space": offer.space, "price": price}, name))
    push_front(s, building.fourth_deed(s, name, offer.space))


def _decline(s: MegaState, ev: list[MegaEvent], p: Player, action: Decline) -> None:
    name = p.name
    offer = _own_front(s, name, BuyOffer, "nothing_to_buy", "there is no deed to decline now")
    s.queue.pop(0)
    ev.append(Declined.new({"space": offer.space}, name))
    push_front(s, [auction.open_deed_auction(s, ev, offer.space)])


def _bid(s: MegaState, ev: list[MegaEvent], p: Player, action: Bid) -> None:
    name = p.name
    item = _auction_front(s, "there is no auction now")
    if action.lot is not None and action.lot != item.space:
        raise IllegalAction("auction_changed", "that auction is over", space=item.space)
    auction.bid(s, ev, item, name, action.amount)


def _pass(s: MegaState, ev: list[MegaEvent], p: Player, action: Pass) -> None:
    name = p.name
    item = _auction_front(s, "there is no auction now")
    auction.pass_(ev, item, name)


def _pick_auction_deed(s: MegaState, ev: list[MegaEvent], p: Player, action: PickAuctionDeed) -> None:
    name = p.name
    _own_front(s, name, PickAuction, "no_pick", "there is no auction to choose now")
    require(action.space in DEEDS, "unknown_deed", f"{action.space} is not a deed", space=action.space)
    require(action.space not in s.owner, "deed_sold", f"{SPACES[action.space].name} is already owned")
    s.queue.pop(0)
    push_front(s, [auction.open_deed_auction(s, ev, action.space)])


def _choose_gift(s: MegaState, ev: list[MegaEvent], p: Player, action: ChooseGift) -> None:
    name = p.name
    _own_front(s, name, Gift, "no_gift", "there is no gift to choose now")
    s.queue.pop(0)
    movement.take_ticket_or_cash(s, ev, p, action.take)


def _throw(s: MegaState, ev: list[MegaEvent], p: Player, action: Throw) -> None:
    name = p.name
    item = _own_front(s, name, UtilityThrow, "no_throw", "there is nothing to throw for now")
    s.queue.pop(0)
    push_front(s, movement.utility_throw(s, ev, p, item, action.dice))


def _sell_building(s: MegaState, ev: list[MegaEvent], p: Player, action: SellBuilding) -> None:
    _may_sell_now(s, p, action.space)
    building.sell_building(s, ev, p, action.space, outright_hotel=_sells_outright(s, p.name))  # checks the step


def check_sale(s: MegaState, p: Player, space: str) -> None:
    """Whether `p` may sell one building from `space` now (M-26, M-27, M-36, M-31e), changing nothing."""
    _may_sell_now(s, p, space)
    building.check_sell_step(s, p, space, outright_hotel=_sells_outright(s, p.name))


def _may_sell_now(s: MegaState, p: Player, space: str) -> None:
    may_manage(s, p.name, "sell", SPACES[space].group if space in SPACES else None)


def _sells_outright(s: MegaState, name: str) -> bool:
    """M-31a: while funding a group's layout, a hotel is sold outright."""
    front = s.queue[0] if s.queue else None
    return isinstance(front, EvenOut) and front.player == name


def _sell_all_buildings(s: MegaState, ev: list[MegaEvent], p: Player, action: SellAllBuildings) -> None:
    settling = check_sale_of_group(s, p, action.group)
    building.sell_all(s, ev, p, action.group, settling=settling)
    if settling:
        s.queue.pop(0)


def check_sale_of_group(s: MegaState, p: Player, group: str) -> bool:
    """Whether `p` may sell every building of `group` now, changing nothing; True when the sale
    settles that group's layout (M-31c: refusing to lift its mortgage)."""
    front = s.queue[0] if s.queue else None
    if isinstance(front, EvenOut) and front.player == p.name and front.group == group:
        require(front.needs_unmortgage, "settle_group", "settle this group with a layout (M-31)")
        return True
    may_manage(s, p.name, "sell", group)
    return False


def _mortgage(s: MegaState, ev: list[MegaEvent], p: Player, action: Mortgage) -> None:
    name = p.name
    may_manage(s, name, "mortgage", SPACES[action.space].group if action.space in SPACES else None)
    building.mortgage(s, ev, p, action.space)


def _unmortgage(s: MegaState, ev: list[MegaEvent], p: Player, action: Unmortgage) -> None:
    name = p.name
    may_manage(s, name, "unmortgage")
    building.unmortgage(s, ev, p, action.space)
    front = s.queue[0] if s.queue else None
    if isinstance(front, EvenOut) and front.player == name and front.new_street == action.space:
        front.needs_unmortgage = False


def _even_out_layout(s: MegaState, ev: list[MegaEvent], p: Player, action: EvenOutLayout) -> None:
    name = p.name
    item = _own_front(s, name, EvenOut, "nothing_to_settle", "there is no fourth deed to settle")
    building.even_out(s, ev, p, item, dict(action.layout), action.tickets)
    s.queue.pop(0)


def _propose_trade(s: MegaState, ev: list[MegaEvent], p: Player, action: ProposeTrade) -> None:
    name = p.name
    offer = TradeOffer(proposer=name, receiver=action.to, give=action.give, get=action.get)
    trade.propose(s, ev, offer, action.answers)
    s.proposed_at[name] = s.turns_played


def _accept_trade(s: MegaState, ev: list[MegaEvent], p: Player, action: AcceptTrade) -> None:
    name = p.name
    offer = trade.find_offer(s, action.from_, name, action.offer)
    push_front(s, trade.accept(s, ev, offer))


def _reject_trade(s: MegaState, ev: list[MegaEvent], p: Player, action: RejectTrade) -> None:
    offer = trade.find_offer(s, action.from_, p.name, action.offer)
    offers.reject(s, ev, offer)
    asked = (offer.proposer, offer.receiver, tuple(sorted(offer.get.deeds)), s.turns_played)
    s.refused = offers.remember_refusal(s.refused, asked)


def _withdraw_trade(s: MegaState, ev: list[MegaEvent], p: Player, action: WithdrawTrade) -> None:
    name = p.name
    offers.withdraw(s, ev, trade.find_offer(s, name, action.to, action.offer), action.reason)


def _declare_bankruptcy(s: MegaState, ev: list[MegaEvent], p: Player, action: DeclareBankruptcy) -> None:
    name = p.name
    debt = _front(s, Debt, "not_in_debt", "you can only go bankrupt over a debt you cannot pay")
    require(debt.debtor == name, "not_in_debt", "you are not the one in debt")
    s.queue.pop(0)
    push_front(s, go_bankrupt(s, ev, p, debt.creditor))


def _resign(s: MegaState, ev: list[MegaEvent], p: Player, action: Resign) -> None:
    name = p.name
    ev.append(Resigned.new({}, name))
    push_front(s, go_bankrupt(s, ev, p, None))


def _end_turn(s: MegaState, ev: list[MegaEvent], p: Player, action: EndTurn) -> None:
    name = p.name
    _turn_player(s, name)
    require(is_free(s), "pending", "something must be settled before the turn can end")
    require(s.stage == "end_turn", "roll_first", "you must roll first")
    _pass_turn(s, ev)


def _build(s: MegaState, ev: list[MegaEvent], p: Player, action: Build) -> None:
    front = s.queue[0] if s.queue else None
    if isinstance(front, PlaceBuilding) and front.player == p.name:  # M-29: won, already paid
        require(action.tickets == 0, "already_paid", "this building is already paid for")
        building.check_build_step(s, p, action.space, front.piece)
        building.place_step(s, ev, p, action.space)
        s.queue.pop(0)
        return
    may_manage(s, p.name, "build")
    push_front(s, building.build(s, ev, p, action.space, action.tickets))


def _end_game(s: MegaState, ev: list[MegaEvent]) -> None:
    """M-42: the table ends the game; the highest asset count wins, a tie is shared."""
    rows = standings(s)
    best = rows[0][1] if rows else 0
    s.winners = [n for n, v in rows if v == best]
    s.queue = []
    ev.append(GameOver.new({"winners": s.winners, "reason": "asset_count", "standings": rows}, None))


def _pass_turn(s: MegaState, ev: list[MegaEvent]) -> None:
    nxt = seat_order_from(s, s.turn + 1)[0]
    came_round = seat_of(s, nxt.name) <= s.turn
    s.turn = seat_of(s, nxt.name)
    s.stage = "roll"
    s.doubles = 0
    s.landed = None
    s.turns_played += 1
    if came_round:
        s.rounds_played += 1
        if s.rules.round_limit and s.rounds_played >= s.rules.round_limit:
            ev.append(RoundLimit.new({"rounds": s.rounds_played}, None))
            _end_game(s, ev)  # M-42 house rule: the asset count decides
            return
    ev.append(Turn.new({}, nxt.name))


Move = Callable[[MegaState, list[MegaEvent], Player, Any], None]
TABLE_MOVES: dict[type[Any], Callable[[MegaState, list[MegaEvent]], None]] = {
    CloseAuction: _close_auction,
    EndGame: lambda s, ev: _end_game(s, ev),
}
MOVES: dict[type[Any], Move] = {
    Roll: _roll,
    PayFine: _jail_choice,
    UseJailCard: _jail_choice,
    Buy: _buy,
    Decline: _decline,
    Bid: _bid,
    Pass: _pass,
    PickAuctionDeed: _pick_auction_deed,
    ChooseGift: _choose_gift,
    Throw: _throw,
    Build: _build,
    SellBuilding: _sell_building,
    SellAllBuildings: _sell_all_buildings,
    Mortgage: _mortgage,
    Unmortgage: _unmortgage,
    EvenOutLayout: _even_out_layout,
    ProposeTrade: _propose_trade,
    AcceptTrade: _accept_trade,
    RejectTrade: _reject_trade,
    WithdrawTrade: _withdraw_trade,
    DeclareBankruptcy: _declare_bankruptcy,
    Resign: _resign,
    EndTurn: _end_turn,
}


# --- resolving the queue -------------------------------------------------------------------


def settle(s: MegaState, ev: list[MegaEvent]) -> None:
    """Resolve automatic items at the front until the game waits for someone (or is over)."""
    while not s.over:
        if not s.queue:
            if current(s).bankrupt:
                _pass_turn(s, ev)
            return
        item = s.queue[0]
        if isinstance(item, Debt):
            debtor = find(s, item.debtor)
            if debtor.cash < item.amount:
                return
            s.queue.pop(0)
            transfer(s, ev, debtor, item.creditor, item.amount, item.reason)
            ev.append(DebtPaid.new({"creditor": item.creditor, "amount": item.amount}, debtor.name))
        elif isinstance(item, DividendDue):
            s.queue.pop(0)
            push_front(s, settle_dividend(s, ev, item))
        elif isinstance(item, MoveSteps):
            s.queue.pop(0)
            mover = find(s, item.player)
            push_front(s, movement.move_by(s, ev, mover, item.steps, item.dice_total))
        elif isinstance(item, BankAuctions):
            deed = item.deeds.pop(0)
            if not item.deeds:
                s.queue.pop(0)
            push_front(s, [auction.open_deed_auction(s, ev, deed)])
        elif isinstance(item, (DeedAuction, ShortageAuction)):
            if not auction.is_finished(item):
                return
            s.queue.pop(0)
            push_front(s, auction.close(s, ev, item))
        else:
            return
