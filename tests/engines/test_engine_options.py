"""Engine options in a player specification, as cutechess-cli writes them
(``option.NAME=VALUE``): read with the command, refused when malformed, and sent to the real
Fairy-Stockfish before a match's game (its own debug log shows what it received)."""

from __future__ import annotations

import pytest

from designer.engines.players import PlayerSpec
from designer.engines.settings import SettingsError
from designer.match import MatchConfig, run_match
from designer.opponent import Limits

from game_setups import sample


def test_options_follow_the_command_and_keep_their_order():
    spec = PlayerSpec.parse("xboard:/opt/fsf -x option.UCI_LimitStrength=true "
                            "'option.Debug Log File=/tmp/a b.log' option.UCI_Elo=1900")
    assert spec.kind == "engine" and spec.protocol == "xboard"
    assert spec.command == ("/opt/fsf", "-x")
    assert spec.options == (("UCI_LimitStrength", "true"), ("Debug Log File", "/tmp/a b.log"),
                            ("UCI_Elo", "1900"))
    settings = spec.engine_settings(depth=3)
    assert settings.name == "fsf" and settings.option_values()["UCI_Elo"] == "1900"


@pytest.mark.parametrize("text", ["fsf option.UCI_Elo", "fsf option.=3"])
def test_a_malformed_option_is_refused_saying_how_it_is_written(text):
    with pytest.raises(SettingsError) as e:
        PlayerSpec.parse(text)
    assert "option.NAME=VALUE" in str(e.value) and e.value.where == "player"


def test_a_match_against_fairy_stockfish_at_elo_1900_sets_its_options(fsf, tmp_path):
    log = tmp_path / "fsf.log"
    black = PlayerSpec.parse(f"{fsf} 'option.Debug Log File={log}' "
                             "option.UCI_LimitStrength=true option.UCI_Elo=1900")
    config = MatchConfig(sample("fide"), 1, PlayerSpec("random"), black, Limits(depth=1),
                         max_plies=4, opening_plies=0)
    result = run_match(config)
    assert len(result.records) == 1 and result.records[0].termination == "ply limit", \
        result.records[0].reason
    sent = log.read_text()
    assert "setoption name UCI_LimitStrength value true" in sent
    assert "setoption name UCI_Elo value 1900" in sent
    assert "bestmove" in sent                   # the engine played under those options
