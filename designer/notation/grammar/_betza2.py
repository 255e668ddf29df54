"""The reference grammar of Betza 2.0 (seed 000, with seed 002's exponents and limiters), in pyparsing.

Like ``_xbetza`` it says which strings are structurally Betza 2.0; the context rules of
``_rules`` say the rest. Read top-down::

    definition ::= space? ( path space? )*
    path       ::= slide ( '-' slide )*                 -- a chain: one move of several legs
    slide      ::= prefix step
    step       ::= coordinate-leap range? | group range? | doubled-atom | atom range?
    group      ::= '(' space? ( path space? )+ ')'     -- grouping, or a path to repeat
    range      ::= exponent-letter* ( digits | '*' )    -- Nrf7, Rc0, (W-F)0, R*
"""

from __future__ import annotations

import pyparsing as pp

from ._parts import (
    DOUBLABLE,
    Productions,
    atom_letters,
    coordinate,
    digits,
    doubled_atom,
    limiter,
    modifier,
    space,
    step_with_range,
)
from ._tree import (
    DIRECTION,
    EQUAL,
    ERUPTION,
    INITIAL,
    LAME,
    MODALITY,
    TURNING,
    VIRGIN,
    RawLeg,
    RawModifier,
    RawPath,
    RawPrefix,
    RawRange,
    RawSpec,
)

MODES = "mcdptoug"        # seed 000 "Modifier prefixes" and the table of modalities (u unload)
DIRECTIONS = "fblrvsha"   # seed 000 "Directional subsets: f b l r v s h a"


