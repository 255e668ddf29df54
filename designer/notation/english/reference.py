"""The notation reference shown by *Help > Notation reference*, as data (no Qt here).

One page per dialect, made of sections of entries. An entry explains one letter (or one piece of
syntax) in the designer's own words and gives examples; each example is a complete definition of
the page's dialect that the help window turns into a link (load it, show it on the board). The
facts come from the notation's sources (seed 004 for XBetza, seed 000 and 002 for Betza 2.0);
tests check that every example reads in its dialect and that every letter the reader knows has
an entry. ``letters`` name the characters an entry explains, ``kind`` the token kind of
``designer.notation.tokens`` they carry, so F1 on a token finds its entry.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...vocabulary import BETZA2, BEX, XBETZA, Dialect

XB: tuple[Dialect, ...] = (XBETZA,)
B2: tuple[Dialect, ...] = (BETZA2,)
BX: tuple[Dialect, ...] = (BEX,)
BOTH = XB + B2


@dataclass(frozen=True, slots=True)
class Example:
    """A definition to try, and what to look for on the board."""

    text: str
    says: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One explained letter or construction. ``board`` draws the first example on a small board."""

    key: str
    title: str
    text: str
    examples: tuple[Example, ...] = ()
    letters: str = ""
    kind: str = ""
    dialects: tuple[Dialect, ...] = BOTH
    board: bool = False
    blockers: str = ""   # pieces on the small board: "friend:d6 foe:e4=P ep:e5" (a1..g7)


@dataclass(frozen=True, slots=True)
class Section:
    """A topic of the page; ``productions`` names the grammar productions drawn at its top
    (those the dialect's grammar has)."""

    title: str
    intro: str
    entries: tuple[Entry, ...]
    productions: tuple[str, ...] = ()


def _ex(*pairs: tuple[str, str]) -> tuple[Example, ...]:
    return tuple(Example(text, says) for text, says in pairs)


# -- atoms --------------------------------------------------------------------------------------
def _atom(letter: str, name: str, step: str, text: str, *examples: tuple[str, str],
          dialects: tuple[Dialect, ...] = BOTH) -> Entry:
    return Entry(f"atom-{letter}", f"{letter} — {name} {step}".strip(), text,
                 _ex((letter, f"the {name.lower()} from the middle of an empty board"), *examples),
                 letters=letter, kind="atom", dialects=dialects, board=True)


