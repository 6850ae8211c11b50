"""What a Mega deed is worth to a player, read off the public table (Mega has no hidden
information): the computers' shared sense of value, for buying, bidding, trading and mortgaging."""

from __future__ import annotations

from engine.mega.board import GROUPS, SPACES
from engine.mega.queries import owned_in_group
from engine.mega.state import MegaState

KEY_DEED = 1.3  # a deed worth this multiple of its price to the table makes a majority, a set or a block


def deed_value(s: MegaState, player: str, deed: str) -> float:
    """What a deed is worth to `player`: its price, more if it makes or completes a majority (M-22)
    or blocks someone else's, and a bonus for railroads and utilities already held."""
    info = SPACES[deed]
    price = float(info.price or 0)
    if info.group is None:
        same = sum(1 for d, o in s.owner.items() if o == player and SPACES[d].kind == info.kind)
        return price * (1.0 + 0.25 * same)
    group = GROUPS[info.group]
    mine = len(owned_in_group(s, player, info.group))
    after = mine + (0 if s.owner.get(deed) == player else 1)
    if after == group.size:
        return price * 2.6
    if after == group.size - 1:
        return price * 2.0
    others = [o for o in {s.owner.get(m) for m in group.members} if o not in (None, player)]
    blocking = any(len(owned_in_group(s, o, info.group)) >= group.size - 2 for o in others)
    return price * (1.35 if blocking else 1.1)


def worth_to_table(s: MegaState, player: str, deed: str) -> float:
    """Hard's value of a deed: its own, or (to keep it from them) most of what it is worth to the
    opponent it would help most."""
    return max(deed_value(s, player, deed), 0.85 * value_to_rivals(s, player, deed))


def value_to_rivals(s: MegaState, player: str, deed: str) -> float:
    """What a deed is worth to the opponent of `player` it would help most."""
    rivals = [p.name for p in s.players if not p.bankrupt and p.name != player]
    return max((deed_value(s, r, deed) for r in rivals), default=0.0)


def rent_threat(s: MegaState, player: str) -> int:
    """The biggest rent an opponent's street, railroad or utility could charge now (a reserve for hard)."""
    worst = 0
    for deed, owner in s.owner.items():
        if owner == player or deed in s.mortgaged:
            continue
        rents = SPACES[deed].rent or []
        level = s.buildings.get(deed, 0)
        if rents:
            worst = max(worst, rents[min(level, len(rents) - 1)])
    return worst
