"""Shared fixtures for the file-format tests: the sample variants."""

import pytest

from format_samples import SAMPLES


@pytest.fixture(params=SAMPLES, ids=[p.stem for p in SAMPLES])
def sample_path(request):
    return request.param


@pytest.fixture
def sample(sample_path):
    from designer.formats import xboard_ini
    return xboard_ini.load(sample_path)
