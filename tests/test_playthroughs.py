"""The playthroughs (issue 36): a seeded evening of each game and profile
(`tests/playthroughs/scripts/`), run command by command in English and in
Nepali at 40 and 80 columns, gives byte for byte the transcript stored
beside it — every exit code, stdout, stderr and the ledgers left. A
failure names the transcript and shows the difference; when a change is
meant, `python tools/playthrough.py --update` writes them anew and the
commit says why (docs/TESTING.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import playthrough  # noqa: E402  (tools/playthrough.py)
from tests.conftest import THOROUGH  # noqa: E402

CASES = playthrough.every()
# The default run compares one transcript of each script, the four
# (language, width) pairs taken in turn so that each is compared for some
# script; thorough (.ci/run's coverage stage) compares every one. All 28
# cost about 12 s of the default run's wall time on two cores.
PAIRS = sorted({(lang, width) for _, lang, width in CASES})
SCRIPTS = sorted({script for script, _, _ in CASES})
COMPARED = CASES if THOROUGH else [
    (script, *PAIRS[i % len(PAIRS)]) for i, script in enumerate(SCRIPTS)]


@pytest.mark.parametrize(("script", "lang", "width"), COMPARED,
                         ids=[playthrough.stored(*case).name for case in COMPARED])
def test_playthrough_is_as_stored(script: Path, lang: str, width: int) -> None:
    diff = playthrough.difference(script, lang, width)
    assert not diff, (f"{playthrough.stored(script, lang, width).name} differs "
                      f"(python tools/playthrough.py --update, and say why):\n{diff}")


def test_every_script_has_its_transcripts_and_no_other_is_kept() -> None:
    kept = {path.name for path in playthrough.FOLDER.glob("*.txt")}
    assert kept == {playthrough.stored(*case).name for case in CASES}
    assert {script.stem for script, _, _ in CASES} >= {
        "dhumbal-nepali-games", "dhumbal-cardrulesplus", "dhumbal-yaniv",
        "marriage-three-deck", "callbreak-classic"}


def test_a_script_line_that_is_no_command_input_or_note_is_refused(tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("$ standings x.toml\n< typed\nstandings x.toml\n", encoding="utf-8")
    with pytest.raises(ValueError, match="bad.txt:3"):
        playthrough.read_script(script)
    script.write_text("< typed\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no command"):
        playthrough.read_script(script)
