"""Interactive Diagram export (docs/files.md): the ``<div class="idiagram">`` definition that
H.G. Muller's diagram script on chessvariants.com turns into a playable board.

We always give explicit IDs and Betza strings (no name lookups): ``name:ID:betza:image:squares``
per piece, the promoting pieces first (``maxPromote``), white's start squares per piece, and
black's derived by ``symmetry`` (mirror or rotate, whichever matches the setup).
"""

from __future__ import annotations

from collections.abc import Callable

from ..geometry.board import square_name
from ..variant.fen import parse_fen
from ..variant.model import ModelProblem, Variant
from .ptc import IMAGE_STEMS, assign_slots
from .xboard_common import xboard_betza
from ..vocabulary import WARNING

EXTENSIONS = (".html", ".htm")


def _symmetry(v: Variant) -> str:
    if not v.setup:
        return "mirror"
    s = parse_fen(v.setup, v.files, v.ranks)
    white = {sq: t for sq, t in s.board.items() if t.lstrip("+")[0].isupper()}
    black = {sq: t for sq, t in s.board.items() if t.lstrip("+")[0].islower()}

    def same(fn: Callable[[int, int], tuple[int, int]]) -> bool:
        return {fn(f, r): t.swapcase() for (f, r), t in white.items()} == black

    if same(lambda f, r: (f, v.ranks - 1 - r)):
        return "mirror"
    if same(lambda f, r: (v.files - 1 - f, v.ranks - 1 - r)):
        return "rotate"
    return "none"


def diagram_problems(v: Variant) -> list[ModelProblem]:
    out = []
    if _symmetry(v) == "none":
        out.append(ModelProblem("", "setup", "black's setup is neither a mirror nor a rotation "
                                "of white's: the diagram shows white's pieces only",
                                severity=WARNING))
    if any(p.letter.startswith("+") for p in v.pieces):
        out.append(ModelProblem("", "pieces", "Shogi-style promotion (+X forms) is not written "
                                "into the diagram: the promoted forms are listed as pieces of "
                                "their own", severity=WARNING))
    for p in v.pieces:
        if xboard_betza(p) is None:
            out.append(ModelProblem(p.letter, "notation", "no XBetza form: the diagram gets "
                                    "no moves for this piece", severity=WARNING))
    out += rules_not_carried(v)
    return out


def rules_not_carried(v: Variant) -> list[ModelProblem]:
    """Each rule of the rule set the diagram's parameters cannot say: it knows the board,
    the pieces' moves, one promotion zone depth with its choices and whether captures go to
    the hand; the rules those imply (``variant.derive`` for a variant of no parent) are what
    it plays, and every other rule is named."""
    if v.rule_set is None:
        return []
    from dataclasses import replace
    from ..variant.derive import derive, differences, projected
    view = projected(v)
    told = derive(replace(view, parent="fairy", rule_set=None))
    return [ModelProblem("", "rule_set", f"the Interactive Diagram will not play this rule: "
                         f"{name}", severity=WARNING)
            for name in differences(v.rule_set, told)]


def write(v: Variant, satellite: str = "") -> str:
    """The diagram definition wrapped in its div (promotion and drops as the rule set says
    them: its XBoard view, ``variant.derive.projected``)."""
    if v.rule_set is not None:
        from ..variant.derive import projected
        v = projected(v)
    setup = parse_fen(v.setup, v.files, v.ranks) if v.setup else None
    squares: dict[str, list[str]] = {}
    if setup:
        for (f, r), t in sorted(setup.board.items(), key=lambda x: (x[0][1], x[0][0])):
            if t.lstrip("+")[0].isupper():
                squares.setdefault(t.replace("~", ""), []).append(square_name((f, r)))
    promoting = [p for p in v.pieces if p.promotions]
    order = promoting + [p for p in v.pieces if not p.promotions]
    slots = assign_slots(v.pieces)
    choice = []
    for p in promoting:
        choice += [t for t in p.promotions if t not in choice]
    zone = max([p.promotion_zone for p in promoting] + [v.promotion_zone])
    royal = next((i + 1 for i, p in enumerate(order) if p.royal), 0)
    lines = ['<div class="idiagram">']
    if satellite:
        lines.append(f"satellite={satellite}")
    lines += [f"files={v.files}", f"ranks={v.ranks}", "firstRank=1",
              f"symmetry={_symmetry(v)}", f"promoZone={zone}", f"maxPromote={len(promoting)}"]
    if choice:
        lines.append("promoChoice=" + "".join(choice))
    if v.drops:
        lines.append("holdingsType=1")
    lines += ["graphicsDir=/membergraphics/MSinteractivedia/", "graphicsType=png",
              "whitePrefix=White", "blackPrefix=Black", "squareSize=36"]
    if royal:
        lines.append(f"royal={royal}")
    for p in order:
        name = " ".join((p.name or p.letter).replace(":", " ").split())
        named = (p.name or "").replace(" ", "")
        image = p.image or (named if named in IMAGE_STEMS else IMAGE_STEMS[slots.get(p.letter, 0)])
        betza = xboard_betza(p) or ""
        where = ",".join(squares.get(p.letter, []))
        lines.append(f"{name}:{p.letter}:{betza}:{image}:{where}")
    lines.append("</div>")
    return "\n".join(lines) + "\n"
