"""Saved games that can't be destroyed: one file per game, a lock, appended answers, damaged saves
resumed as far as they go, a saves folder that can't be written."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_tui.agents import RandomAgent
from mtg_tui.cardtext.loader import default_db
from mtg_tui.cli import main
from mtg_tui.engine.record import Record, replay
from mtg_tui.ui.app import MtgApp
from mtg_tui.ui.filelock import FileLock, LockBusy
from mtg_tui.ui.opponents import make_opponent
from mtg_tui.ui.saves import KEEP, SaveInUse, unfinished_games
from mtg_tui.ui.session import SaveError, Session

from .helpers import deck

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def saves(data: Path) -> Path:
    return data / "saves"


def play_some(session: Session, answers: int, seed: int = 1) -> None:
    """Answer ``answers`` decisions with a random player for both seats, saving as the UI does."""
    agent = RandomAgent(seed)
    for _ in range(answers):
        d = session.game.pending
        if d is None:
            return
        session.answer(d.player, agent.decide(session.game, d))


class Played:
    """Stands in for the terminal app: the game is made as the app makes it, then some moves are played."""

    sessions: list[Session] = []
    notes: list[str] = []

    def __init__(self, moves: int = 0) -> None:
        self.moves = moves

    def __call__(self, app: MtgApp) -> None:
        if app.session is None:
            app.session, notes = app.make_session(app.options)
            Played.notes.extend(notes)
        play_some(app.session, self.moves)
        Played.sessions.append(app.session)


@pytest.fixture
def fake_terminal(monkeypatch: pytest.MonkeyPatch) -> type[Played]:
    Played.sessions = []
    Played.notes = []

    def install(moves: int = 0) -> None:
        monkeypatch.setattr(MtgApp, "run", lambda self: Played(moves)(self))
    Played.install = staticmethod(install)  # type: ignore[attr-defined]
    install()
    return Played


def play(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(main, ["play", "--pace", "0", *args], input=input)


# 1. A new game never destroys a kept one ------------------------------------------------


def test_every_new_game_has_its_own_file_and_keeps_the_others(fake_terminal: Any, data_dir: Path) -> None:
    fake_terminal.install(moves=30)
    for seed in ("8", "9", "10"):
        result = play("--seed", seed)
        assert result.exit_code == 0, result.output
    kept = {g.seed: g for g in unfinished_games(saves(data_dir))}
    assert sorted(kept) == [8, 9, 10]
    for session in fake_terminal.sessions:
        record = Record.load(session.save_path)
        assert record.answers == json.loads(json.dumps(session.game.record)) and len(record.answers) == 30
        assert f"seed-{session.game.seed}" in session.save_path.name


def test_only_the_newest_unfinished_games_are_kept_and_the_player_is_told(fake_terminal: Any,
                                                                        data_dir: Path) -> None:
    folder = saves(data_dir)
    folder.mkdir(parents=True)
    for i in range(KEEP + 2):
        path = folder / f"2020-01-01-0000-seed-{i}.jsonl"
        Record(i, {"kind": "new", "players": ["A", "B"], "decks": [[], []]}).save(path)
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
    result = play("--seed", "99")
    assert result.exit_code == 0, result.output
    left = unfinished_games(folder)
    assert len(left) == KEEP and 99 in {g.seed for g in left}
    # The three oldest went (22 + the new game = 23, 20 kept); the player is told which.
    assert {g.seed for g in left} == {99} | set(range(3, KEEP + 2))
    assert any("Removed 3 older unfinished games" in n and "seed-0.jsonl" in n for n in fake_terminal.notes)


def test_resume_lists_the_unfinished_games_and_takes_the_one_chosen(fake_terminal: Any, data_dir: Path) -> None:
    fake_terminal.install(moves=5)
    for seed in ("21", "22"):
        assert play("--seed", seed).exit_code == 0
    fake_terminal.install(moves=0)
    fake_terminal.sessions.clear()
    listed = unfinished_games(saves(data_dir))        # the most recently played first
    assert [g.seed for g in listed] == [22, 21]
    result = play("--resume", input="2\n")
    assert result.exit_code == 0, result.output
    assert "seed 22" in result.output and "seed 21" in result.output and "Which game?" in result.output
    chosen = fake_terminal.sessions[-1]
    assert chosen.save_path == listed[1].path and len(chosen.game.record) == 5
    # A number picks from the list without asking (seed 21 was played last now); a single game is taken.
    assert play("--resume", "2").exit_code == 0
    assert fake_terminal.sessions[-1].game.seed == 22
    listed[0].path.unlink()
    assert play("--resume").exit_code == 0
    assert fake_terminal.sessions[-1].game.seed == 21


def test_a_save_from_before_one_file_per_game_is_listed_and_resumes(fake_terminal: Any, data_dir: Path) -> None:
    folder = saves(data_dir)
    folder.mkdir(parents=True)
    legacy = folder / "current.json"
    legacy.write_bytes((DATA / "saved-game-random.json").read_bytes())
    fake_terminal.install(moves=3)
    result = play("--resume")
    assert result.exit_code == 0, result.output
    session = fake_terminal.sessions[-1]
    expected = replay(Record.load(DATA / "saved-game-random.json"), default_db())
    assert session.game.record[:len(expected.record)] == expected.record
    # Still resumable, now with the three new answers appended.
    again = Record.load(legacy)
    assert len(again.answers) == len(expected.record) + 3


# 2. One game open in one place at a time ---------------------------------------------------


def started(data_dir: Path, moves: int = 10) -> Session:
    from mtg_tui.ui.saves import new_save_path
    s = Session.start([deck("burn-mini"), deck("stompy-mini")], ["A", "B"], 4, default_db(), [None, None],
                      new_save_path(4, saves(data_dir)), {"decks": ["burn-mini", "stompy-mini"]})
    play_some(s, moves)
    return s


def test_a_game_open_in_one_place_is_locked_in_another(data_dir: Path) -> None:
    first = started(data_dir)
    with pytest.raises(SaveInUse):
        Session.resume(first.save_path, default_db(), make_opponent)
    first.close()
    second = Session.resume(first.save_path, default_db(), make_opponent)
    assert second.game.record == first.game.record
    second.close()


def test_a_second_terminal_is_offered_a_copy(fake_terminal: Any, data_dir: Path) -> None:
    first = started(data_dir, moves=12)
    path = first.save_path
    result = play("--resume", str(path), input="n\n")
    assert result.exit_code == 1 and "open in another mtg-tui" in result.output
    fake_terminal.install(moves=4)
    result = play("--resume", str(path), input="y\n")
    assert result.exit_code == 0, result.output
    copy = fake_terminal.sessions[-1]
    assert copy.save_path != path and "copy" in copy.save_path.name
    # Moves in the copy don't touch the game that is open elsewhere.
    play_some(first, 3, seed=9)
    assert len(Record.load(path).answers) == 15
    assert len(Record.load(copy.save_path).answers) == 16
    first.close()


KILLED = """
import sys, time
from pathlib import Path
from mtg_tui.ui.filelock import FileLock
FileLock(Path(sys.argv[1])).acquire()
print("locked", flush=True)
time.sleep(60)
"""


@pytest.mark.parametrize("kind", ["flock", "pid"])
def test_a_lock_is_let_go_when_its_process_dies(tmp_path: Path, kind: str) -> None:
    lock_file = tmp_path / "game.jsonl.lock"
    code = KILLED.replace("FileLock(Path(sys.argv[1]))", f"FileLock(Path(sys.argv[1]), {kind!r})")
    proc = subprocess.Popen([sys.executable, "-c", code, str(lock_file)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        with pytest.raises(LockBusy):
            FileLock(lock_file, kind).acquire()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()
    lock = FileLock(lock_file, kind)
    lock.acquire()
    lock.release()
    assert not lock_file.exists()


# 3. A save that can't be written ---------------------------------------------------------


def test_an_unwritable_saves_folder_is_one_line_and_a_question(fake_terminal: Any, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "afile").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "afile" / "data"))
    result = play("--seed", "3", input="n\n")
    assert result.exit_code == 1
    assert "Games can't be saved" in result.output and "Traceback" not in result.output
    assert not fake_terminal.sessions
    fake_terminal.install(moves=5)
    result = play("--seed", "3", input="y\n")
    assert result.exit_code == 0, result.output
    session = fake_terminal.sessions[-1]
    assert session.save_path is None and len(session.game.record) == 5


def break_save(session: Session) -> None:
    """Make the save file impossible to write (a folder where the file was), as a full disk would."""
    assert session.save_path is not None
    session.file._close_out()
    session.save_path.unlink()
    session.save_path.mkdir()


def test_a_save_that_fails_during_the_game_is_said_once_and_the_game_goes_on(data_dir: Path) -> None:
    s = started(data_dir, moves=2)
    break_save(s)
    with pytest.raises(SaveError, match="can't be saved"):
        play_some(s, 1)
    said: list[str] = []
    s2 = started(data_dir, moves=2)
    s2.on_save_error = said.append
    break_save(s2)
    play_some(s2, 5)
    assert len(said) == 1 and "can't be saved" in said[0] and str(s2.save_path) in said[0]
    assert len(s2.game.record) == 7


@pytest.mark.asyncio
async def test_in_the_game_a_failed_save_asks_and_no_quits_with_an_error(tmp_path: Path) -> None:
    from .helpers import make_app, press, screen_text, settle
    app = make_app(tmp_path, seed=2, decks=("burn-mini", "stompy-mini"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        break_save(app.session)
        app.session.answer(app.session.game.pending.player, "keep")
        await pilot.pause()
        assert screen_text(app).count("can't be saved") == 1     # said once, not in the title again
        await press(pilot, app, "n")
        await pilot.pause()
    assert app.return_code == 1


# 4. A damaged save resumes as far as it goes ----------------------------------------------


def test_a_damaged_save_resumes_up_to_its_last_good_answer(data_dir: Path) -> None:
    s = started(data_dir, moves=40)
    path = s.save_path
    full = list(s.game.record)
    s.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[1 + 30] = json.dumps([0, {"action": "cast", "card": 99999}])   # answer 31 can't be right
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    resumed = Session.resume(path, default_db(), make_opponent)
    assert resumed.game.record == full[:30]
    assert "answer 31" in resumed.notice and "10 later answers" in resumed.notice
    aside = path.with_name(path.name + ".damaged-1")
    assert aside.exists() and str(aside) in resumed.notice
    assert aside.read_text(encoding="utf-8").splitlines()[1 + 30] == lines[1 + 30]
    assert len(Record.load(path).answers) == 30
    resumed.close()


def test_a_line_cut_short_loses_only_that_answer(data_dir: Path) -> None:
    s = started(data_dir, moves=20)
    path = s.save_path
    full = list(s.game.record)
    s.close()
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:-6], encoding="utf-8")       # a crash in the middle of writing the last line
    resumed = Session.resume(path, default_db(), make_opponent)
    assert resumed.game.record == full[:19]
    assert "cut short" in resumed.notice
    resumed.close()


def test_damage_is_said_in_plain_words_through_the_command(fake_terminal: Any, data_dir: Path) -> None:
    s = started(data_dir, moves=12)
    path = s.save_path
    s.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[5] = '[0, [1, 2, 3'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = play("--resume", str(path))
    assert result.exit_code == 0, result.output
    # The fifth answer's line is broken: the game resumes after the fourth, and the 7 lines after it are named.
    assert "damaged" in result.output and "resumes after answer 4" in result.output
    assert "7 lines after it" in result.output
    assert "Traceback" not in result.output and "IndexError" not in result.output


@pytest.mark.parametrize("content, message", [
    (b"\x00\x01\xff\xfe binary", "not UTF-8"),
    (b"", "empty"),
    (b"[1, 2, 3]\n", "not a saved game"),
], ids=["binary", "empty", "not a game"])
def test_a_file_that_is_no_save_at_all_is_named_in_plain_words(tmp_path: Path, content: bytes,
                                                                 message: str) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_bytes(content)
    result = play("--resume", str(path))
    assert result.exit_code == 1 and "odd.jsonl" in result.output and message in result.output, result.output
    assert "codec" not in result.output and "Expecting value" not in result.output and "Traceback" not in result.output
    assert path.read_bytes() == content


@pytest.mark.parametrize("meta, humans", [
    ({"stops": {"0": {"mine": [[1], "upkeep"], "theirs": [{}], "yields": [[2]]}}}, [True, False]),
    ({"humans": []}, [True, False]),
    ({"humans": [True]}, [True, False]),
    ({"humans": [1, 1, 0]}, [True, True]),
    ({"difficulty": [1], "decks": [[1], {}]}, [True, False]),
], ids=["stops", "no humans", "a flag for a seat", "a seat twice", "difficulty and decks"])
def test_odd_game_information_in_a_save_is_read_as_far_as_it_makes_sense(data_dir: Path, meta: dict[str, Any],
                                                                           humans: list[bool]) -> None:
    s = started(data_dir, moves=6)
    path = s.save_path
    s.close()
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"meta": s.meta | {"humans": [0]} | meta}) + "\n")
    resumed = Session.resume(path, default_db(), make_opponent)
    assert [seat.human for seat in resumed.seats] == humans and len(resumed.game.record) == 6
    resumed.close()


# 5. Saving appends ---------------------------------------------------------------------------


def test_each_answer_is_appended_not_the_whole_game_rewritten(data_dir: Path) -> None:
    s = started(data_dir, moves=1)
    path = s.save_path
    inode = path.stat().st_ino
    sizes = [path.stat().st_size]
    for _ in range(30):
        play_some(s, 1)
        sizes.append(path.stat().st_size)
        assert path.stat().st_ino == inode       # the same file, grown: nothing rewritten
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [json.loads(x) for x in lines[1:] if x.startswith("[")] == json.loads(json.dumps(s.game.record))
    for before, after, answer in zip(sizes, sizes[1:], s.game.record[1:]):
        assert after - before <= len(json.dumps(answer)) + 1 + len(json.dumps({"meta": s.meta})) + 1
    s.close()


@pytest.mark.parametrize("name", ["saved-game-computers.json", "saved-game-random.json"])
def test_saves_in_the_earlier_format_still_resume(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes((DATA / name).read_bytes())
    resumed = Session.resume(path, default_db(), make_opponent)
    expected = replay(Record.load(DATA / name), default_db())
    assert resumed.game.record == expected.record and not resumed.notice
    play_some(resumed, 2)
    assert len(Record.load(path).answers) == len(expected.record) + 2
    resumed.close()
