"""Option labels fitted to Discord's limits: short ones untouched, long ones keep what tells them
apart, every label unique."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.render.labels import detail, fit_labels

WORDS = st.sampled_from(["Use", "Captain", "of", "the", "Mifune", "Guard:", "Strike", "+1", "+2", "Honor", "Ryo", "x"])
LABELS = st.lists(st.lists(WORDS, min_size=1, max_size=40).map(" ".join), min_size=1, max_size=25)


@given(LABELS, st.integers(min_value=20, max_value=100))
def test_fitted_labels_are_short_and_unique(labels: list[str], limit: int) -> None:
    fitted = fit_labels(labels, limit)
    assert len(fitted) == len(labels)
    assert all(0 < len(label) <= limit for label in fitted)
    assert len(set(fitted)) == len(fitted)
    for original, label in zip(labels, fitted, strict=True):
        if len(original) <= limit and labels.count(original) == 1:
            assert label == original


def test_the_distinguishing_end_of_long_labels_is_kept() -> None:
    common = "Use Captain of the Mifune Guard: Strike: target Character you control gets "
    labels = [common + "+1 Strength until the end of the turn", common + "+2 Honor for each Event", "Pass"]
    fitted = fit_labels(labels, 80)
    assert fitted[0].endswith("+1 Strength until the end of the turn")
    assert fitted[1].endswith("+2 Honor for each Event")
    assert fitted[0].startswith("Use Captain") and fitted[2] == "Pass"


def test_a_select_option_gets_the_full_text_as_its_description() -> None:
    long = "Discard " + "very " * 30 + "long name"
    shown = fit_labels([long], 100)[0]
    assert shown != long
    description = detail(long, shown)
    assert description is not None and len(description) <= 100
    assert description.startswith("…very") and "Discard" not in description  # what the label left out
    common = "Summon Blue-Eyes White Dragon by tributing Celtic Guardian and "
    pair = [common + "Mystical Elf from your side", common + "Dark Magician from your side"]
    first = fit_labels(pair, 40)[0]
    assert detail(pair[0], first) is not None
    assert detail("Pass", "Pass") is None
