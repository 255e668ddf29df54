"""Draw the built-in piece set: ``python resources/pieces/draw.py`` rewrites the ``*.svg`` here.

Every piece is drawn on a 100x100 canvas standing on the same plinth, with three kinds of
shapes that the application recolours per side (``designer/variant/piece_art.py``):

- ``class="body"``: filled with the piece colour, outlined (white piece: white body),
- ``class="line"``: inner lines in the contrast colour (dark on White, light on Black),
- ``class="dot"``: small filled marks in the contrast colour (eyes, nostrils).

The files themselves show the White piece, so any SVG viewer shows them as they are meant.
Compound pieces put the knight's head in front of the other piece, so that both parts read at
a glance (the usual way fairy-chess sets draw them). Pieces whose move pattern points forward
(the Shogi generals' tiles) carry ``data-turn="1"`` and are turned upside down for Black.
"""

from __future__ import annotations

import math
from pathlib import Path

HERE = Path(__file__).resolve().parent
INK, PAPER = "#1a1a1a", "#fafafa"
STROKE = 3


def body(d: str, extra: str = "") -> str:
    return (f'<path class="body" d="{d}" fill="{PAPER}" stroke="{INK}" stroke-width="{STROKE}" '
            f'stroke-linejoin="round"{extra}/>')


