"""The card table's screen-reader words and reading mode, without a browser: the words the
front end puts in the hand's, table's and builds' names come from the core; a command typed in
the reading box is answered in the table's message (its live region); a move in plain words is
played through the table's own path, as a click would be, and a refused one is urgent."""

from __future__ import annotations

from cassino_learn.ui.game import GameWidget
from cassino_learn.ui.table import CardTable


def test_the_table_sends_the_hand_table_and_builds_in_words() -> None:
    table = CardTable("table: 9H [8@1: 5C 3D]; hand: 7S 3C 8H", seat=1)
    assert table.spoken["hand"] == ("Your hand: three of clubs, seven of spades and "
                                    "eight of hearts.")
    assert table.spoken["builds"] == ["Build of 8: three of diamonds and five of clubs, yours"]
    assert table.spoken["table"].startswith("On the table: nine of hearts; build of 8")


def test_a_command_is_answered_in_the_message_each_time_it_is_typed() -> None:
    table = CardTable("table: 3C 4H 9D; hand: 7S KH", seat=1)
    changes: list[str] = []
    table.observe(lambda change: changes.append(change["new"]), "message")
    assert table.read_aloud("hand") is None
    assert table.message == "Your hand: seven of spades and king of hearts."
    assert table.message_kind == "info"
    table.read_aloud("hand")  # the same words again are a change again: read again
    assert changes.count("Your hand: seven of spades and king of hearts.") == 2


def test_a_move_in_words_is_played_as_a_click_is() -> None:
    table = CardTable("table: 3C 4H 9D; hand: 7S KH", seat=1)
    played = []
    table.on_move(lambda move, after: played.append(str(move)))
    move = table.read_aloud("take the three and the four with the seven")
    assert str(move) == "7S take 3C+4H" and played == ["7S take 3C+4H"]
    assert table.last_move == "7S take 3C+4H"
    assert table.message.startswith("You played the seven of spades")
    assert "three of clubs" not in table.spoken["table"]


def test_a_refused_move_is_urgent_and_changes_nothing() -> None:
    table = CardTable("table: 3C 4H 9D; hand: 7S KH", seat=1)
    assert table.read_aloud("take the nine with the seven") is None
    assert table.message_kind == "error" and table.message.startswith(("Not allowed", "Those"))
    assert table.position_text == str(table.position) and "9D" in table.position_text
    assert table.read_aloud("fly the moon") is None and table.message_kind == "error"


def test_the_game_reads_the_match_score() -> None:
    widget = GameWidget(seed=11)
    widget.table.read_aloud("score")
    assert widget.table.message.startswith("Match score: you 0")
    widget.table.read_aloud("turn")
    assert widget.table.message in ("Your turn.", "Your opponent plays now.")
