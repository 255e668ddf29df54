#!/usr/bin/env python3
"""Write ``designer/data/xboard_variants.json``: XBoard 4.9.1's built-in variants as data.

For every name ``-variant`` accepts: the board (``backend.c: InitPosition``), the holdings
size, the piece-to-char table ``InitPosition`` installs, the start position as XBoard saves it
(``tests/data/xboard/starts.json``, recorded from the real program by
``tools/xboard_probe.py starts``), the promotion and castling rules, and every piece of the
table with the moves XBoard's own generator gives it (``moves.c: GenPseudoLegal``), written in
XBetza. Where the generator follows a rule the notation cannot carry (Xiangqi's palace and
river, a pawn's double step bound to a rank, wildcards) the piece says so in ``note`` and is
marked ``"exact": false``.

Run it after changing the rules below; the JSON is what the application reads.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from designer.formats.ptc import IMAGE_STEMS, parse_table_halves  # noqa: E402

SHOGI_FAMILY = ("shogi", "chu")          # moves.c IS_SHOGI: pieces use the SHOGI cases
DEFAULT_TABLE = "PNBRQ...........Kpnbrq...........k"      # InitPosition before the switch

# backend.c InitPosition: table, board and holdings per variant (defaults 8x8+0).
BOARDS: dict[str, tuple[str, int, int, int]] = {
    "shatranj": ("PN.R.QB...Kpn.r.qb...k", 8, 8, 0),
    "makruk": ("PN.R.M....SKpn.r.m....sk", 8, 8, 0),
    "asean": ("PN.R.Q....BKpn.r.q....bk", 8, 8, 0),
    "grand": ("PNBRQ..ACKpnbrq..ack", 10, 10, 7),
    "caparandom": ("PNBRQ..ACKpnbrq..ack", 10, 8, 0),
    "capablanca": ("PNBRQ..ACKpnbrq..ack", 10, 8, 0),
    "gothic": ("PNBRQ..ACKpnbrq..ack", 10, 8, 0),
    "seirawan": ("PNBRQ..HEKpnbrq..hek", 8, 8, 7),
    "janus": ("PNBRQ..JKpnbrq..jk", 10, 8, 0),
    "falcon": ("PNBRQ............FKpnbrq............fk", 10, 8, 0),
    "xiangqi": ("PH.R.AE..K.C.ph.r.ae..k.c.", 9, 10, 0),
    "shogi": ("PNBRLS...G.++++++Kpnbrls...g.++++++k", 9, 9, 7),
    "chu": ("P.BRQSEXOG...HD..^DLI^HNV........^T..^L.C...A^AFT/^F^G^M.^E^X^O^I.^P.^B^R..M^S^C^VK"
            "p.brqsexog...hd..^dli^hnv........^t..^l.c...a^aft/^f^g^m.^e^x^o^i.^p.^b^r..m^s^c^vk",
            12, 12, 0),
    "courier": ("PNBR.FE..WMKpnbr.fe..wmk", 12, 8, 0),
    "knightmate": ("P.BRQ.....M.........K.p.brq.....m.........k.", 8, 8, 0),
    "spartan": ("PNBRQ.....................K......lw......g...h......ck", 8, 8, 0),
    "lion": ("PNBRQ................LKpnbrq................lk", 8, 8, 0),
    "elven": ("PNBRQ.....M.+++......LKpnbrq.....m.+++......lk", 10, 10, 0),
    "fairy": ("PNBRQFEACWMOHIJGDVLSUKpnbrqfeacwmohijgdvlsuk", 8, 8, 0),
    "great": ("PN....E...S..HWGMKpn....e...s..hwgmk", 10, 8, 8),
    "super": ("PNBRQ..SE.......V.AKpnbrq..se.......v.ak", 8, 8, 8),
    "crazyhouse": ("PNBRQ.......~~~~Kpnbrq.......~~~~k", 8, 8, 5),
    "bughouse": ("PNBRQ.......~~~~Kpnbrq.......~~~~k", 8, 8, 5),
}

TITLES = {   # xboard.texi, "-variant varname"
    "normal": "Normal chess", "wildcastle": "Shuffle chess, king can castle from d file",
    "nocastle": "Shuffle chess, no castling allowed",
    "fischerandom": "Fischer Random shuffle chess", "bughouse": "Bughouse, ICC/FICS rules",
    "crazyhouse": "Crazyhouse, ICC/FICS rules",
    "losers": "Lose all pieces or get mated (ICC wild 17)",
    "suicide": "Lose all pieces including king (FICS)",
    "giveaway": "Try to have no legal moves (ICC wild 26)", "twokings": "Weird ICC wild 9",
    "kriegspiel": "Opponent's pieces are invisible",
    "atomic": "Capturing piece explodes (ICC wild 27)",
    "3check": "Win by giving check 3 times (ICC wild 25)",
    "shatranj": "An ancient precursor of chess (ICC wild 28)",
    "xiangqi": "Chinese Chess (on a 9x10 board)",
    "shogi": "Japanese Chess (on a 9x9 board & piece drops)",
    "capablanca": "Capablanca Chess (10x8 board, with Archbishop and Chancellor pieces)",
    "gothic": "similar, with a better initial position",
    "caparandom": "An FRC-like version of Capablanca Chess (10x8)",
    "janus": "A game with two Archbishops (10x8 board)",
    "courier": "Medieval intermediate between shatranj and modern Chess (on 12x8 board)",
    "falcon": "Patented 10x8 variant with two Falcon pieces",
    "berolina": "Pawns capture straight ahead, and move diagonally",
    "cylinder": "Pieces wrap around the board edge",
    "knightmate": "King moves as Knight, and vice versa",
    "super": "Superchess (shuffle variant with 4 exo-pieces)",
    "makruk": "Thai Chess (shatranj-like, P promotes on 6th rank)",
    "asean": "ASEAN Chess (a modernized version of Makruk)",
    "spartan": "Spartan Chess (black has unorthodox pieces)",
    "great": "Great Shatranj, a 10x8 variant without sliders",
    "grand": "Grand Chess, on 10x10 with Capablanca pieces",
    "lion": "Mighty-Lion Chess, with a multi-capturing Lion",
    "elven": "Eleven Chess, with Lion and crowned sliders on 10x10",
    "chu": "Chu Shogi, historic 12x12 variant with 2x46 pieces",
    "fairy": "A catchall variant in which all piece types known to XBoard can participate (8x8)",
    "seirawan": "Seirawan Chess (S-Chess): Hawk and Elephant gated from the holdings",
}

# Rules beyond the pieces' moves: such a variant is never chosen as a parent on its own,
# because XBoard (and an engine) would apply rules the designer's variant does not have.
SPECIAL_RULES = {
    "wildcastle": "shuffled back rank; the King may castle from the d-file",
    "nocastle": "shuffled back rank; no castling",
    "fischerandom": "shuffled back rank (Chess960 castling)",
    "caparandom": "shuffled back rank (Chess960 castling)",
    "losers": "the aim is to lose all pieces or be mated; captures are compulsory",
    "suicide": "the aim is to lose all pieces; captures are compulsory; the King is not royal",
    "giveaway": "the aim is to have no legal move; captures are compulsory",
    "twokings": "two Kings a side",
    "atomic": "a capture explodes every piece next to it except pawns",
    "3check": "three checks win",
    "super": "shuffled back rank; four exo-pieces are dropped from the holdings",
    "seirawan": "the Hawk and Elephant in hand are gated onto the back rank",
    "great": "Great Shatranj's short-range pieces; XBoard 4.9.1 plays them with its generic slots",
    "spartan": "the two sides have different armies",
    "bughouse": "a team game on two boards; XBoard plays it only on a chess server",
    "kriegspiel": "the opponent's pieces are invisible; XBoard plays it only on a chess server",
    "berolina": "XBoard 4.9.1 supports it only with legality testing off",
    "falcon": "the Falcon is a wildcard in XBoard 4.9.1 (moves are not checked); XBoard shows a "
              "patent notice when it starts",
    "gothic": "XBoard shows a patent notice when it starts (Capablanca's pieces in another "
              "start position)",
    "knightmate": "the royal piece moves as a Knight",
    "elven": "Lion trading rules of Eleven Chess",
    "lion": "Lion trading rules of Mighty-Lion Chess",
}
SHUFFLED = ("wildcastle", "nocastle", "fischerandom", "caparandom", "super")
NO_CASTLING = ("shatranj", "makruk", "asean", "grand", "xiangqi", "shogi", "chu", "courier",
               "nocastle")           # InitPosition sets nrCastlingRights = 0
DROPS = ("crazyhouse", "bughouse", "shogi")   # holdings used for drops (moves.c line ~2045)
CLASSICAL_ALFIL = ("shatranj", "courier", "chu", "xiangqi")


def pawn(v: str) -> tuple[str, str, bool, str]:
    """moves.c case WhitePawn: a step, a double step from ranks up to H/2-3 (not in shatranj or
    courier), diagonal captures, e.p. from the upper half."""
    if v == "xiangqi":
        return ("Soldier", "fW", False, "after crossing the river it also steps sideways (fsW); "
                "it never promotes")
    if v in ("shatranj", "courier", "makruk", "asean"):
        return ("Pawn", "fmWfcF", True, "")
    if v == "berolina":
        return ("Berolina Pawn", "mfFcfeWimfnA", False,
                "XBoard 4.9.1's generator moves it as a FIDE pawn; the game's pawn moves "
                "diagonally and captures straight ahead (play with legality testing off)")
    note = "" if v != "grand" else "the double step is from the third rank, where it starts"
    return ("Pawn", "fmWfceFifmnD", True, note)


def slot_moves(v: str, slot: int) -> tuple[str, str, bool, str]:
    """(name, XBetza, exact, note) of the piece in ``slot`` of variant ``v``."""
    shogi = v in SHOGI_FAMILY
    chu = v == "chu"
    if shogi:
        return _shogi_slot(v, slot, chu)
    stem = IMAGE_STEMS[slot]
    if slot == 0:
        return pawn(v)
    if slot == 1:
        return ("Horse", "nN", True, "") if v == "xiangqi" else ("Knight", "N", True, "")
    if slot == 2:
        return ("Bishop", "B", True, "")
    if slot == 3:
        return ("Chariot" if v == "xiangqi" else "Rook", "R", True, "")
    if slot == 4:
        return ("Queen", "Q", True, "")
    if slot == 5:
        if v == "xiangqi":
            return ("Advisor", "F", False, "confined to the palace")
        return ({"shatranj": "Ferz", "makruk": "Met", "asean": "Queen"}.get(v, "Ferz"), "F",
                True, "")
    if slot == 6:
        if v == "xiangqi":
            return ("Elephant", "nA", False, "may not cross the river")
        if v in CLASSICAL_ALFIL:
            return ("Alfil" if v != "shatranj" else "Bishop", "A", True, "")
        if v == "spartan":
            return ("Lieutenant", "FAmsW", True, "")
        return ("Elephant", "FA", True, "the modern Elephant: XBoard's generator adds the "
                "Ferz step outside shatranj, courier, chu and xiangqi")
    if slot == 7:
        name = {"janus": "Janus", "seirawan": "Hawk", "spartan": "Warlord"}.get(v, "Archbishop")
        return (name, "BN", True, "")
    if slot == 8:
        if v == "spartan":
            return ("General", "RF", True, "")
        return ("Elephant" if v == "seirawan" else "Chancellor", "RN", True, "")
    if slot == 9:
        if v == "xiangqi":
            return ("General", "W", False, "confined to the palace; the Generals may not face "
                    "each other")
        return ("Wazir", "W", True, "")
    if slot == 10:
        if v in ("makruk", "asean"):
            return ("Khon" if v == "makruk" else "Bishop", "FfW", True, "")
        return ("Commoner", "K", True, "")
    if slot == 11:
        return ("Cannon", "mRcpR", True, "")
    if slot == 12:
        return ("Nightrider", "N0", True, "")
    if slot == 13:
        if v == "elven":
            return ("Dragon Horse", "BW", True, "")
        return ("Cardinal", "BWD", True, "XBoard's generator adds the Dababba leap outside "
                "shogi variants")
    if slot == 14:
        if v in ("elven", "spartan"):
            return ("Dragon King" if v == "elven" else "General", "RF", True, "")
        return ("Dragon", "RD", True, "XBoard's generator gives Rook moves and a Dababba "
                "leap over an occupied square outside shogi variants")
    if slot == 15:
        return ("Grasshopper", "", False, "XBoard 4.9.1's generator has no moves for this "
                "slot (only an engine's piece command or -men gives it some)")
    if slot == 16:
        return ("Centaur" if v == "super" else "Silver", "KN", True, "")
    if slot in (17, 19):
        return ("Falcon" if slot == 17 else "Cobra", "", False, "a wildcard: XBoard 4.9.1 does "
                "not check its moves (it may go anywhere)")
    if slot == 18:
        if v == "super":
            return ("Amazon", "QN", True, "")
        return ("Hoplite" if v == "spartan" else "Lance", "fcWfmFifmA", False,
                "a Berolina pawn: the double diagonal step is allowed from the second rank "
                "only")
    if slot == 20:
        return ("King" if v == "knightmate" else "Unicorn", "N", True, "")
    if slot == 21:
        return ("Lion", "KNADcaKmcabK", True, "")
    if slot == 25:
        return ("Captain" if v == "spartan" else "Tower", "WD", True, "")
    if slot == 65:
        return ("General" if v == "xiangqi" else "King", "K", True, "")
    return (stem, "", False, "XBoard 4.9.1's generator has no moves for this slot outside "
            "shogi variants")


_CHU = {   # moves.c GenPseudoLegal, the SHOGI cases (IS_SHOGI variants)
    0: ("Pawn", "fW"), 1: ("Knight", "ffN"), 2: ("Bishop", "B"), 3: ("Rook", "R"),
    5: ("Silver General", "FfW"), 6: ("Drunk Elephant", "FsfW"), 7: ("Phoenix", "WA"),
    8: ("Kirin", "FD"), 9: ("Gold General", "WfF"), 13: ("Dragon Horse", "BW"),
    14: ("Dragon King", "RF"), 17: ("Soaring Eagle", "RbBfFfAfcavF"), 18: ("Lance", "fR"),
    19: ("Go-Between", "vW"), 20: ("Horned Falcon", "BsbRfWfDfcavW"),
    21: ("Lion", "KNADcaKmcabK"), 22: ("Vertical Mover", "vRsW"), 31: ("Flying Stag", "KvR"),
    34: ("White Horse", "fBvR"), 36: ("Copper General", "vWfF"), 40: ("Reverse Chariot", "vR"),
    41: ("Whale", "bBvR"), 42: ("Ferocious Leopard", "FvW"), 43: ("Blind Tiger", "FsbW"),
    46: ("Bishop", "B"), 47: ("Rook", "R"), 48: ("Free Boar", "BsR"), 50: ("Crown Prince", "K"),
    51: ("Free King", "Q"), 52: ("Lion", "KNADcaKmcabK"), 53: ("Drunk Elephant", "FsfW"),
    55: ("Tokin", "WfF"), 57: ("Dragon Horse", "BW"), 58: ("Dragon King", "RF"),
    61: ("Side Mover", "sRvW"), 62: ("Vertical Mover", "vRsW"), 63: ("Side Mover", "sRvW"),
    64: ("Flying Ox", "BvR"), 65: ("King", "K"),
}


def _shogi_slot(v: str, slot: int, chu: bool) -> tuple[str, str, bool, str]:
    if not chu:
        if slot == 4:
            return ("Lance", "fR", True, "")
        if slot in (11, 12, 15, 16):
            names = {11: "Tokin", 12: "Promoted Knight", 15: "Promoted Lance",
                     16: "Promoted Silver"}
            return (names[slot], "WfF", True, "")
        if slot == 14:
            return ("Dragon King", "RF", True, "")
        if slot == 13:
            return ("Dragon Horse", "BW", True, "")
    elif slot == 4:
        return ("Free King", "Q", True, "")
    if slot in _CHU:
        name, betza = _CHU[slot]
        return (name, betza, True, "")
    return (IMAGE_STEMS[slot], "", False, "no moves in XBoard 4.9.1's generator")


def promotion(v: str, letters: list[str]) -> dict[str, object]:
    """backend.c HasPromotionChoice / moves.c promoRank: zone depth and what a pawn becomes."""
    if v == "xiangqi":
        return {"zone": 0, "style": "none"}
    if v in ("shogi", "chu"):
        return {"zone": 3 if v == "shogi" else 4, "style": "shogi"}
    fixed = {"shatranj": "Q", "courier": "F", "makruk": "M", "asean": "Q"}
    zone = 3 if v in ("makruk", "grand", "elven") else 1
    if v in fixed:
        return {"zone": zone, "style": "fixed", "to": fixed[v]}
    choices = [l for l in letters if l not in ("P", "K") and not l.startswith("+")]
    if v == "knightmate":
        choices = [l for l in choices if l != "M"] + ["M"]
    return {"zone": zone, "style": "choice", "choices": choices}


def build(starts: dict[str, dict[str, str]]) -> dict[str, object]:
    names = list(TITLES)
    out: dict[str, object] = {}
    for v in ["normal", "wildcastle", "nocastle", "fischerandom", "bughouse", "crazyhouse",
              "losers", "suicide", "giveaway", "twokings", "kriegspiel", "atomic", "3check",
              "shatranj", "shogi", "chu", "courier", "gothic", "capablanca", "knightmate",
              "fairy", "cylinder", "falcon", "caparandom", "berolina", "janus", "super",
              "great", "makruk", "seirawan", "grand", "spartan", "xiangqi", "asean",
              "lion", "elven"]:
        assert v in names, v
        table, files, ranks, holdings = BOARDS.get(v, (DEFAULT_TABLE, 8, 8, 0))
        white, black = parse_table_halves(table)
        slots = [(slot, letter, "") for slot, letter in sorted(white.items())]
        slots += [(slot, letter, "black") for slot, letter in sorted(black.items())
                  if letter not in white.values()]
        pieces = []
        for slot, letter, only in slots:
            name, betza, exact, note = slot_moves(v, slot)
            if v == "cylinder" and betza:
                betza = {"fmWfceFifmnD": "fmWfceoFifmnD"}.get(betza, "o" + betza)
                exact, note = False, ("XBoard 4.9.1's generator does not wrap; the file's "
                                      "moves (o) and an engine do")
            entry: dict[str, object] = {"letter": letter, "slot": slot, "name": name,
                                        "betza": betza}
            royal = slot == 65 or (v == "knightmate" and slot == 20) or \
                (v == "xiangqi" and slot == 9) or (v == "chu" and slot == 50)
            if royal:
                entry["royal"] = True
            if only:
                entry["side"] = only
            if not exact:
                entry["exact"] = False
            if note:
                entry["note"] = note
            pieces.append(entry)
        letters = [str(p["letter"]) for p in pieces]
        fen = starts.get(v, {}).get("fen", "")
        entry_v: dict[str, object] = {
            "title": TITLES[v], "files": files, "ranks": ranks, "holdings": holdings,
            "drops": v in DROPS, "table": table, "setup": "" if v in SHUFFLED else fen,
            "castling": v not in NO_CASTLING, "promotion": promotion(v, letters),
            "pieces": pieces}
        if v in SHUFFLED:
            entry_v["shuffled"] = True
        if v in SPECIAL_RULES:
            entry_v["rules"] = SPECIAL_RULES[v]
        extra = {"xiangqi": "palace, river and flying-General rules",
                 "shogi": "drop rules (no pawn on a file with an own pawn, no drop mate)",
                 "chu": "Lion trading rules", "makruk": "counting rules",
                 "crazyhouse": "a promoted piece returns to the hand as a Pawn",
                 "grand": "a pawn promotes only to a piece of its side that has been captured "
                          "(the holdings hold them)",
                 "courier": "", "cylinder": "the a- and h-files are joined"}.get(v)
        if extra:
            entry_v["notes"] = extra
        out[v] = entry_v
    return out


def main() -> int:
    starts = json.loads((ROOT / "tests/data/xboard/starts.json").read_text())["variants"]
    slots = {family: [list(slot_moves(v, s)[1:3]) for s in range(66)]
             for family, v in (("chess", "fairy"), ("shogi", "shogi"), ("chu", "chu"))}
    data = {"_about": "XBoard 4.9.1's built-in variants (backend.c InitPosition, moves.c "
                      "GenPseudoLegal), written by tools/make_xboard_variants.py; setups as "
                      "XBoard saves them (tools/xboard_probe.py starts). slot_moves: what the "
                      "generator gives each of the 66 slots, [betza, exact], in variants "
                      "outside the shogi family, in shogi and in chu.",
            "slot_moves": slots,
            "variants": build(starts)}
    path = ROOT / "designer/data/xboard_variants.json"
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
