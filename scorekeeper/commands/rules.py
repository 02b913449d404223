"""`rules`: the rule book, a profile's rules with their ids, or one rule
(docs/CLI.md). The core is `reports.rulebook`; rendered by
`screen.summaries` on a terminal, the Markdown as written otherwise."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, List, Optional

import typer

from scorekeeper.commands.common import (
    GAME_NAMES,
    JSON_OPT,
    PROFILE_OPT,
    SET_OPT,
    console,
    emit_json,
    guarded,
    settings_of,
    stdout_is_terminal,
    use_ascii,
    write_text,
)
from scorekeeper.core.errors import Impossible
from scorekeeper.core.language import N_, Said, _, say
from scorekeeper.core.language import current as language_now
from scorekeeper.core.options import Profile, RuleSet, format_option, json_option
from scorekeeper.core.plain import PlainDict
from scorekeeper.games import registry
from scorekeeper.screen.streams import cells, fold, stdout_width

if TYPE_CHECKING:
    from scorekeeper.reports.rulebook import Rule



# the command's help (`help_of`), in the language chosen
HELP = {"rules": N_("The rule book: a profile's rules with their ids, or just one rule.")}


def rules(
    game: str = typer.Argument(..., metavar="GAME", help=GAME_NAMES),
    first: Optional[str] = typer.Argument(None, metavar="[PROFILE]",
                                          help=_("A profile (default: the game's first).")),
    second: Optional[str] = typer.Argument(None, metavar="[RULE-ID]",
                                           help=_("Just this rule: DH-8, ma-11…")),
    profile: Optional[str] = PROFILE_OPT,
    settings: List[str] = SET_OPT,
    plain: bool = typer.Option(False, "--plain",
                               help=_("The Markdown as written, never a pager.")),
    as_json: bool = JSON_OPT,
) -> None:
    """The rule book: a profile's rules with their ids, or just one rule."""
    def body() -> None:
        from scorekeeper.reports import rulebook  # start-up: see module doc

        chosen, rule_id, explicit = _profile_and_rule(game, first, second, profile)
        current = settings_of(chosen, settings)
        if rule_id is not None:
            rule, where = _find_rule(chosen, explicit, rule_id)
            if as_json:     # the specification's words, whatever the language
                emit_json({"game": chosen.game, "profile": chosen.name,
                           "rule": rule.as_json()})
                return
            if language_now() != "en":   # the same rule in the translated book
                rule = rulebook.find_rule(rulebook.sections(where, language_now()),
                                          rule.id) or rule
            _show_rules(rule.text, plain)
            return
        found = rulebook.sections(chosen)
        if as_json:
            emit_json({"game": chosen.game, "profile": chosen.name,
                       "sections": [s.as_json() for s in found],
                       "rules": [r.id for r in rulebook.rules_of(found)],
                       "options": option_rows(chosen, current)})
            return
        _show_rules(rulebook.section(chosen, language_now()) + "\n\n"
                    + options_text(chosen, current), plain)

    guarded(body, as_json)


def option_rows(profile: Profile[RuleSet], current: RuleSet) -> list[PlainDict]:
    """Each house option of a profile: its value now (`--set`), the
    profile's default, what it takes and the rule defining it."""
    return [{"option": key, "value": json_option(getattr(current, key)),
             "default": json_option(getattr(profile.rules, key)),
             "takes": profile.allowed(key).english, "rule": profile.rule_of(key)}
            for key in profile.options]


def options_text(profile: Profile[RuleSet], current: RuleSet) -> str:
    """The rule book's list of a profile's options with their values now."""
    lines = [_("### House options of `{profile}` (values now)").format(
        profile=profile.name), ""]
    for row in option_rows(profile, current):
        value = format_option(getattr(current, row["option"]))
        default = format_option(getattr(profile.rules, row["option"]))
        setting = f"`{row['option']} = {value}`"
        if value != default:
            setting = _("{setting} (default {default})").format(
                setting=setting, default=default)
        takes = say(profile.allowed(row["option"]))
        lines.append(_("- {setting}: {takes}; {rule}.").format(
                         setting=setting, takes=takes, rule=row["rule"])
                     if row["rule"] else
                     _("- {setting}: {takes}.").format(setting=setting, takes=takes))
    return "\n".join(lines)


def _profiles_of(game: str) -> list[Profile[RuleSet]]:
    """A game's profiles, default first (exit 2 for an unknown game)."""
    default = registry.profile(game)
    return [p for p in registry.profiles() if p.game == default.game]


def _profile_and_rule(game: str, first: str | None, second: str | None,
                      option: str | None
                      ) -> tuple[Profile[RuleSet], str | None, bool]:
    """`rules GAME [PROFILE] [RULE-ID]`: the first word after GAME is a
    profile when the game has one by that name, otherwise a rule id. Also
    whether a profile was named at all."""
    profiles = _profiles_of(game)
    known = [n for p in profiles for n in (p.name, *p.aliases)]
    words = [w for w in (first, second) if w is not None]
    named = words[0] if words and words[0].lower() in known else None
    rest = words[1:] if named is not None else words
    if len(rest) > 1:
        raise Impossible(Said("{word} is not a profile of {game} (profiles: {profiles})",
                              word=repr(rest[0]), game=registry.profile(game).game,
                              profiles=", ".join(p.name for p in profiles)))
    if named is not None and option is not None and \
            registry.profile(game, option) != registry.profile(game, named):
        raise Impossible(Said("two profiles given: {named} and --profile {option}",
                              named=named, option=option))
    return (registry.profile(game, named or option), rest[0] if rest else None,
            (named or option) is not None)


