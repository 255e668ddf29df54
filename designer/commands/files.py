"""``variant-designer export | check | convert``: variant files without the window.

* ``export FILE --to FORMAT [-o OUT]``: write FILE in another format (stdout without ``-o``);
  what the target program will not understand is listed on stderr first. A PGN game exported
  to PGN keeps its moves (the first game of the file).
* ``check FILE``: validate; exit 1 and list positioned problems when there are errors. For a
  PGN file every game is replayed: its moves and result, or the first move that is wrong
  (``file:line: error: game N: move 12. 'Nf3': reason``).
* ``convert IN OUT``: like export, the format chosen by OUT's extension.
Exit codes: 0 done, 1 problems (check), unreadable input, or an export with ``error`` notes
(the file is written, but the target program will not play the variant as designed), 2 usage.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..formats.errors import FormatError
from ..formats.registry import (FORMAT_NAMES, format_for_output, problems_for, read_any,
                                read_any_noted, render)
from ..errors import DesignerError
from ..variant.model import Variant
from ..vocabulary import ERROR, Square

if TYPE_CHECKING:
    from ..balance import HeatKind
    from ..formats.fsf_config import FsfNotice
    from ..records import GameRecord

#: ``export --to page``: the rules page (``designer.publish``), not a format of the registry.
PAGE = "page"


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    if name == "export":
        parser.add_argument("file", help="variant file (.ini, .variants.ini, .pgn, .eng)")
        parser.add_argument("--to", required=True, choices=FORMAT_NAMES + (PAGE,),
                            help="output format (page: the variant's rules page, HTML)")
        parser.add_argument("-o", "--output", help="output file (default: standard output)")
        parser.add_argument("--piece", help="svg: the piece letter to draw (default: first "
                            "non-royal piece)")
        parser.add_argument("--square", help="svg: where the piece stands, e.g. e4")
        parser.add_argument("--heat", choices=("mobility", "distance", "checks"),
                            help="svg: draw a heat map of the piece instead of its moves: "
                            "mobility from every square, distance in moves from --square, or "
                            "safe checks against a king on every square")
    elif name == "check":
        parser.add_argument("file", help="variant file to validate")
    else:
        parser.add_argument("input", help="variant file to read")
        parser.add_argument("output", help="file to write; its extension picks the format "
                            "(.ini native, .variants.ini Fairy-Stockfish, .pgn, .eng, .html, .svg)")
    parser.add_argument("--section", help="variants.ini input: the section to read")


def run(args: argparse.Namespace) -> int:
    try:
        if args.command == "check":
            return _check(args)
        if args.command == "export":
            return _export(args.file, args.to, args.output, args)
        return _export(args.input, format_for_output(args.output), args.output, args)
    except FormatError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except DesignerError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyError as e:
        print(f"error: {e.args[0]}", file=sys.stderr)
        return 1


def _check(args: argparse.Namespace) -> int:
    v, notes = read_any_noted(args.file, args.section)
    for note in notes:            # how the file was read: each line that was taken otherwise
        print(f"{note}", file=sys.stdout)
    for notice in _read_notices(args.file, args.section):
        print(f"{notice.file or args.file}:{notice.line}: {notice.severity}: "
              f"{notice.key + ': ' if notice.key else ''}{notice.message}")
    own = v.validate()
    errors = [p for p in own if p.severity == ERROR]
    for p in own:
        print(f"{args.file}: {p.severity}: {p}")
    for fmt, label in (("xboard", "XBoard 4.9"), ("fsf", "Fairy-Stockfish")):
        for p in problems_for(v, fmt):
            print(f"{args.file}: note for {label}: {p}")
    if not errors:
        read = f" (read with {len(notes)} note{'s' if len(notes) > 1 else ''} above)" \
            if notes else ""
        print(f"{args.file}: {v.name}, {v.files}x{v.ranks}, {len(v.pieces)} piece types: "
              f"ok{read}")
    faults = _check_games(args.file) if _is_pgn(args.file) else []
    return 1 if errors or faults else 0


def _is_pgn(path: str) -> bool:
    from ..formats.errors import read_text
    from ..formats.registry import detect
    return detect(read_text(path), path) == "pgn"


def _check_games(path: str) -> list[str]:
    """Each game of a PGN file replayed move by move: its moves and result, or where and
    why it goes wrong (``file:line: game N: move 12. 'Nf3': reason``)."""
    from ..formats.errors import read_text
    from ..records import check_games, moves_words
    faults = []
    for g in check_games(read_text(path), path):
        if g.error is not None:
            reason = g.error.reason
            print(f"{path}:{g.error.line}: error: game {g.number}: {reason}")
            faults.append(reason)
        elif g.record is not None:
            rec = g.record
            end = f" ({rec.termination})" if rec.termination else ""
            print(f"{path}:{g.line}: game {g.number}: {moves_words(len(rec.moves))}, "
                  f"{rec.result}{end}; last position {rec.final_fen()}")
    return faults


def _game_of(src: str) -> "GameRecord | None":
    """The first game of a PGN source that has moves (exported with them), else None."""
    if not _is_pgn(src):
        return None
    from ..formats.errors import read_text
    from ..records import read_game
    from ..records.pgn_read import split_games
    text = read_text(src)
    games = split_games(text, src)
    if not games or not games[0].moves:
        return None
    return read_game(text, src)


def _read_notices(path: str, section: str | None) -> list["FsfNotice"]:
    """What a Fairy-Stockfish file says that the engine reads otherwise or our rules model
    cannot carry (nothing for other formats, or for our own sections with their data)."""
    from ..formats import fsf_ini
    from ..formats.errors import read_text
    from ..formats.registry import detect
    text = read_text(path)
    if detect(text, path) != "fsf":
        return []
    sections = fsf_ini.sections(text, path)
    name = section or (sections[-1] if sections else None)
    if name is None or fsf_ini.read(text, name, path) != fsf_ini.read(text, name, path, False):
        return []                   # our own section: the @designer data is the variant
    return fsf_ini.read_notices(text, name, path)


def _heat_svg(v: Variant, kind: HeatKind, letter: str | None, square: Square | None) -> str:
    """A heat map of one piece (the first non-royal one by default) as SVG."""
    from ..balance import heat_map, render_heat
    piece = v.piece(letter) if letter else next((p for p in v.pieces if not p.royal),
                                                v.pieces[0] if v.pieces else None)
    if piece is None:
        raise KeyError(f"no piece {letter} in {v.name}" if letter else f"{v.name} has no pieces")
    holes = v.position().holes if v.setup else frozenset()
    origin = square or ((v.files - 1) // 2 + (v.files % 2 == 0), (v.ranks - 1) // 2)
    m = heat_map(kind, piece.notation, piece.dialect, v.files, v.ranks,
                 origin=origin, holes=frozenset(holes), name=piece.name or piece.letter)
    return render_heat(m, piece.letter)


def _export(src: str, fmt: str, out: str | None, args: argparse.Namespace) -> int:
    v = read_any(src, getattr(args, "section", None))
    errors = [p for p in v.validate() if p.severity == ERROR]
    if errors:
        for p in errors:
            print(f"{src}: error: {p}", file=sys.stderr)
        return 1
    if fmt == PAGE:                 # not a file of a program: a page to publish
        from ..publish import write_page
        return _write_out(write_page(v), out)
    notes = problems_for(v, fmt)
    for p in notes:
        print(f"{src}: {fmt}: {p.severity}: {p}", file=sys.stderr)
    code = _export_to(v, src, fmt, out, args)
    # written, but the target program will not play the variant as designed: not a success
    return 1 if code == 0 and any(p.severity == ERROR for p in notes) else code


def _write_out(text: str, out: str | None) -> int:
    """``text`` to ``out`` (atomically), or to standard output without it."""
    from ..formats.atomic import write_atomic
    if out:
        write_atomic(out, text)
    else:
        sys.stdout.write(text)
    return 0


def _export_to(v: Variant, src: str, fmt: str, out: str | None,
               args: argparse.Namespace) -> int:
    """Write ``v`` in ``fmt`` to ``out`` (stdout without it): 0, or the usage exit code."""
    from ..geometry.board import parse_square
    from ..formats.atomic import write_atomic
    if fmt == "xboard-fsf":
        if not out:
            print("error: --to xboard-fsf writes two files: give -o NAME.ini", file=sys.stderr)
            return 2
        from ..formats import xboard_fsf
        ini = xboard_fsf.save(out, v)
        print(f"wrote {out} and {ini}", file=sys.stderr)
        return 0
    square = None
    if getattr(args, "square", None):
        try:
            square = parse_square(args.square, v.files, v.ranks)
        except ValueError as e:
            print(f"error: --square: {e}", file=sys.stderr)
            return 2
    record = _game_of(src) if fmt == "pgn" else None
    if record is not None and not out:
        from ..records import write_game
        sys.stdout.write(write_game(record))
        return 0
    if fmt == "pgn" and out:
        from ..formats import pgn_tags
        if record is not None:
            from ..records import save
            written = save(out, record)
        else:
            written = pgn_tags.save(out, v)
        if len(written) > 1:
            print(f"wrote {written[0]} and {written[1]}; open both with: "
                  f"{pgn_tags.companion_command(out)}", file=sys.stderr)
        return 0
    from ..formats.errors import writing
    with writing(out or "standard output"):
        if getattr(args, "heat", None):
            if fmt != "svg":
                print("error: --heat draws an SVG heat map: use it with --to svg",
                      file=sys.stderr)
                return 2
            text = _heat_svg(v, args.heat, getattr(args, "piece", None), square)
        else:
            text = render(v, fmt, getattr(args, "piece", None), square)
    if out:
        write_atomic(out, text)
    else:
        sys.stdout.write(text)
    return 0