ATOMS: tuple[Entry, ...] = (
    _atom("W", "Wazir", "(1,0)", "One square straight: forward, back, left or right. Four moves."),
    _atom("F", "Ferz", "(1,1)", "One square diagonally. Four moves."),
    _atom("D", "Dabbaba", "(2,0)", "Two squares straight, jumping over the square between."),
    _atom("N", "Knight", "(2,1)", "The knight's jump: two one way, one to the side. Eight moves."),
    _atom("A", "Alfil", "(2,2)", "Two squares diagonally, jumping the square between."),
    _atom("H", "Threeleaper", "(3,0)", "Three squares straight, jumping."),
    _atom("C", "Camel", "(3,1)", "A longer knight: three one way, one to the side."),
    _atom("Z", "Zebra", "(3,2)", "Three one way, two to the side."),
    _atom("G", "Tripper", "(3,3)", "Three squares diagonally, jumping."),
    _atom("J", "Zebra, old letter", "(3,2)",
          "The older name of the Zebra. XBoard 4.9 reads J as the Camel instead; the designer "
          "writes Z in the files it saves.", ("Z", "the same piece under its current letter")),
    _atom("L", "Camel, old letter", "(3,1)",
          "The older name of the Camel. XBoard 4.9 reads L as the Zebra; saved files use C.",
          ("C", "the same piece under its current letter")),
    _atom("K", "King", "", "Shorthand for WF: one step in any of the eight directions.",
          ("WF", "the same eight squares, spelt out")),
    _atom("B", "Bishop", "", "Shorthand for F0: slides diagonally until something is in the way.",
          ("F0", "the same slider, spelt out")),
    _atom("R", "Rook", "", "Shorthand for W0: slides straight.", ("W0", "spelt out")),
    _atom("Q", "Queen", "", "Shorthand for RB: slides in all eight directions.",
          ("RB", "rook and bishop together")),
    _atom("O", "Null move / castling", "",
          "Alone, O stays on its square and spends the turn. In XBetza O with a number is "
          "castling: the piece steps that many squares towards a corner piece, which jumps over "
          "it.", ("O2", "castling two squares each way (for a royal piece)"), dialects=XB),
    _atom("O", "Null move", "", "Stays on its square and spends the turn (a pass). Betza 2.0 has "
          "no castling letter: castling is written as a path (see Castling).", dialects=B2),
    _atom("U", "Universal leaper", "", "Jumps to any square of the board except its own. It "
          "takes no range."),
    Entry("atom-@", "@ — Drop", "Puts the piece on the board from the hand. Directions mean "
          "something else here: f no second piece of this type on the file, s none on a square "
          "of the same colour, b none anywhere; doubled, two are allowed. A number is the depth "
          "of the drop zone in ranks from the back rank, j leaves the back rank out.",
          _ex(("@", "drop anywhere on an empty square"),
              ("j@7", "a crazyhouse pawn: not on the last rank nor the back rank"),
              ("fWf@8", "a shogi pawn that drops only on a file without another one")),
          letters="@", kind="atom", dialects=XB),
    Entry("atom-coordinate", "(x,y) — Any leap by its coordinates",
          "A leap no letter names, written by its two components. Like the lettered leapers it "
          "goes in every direction the step allows (eight for oblique steps).",
          _ex(("(1,4)", "the Giraffe"), ("(0,4)", "four squares straight")),
          letters="(), 0123456789", kind="atom", board=True),
)
# Bex (seed 001) names the same atoms as original Betza, O being its pass; U and @ are not Bex.
ATOMS = tuple(replace(e, dialects=e.dialects + BX) if e.dialects == BOTH and e.letters not in "U@"
              else e for e in ATOMS)

# -- ranges ----------------------------------------------------------------------------------------
RANGE = Entry(
    "range", "Ranges: how far a step repeats",
    "A number after the atom lets the step repeat in the same direction while the squares on "
    "the way are empty: 0 means without limit, 3 up to three times, a leading zero exactly that "
    "many (03). The atom letter written twice is the old spelling of 0.",
    _ex(("W3", "up to three squares straight"), ("N0", "the Nightrider: knight jumps in a line"),
        ("W03", "exactly three squares straight"), ("NN", "old spelling of the Nightrider")),
    letters="0123456789", kind="range", dialects=XB, board=True)
RANGE_B2 = Entry(
    "range", "Ranges and exponents",
    "A number after a step (or a group) repeats it: 0 or * without limit, 3 up to three times, "
    "03 exactly three. Letters between the step and the number change the repetitions: "
    "directions say how each new step turns relative to the last one, modalities what happens on "
    "the squares passed on the way.",
    _ex(("W3", "up to three squares straight"), ("Nrf0", "the Rose: knight jumps that curve"),
        ("Rc0", "a rook that captures every enemy it passes"), ("R*", "the same as R0")),
    letters="0123456789*", kind="range", dialects=B2, board=True)


# -- directions ---------------------------------------------------------------------------------
def _dir(letter: str, title: str, text: str, *examples: tuple[str, str],
         dialects: tuple[Dialect, ...] = BOTH, blockers: str = "") -> Entry:
    return Entry(f"dir-{letter}", f"{letter} — {title}", text, _ex(*examples), letters=letter,
                 kind="direction", dialects=dialects, board=True, blockers=blockers)