def _find_rule(chosen: Profile[RuleSet], explicit: bool, typed: str
               ) -> tuple[Rule, Profile[RuleSet]]:
    """The rule `typed` in the chosen profile's part of the rule book, or
    (no profile named) in any of the game's, and the profile it is in;
    exit 2 with the nearby ids, and where the rule is if it belongs to
    another game or profile."""
    from scorekeeper.reports import rulebook  # start-up: see module doc

    places = [chosen] + ([] if explicit else
                         [p for p in _profiles_of(chosen.game) if p != chosen])
    for where in places:
        found = rulebook.find_rule(rulebook.sections(where), typed)
        if found is not None:
            return found, where
    wanted = rulebook.normal_id(typed)
    for other in registry.profiles():
        if rulebook.find_rule(rulebook.sections(other), wanted) is not None:
            raise Impossible(Said("{rule} is a rule of {game}, profile {profile}: "
                                  "scorekeeper rules {game} {profile} {rule}",
                                  rule=wanted, game=other.game, profile=other.name))
    known = [r.id for r in rulebook.rules_of(rulebook.sections(chosen))]
    raise Impossible(Said("no rule {rule} in {game}, profile {profile}; nearby: {nearby}",
                          rule=wanted, game=chosen.game, profile=chosen.name,
                          nearby=", ".join(rulebook.nearby(wanted, known))))


def _show_rules(text: str, plain: bool) -> None:
    """Rendered for a terminal; the Markdown as written with --plain; when
    piped, or where the terminal cannot show the book's symbols, the
    Markdown with its prose wrapped to `COLUMNS` (or the terminal) when
    that is known (`fit_markdown`)."""
    if plain or not stdout_is_terminal() or use_ascii(False):
        width = None if plain else stdout_width()
        write_text((text if width is None else fit_markdown(text, width))
                   .rstrip("\n") + "\n")
        return
    from scorekeeper.screen import summaries  # rich: only when a person reads

    summaries.rules(console(), text, is_terminal=True)


# a list item's marker ("- ", "* ", "1. "), after its indent
_ITEM = re.compile(r"( *)([-*+]|\d+[.)]) +")
_CODE_SPAN = re.compile(r"`[^`]*`")


def fit_markdown(text: str, width: int) -> str:
    """Markdown whose paragraphs, list items, headings, quotes and tables
    fit `width` terminal columns. A block with a line too wide is refilled
    (a list item's lines under its text, a heading's under its title, a
    quote's with "> "; a line opening in bold, **Interpretation**, starts
    a block), broken at spaces only, a code span kept on one line when it
    fits one; a table too wide becomes a list of its rows. A block or a
    table that fits and a fenced code block stay as written; a word wider
    than a line (a path) stays whole."""
    width = max(20, width)
    out: list[str] = []
    block: list[str] = []       # the lines of one paragraph or list item
    fenced = False

    def flush() -> None:
        if block:
            out.extend(_fitted_block(block, width))
            block.clear()

    for line in text.split("\n"):
        bare = line.strip()
        if bare.startswith("```") or fenced:
            flush()
            out.append(line)
            fenced = fenced != bare.startswith("```")
        elif bare.startswith("|"):
            if block and not block[-1].lstrip().startswith("|"):
                flush()
            block.append(line)
        elif not bare or bare.startswith("#"):
            flush()
            out.extend(_fitted_block([line], width) if bare else [line])
        elif _ITEM.match(line) or bare.startswith("**") or (block and block[0].lstrip().startswith("|")) \
                or bare.startswith(">") != bool(block and block[0].lstrip().startswith(">")):
            flush()
            block.append(line)
        else:
            block.append(line)
    flush()
    return "\n".join(out)


def _fitted_block(lines: list[str], width: int) -> list[str]:
    """One block (its lines as written), refilled if any line is too wide."""
    if all(cells(line) <= width for line in lines):
        return lines
    head = lines[0]
    lead = head[:len(head) - len(head.lstrip())]
    if head.lstrip().startswith("|"):           # a table: a list of its rows
        return [out for row in _table_rows(lines)
                for out in fold(_spans(row.split(), width - len(lead) - 2), width,
                                f"{lead}- ", f"{lead}  ")]
    item = _ITEM.match(head)
    bare = head.lstrip()
    if bare.startswith(">"):                    # a quote: "> " on every line
        first = rest = lead + "> "
        words = [w for line in lines for w in line.strip().lstrip(">").split()]
    else:
        if item:                                # under the item's text
            first = head[:item.end()]
        elif bare.startswith("#"):              # under the heading's title
            first = lead + bare[:len(bare) - len(bare.lstrip("#"))] + " "
        else:
            first = lead
        rest = " " * cells(first) if item or bare.startswith("#") else lead
        words = head[len(first):].split() + [w for line in lines[1:]
                                             for w in line.split()]
    return fold(_spans(words, width - cells(rest)), width, first, rest)


def _table_rows(lines: list[str]) -> list[str]:
    """A table's rows (its heading first) as "first cell: the others", the
    line under the heading left out."""
    rows = []
    for line in lines:
        row = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if all(set(cell) <= set("-: ") for cell in row):
            continue
        rows.append(f"{row[0]}: {'; '.join(row[1:])}" if len(row) > 1 else row[0])
    return rows


def _spans(words: list[str], room: int) -> list[str]:
    """The words with each code span (`like this`) one word when it fits
    `room` columns, so that a command or a key is not parted."""
    joined: list[str] = []
    opened: list[str] = []
    for word in words:
        if opened or (word.count("`") % 2 == 1):
            opened.append(word)
            if len(opened) > 1 and word.count("`") % 2 == 1:
                span = " ".join(opened)
                joined += [span] if cells(span) <= room else opened
                opened = []
            continue
        joined.append(word)
    return joined + opened
