"""The vector files in tests/data/vectors are copies of the project's shared vectors (engine
outputs, not ours). When the shared folder sits beside the checkout, the copies must equal it;
in a clone without it there is nothing to compare with."""


import pytest

from repo_data import SHARED, VECTORS

UPSTREAM = SHARED / "vectors"
NAMES = sorted(p.name for p in VECTORS.glob("*.jsonl"))


def test_the_repository_carries_every_vector_file_the_tests_use():
    assert {"xboard-public.jsonl", "xboard-quirks.jsonl", "xboard-generated.jsonl",
            "betza2-public.jsonl", "fsf-public.jsonl", "fsf-divergent.jsonl"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_vector_copy_matches_the_shared_vectors(name: str) -> None:
    upstream = UPSTREAM / name
    if not UPSTREAM.is_dir():
        pytest.skip(f"no shared vectors beside this checkout ({UPSTREAM}); nothing to compare")
    if not upstream.exists():
        pytest.fail(f"{name} is in tests/data/vectors but no longer in {UPSTREAM}")
    assert (VECTORS / name).read_bytes() == upstream.read_bytes(), \
        f"tests/data/vectors/{name} differs from {upstream}: copy the new file into the repository"


def test_no_shared_vector_file_is_missing_from_the_repository() -> None:
    if not UPSTREAM.is_dir():
        pytest.skip(f"no shared vectors beside this checkout ({UPSTREAM}); nothing to compare")
    missing = sorted(p.name for p in UPSTREAM.glob("*.jsonl") if not (VECTORS / p.name).exists())
    assert not missing, f"copy these into tests/data/vectors: {missing}"
