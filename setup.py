"""Install-time build of the rules engine with mypyc (everything else is in pyproject.toml).

`pip install .` and `pip install -e .` compile every `engine/` module but the few listed in
`engine/build_info.PURE_MODULES`, then write `engine/_compiled.json` (the sources compiled and their
SHA-256) so the engine can tell at import whether its compiled modules are current. Without a C
compiler, or when mypyc fails, the install goes on as pure Python with a warning; `TCGTABLE_PURE=1`
asks for a pure install. See README, "Compiled engine".
"""

from __future__ import annotations

import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "engine"))
import build_info  # noqa: E402  (engine/build_info.py, imported alone: it needs nothing else)

# Only these commands build code; metadata steps (egg_info, dist_info) must not run mypyc.
BUILDING_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop", "bdist_egg"}

EDITABLE_COMMANDS = {"editable_wheel", "develop"}


def clean_inplace_build() -> None:
    """Remove compiled modules and the manifest an earlier editable install left in the source tree."""
    build_info.MANIFEST.unlink(missing_ok=True)
    for path in [*build_info.extensions_in(ROOT / "engine"), *ROOT.glob("tcgtable_engine__mypyc.*")]:
        path.unlink()


def say(message: str) -> None:
    print(f"tcgtable setup: {message}", file=sys.stderr, flush=True)


def engine_extensions() -> list[Any]:
    """mypyc's extension modules for the engine, or [] for a pure Python install."""
    if not BUILDING_COMMANDS.intersection(sys.argv[1:]):
        return []
    if EDITABLE_COMMANDS.intersection(sys.argv[1:]):
        clean_inplace_build()  # this build replaces, or with TCGTABLE_PURE removes, an earlier in-place one
    if build_info.env_wants_pure(os.environ):
        say(f"{build_info.PURE_ENV} is set: installing the engine as pure Python")
        return []
    try:
        from mypyc.build import mypycify

        paths = build_info.compiled_module_paths(ROOT / "engine")
        # one C file per module (multi_file), compiled in parallel by BuildEngine; mypyc's shared
        # library is the top-level module tcgtable_engine__mypyc (mypyc 1.20 needs it at the top)
        return list(mypycify(paths, opt_level="3", multi_file=True, group_name="tcgtable_engine"))
    except (Exception, SystemExit) as error:  # mypy's type errors end in SystemExit
        say(f"mypyc could not compile the engine ({error!r}); installing it as pure Python")
        return []


class BuildEngine(build_ext):
    """Compiles C files on every core; on a compiler error removes what it built (the install stays pure)."""

    def build_extensions(self) -> None:
        compile_in_parallel(self.compiler, os.cpu_count() or 1)
        super().build_extensions()

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as error:  # distutils' CompileError, LinkError, missing headers (OSError)...
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            say(f"compiling the engine failed ({error}); installing it as pure Python")
            return
        target = ROOT / "engine" if self.inplace else Path(self.build_lib) / "engine"
        manifest = {"compiler": f"mypyc {compiler_version()}", "sources": build_info.source_digests(ROOT / "engine")}
        (target / build_info.MANIFEST.name).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        say(f"engine compiled: {len(self.extensions)} extension modules")


def compile_in_parallel(compiler: Any, jobs: int) -> None:
    """Make `compiler.compile` run one compiler process per source file, `jobs` at a time."""

    def compile_sources(
        sources: list[str],
        output_dir: str | None = None,
        macros: Any = None,
        include_dirs: Any = None,
        debug: bool = False,
        extra_preargs: Any = None,
        extra_postargs: Any = None,
        depends: Any = None,
    ) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

        def compile_one(obj: str) -> None:
            source, extension = build[obj]
            compiler._compile(obj, source, extension, cc_args, extra_postargs, pp_opts)

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            list(pool.map(compile_one, objects))
        return list(objects)

    compiler.compile = compile_sources


def compiler_version() -> str:
    from importlib.metadata import version

    return version("mypy")


setup(ext_modules=engine_extensions(), cmdclass={"build_ext": BuildEngine})