def build() -> tuple[pp.ParserElement, Productions]:
    """The Betza 2.0 grammar (its root, which must match the whole text) and its productions."""
    P = Productions()
    lim = P("limiter", limiter(),
            "{...} after a modality: the piece types it applies to, e.g. c{N} captures only "
            "Knights, {!P} anything but Pawns (seed 002)")

    # -- modifiers --------------------------------------------------------------------------------
    direction = P("direction", modifier(DIRECTION, DIRECTIONS),
                  "f b l r v s h a: directions; on a continuation leg relative to the leg before, "
                  "where f is straight on (the default) and a means all")
    modality = P("modality", modifier(MODALITY, MODES) + pp.Opt(lim),
                 "what the leg does on the square it reaches: m move, c capture, d destroy a "
                 "friend, p hop, t test for a friend, o leave the board, u unload, g hop and "
                 "shorten; optionally limited to some piece types")
    modality.set_parse_action(_limited)
    virgin = P("virgin capture",
               modifier(VIRGIN, "cd") + (lim + pp.Literal("i") | pp.Literal("i") + pp.Opt(lim)),
               "ci / di: capture or destroy only pieces that have not moved (seed 000)")
    virgin.set_parse_action(_limited)
    specials = (P("initial", modifier(INITIAL, "i"), "i: only for a piece that has not moved")
                | P("lame", modifier(LAME, "nj"),
                    "n: visits the squares on the way and can be blocked there; j: must jump "
                    "over exactly one piece (jj: at least one)")
                | P("turning", modifier(TURNING, "qz"),
                    "q / z: a rider that curves (same turn every step) or zig-zags")
                | P("eruption", modifier(ERUPTION, "x"),
                    "x: the move ends here and the rest of the path is a fragment's; xx: the "
                    "piece explodes")
                | P("equal", modifier(EQUAL, "e"),
                    "e: this slide is exactly as long as an earlier one"))
    prefix = P("prefix",
               pp.ZeroOrMore(P("modifier", virgin | modality | direction | specials,
                               "any one modifier; their order does not change the meaning")),
               "the modifier letters of one leg")
    prefix.set_parse_action(_prefix)

    # -- steps and ranges --------------------------------------------------------------------------
    atom = P("atom",
             P("leaper", atom_letters("WFDNAHCZGJL"),
               "W F D N A H C Z G (J L): one jump of the step the letter names")
             | P("shorthand", atom_letters("KBRQ"), "K = WF, B = F0, R = W0, Q = RB")
             | P("special atom", atom_letters("OU@"),
                 "O null move, U universal leaper, @ drop"),
             "a group of symmetric moves named by one capital")
    exponent_letter = P("exponent letter",
                        pp.Char(DIRECTIONS) | pp.Char(MODES),
                        "written between a step and its number: how each repetition turns "
                        "(Nrf0 the Rose) or what it does on the squares it passes (Rc0)")
    rng = P("range", pp.ZeroOrMore(exponent_letter) + (digits() | pp.Literal("*")),
            "how often the step or group repeats: 0 or * without limit, 3 up to three times, "
            "03 exactly three times")
    rng.set_parse_action(_range)
    doubled = P("doubled atom", doubled_atom(DOUBLABLE) + ~pp.Literal("-"),
                "NN: the obsolete spelling of N0 (not before a '-', where NN-W is N then N-W)")
    path = pp.Forward()
    gap = P("space", space().suppress(), "spaces may separate paths")
    group = P("group",
              pp.Literal("(").suppress() + pp.Opt(gap) + pp.OneOrMore(path + pp.Opt(gap))
              + pp.Literal(")").suppress(),
              "parentheses: only grouping ((W) is W), or a whole path that a range repeats, "
              "e.g. (W-F)0 the Mao-rider")
    group.set_parse_action(_group)
    leap = P("coordinate leap", coordinate(), "(x,y): a leap by its two components")
    step = P("step",
             step_with_range(leap | group, rng) | doubled | step_with_range(atom, rng),
             "an atom or a group, with its range")
    slide = P("slide", prefix + step, "one leg: its modifiers and its step")
    slide.set_parse_action(lambda s, loc, t: RawLeg(t[0], t[1]))
    chain = P("chain", pp.Literal("-").suppress(),
              "-: the next leg follows on from where this one ended")
    path <<= slide + pp.ZeroOrMore(chain + slide)
    P("path", path, "one move: a leg, or legs chained with '-'")
    path.set_parse_action(_path)
    definition = P("definition",
                   pp.Opt(gap) + pp.ZeroOrMore(path + pp.Opt(gap)) + pp.StringEnd(),
                   "a Betza 2.0 move definition: paths written one after the other")
    definition.set_parse_action(lambda s, loc, t: RawSpec(tuple(t), (0, len(s))))
    return P.finish(definition), P


def _limited(s: str, loc: int, t: pp.ParseResults) -> RawModifier:
    """A modality letter with the limiter written after it (before or after a virgin ``i``)."""
    head: RawModifier = t[0]
    found = [x for x in t[1:] if not isinstance(x, str)]
    if found:
        return RawModifier(head.kind, head.letter, head.at, found[0])
    return head


def _prefix(s: str, loc: int, t: pp.ParseResults) -> RawPrefix:
    mods = tuple(t)
    return RawPrefix(mods, (loc, mods[-1].at + 1 if mods else loc))


def _range(s: str, loc: int, t: pp.ParseResults) -> RawRange:
    *letters, number = list(t)
    turn = "".join(c for c in letters if c in DIRECTIONS)
    modes = tuple(RawModifier(MODALITY, c, loc + i) for i, c in enumerate(letters) if c in MODES)
    end = loc + len(letters) + len(number)
    return RawRange(digits="" if number == "*" else number, star=number == "*", turn=turn,
                    modes=modes, span=(loc, end))


def _group(s: str, loc: int, t: pp.ParseResults) -> RawSpec:
    paths = tuple(t)
    return RawSpec(paths, (loc, s.index(")", paths[-1].span[1]) + 1))


def _path(s: str, loc: int, t: pp.ParseResults) -> RawPath:
    legs = tuple(t)
    return RawPath(legs, (loc, legs[-1].step.span[1]))