DIRECTIONS = (
    _dir("f", "forward", "Only the moves towards the opponent. On a diagonal or oblique atom that "
         "is a pair of moves; written before another direction it picks one of a pair.",
         ("fW", "one step forward"), ("fN", "the two most forward knight jumps"),
         ("lfN", "only the forward jump that leans left")),
    _dir("b", "backward", "Only the moves towards the own side.", ("bF", "two backward diagonals")),
    _dir("l", "left", "Only the moves to the left (as the piece's owner sees it).",
         ("lW", "one step to the left")),
    _dir("r", "right", "Only the moves to the right.", ("rR", "a rook that slides right only")),
    _dir("v", "vertical", "Forward and backward together.", ("vR", "slides up and down the file")),
    _dir("s", "sideways", "Left and right together.", ("sW", "one step left or right")),
    _dir("h", "half", "Widens a direction on oblique atoms to the four moves that lean that way "
         "(fh), or, as hr and hl, picks the right-handed or left-handed half of the eight.",
         ("fhN", "the four forward-leaning knight jumps"), ("hrN", "a chiral knight")),
    _dir("a", "all", "All directions: the default on a whole move; on a continuation leg "
         "(where the default is straight on) it lets the next leg go any way.",
         ("W-aW", "a step, then another in any direction"), dialects=B2),
)


# -- modalities --------------------------------------------------------------------------------
def _mode(letter: str, title: str, text: str, *examples: tuple[str, str],
          dialects: tuple[Dialect, ...] = BOTH, blockers: str = "") -> Entry:
    return Entry(f"mode-{letter}", f"{letter} — {title}", text, _ex(*examples), letters=letter,
                 kind="modality", dialects=dialects, board=True, blockers=blockers)


MODALITIES = (
    _mode("m", "move only", "The move may only go to an empty square. On a leg that is not the "
          "last one it is the default: the square passed must be empty.",
          ("mR", "a rook that never captures"), ("fmWfcF", "the shatranj pawn")),
    _mode("c", "capture only", "The move must take an enemy piece on the square it reaches. On "
          "an earlier leg the piece captures there and goes on.",
          ("cR", "a rook that only captures"), ("fcafmF", "a checker's capture (XBetza)"),
          dialects=XB, blockers="foe:d6 foe:f4 friend:b4"),
    _mode("c", "capture only", "The move must take an enemy piece on the square it reaches. On "
          "an earlier leg the piece captures there and goes on.",
          ("cR", "a rook that only captures"), ("fcF-mF", "a checker's capture"),
          dialects=B2, blockers="foe:d6 foe:f4 friend:b4"),
    _mode("d", "destroy a friend", "The move takes a piece of its own side.",
          ("dN", "jumps onto a friend and removes it"), ("mcdK", "a king that may also take a friend"),
          blockers="friend:e6 friend:b3 foe:c6"),
    _mode("e", "en passant", "Captures a pawn that has just passed this square with a blockable "
          "double step: the e.p. square of the board.", ("fmWfceF", "pawn steps with e.p."),
          dialects=XB, blockers="foe:e4 ep:e5"),
    _mode("t", "tame / friend test", "On the last leg: this move never captures a king (XBoard's "
          "work-around for approximate pieces). On an earlier leg, or with p and g: the square "
          "must hold a friend.", ("tQ", "a queen whose moves never give check"),
          dialects=XB),
    _mode("t", "test for a friend", "On an earlier leg: the square must hold a piece of the own "
          "side, which stays.", ("tF-F", "jumps over a friend only"), dialects=B2,
          blockers="friend:e5 foe:c5"),
    _mode("p", "hop", "The leg goes to an occupied square and leaves that piece where it is. On "
          "the last leg it is the old hopper: the move jumps over exactly one piece first.",
          ("mRcpR", "the xiangqi cannon"), ("pafR", "a rook that must jump one piece"),
          dialects=XB, blockers="friend:d6 foe:d7 foe:f4 foe:g4"),
    _mode("p", "hop", "The leg ends on an occupied square and leaves the piece there; the next "
          "leg goes on from it. Alone on a final leg it keeps the old meaning: pR is pR-cR.",
          ("mRpR-cR", "the xiangqi cannon"), ("pR-B", "a bifurcator: rook to a piece, then "
           "bishop"), dialects=B2, blockers="friend:d6 foe:d7 foe:f4 foe:g4"),
    _mode("g", "grasshopper hop", "Like p, but after the piece jumped over it lands directly "
          "behind (the range changes after the hop).", ("gQ", "the grasshopper"),
          blockers="foe:d6 friend:f6 foe:b4 friend:d2"),
    _mode("o", "off the board", "On the last leg: moves wrap around the side edges (a cylinder "
          "board). On an earlier leg: the leg may leave the board and come back with the next.",
          ("oR", "a rook on a cylinder board"), dialects=XB),
    _mode("o", "off the board", "On an earlier leg the piece may go off the board, to come "
          "back with the next leg (bouncing pieces); on the last leg it wraps around the side "
          "edges.", ("oR", "a cylinder rook"), dialects=B2),
    _mode("y", "range change on an empty square", "Like m on an earlier leg, but the next leg "
          "swaps range: a stepper becomes a slider and back.",
          ("yafsW", "a step, then a bishop move at 45 degrees"), dialects=XB),
    _mode("u", "unload", "Puts down, on the square this leg reaches, the piece captured or "
          "destroyed on an earlier leg: magnets and catapults.",
          ("cdN-buN-bN", "swaps places with the piece a knight's jump away"),
          dialects=B2, blockers="foe:e6 friend:b3"),
)

