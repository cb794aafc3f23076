"""Which build of the engine runs: compiled by mypyc at install time, or pure Python.

`setup.py` compiles the engine with mypyc and writes `engine/_compiled.json`, the list of every
engine source with its SHA-256. On import, `engine/__init__.py` calls `select_build()`, which runs
the compiled modules only when they exist and every source is still the one compiled. Otherwise it
installs a finder that loads every `engine.*` module from its `.py` file, so an edited source can
never be shadowed by an old compiled module (a warning says so), and `TCGTABLE_PURE=1` asks for the
pure build at run time. This module is never compiled and imports nothing from the engine.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ENGINE_DIR = Path(__file__).resolve().parent
MANIFEST = ENGINE_DIR / "_compiled.json"
PURE_ENV = "TCGTABLE_PURE"

# Modules mypyc leaves alone: this one, the package entry (it picks the build), exception classes
# (mypyc cannot subclass builtin exceptions natively) and the YAML scenario runner (a test tool).
PURE_MODULES = (
    "engine/__init__.py",
    "engine/build_info.py",
    "engine/core/errors.py",
    "engine/core/scenario.py",
    "engine/core/scenario_cards.py",
    "engine/core/scenario_expect.py",
)


class StaleBuildWarning(UserWarning):
    """Engine sources changed since they were compiled: the engine runs as pure Python."""


@dataclass(frozen=True)
class Build:
    """What `select_build` chose: `kind` is "compiled" or "pure"; `reason` says why when pure."""

    kind: str
    reason: str = ""
    compiler: str = ""
    modules: int = 0

    def describe(self) -> str:
        """One line for `--version` and benchmark output."""
        if self.kind == "compiled":
            return f"compiled ({self.modules} modules, {self.compiler})"
        return f"pure Python ({self.reason})" if self.reason else "pure Python"

    def as_json(self) -> dict[str, object]:
        return {"build": self.kind, "reason": self.reason, "compiler": self.compiler, "modules": self.modules}


def env_wants_pure(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    """True when TCGTABLE_PURE is set to anything but "", "0", "false" or "no"."""
    return environ.get(PURE_ENV, "").strip().lower() not in ("", "0", "false", "no")


def source_digests(root: Path = ENGINE_DIR) -> dict[str, str]:
    """SHA-256 of every engine `.py` file, keyed by its path from the project root."""
    return {
        path.relative_to(root.parent).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*.py"))
    }


def compiled_module_paths(root: Path = ENGINE_DIR) -> list[str]:
    """Engine sources that mypyc compiles (every `.py` file but PURE_MODULES)."""
    return [path for path in source_digests(root) if path not in PURE_MODULES]


def stale_sources(manifest: dict[str, str], current: dict[str, str]) -> list[str]:
    """Compiled sources added, removed or edited since the manifest was written (pure modules may change)."""
    paths = (set(manifest) | set(current)) - set(PURE_MODULES)
    return sorted(path for path in paths if manifest.get(path) != current.get(path))


def has_extension(source: Path) -> bool:
    """Whether a compiled extension module sits beside `source` (state.py -> state.cpython-311-*.so)."""
    return any(source.with_name(source.stem + suffix).exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def extensions_in(root: Path = ENGINE_DIR) -> list[Path]:
    """Every compiled extension module file under the engine package."""
    return sorted({path for suffix in importlib.machinery.EXTENSION_SUFFIXES for path in root.rglob(f"*{suffix}")})


def inspect_build(environ: dict[str, str] | os._Environ[str] = os.environ, root: Path = ENGINE_DIR) -> Build:
    """Decide the build without changing anything: compiled only when it is whole and current."""
    manifest_path = root / MANIFEST.name
    if not manifest_path.exists():
        if extensions_in(root):
            return Build("pure", "compiled modules without a build manifest; reinstall to rebuild them")
        return Build("pure", "installed without compiling")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    compiler = str(manifest.get("compiler", "mypyc"))
    sources: dict[str, str] = manifest.get("sources", {})
    compiled = [path for path in sources if path not in PURE_MODULES]
    if env_wants_pure(environ):
        return Build("pure", f"{PURE_ENV} is set", compiler)
    missing = [path for path in compiled if not has_extension(root.parent / path)]
    if missing:
        return Build("pure", f"{len(missing)} compiled modules missing, e.g. {missing[0]}; reinstall to rebuild them")
    edited = stale_sources(sources, source_digests(root))
    if edited:
        shown = ", ".join(edited[:3]) + (f" and {len(edited) - 3} more" if len(edited) > 3 else "")
        return Build("pure", f"sources changed since compiling: {shown}; reinstall to recompile", compiler)
    return Build("compiled", compiler=compiler, modules=len(compiled))


class SourceFinder(importlib.abc.MetaPathFinder):
    """Loads `engine.*` modules from their `.py` files even where a compiled module sits beside them."""

    def __init__(self, root: Path = ENGINE_DIR) -> None:
        self.root = root

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, rest = fullname.partition(".")
        if package != self.root.name or not rest:
            return None
        base = self.root.joinpath(*rest.split("."))
        if (base / "__init__.py").is_file():
            return importlib.util.spec_from_file_location(
                fullname, base / "__init__.py", submodule_search_locations=[str(base)]
            )
        if base.with_suffix(".py").is_file():
            return importlib.util.spec_from_file_location(fullname, base.with_suffix(".py"))
        return None


_selected: Build | None = None


def select_build() -> Build:
    """Choose the build once per process; when pure, make every engine import load its source."""
    global _selected
    if _selected is None:
        _selected = inspect_build()
        if _selected.kind == "pure" and extensions_in():
            sys.meta_path.insert(0, SourceFinder())
            if not env_wants_pure(os.environ):
                message = f"tcgtable engine runs as pure Python: {_selected.reason}"
                warnings.warn(message, StaleBuildWarning, stacklevel=2)
    return _selected


def current_build() -> Build:
    """The build this process runs (selected when `engine` was imported)."""
    return select_build()
