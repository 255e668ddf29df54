"""Every engine line is read once into a typed record. The sample lines are Fairy-Stockfish's
own output (``printf 'uci\nquit\n' | fairy-stockfish`` and its XBoard mode) and the examples
of the XBoard protocol's specification."""

from __future__ import annotations

from designer.engines.lines import (BestMove, DrawOffer, ErrorLine, Features, IdLine,
                                    IllegalMoveLine, InfoLine, MoveLine, OptionLine, Pong, ReadyOk,
                                    Resign, ResultLine, Score, Thinking, UciOk, Unknown,
                                    parse_uci, parse_xboard)
from designer.engines.options import EngineOption


def test_uci_options_of_every_type_are_typed_values():
    lines = {
        "option name Threads type spin default 1 min 1 max 512":
            EngineOption("Threads", "spin", 1, 1, 512),
        "option name Clear Hash type button": EngineOption("Clear Hash", "button"),
        "option name Ponder type check default false": EngineOption("Ponder", "check", False),
        "option name Skill Level type spin default 20 min -20 max 20":
            EngineOption("Skill Level", "spin", 20, -20, 20),
        "option name Debug Log File type string default ":
            EngineOption("Debug Log File", "string", ""),
        "option name SyzygyPath type string default <empty>":
            EngineOption("SyzygyPath", "string", ""),
        "option name UCI_Variant type combo default chess var 3check var 5check var chess":
            EngineOption("UCI_Variant", "combo", "chess", choices=("3check", "5check", "chess")),
    }
    for line, option in lines.items():
        assert parse_uci(line) == OptionLine(option), line


def test_uci_search_lines():
    info = parse_uci("info depth 4 seldepth 4 multipv 1 score cp 30 nodes 805 nps 201250 "
                     "tbhits 0 time 4 pv e2e3 d7d5 d2d4 e7e6")
    assert isinstance(info, InfoLine)
    assert (info.info.depth, info.info.seldepth, info.info.nodes, info.info.time_ms) == \
        (4, 4, 805, 4)
    assert info.info.score == Score(cp=30) and info.info.pv == ("e2e3", "d7d5", "d2d4", "e7e6")
    mate = parse_uci("info depth 9 score mate -3 upperbound nodes 10 pv P@e4 b8c6")
    assert isinstance(mate, InfoLine) and mate.info.score == Score(mate=-3)
    assert mate.info.nodes == 10 and mate.info.pv == ("P@e4", "b8c6")
    text = parse_uci("info string variant shogi files 9 ranks 9 pocket 7 template shogi")
    assert isinstance(text, InfoLine)
    assert text.info.string == "variant shogi files 9 ranks 9 pocket 7 template shogi"
    assert parse_uci("bestmove e2e3 ponder d7d5") == BestMove("e2e3", "d7d5")
    assert parse_uci("bestmove (none)") == BestMove(None)
    assert parse_uci("id name Fairy-Stockfish 241126 LB") == \
        IdLine("name", "Fairy-Stockfish 241126 LB")
    assert parse_uci("uciok") == UciOk() and parse_uci("readyok") == ReadyOk()
    banner = "Fairy-Stockfish 241126 LB by Fabian Fichter"
    assert parse_uci(banner) == Unknown(banner)


def test_xboard_features_and_their_options():
    line = ('feature setboard=1 usermove=1 ping=1 myname="Fairy-Stockfish 241126 LB" '
            'variants="chess,3check,5check"')
    parsed = parse_xboard(line)
    assert isinstance(parsed, Features)
    pairs = dict(parsed.pairs)
    assert pairs["myname"] == "Fairy-Stockfish 241126 LB" and pairs["ping"] == "1"
    assert pairs["variants"] == "chess,3check,5check"
    options = {
        'feature option="Skill Level -spin 20 -20 20"': EngineOption("Skill Level", "spin", 20,
                                                                     -20, 20),
        'feature option="UCI_Chess960 -check 0"': EngineOption("UCI_Chess960", "check", False),
        'feature option="SyzygyPath -string <empty>"': EngineOption("SyzygyPath", "string", ""),
        'feature option="Clear Hash -button"': EngineOption("Clear Hash", "button"),
        'feature option="Style -combo Solid /// *Normal /// Risky"':
            EngineOption("Style", "combo", "Normal", choices=("Solid", "Normal", "Risky")),
    }
    for text, option in options.items():
        parsed = parse_xboard(text)
        assert isinstance(parsed, Features) and parsed.options == (option,), text
    assert parse_xboard("feature done=1") == Features((("done", "1"),))


def test_xboard_game_lines():
    thinking = parse_xboard("4 61 0 516 4 129000 0\t e7e5 h2h3 d7d5 d2d3 d5e4")
    assert isinstance(thinking, Thinking)
    assert (thinking.info.depth, thinking.info.score, thinking.info.nodes) == \
        (4, Score(cp=61), 516)
    assert thinking.info.pv == ("e7e5", "h2h3", "d7d5", "d2d3", "d5e4")
    assert parse_xboard("move e7e5") == MoveLine("e7e5")
    assert parse_xboard("move P@e4") == MoveLine("P@e4")
    assert parse_xboard("1-0 {White wins}") == ResultLine("1-0", "White wins")
    assert parse_xboard("1/2-1/2 {Draw}") == ResultLine("1/2-1/2", "Draw")
    assert parse_xboard("Illegal move: e2e5") == IllegalMoveLine("e2e5", "")
    assert parse_xboard("Illegal move (in check): e1e2") == IllegalMoveLine("e1e2", "in check")
    assert parse_xboard("Error (unknown command): post") == ErrorLine("unknown command", "post")
    assert parse_xboard("resign") == Resign() and parse_xboard("offer draw") == DrawOffer()
    assert parse_xboard("pong 7") == Pong("7")
    setup = "setup (PNBRQ................Kpnbrq................k) 8x8+0_fairy 8/8/8/8/8/8/8/8 w"
    assert isinstance(parse_xboard(setup), Unknown)


def test_xboard_mate_scores_are_read_as_mates():
    """XBoard's protocol writes mate in N as 100000 + N, mated in N as -100000 - N."""
    from designer.engines.lines import Thinking, parse_xboard
    won, lost, plain = (parse_xboard(t) for t in ("3 100002 5 120 a1a8", "4 -100001 5 90 h2h3",
                                                  "5 -37 5 900 e2e4"))
    assert isinstance(won, Thinking) and won.info.score.mate == 2
    assert isinstance(lost, Thinking) and lost.info.score.mate == -1
    assert isinstance(plain, Thinking) and plain.info.score.cp == -37