LIMITER = Entry(
    "limiter", "{…} — limiters", "Braces after a modality name the piece types it applies to: "
    "c{N} captures only knights, c{!P} anything but pawns. Several types are separated by "
    "commas; + marks a promoted piece.",
    _ex(("c{N,B}Q", "a queen that may capture only knights and bishops"),
        ("mRc{!P}R", "a rook that cannot capture pawns")),
    letters="{}!", kind="limiter", dialects=B2, board=True,
    blockers="foe:d6=N foe:f6=P foe:b2=B foe:f4=R")


# -- special modifiers -----------------------------------------------------------------------
def _special(letter: str, title: str, text: str, *examples: tuple[str, str],
             dialects: tuple[Dialect, ...] = BOTH, kind: str = "special",
             blockers: str = "") -> Entry:
    return Entry(f"special-{letter}", f"{letter} — {title}", text, _ex(*examples),
                 letters=letter, kind=kind, dialects=dialects, board=True, blockers=blockers)


SPECIALS = (
    _special("i", "initial move", "Only while the piece has not moved yet. In Betza 2.0, written "
             "right after c or d it means something else: only unmoved pieces may be taken.",
             ("ifmnD", "a pawn's double step"), blockers="foe:c6"),
    _special("n", "non-jumping", "A leap that passes the squares between and is blocked by a "
             "piece there. On oblique leaps XBoard tests the square half way (which makes nN the "
             "xiangqi horse).", ("nA", "the xiangqi elephant"), ("nN", "the xiangqi horse"),
             blockers="foe:e5"),
    _special("j", "must jump", "The leap must jump over a piece (jj: over one or more). On W or "
             "F sliders it skips the first square instead. On a drop it leaves out the back rank.",
             ("jD", "a dabbaba that needs a piece to jump"), dialects=XB,
             blockers="foe:d5 friend:e4"),
    _special("j", "must jump", "The leap must jump over exactly one piece (jj: at least one).",
             ("jD", "a dabbaba that needs a piece to jump"), dialects=B2,
             blockers="foe:d5 friend:e4"),
    _special("q", "circular rider", "Each new step turns the same way as the last: a rider on a "
             "curve.", ("qN", "the knight rider that circles")),
    _special("z", "zig-zag rider", "The steps turn left and right by turns.",
             ("zF", "a diagonal zig-zag")),
    _special("x", "eruption / explosion", "x: the move is over when the path reaches this leg; "
             "what follows is the path of fragments that fly on and capture. xx: the piece "
             "itself blows up.", ("R-xacK", "a rook whose arrival kills the pieces around it"),
             dialects=B2, blockers="foe:c6 foe:e7 foe:g5"),
    _special("e", "equal length", "This slide goes exactly as far as an earlier one.",
             ("mR-ebR", "out and back the same distance"), dialects=B2),
)

AGAIN = _special("a", "again: another leg", "Everything before a describes one leg, what follows the "
                 "next; the legs share the atom. The next leg's directions are relative to the last "
                 "step (f = straight on), its default is any direction but straight back, and earlier "
                 "legs default to m (the square must be empty).",
                 ("masR", "a rook that may turn a corner once"), ("mpafN", "a (2,4) leaper"),
                 dialects=XB, kind="chain", blockers="foe:d6")


