"""The reference grammar of Bex, David Howe's notation (seed 001 "Bex notation", seed 002), in
pyparsing.

It says which strings are structurally Bex and draws them in the help; it builds no tree of its
own: a Bex definition means the Betza 2.0 program the reader rewrites it into
(``notation.bex``), and the parts that program cannot hold (royalty ``y``, a promotion list,
immobilising) are the reader's positioned errors. Read top-down::

    definition ::= space? ( move ( '+' | space )? )* promotions? END
    move       ::= slide ( ( '--' | '-' ) slide )*     -- '-' same direction, '--' any
    slide      ::= exotic | prefix step
    step       ::= ( atom | coordinate-leap | group ) range?
    range      ::= digits | '*'                          -- W3 up to 3, W03 exactly 3, W* any
    exotic     ::= '[' ( 'r' atom range? | 'xo' | 'xs' atom | 'x' '!'? 'i' atom ) ']'
"""

from __future__ import annotations

import pyparsing as pp

from ._parts import Productions, atom_letters, coordinate, digits, space

MODIFIERS = "mcifblrvshnj"   # original Betza's prefixes (seed 001), which Bex keeps


def build() -> tuple[pp.ParserElement, Productions]:
    """The Bex grammar (its root, which must match the whole text) and its productions."""
    P = Productions()
    capture_mode = P("capture mode", pp.Literal("[") + pp.Char("awl") + pp.Literal("]"),
                     "[a] by approach, [w] by withdrawal, [l] by leaping over: how the leg "
                     "after it captures (seed 001)")
    royal = P("royal", pp.Literal("y"),
              "y: the piece is royal (seed 001); a setting of the piece type, not a move, so "
              "the reader names it as an error")
    modifier = P("modifier", pp.Char(MODIFIERS) | capture_mode | royal,
                 "original Betza's letters: m move only, c capture only, i initial, "
                 "f b l r v s h directions, n lame, j jumping")
    prefix = P("prefix", pp.ZeroOrMore(modifier), "the modifiers of one leg")
    atom = P("atom", atom_letters("WFDNAHCZGJLKBRQO"),
             "W F D N A H C Z G (J L) leapers, K B R Q shorthands, O a pass (the null move)")
    leap = P("coordinate leap", coordinate(), "(x,y): a leaper by its two components, e.g. "
             "(1,4) the Giraffe")
    rng = P("range", digits() | pp.Literal("*"),
            "an exponent w.r.t. '-': W3 up to three W steps on, W03 exactly three, W* any "
            "number")
    move = pp.Forward()
    gap = P("space", space().suppress(), "spaces may separate moves")
    group = P("group", pp.Literal("(") + pp.OneOrMore(move + pp.Opt(pp.Literal("+") | gap))
              + pp.Literal(")"),
              "parentheses group, and a range after them repeats the whole sequence")
    exotic = P("exotic",
               pp.Literal("[")
               + (pp.Literal("r") + atom + pp.Opt(rng)
                  | pp.Literal("xo") | pp.Literal("xs") + atom
                  | pp.Literal("x") + pp.Opt(pp.Literal("!")) + pp.Literal("i") + atom)
               + pp.Literal("]"),
               "[rK] rifle capture of what the atom reaches; [xo] back to the square of "
               "origin (the final step); [xsN] swap with a piece a N leap away; [xiK] / "
               "[x!iK] immobilise / mobilise the pieces a K step away (no counterpart in the "
               "move model: an error)")
    step = P("step", (leap | group | atom) + pp.Opt(rng), "an atom, leap or group, with its range")
    slide = P("slide", exotic | prefix + step, "one leg")
    sequence = P("sequencing", pp.Literal("--") | pp.Literal("-"),
                 "- the next leg goes on in the same direction, -- in any direction")
    move <<= slide + pp.ZeroOrMore(sequence + slide)
    P("move", move, "one move: a leg, or legs sequenced with - and --")
    piece_name = pp.Regex(r"[A-Za-z+']+").set_name("piece")
    promotions = P("promotions", pp.Literal("=") + piece_name
                   + pp.ZeroOrMore(pp.Literal(",") + piece_name),
                   "=Q,R,B,N: what the piece promotes to (seed 001); a setting of the variant, "
                   "so the reader names it as an error")
    definition = P("definition",
                   pp.Opt(gap) + pp.ZeroOrMore(move + pp.Opt(pp.Literal("+") | gap))
                   + pp.Opt(promotions) + pp.StringEnd(),
                   "a Bex move definition: moves one after the other, + only for readability")
    return P.finish(definition), P
