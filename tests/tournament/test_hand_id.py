import pytest

from bot.tournament.hand_id import HandId


def test_a_hand_name_reads_back_to_the_same_hand():
    hand = HandId(7, 1, 12)
    assert str(hand) == "7-t1-h12"
    assert HandId.parse(" #7-t1-h12 ") == hand


@pytest.mark.parametrize("text", ["7-t1", "7-t1-h", "x-t1-h2", "7-t1-h1²", "1" * 20 + "-t1-h1",
                                  "-7-t1-h1", "7-t1-h1.5", ""])
def test_anything_else_is_refused_with_the_form_to_use(text):
    with pytest.raises(ValueError, match="7-t1-h12"):
        HandId.parse(text)
    assert HandId.parse_or_none(text) is None
