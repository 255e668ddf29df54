"""The files the application ships beside its code are found where it looks for them."""

from designer.paths import resources_dir, samples_dir


def test_the_samples_are_found() -> None:
    names = {p.name for p in samples_dir().glob("*.ini")}
    assert {"fide.ini", "xiangqi.ini", "chu.ini", "shogi.ini"} <= names


def test_the_pictures_and_the_icon_are_found() -> None:
    pieces = {p.stem for p in (resources_dir() / "pieces").glob("*.svg")}
    assert {"pawn", "knight", "bishop", "rook", "queen", "king"} <= pieces
    assert (resources_dir() / "icons" / "variant-designer.svg").is_file()
