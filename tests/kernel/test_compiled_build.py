"""The compiled engine (mypyc, built by setup.py) and the pure one play the same matches, and the
engine never runs a compiled module whose source was edited (engine/build_info.py)."""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from engine import build_info
from engine.build_info import Build, SourceFinder, inspect_build, source_digests, stale_sources

GAMES = ("yugioh", "naruto", "inuyasha", "inazuma", "usagi")

# Plays seeded random games and a short seeded AI game of every game; prints what they reached.
PLAY = """
import json, sys
import engine
from engine.ai.agents import make_agent
from engine.core.record import MatchRecord
from engine.core.registry import get_game
from engine.core.rng import Rng

out = {"build": engine.BUILD.kind, "games": {}}
for game_id in sys.argv[1:]:
    game = get_game(game_id)
    runs = []
    for seed in (3, 11, 29):
        record = MatchRecord.start(game_id, game.default_decks(), seed)
        state = record.new_state()
        rng = Rng(seed)
        while (prompt := state.prompt()) is not None:
            option = prompt.options[rng.randbelow(len(prompt.options))]
            state.apply(option)
            record.choices.append(option.id)
        replayed = record.replay()
        runs.append([record.choices, state.digest(), replayed.digest(), repr(state.result)])
    seats = game.min_players
    agents = [make_agent("ismcts@12", seed=5 + i, game_id=game_id) for i in range(seats - 1)]
    agents.append(make_agent("greedy@2", seed=9, game_id=game_id))
    state = MatchRecord.start(game_id, game.default_decks(), 7).new_state()
    choices = []
    while (prompt := state.prompt()) is not None and len(choices) < 60:
        option = agents[prompt.player].choose(state, prompt.player)
        state.apply(option)
        choices.append(option.id)
    runs.append([choices, state.digest()])
    out["games"][game_id] = runs
print(json.dumps(out))
"""


def play(pure: bool) -> dict[str, object]:
    env = {**os.environ, build_info.PURE_ENV: "1" if pure else "0"}
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", PLAY, *GAMES], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.slow
def test_compiled_and_pure_builds_play_the_same_matches() -> None:
    build = inspect_build(environ={})
    if build.kind != "compiled":
        pytest.skip(f"this install runs the pure engine ({build.reason}); .ci/run checks that CI compiles it")
    compiled, pure = play(pure=False), play(pure=True)
    assert (compiled["build"], pure["build"]) == ("compiled", "pure")
    assert compiled["games"] == pure["games"]
    for runs in compiled["games"].values():  # type: ignore[attr-defined]
        assert all(run[1] == run[2] for run in runs[:-1])  # the replay reaches the same digest


# ----------------------------------------------------------------- choosing the build
def make_tree(tmp_path: Path) -> Path:
    """A small package shaped like engine/: one compiled module, one pure module."""
    root = tmp_path / "engine"
    (root / "core").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "core" / "__init__.py").write_text("")
    (root / "core" / "state.py").write_text("VALUE = 1\n")
    (root / "core" / "errors.py").write_text("class E(Exception): ...\n")
    return root


