"""The reference grammar of XBetza, the dialect XBoard documents (seed 004), in pyparsing.

It is the readable, executable specification of which strings are *structurally* XBetza: the
fast hand-written reader (``parser.py``) is tested against it, and the help draws it. What a
grammar cannot say (``U`` with a range, ``n`` with ``j``, ranges over 99 ...) is the short list
of context rules in ``_rules``. Read top-down, a definition is::

    definition ::= space? ( move space? )*
    move       ::= prefix ( 'a' prefix )* step          -- legs of one move share the step
    prefix     ::= modifier*
    step       ::= doubled-atom | atom range?
"""

from __future__ import annotations

import pyparsing as pp

from ...vocabulary import XBETZA_MODALITIES

from ._parts import (
    DOUBLABLE,
    Productions,
    atom_letters,
    coordinate,
    digits,
    doubled_atom,
    modifier,
    plain_range,
    space,
    step_with_range,
)
from ._tree import (
    DIRECTION,
    INITIAL,
    LAME,
    MODALITY,
    TURNING,
    RawLeg,
    RawPath,
    RawPrefix,
    RawSpec,
    RawStep,
)


def build() -> tuple[pp.ParserElement, Productions]:
    """The XBetza grammar (its root, which must match the whole text) and its productions."""
    P = Productions()

    # -- modifiers: lower-case letters written before the atom (seed 004) ---------------------
    direction = P("direction", modifier(DIRECTION, "fblrvsh"),
                  "f b l r v s h: forward, backward, left, right, vertical (f and b), sideways "
                  "(l and r) and half; two letters can combine into one direction (lfN)")
    modality = P("modality", modifier(MODALITY, XBETZA_MODALITIES),
                 "what the leg may do: m move only, c capture only, d destroy a friend, "
                 "e en passant, t tame / friend test, p hop, g hop then change range, "
                 "o off the board, y change range on an empty square")
    initial = P("initial", modifier(INITIAL, "i"), "i: a move for a piece that has not moved yet")
    lame = P("lame", modifier(LAME, "nj"),
             "n: may be blocked on the squares it passes; j: must jump (jj: jumps at least one)")
    turning = P("turning", modifier(TURNING, "qz"),
                "q: the rider turns the same way on every step (circular); z: it zig-zags")
    prefix = P("prefix",
               pp.ZeroOrMore(P("modifier", direction | modality | initial | lame | turning,
                               "any one modifier letter; their order does not change the "
                               "meaning, though XBoard 4.9 reads them only in its own order")),
               "the modifier letters of one leg, in any order")
    prefix.set_parse_action(_prefix)
    again = P("again", pp.Literal("a").suppress(),
              "a: the piece moves again; what follows describes the next leg (seed 004 "
              "'Multi-leg'), with directions relative to the previous leg")

    # -- the step: an atom and how far it repeats ----------------------------------------------
    atom = P("atom",
             P("leaper", atom_letters("WFDNAHCZGJL"),
               "one jump: W (1,0) F (1,1) D (2,0) N (2,1) A (2,2) H (3,0) C (3,1) Z (3,2) "
               "G (3,3); J and L are old names of Z and C")
             | P("shorthand", atom_letters("KBRQ"),
                 "K = WF, B = F0, R = W0, Q = RB: the orthodox King and sliders")
             | P("null or castling", atom_letters("O"),
                 "O: the null move; with a number, XBoard's castling that many steps")
             | P("universal leaper", atom_letters("U"), "U: to any square of the board")
             | P("drop", atom_letters("@"),
                 "@: put the piece down from the hand; the number is the depth of the zone")
             | P("coordinate leap", coordinate(),
                 "(x,y): any other leap by its two components, e.g. (1,4) the Giraffe"),
             "a group of symmetric moves named by one capital or by coordinates")
    count = P("range", digits().set_parse_action(plain_range),
              "how often the step may repeat: 0 without limit, 3 up to three times, "
              "a leading 0 exactly (03)")
    doubled = P("doubled atom", doubled_atom(DOUBLABLE),
                "the atom letter written twice: the obsolete spelling of range 0 (NN = N0)")
    step = P("step", doubled | step_with_range(atom, count),
             "the atom with its range, shared by every leg of the move")
    move = P("move", prefix + pp.ZeroOrMore(again + prefix) + step,
             "one move: the prefix of each leg, legs separated by a, then the atom")
    move.set_parse_action(_move)
    gap = P("space", space().suppress(), "spaces may separate moves")
    definition = P("definition",
                   pp.Opt(gap) + pp.ZeroOrMore(move + pp.Opt(gap)) + pp.StringEnd(),
                   "an XBetza move definition: moves written one after the other")
    definition.set_parse_action(_definition)
    return P.finish(definition), P


def _prefix(s: str, loc: int, t: pp.ParseResults) -> RawPrefix:
    mods = tuple(t)
    end = mods[-1].at + 1 if mods else loc
    return RawPrefix(mods, (loc, end))


def _move(s: str, loc: int, t: pp.ParseResults) -> RawPath:
    *prefixes, step = list(t)
    assert isinstance(step, RawStep)
    legs = tuple(RawLeg(p, step) for p in prefixes)
    return RawPath(legs, (loc, step.span[1]))


def _definition(s: str, loc: int, t: pp.ParseResults) -> RawSpec:
    return RawSpec(tuple(t), (0, len(s)))
