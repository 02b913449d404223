"""Shell completion (issue 27 B, item 3): typer's --install-completion /
--show-completion, and Tab completing commands, options, ledger files, the
players of the ledger meant and the house option keys of `--set`."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cli import main


def completed(monkeypatch, capsys, words: str) -> list[str]:
    """What bash's Tab offers after `words` (the last word the incomplete)."""
    monkeypatch.setenv("_SCOREKEEPER_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", "scorekeeper " + words)
    monkeypatch.setenv("COMP_CWORD", str(len(words.split(" "))))
    with pytest.raises(SystemExit) as done:
        main([])
    out, err = capsys.readouterr()
    assert done.value.code == 0 and err == ""
    return out.split()


@pytest.fixture
def table(tmp_path: Path, monkeypatch, cli) -> Path:
    monkeypatch.chdir(tmp_path)
    assert cli("new", "evening.toml", "--game", "dhumbal", "--players",
               "Asha,Bikash,Chandra").exit_code == 0
    (tmp_path / "notes.txt").write_text("not a ledger")
    (tmp_path / "old").mkdir()
    return tmp_path / "evening.toml"


def test_tab_completes_commands_and_options(table, monkeypatch, capsys):
    assert completed(monkeypatch, capsys, "rec") == ["record"]
    assert "--dealer" in completed(monkeypatch, capsys, "record --")
    assert completed(monkeypatch, capsys, "con") == ["config"]


def test_tab_completes_ledger_files_and_folders_not_other_files(table, monkeypatch,
                                                                capsys):
    assert completed(monkeypatch, capsys, "standings ") == ["evening.toml", "old/"]


def test_tab_completes_the_players_of_the_ledger_meant(table, monkeypatch, capsys):
    assert completed(monkeypatch, capsys, "record --dealer ") == \
        ["Asha", "Bikash", "Chandra"]
    assert completed(monkeypatch, capsys, "record evening.toml --call B") == ["Bikash"]
    assert completed(monkeypatch, capsys, "record --hand ") == \
        ["Asha=", "Bikash=", "Chandra="]
    # the ledger left out before N: the players are still the ledger's
    assert completed(monkeypatch, capsys, "amend 1 --out ") == \
        ["Asha", "Bikash", "Chandra"]


def test_tab_completes_house_option_keys_of_the_game_typed(table, monkeypatch, capsys):
    keys = completed(monkeypatch, capsys, "new x.toml --game callbreak --set ")
    assert "min_bid=" in keys and "seen_fee=" not in keys
    assert "seen_fee=" in completed(monkeypatch, capsys,
                                    "new x.toml --game marriage --set se")


@pytest.mark.parametrize("shell, says", [("bash", "complete_bash"),
                                         ("zsh", "complete_zsh"),
                                         ("fish", "complete_fish"),
                                         ("powershell", "complete_powershell")])
def test_show_completion_writes_each_shells_script(monkeypatch, capsys, shell, says):
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    with pytest.raises(SystemExit) as done:
        main(["--show-completion", shell])
    out, _ = capsys.readouterr()
    assert done.value.code == 0 and says in out and "_SCOREKEEPER_COMPLETE" in out