MULTI_XB = Entry(
    "multi-leg", "How the legs of an a chain read",
    "Every leg of an XBetza chain uses the same atom. Directions of later legs count from the "
    "last step: f goes straight on, and without a direction a leg may go anywhere except "
    "straight back. A W or F atom sent in a direction between its own (fs, fl ...) turns into "
    "the other one for the rest of the move, so rook paths can bend to bishop paths. g and y "
    "on an earlier leg swap the range of the next one: a slider becomes a single step and back.",
    _ex(("mafsR", "a rook move that bends 45 degrees on an empty square"),
        ("aaK", "three king steps, the first two over empty squares"),
        ("gabyabsR", "bounces off the first piece in its way")),
    dialects=XB, board=True, blockers="foe:d7")


VIRGIN = Entry("special-virgin", "ci / di — only unmoved victims",
               "An i directly after c or d: that leg may take only pieces that have not moved.",
               _ex(("ciN", "captures only unmoved pieces"),), letters="i", kind="modality",
               dialects=B2, board=True, blockers="foe:e6 foe:c2")

# -- multi-leg moves, groups, castling, engine differences ------------------------------------
CHAIN = Entry(
    "chain", "- — chains of legs", "A dash joins legs into one move: the piece must complete "
    "the whole path, and ends where the last leg ends. Later legs go straight on unless a "
    "direction turns them (l and r turn the least, s both ways), and earlier legs must end on "
    "an empty square unless a modality says otherwise.",
    _ex(("W-F", "the xiangqi horse, blocked on the W square"),
        ("mF-F", "the xiangqi elephant"), ("pQ-K", "the grasshopper"),
        ("W-lF", "a step then a diagonal turning left")),
    letters="-", kind="chain", dialects=B2, board=True, blockers="foe:d5")
GROUP = Entry(
    "group", "( ) — groups", "Parentheses group. Without a number they change nothing: (W) is "
    "W. With a number after them the whole path inside repeats, and exponent letters turn "
    "each repetition.",
    _ex(("(W-F)0", "the Mao-rider: horse moves repeated in a line"),
        ("fmF(fcF-mF)", "a checker"), ("(F-lF)r0", "a path that winds on")),
    letters="()", kind="group", dialects=B2, board=True)
CASTLING_XB = Entry(
    "castling", "Castling and en passant", "Castling: O with a number on a royal piece, the "
    "number of squares it steps towards the corner piece. En passant: e on a pawn's capture, "
    "which works with the blockable double step (n) of the opponent's pawns.",
    _ex(("WFisO2", "a king that castles two squares to either side"),
        ("fmWfceFifmnD", "the FIDE pawn: steps, captures, e.p., double step")), dialects=XB,
    board=True, blockers="friend:a4 friend:g4")
CASTLING_B2 = Entry(
    "castling", "Castling and en passant", "Betza 2.0 has no castling letter: castling is the "
    "path of the king, which destroys the unmoved rook in the corner and puts it down again "
    "on the other side (di, then u). En passant has no letter of its own either; XBetza's e "
    "covers it (translate the piece to XBetza to export it).",
    _ex(("irdiW03-buD-bW", "castling to the right, as a path"),), dialects=B2, board=True,
    blockers="friend:g4=R")
ENGINES_XB = Entry(
    "engines", "XBoard 4.9 and Fairy-Stockfish",
    "The designer reads modifiers in any order; XBoard 4.9 needs i, directions, then m c d e t "
    "p g o y, then n j, and ignores letters out of that order (Apply quick fix rewrites them). "
    "XBoard reads J and L the other way round, reads at most two range digits and no leading "
    "zero, does not know NN, U or coordinate leaps, stops at the first thing it does not know "
    "and castles only kings. Fairy-Stockfish plays single-leg moves: it ignores a chains, "
    "reads one range digit, has riders only for W F N and the sliders, and no U, O, @ or "
    "coordinate leaps. The Engine compatibility list under the definition says where.",
    _ex(("mfW", "written out of XBoard's order: see the warning"),
        ("NN", "XBoard reads two knights: the fix writes N0")), dialects=XB)
