"""The one dispatch on the decision type: a method per type, and no type without one."""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

import pytest

from mtg_tui.engine.decisions import ChooseX, Decision, Option, YesNo, decision_types
from mtg_tui.engine.dispatch import DecisionHandler, dispatch, method_name


def handler_methods() -> set[str]:
    return set(DecisionHandler.__abstractmethods__)


def test_the_handler_has_one_method_per_decision_type_and_no_other() -> None:
    assert handler_methods() == {method_name(t) for t in decision_types()}
    assert method_name(ChooseX) == "choose_x" and method_name(YesNo) == "yes_no"


def _naming_handler() -> DecisionHandler[str]:
    """A handler whose every method answers with its own name."""
    body = {name: (lambda self, d, name=name: name) for name in handler_methods()}
    return type("Naming", (DecisionHandler,), body)()


def test_dispatch_calls_the_method_for_the_decision_type() -> None:
    h = _naming_handler()
    assert dispatch(ChooseX(player=0, prompt="X?", min=0, max=3), h) == "choose_x"
    assert dispatch(YesNo(player=1, prompt="Pay?", options=[Option("yes", "Yes"), Option("no", "No")]), h) == "yes_no"


def test_a_handler_missing_a_method_cannot_be_made() -> None:
    body = {name: (lambda self, d: None) for name in handler_methods() - {"scry"}}
    incomplete = type("Incomplete", (DecisionHandler,), body)
    assert inspect.isabstract(incomplete)
    with pytest.raises(TypeError, match="scry"):
        incomplete()


def test_a_decision_type_no_handler_knows_is_an_error_at_once() -> None:
    @dataclass(eq=False, kw_only=True)
    class ChoosePlanet(Decision):
        kind = "choose"
        subkind = "planet"

    with pytest.raises(TypeError, match="no method choose_planet"):
        dispatch(ChoosePlanet(player=0, prompt="Which planet?"), _naming_handler())


@pytest.mark.parametrize("path", ["mtg_tui.ui.prompts:PromptFor", "mtg_tui.ai.agent:Policy", "mtg_tui.ai.agent:SafeAnswer",
                                  "mtg_tui.agents.random_agent:RandomAgent", "mtg_tui.scenario.runner:Implicit",
                                  "mtg_tui.scenario.runner:Scripted", "mtg_tui.walkthroughs.driver:Canonical",
                                  "mtg_tui.walkthroughs.driver:InWords"])
def test_every_answerer_handles_every_decision_type(path: str) -> None:
    import importlib
    module, name = path.split(":")
    cls: Any = getattr(importlib.import_module(module), name)
    assert issubclass(cls, DecisionHandler) and not inspect.isabstract(cls)
