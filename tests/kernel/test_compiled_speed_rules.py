"""Two habits that keep the compiled engine fast (issue 23), checked so they do not erode.

mypyc reads a module constant that is not `Final` from the module's dict on every use, and a
dataclass's generated `__init__` stays interpreted Python; the objects built for every decision
(options, prompts, effect contexts, procedure frames) therefore have their own `__init__`.
"""

from __future__ import annotations

import ast
import types
from pathlib import Path

import pytest

import engine
from engine.build_info import PURE_MODULES
from engine.core.prompt import Option, Prompt
from engine.core.state import Frame
from engine.dsl.context import Ctx

ROOT = Path(__file__).resolve().parents[2]


ALIAS_HEADS = {"Callable", "dict", "tuple", "list", "Literal"}


def is_type_alias(value: ast.expr) -> bool:
    if isinstance(value, ast.Subscript | ast.BinOp):
        return ast.unparse(value).split("[")[0] in ALIAS_HEADS
    return isinstance(value, ast.Call) and ast.unparse(value.func) == "TypeVar"


def unannotated_constants(source: str) -> list[tuple[int, str]]:
    """Module-level UPPER_CASE names bound without `Final` (type aliases and TypeVars excepted)."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            targets, annotation, value = node.targets, "", node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, annotation, value = [node.target], ast.unparse(node.annotation), node.value
        else:
            continue
        if "Final" in annotation or "TypeAlias" in annotation or is_type_alias(value):
            continue
        for target in targets:
            if isinstance(target, ast.Name) and target.id.isupper() and target.id != "_DISCOVERED":
                found.append((node.lineno, target.id))  # _DISCOVERED is rebound by `global`
    return found


def test_engine_module_constants_are_final() -> None:
    pure = {ROOT / name for name in PURE_MODULES}
    offenders = [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for path in sorted((ROOT / "engine").rglob("*.py"))
        if path not in pure
        for line, name in unannotated_constants(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "module constants read by compiled code should be Final:\n" + "\n".join(offenders)


def test_the_check_sees_a_constant_without_final() -> None:
    source = "from typing import Final\nLIMIT = 3\nKEPT: Final = 4\nAlias = dict[str, int]\nT = TypeVar('T')\n"
    assert unannotated_constants(source) == [(2, "LIMIT")]


@pytest.mark.parametrize("cls", [Option, Prompt, Ctx, Frame])
def test_objects_built_every_decision_have_a_compiled_init(cls: type) -> None:
    if engine.BUILD.kind != "compiled":
        pytest.skip(f"the engine runs pure here ({engine.BUILD.describe()}); CI checks the compiled build")
    init = vars(cls)["__init__"]
    assert not isinstance(init, types.FunctionType), f"{cls.__name__}.__init__ is interpreted"


def test_options_stay_value_objects() -> None:
    first = Option("act:3", "Activate X (#3)", "activate", {"cid": 3})
    same = Option("act:3", "Activate X (#3)", "activate")
    assert first == same and hash(first) == hash(same)  # data is not compared
    assert first != Option("act:4", "Activate X (#3)", "activate")
    assert Option.from_json(first.to_json()) == first and Option.from_json(first.to_json()).data == {"cid": 3}
    assert "act:3" in repr(first)
    prompt = Prompt(0, "action", "Your move", (first,), rule="7.1")
    assert prompt == Prompt.from_json(prompt.to_json()) and hash(prompt) == hash(Prompt.from_json(prompt.to_json()))
    assert prompt != Prompt(1, "action", "Your move", (first,), rule="7.1")