ENGINES_B2 = Entry(
    "engines", "XBoard 4.9 and Fairy-Stockfish",
    "Neither program reads Betza 2.0. The designer exports a Betza 2.0 piece through its "
    "XBetza translation (Dialect box: switch to XBetza to see it), and says when a path has no "
    "XBetza spelling. A chain that repeats one atom and range, like pR-cR, becomes an a "
    "chain; different atoms in one chain, groups with ranges and limiters have no XBetza "
    "spelling.",
    _ex(("pR-cR", "the cannon's capture; in XBetza it becomes pafcR"),), dialects=B2)

INTRO_XB = Entry(
    "intro", "Reading an XBetza definition",
    "A definition lists moves one after the other. Each move is written as lower-case "
    "modifiers, a capital atom that names the step, and an optional range: fmW is one step "
    "forward (f) that may not capture (m). Modifiers with a between them belong to successive "
    "legs of one move.", _ex(("fmWfceFifmnD", "the FIDE pawn"), ("mRcpR", "the xiangqi cannon")),
    dialects=XB, board=True, blockers="foe:e4 ep:e5 foe:c5")
INTRO_B2 = Entry(
    "intro", "Reading a Betza 2.0 definition",
    "Betza 2.0 keeps atoms, ranges and modifiers and adds paths: legs joined with -, each leg "
    "with its own modifiers and atom. Parentheses group a path so a range can repeat it; braces "
    "limit a modality to some piece types.",
    _ex(("W-F", "the xiangqi horse"), ("(W-F)0", "the Mao-rider")), dialects=B2, board=True,
    blockers="foe:d5")

# -- Bex (seed 001 "Bex notation", seed 002) ----------------------------------------------------
INTRO_BEX = Entry(
    "intro", "Reading a Bex definition",
    "Bex, David Howe's notation, writes a move as a sequence of original Betza legs. The "
    "designer reads it as the Betza 2.0 program that makes the same moves (the editor shows "
    "that translation beside the text) and exports it through that program.",
    _ex(("mW-F", "the xiangqi horse: a W step to an empty square, then a diagonal outward"),
        ("(1,4)", "the giraffe")), dialects=BX, board=True, blockers="foe:d5")
SEQUENCE_BEX = Entry(
    "bex-sequence", "- and -- — sequencing",
    "A - goes on from where the leg before ended in the same direction (Betza 2.0's -); a -- "
    "goes on in any direction (Betza 2.0's -a). Bex writes no direction letters on the leg "
    "after them. Every leg must be made: the move is blocked where a leg cannot go.",
    _ex(("mW-F", "the xiangqi horse (Betza 2.0: mW-F)"),
        ("K--K", "two king steps in any directions (Betza 2.0: K-aK)")),
    letters="-", kind="chain", dialects=BX, board=True, blockers="foe:d5")
PLUS_BEX = Entry(
    "bex-plus", "+ and ( ) — concatenation and grouping",
    "A + between moves only makes the definition easier to read: W+F is WF. Parentheses "
    "group; a range after them repeats the whole sequence.",
    _ex(("W+F", "the king's moves, written as W and F"),
        ("(mW-F)2", "up to two horse moves in a line")),
    letters="+()", kind="group", dialects=BX, board=True)
RANGE_BEX = Entry(
    "range", "Ranges — exponents",
    "A number after a leg repeats it on in the same direction, like a chain of -: W3 makes up "
    "to three W steps. A leading 0 means exactly: W03 makes exactly three. An * means any "
    "number of steps: W* is the rook.",
    _ex(("W3", "one, two or three squares straight"), ("W03", "exactly three squares straight"),
        ("W*", "the rook")),
    letters="0123456789*", kind="range", dialects=BX, board=True)
PASS_BEX = Entry(
    "bex-pass", "O and (x,y) — the pass and long leapers",
    "O is a (0,0) step: the piece stays and spends the turn. (x,y) is a leaper by its "
    "coordinates, for leaps that have no letter.",
    _ex(("(1,4)", "the giraffe"), ("O", "a pass")), dialects=BX, board=True)