def compile_fake(root: Path) -> None:
    """Pretend setup.py compiled the tree: an extension file per compiled module, and the manifest."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for path in build_info.compiled_module_paths(root):
        source = root.parent / path
        source.with_name(source.stem + suffix).write_bytes(b"not a real extension")
    manifest = {"compiler": "mypyc test", "sources": source_digests(root)}
    (root / "_compiled.json").write_text(json.dumps(manifest))


def test_a_tree_without_manifest_or_extensions_is_pure(tmp_path: Path) -> None:
    assert inspect_build({}, make_tree(tmp_path)) == Build("pure", "installed without compiling")


def test_a_whole_current_build_is_compiled(tmp_path: Path) -> None:
    root = make_tree(tmp_path)
    compile_fake(root)
    build = inspect_build({}, root)
    assert build.kind == "compiled" and build.modules == 2  # engine.core and engine.core.state
    assert build.describe() == "compiled (2 modules, mypyc test)"


def test_an_edited_source_makes_the_engine_run_pure_and_names_the_file(tmp_path: Path) -> None:
    root = make_tree(tmp_path)
    compile_fake(root)
    (root / "core" / "state.py").write_text("VALUE = 2\n")
    build = inspect_build({}, root)
    assert build.kind == "pure"
    assert "engine/core/state.py" in build.reason and "reinstall" in build.reason


def test_a_new_source_counts_as_a_change_but_a_pure_module_does_not(tmp_path: Path) -> None:
    root = make_tree(tmp_path)
    compile_fake(root)
    (root / "core" / "errors.py").write_text("class E(Exception):\n    pass\n")  # left pure by setup.py
    assert inspect_build({}, root).kind == "compiled"
    (root / "core" / "extra.py").write_text("X = 1\n")
    assert "engine/core/extra.py" in inspect_build({}, root).reason


def test_a_missing_extension_or_the_environment_variable_means_pure(tmp_path: Path) -> None:
    root = make_tree(tmp_path)
    compile_fake(root)
    assert inspect_build({"TCGTABLE_PURE": "1"}, root).reason == "TCGTABLE_PURE is set"
    assert inspect_build({"TCGTABLE_PURE": "0"}, root).kind == "compiled"
    for extension in (root / "core").glob(f"state{importlib.machinery.EXTENSION_SUFFIXES[0]}"):
        extension.unlink()
    assert "compiled modules missing" in inspect_build({}, root).reason


def test_extensions_without_a_manifest_are_never_trusted(tmp_path: Path) -> None:
    root = make_tree(tmp_path)
    compile_fake(root)
    (root / "_compiled.json").unlink()
    assert "without a build manifest" in inspect_build({}, root).reason


def test_stale_sources_lists_added_removed_and_edited_modules() -> None:
    old = {"engine/a.py": "1", "engine/b.py": "2", "engine/core/errors.py": "3"}
    new = {"engine/a.py": "1", "engine/b.py": "9", "engine/c.py": "4", "engine/core/errors.py": "5"}
    assert stale_sources(old, new) == ["engine/b.py", "engine/c.py"]
    assert stale_sources(old, {"engine/a.py": "1", "engine/core/errors.py": "3"}) == ["engine/b.py"]


def test_the_source_finder_loads_the_py_file_beside_a_compiled_module(tmp_path: Path) -> None:
    root = tmp_path / "srcfinder_pkg"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "sub" / "__init__.py").write_text("")
    (root / "sub" / "mod.py").write_text("WHERE = 'source'\n")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (root / "sub" / f"mod{suffix}").write_bytes(b"an old, broken compiled module")
    sys.path.insert(0, str(tmp_path))
    finder = SourceFinder(root)
    try:
        with pytest.raises(ImportError):  # the import system prefers the extension file
            importlib.import_module("srcfinder_pkg.sub.mod")
        sys.modules.pop("srcfinder_pkg.sub.mod", None)
        sys.meta_path.insert(0, finder)
        module = importlib.import_module("srcfinder_pkg.sub.mod")
        assert module.WHERE == "source" and module.__file__ == str(root / "sub" / "mod.py")
        assert finder.find_spec("other.mod", None) is None
    finally:
        sys.path.remove(str(tmp_path))
        if finder in sys.meta_path:
            sys.meta_path.remove(finder)
        for name in [name for name in sys.modules if name.startswith("srcfinder_pkg")]:
            del sys.modules[name]


def test_this_process_reports_its_build() -> None:
    import engine

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert build_info.current_build() == engine.BUILD
    assert engine.BUILD.kind in ("compiled", "pure")
    state_module = importlib.import_module("engine.core.state")
    compiled_file = not str(state_module.__file__).endswith(".py")
    assert compiled_file == (engine.BUILD.kind == "compiled")