def line(d: str, width: float = 2.4) -> str:
    return (f'<path class="line" d="{d}" fill="none" stroke="{INK}" stroke-width="{width}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


def ink(d: str, width: float = 3.4) -> str:
    """A stroke in the outline colour on both sides (thin limbs)."""
    return (f'<path class="ink" d="{d}" fill="none" stroke="{INK}" stroke-width="{width:g}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


def dot(cx: float, cy: float, r: float) -> str:
    return f'<circle class="dot" cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{INK}"/>'


def ball(cx: float, cy: float, r: float) -> str:
    return body(f"M{cx - r:g} {cy:g}a{r:g} {r:g} 0 1 0 {2 * r:g} 0a{r:g} {r:g} 0 1 0 {-2 * r:g} 0Z")


def group(parts: list[str], transform: str = "") -> str:
    t = f' transform="{transform}"' if transform else ""
    return f"<g{t}>" + "".join(parts) + "</g>"


# -- shared parts ---------------------------------------------------------------------------------
PLINTH = [body("M20 91H80V86Q80 80 74 80H26Q20 80 20 86Z")]


def knight_head() -> list[str]:
    """A horse's head facing left, standing on the plinth."""
    return [
        body("M73 80C77 60 73 40 62 28L60 14L52 23C40 24 29 34 22 47C19 53 21 60 28 59"
             "L37 55C43 53 48 51 51 46C48 56 39 64 37 80Z"),
        line("M61 29C69 40 72 58 69 76"),
        dot(45, 34, 2.8),
        dot(27, 52, 1.6),
    ]


def bishop_parts() -> list[str]:
    return [
        body("M30 80C33 74 40 71 50 71C60 71 67 74 70 80Z"),
        body("M37 63H63L61 71H39Z"),
        body("M50 17C36 28 31 40 34 51C36 59 42 63 50 63C58 63 64 59 66 51C69 40 64 28 50 17Z"),
        ball(50, 13, 4.5),
        line("M57 31L45 44"),
    ]


def rook_parts() -> list[str]:
    return [
        body("M29 80L33 45H67L71 80Z"),
        body("M26 45V24H35V31H44V24H56V31H65V24H74V45Z"),
        line("M33 51H67"),
        line("M31 73H69"),
    ]


def queen_parts() -> list[str]:
    tips = [(18, 33), (34, 25), (50, 20), (66, 25), (82, 33)]
    d = ("M27 72L18 33L30 54L34 25L42 52L50 20L58 52L66 25L70 54L82 33L73 72Z")
    return [body("M27 72H73L70 80H30Z"), body(d), line("M25 65Q50 59 75 65")] + \
        [ball(x, y - 2, 4.6) for x, y in tips]


def king_parts(cross: bool = True) -> list[str]:
    top = [body("M46.5 8H53.5V14H59.5V21H53.5V30H46.5V21H40.5V14H46.5Z")] if cross \
        else [ball(50, 24, 6)]
    return top + [
        body("M50 55C45 45 44 35 50 30C56 35 55 45 50 55Z"),
        body("M28 73C17 59 22 40 37 42C43 43 48 48 50 55C52 48 57 43 63 42C78 40 83 59 72 73Z"),
        body("M28 73H72L70 80H30Z"),
        line("M29 66Q50 59 71 66"),
    ]


def pawn_parts() -> list[str]:
    return [
        body("M31 80C31 65 41 58 44 49H56C59 58 69 65 69 80Z"),
        body("M37 43H63Q65 43 65 46V48Q65 51 62 51H38Q35 51 35 48V46Q35 43 37 43Z"),
        ball(50, 31, 12),
    ]


def small_body() -> list[str]:
    """The body of the one-step pieces (ferz, wazir, commoner): a short pawn-like stem."""
    return [
        body("M31 80C31 68 40 62 43 56H57C60 62 69 68 69 80Z"),
        body("M37 50H63Q65 50 65 53V55Q65 58 62 58H38Q35 58 35 55V53Q35 50 37 50Z"),
    ]


def compound(other: list[str], scale: float = 0.8, dx: float = 26) -> list[str]:
    """A knight's head on the left with the other piece standing in front of it on the right,
    both scaled down to share the plinth (their feet stay on its top edge, y = 80)."""
    lift = 80 - 80 * scale
    return [group(knight_head(), f"translate(-5 {lift:g}) scale({scale:g})"),
            group(other, f"translate({dx:g} {lift:g}) scale({scale:g})")]


def scallop_circle(cx: float, cy: float, r: float, n: int, depth: float) -> str:
    """A closed wavy outline (the lion's mane)."""
    pts = []
    for i in range(n):
        a0 = 2 * math.pi * i / n - math.pi / 2
        a1 = 2 * math.pi * (i + 0.5) / n - math.pi / 2
        pts.append(((cx + r * math.cos(a0), cy + r * math.sin(a0)),
                    (cx + (r + depth) * math.cos(a1), cy + (r + depth) * math.sin(a1))))
    d = f"M{pts[0][0][0]:.1f} {pts[0][0][1]:.1f}"
    for i, (_, ctrl) in enumerate(pts):
        nxt = pts[(i + 1) % n][0]
        d += f"Q{ctrl[0]:.1f} {ctrl[1]:.1f} {nxt[0]:.1f} {nxt[1]:.1f}"
    return d + "Z"


def shogi_tile(moves: list[tuple[int, int]]) -> list[str]:
    """A Shogi piece's five-sided tile with its steps drawn as spokes from the centre
    (forward is up); the spokes are what tells the generals apart at a glance."""
    out = [body("M50 10L76 21L83 90H17L24 21Z")]
    cx, cy = 50, 56
    for dx, dy in moves:
        k = 18 / math.hypot(dx, dy)
        x, y = cx + dx * k, cy - dy * k
        out.append(line(f"M{cx} {cy}L{x:.1f} {y:.1f}", 3.2))
        out.append(dot(round(x, 1), round(y, 1), 3.6))
    out.append(dot(cx, cy, 4.5))
    return out


# -- the set ---------------------------------------------------------------------------------------
def pieces() -> dict[str, tuple[list[str], bool]]:
    """name -> (parts, turns for Black)."""
    gold = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1)]
    silver = [(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)]
    return {
        "pawn": (PLINTH + pawn_parts(), False),
        "knight": (PLINTH + knight_head(), False),
        "bishop": (PLINTH + bishop_parts(), False),
        "rook": (PLINTH + rook_parts(), False),
        "queen": (PLINTH + queen_parts(), False),
        "king": (PLINTH + king_parts(), False),
        "commoner": (PLINTH + king_parts(cross=False), False),
        "archbishop": (PLINTH + compound(bishop_parts(), 0.8, 30), False),
        "chancellor": (PLINTH + compound(rook_parts(), 0.74, 34), False),
        "amazon": (PLINTH + compound(queen_parts(), 0.66, 40), False),
        "centaur": (PLINTH + compound(king_parts(cross=False), 0.7, 36), False),
        "nightrider": (PLINTH + [group(knight_head(), "translate(-6 0)"),
                             body("M78 4A14 14 0 1 0 92 22A10 10 0 1 1 78 4Z")], False),
        "zebra": (PLINTH + knight_head() + [
            line("M66 40L57 47"), line("M70 52L55 58"), line("M71 64L50 66"),
            line("M54 30L47 40")], False),
        "camel": (PLINTH + [
            body("M15 36C15 30 21 26 27 28L31 31C34 42 35 50 40 52C45 36 57 31 64 40"
                 "C68 46 74 46 78 50C83 55 83 63 78 67V80H71V68H49V80H42V66"
                 "C35 62 32 53 28 44C26 42 23 41 20 41C17 41 15 39 15 36Z"),
            dot(22, 33, 1.8), line("M50 43C54 40 58 40 61 44")], False),
        "elephant": (PLINTH + [
            body("M33 34C20 26 10 36 12 50C14 60 22 64 32 58Z"),
            body("M67 34C80 26 90 36 88 50C86 60 78 64 68 58Z"),
            body("M31 46C29 30 38 20 50 20C62 20 71 30 69 46C68 56 62 60 58 64"
                 "C56 70 57 75 60 78L58 80H46C44 76 43 70 42 64C38 60 32 56 31 46Z"),
            line("M44 64C41 66 37 66 34 63"), line("M56 64C59 66 63 66 66 63"),
            dot(41, 40, 2.6), dot(59, 40, 2.6), line("M50 50V74", 2)], False),
        "lion": (PLINTH + [
            body("M34 80C34 70 40 66 50 66C60 66 66 70 66 80Z"),
            body(scallop_circle(50, 42, 27, 14, 8)),
            body("M34 43C34 32 41 26 50 26C59 26 66 32 66 43C66 54 59 61 50 61"
                 "C41 61 34 54 34 43Z"),
            dot(43, 39, 2.6), dot(57, 39, 2.6),
            body("M45 47H55L50 53Z"),
            line("M50 53V56M44 57Q50 61 56 57")], False),
        "cannon": (PLINTH + [
            body("M14 38L22 30L70 58L64 68Z"),
            ball(16, 34, 5),
            body("M44 57C44 47 52 41 60 41C68 41 76 47 76 57C76 67 68 74 60 74"
                 "C52 74 44 67 44 57Z"),
            line("M60 45V69M48 57H72M52 49L68 65M68 49L52 65", 2.2),
            ball(60, 57, 4)], False),
        "grasshopper": (PLINTH + [
            ink("M40 60L34 78M52 62L56 78"),
            body("M58 56L80 22L86 26L70 60Z"),
            body("M70 60L84 78L78 80L64 62Z"),
            body("M20 48C22 40 34 36 48 38C62 40 74 46 74 54C74 60 64 62 50 62"
                 "C34 62 18 58 20 48Z"),
            body("M12 44C12 37 18 34 24 36C28 38 30 44 26 49C22 53 12 51 12 44Z"),
            line("M18 36C14 22 20 14 30 12M22 36C24 24 32 18 42 18", 2),
            dot(18, 42, 2), line("M36 44C44 48 56 50 68 50")], False),
        "ferz": (PLINTH + small_body() + [
            body("M50 12L68 31L50 50L32 31Z"), line("M50 20V42M42 31H58")], False),
        "wazir": (PLINTH + small_body() + [
            body("M34 16H66V48H34Z"), line("M40 22L60 42M60 22L40 42")], False),
        "dabbaba": (PLINTH + [
            body("M30 68L34 28H66L70 68Z"),
            body("M30 28V16H38V21H46V16H54V21H62V16H70V28Z"),
            body("M40 68V52C40 46 45 42 50 42C55 42 60 46 60 52V68Z"),
            ball(32, 72, 7), ball(68, 72, 7), line("M34 36H66")], False),
        "lance": (PLINTH + [
            body("M46 38H54V80H46Z"),
            body("M50 6C60 18 62 30 56 40H44C38 30 40 18 50 6Z"),
            body("M38 40H62V46H38Z"), line("M50 14V34")], False),
        "gold": (shogi_tile(gold), True),
        "silver": (shogi_tile(silver), True),
        "checker": (PLINTH + [
            body("M18 60V70C18 78 32 82 50 82C68 82 82 78 82 70V60Z"),
            body("M18 60C18 52 32 47 50 47C68 47 82 52 82 60C82 68 68 73 50 73"
                 "C32 73 18 68 18 60Z"),
            line("M30 60C30 56 40 53 50 53C60 53 70 56 70 60C70 64 60 67 50 67"
                 "C40 67 30 64 30 60Z")], False),
    }


def svg(name: str, parts: list[str], turns: bool) -> str:
    turn = ' data-turn="1"' if turns else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 100 100" '
            f'width="100" height="100" id="{name}"{turn}>\n'
            f"<title>{name}</title>\n" + "\n".join(parts) + "\n</svg>\n")


def main() -> None:
    for name, (parts, turns) in pieces().items():
        (HERE / f"{name}.svg").write_text(svg(name, parts, turns), encoding="utf-8")


if __name__ == "__main__":
    main()