CAPTURE_BEX = Entry(
    "bex-capture", "[a] [w] [l] [rK] — ways of capturing",
    "Where c captures by replacement, [a] before a leg captures by approach (the piece beyond "
    "the square it moves to), [w] by withdrawal (the piece next to it on the other side), [l] "
    "by leaping over; [rK] is a rifle capture of what a K step reaches, without moving. Each "
    "is read as the Betza 2.0 path that visits the captured square: [a]Q is mQ-cK-bK, [w]Q is "
    "cK-bK-mQ, [l]R is cR-mR, [rK] is cK-bK. Only the capturing move is meant: write the plain "
    "move beside it (mQ[w]Q).",
    _ex(("mQ[w]Q", "the withdrawer"), ("[a]Q", "capture by approach"),
        ("[l]R", "captures by leaping over, lands anywhere beyond"),
        ("[rK]", "shoots an adjacent piece and stays")),
    letters="[]awl", kind="special", dialects=BX, board=True, blockers="foe:d6 foe:e5")
EXOTIC_BEX = Entry(
    "bex-exotic", "[xo] [xsN] — exotic steps",
    "[xo] as the final step goes back to the square of origin: cN-[xo] shoots a piece a "
    "knight's leap away (Betza 2.0 cN-bN). [xsN] swaps places with a piece a knight's leap "
    "away (Betza 2.0 cdN-buN-bN).",
    _ex(("cN-[xo]", "a knight that captures without moving"),
        ("[xsN]", "swaps with a piece a knight's leap away")),
    letters="xos", kind="special", dialects=BX, board=True, blockers="foe:b5 friend:e6")
UNREAD_BEX = Entry(
    "bex-not-moves", "y, =Q,R, [xiK] — not moves",
    "Some Bex says things that are not moves, and the designer names them as errors instead of "
    "reading a different piece: y (royal) is the piece type's Royal setting; =Q,R,B,N (what "
    "the piece promotes to) belongs in the variant's promotion settings; [xiK] and [x!iK] "
    "(immobilise or free the pieces around) have no counterpart in a move.",
    letters="y=!i", kind="error", dialects=BX)

SECTIONS = (
    Section("Start here", "", (INTRO_XB, INTRO_B2, INTRO_BEX)),
    Section("Atoms", "The capital letters: which steps a move makes.", ATOMS, ("atom",)),
    Section("Ranges", "", (RANGE_B2, RANGE, RANGE_BEX), ("range",)),
    Section("Directions", "Lower-case letters that keep only some of an atom's moves.",
            DIRECTIONS, ("direction",)),
    Section("Modalities", "What a move (or a leg) may do on the square it reaches.",
            MODALITIES + (VIRGIN, LIMITER), ("modality",)),
    Section("Special modifiers", "", SPECIALS, ("modifier",)),
    Section("Multi-leg moves and groups", "", (AGAIN, MULTI_XB, CHAIN, GROUP),
            ("move", "path", "group")),
    Section("Bex: sequences and exotics", "David Howe's extensions of original Betza "
            "(seed 001).", (SEQUENCE_BEX, PLUS_BEX, PASS_BEX, CAPTURE_BEX, EXOTIC_BEX,
                            UNREAD_BEX), ("move", "group", "exotic")),
    Section("Castling and en passant", "", (CASTLING_XB, CASTLING_B2)),
    Section("Engines", "", (ENGINES_XB, ENGINES_B2)),
)


def page(dialect: Dialect) -> tuple[Section, ...]:
    """The sections of ``dialect``'s page with the entries that belong to it."""
    out = []
    for section in SECTIONS:
        entries = tuple(e for e in section.entries if dialect in e.dialects)
        if entries:
            out.append(Section(section.title, section.intro, entries, section.productions))
    return tuple(out)


def entries(dialect: Dialect) -> tuple[Entry, ...]:
    return tuple(e for s in page(dialect) for e in s.entries)


def entry_for(dialect: Dialect, kind: str, char: str) -> Entry | None:
    """The entry that explains ``char`` of token kind ``kind`` (F1 on a token)."""
    found = entries(dialect)
    for e in found:
        if char and char in e.letters and (e.kind == kind or not kind):
            return e
    for e in found:
        if e.kind == kind and kind:
            return e
    return None
