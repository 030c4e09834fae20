"""Every rule of the card grammar is read by a card that a scenario plays.

A template is only known to work when a scenario plays a real card that uses
it and checks what it does by the rules. This test compiles every card that
the scenarios under tests/scenarios set up (in a zone or in a deck), traces
which grammar rules their text uses (nested text too: a keyword's meaning, a
token's abilities), and fails naming each rule that no scenario card uses.

Rules that were in the grammar before this test and that no scenario played
yet are listed in ``NOT_YET_PLAYED``. The list only shrinks: a rule on it
that a scenario card now uses, or that left the grammar, fails the test until
it is taken off. A new rule never goes on it: write the scenario instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mtg_tui.cardtext.cache import CompiledCache, key_of
from mtg_tui.cardtext.compiler import rule_names, traced_rules
from mtg_tui.cardtext.loader import CardDatabase, card_from_data, default_db
from mtg_tui.cardtext.parser import parser
from mtg_tui.scenario.loader import ZONES, load

SCENARIOS = Path(__file__).resolve().parent / "scenarios"

# Rules of the grammar that no scenario card used when this test was written, by the template family
# (mtg_tui/cardtext/templates/) whose method reads them. Take a rule off when a scenario plays a card
# that uses it; never add one.
NOT_YET_PLAYED = frozenset({
    # abilities.py
    "additional_cost",
    "as_enters_color",
    "choose_one_or_more",
    "choose_two",
    "cost_less_each",
    # costs.py
    "cost_discard",
    "cost_discard_self",
    "cost_untap",
    # effects.py
    "no_activate",
    "no_activate_except_mana",
    "prevent_all",
    "prevent_all_combat_by",
    "prevent_all_to",
    "until_eoc",
    # verbs.py
    "become_color",
    "vp_add_types",
    "vp_attacks_marker",
    "vp_can_block_only",
    "vp_cant_attack_alone",
    "vp_cant_attack_block_alone",
    "vp_cant_block_alone",
    "vp_cant_block_desc",
    "vp_combat_damage_player",
    "vp_damage_each",
    "vp_dig_bottom",
    "vp_draw_equal",
    "vp_enters_tapped_unless",
    "vp_enters_tapped_with_counters",
    "vp_hand_to_top",
    "vp_investigate",
    "vp_lose_keywords",
    "vp_menace_like",
    "vp_must_block",
    "vp_put_back",
    "vp_remove_counters",
    "vp_sacrifice_unless",
    # refs.py
    "or_all_other",
    "or_each_other",
    "or_event_source",
    "pr_an_opponent",
    "rc_attacked",
    "rc_each_and_opponents",
    "rc_each_and_players",
    "recipients",
    "tp_any_other",
    "tp_desc_or_player",
    "tp_up_to_other",
    # descriptions.py
    "counted_up_to",
    "noun_permanent",
    "pm_blocking",
    "pm_color_or",
    "pm_monocolored",
    "pm_snow",
    "pm_token",
    "post_attacking",
    "post_chosen_color",
    "post_named",
    "post_no_counters",
    "post_not_type",
    "post_target_player_controls",
    "post_total_pt_le",
    "post_toughness_ge",
    "post_toughness_le",
    "post_you_own",
    # amounts.py
    "ae_dealt_this_way",
    "ae_greatest_power",
    "ae_life_total",
    "ae_that_much",
    "ae_x",
    "cond_life_at_least",
    "cond_opp_controls",
    "cond_tapped",
    "cond_two_or_fewer_other_lands",
    "cond_two_other_lands",
    "cond_you_control_either",
    # triggers.py
    "ps_any",
    "sn_combat",
    "sn_end_of_combat",
    "sn_main1",
    "sn_main2",
    "so_next",
    "so_opponent",
    "t_becomes_target",
    "t_blocks",
    "t_combat_damage",
    "t_combat_damage_opponent",
    "t_damage",
    "t_damage_player",
    "t_dies_damaged_by_self",
    "t_enters_or_to_graveyard",
    "t_lose_life",
    # keywords.py
    "et_opponent",
    "et_player",
    "kw_protection_choice",
    "q_all_colors",
    "q_everything",
    "q_multicolored",
    "q_subtype",
    "q_type",
    # tokens.py
    "colors_three",
    "token_for_each",
    # mana.py
    "mp_any_combination",
    "mp_chosen_color",
})


def scenario_cards() -> dict[tuple[str, str], tuple[CardDatabase, str]]:
    """Every card the scenarios set up or put in a deck: (file, name) -> (the scenario's cards, name)."""
    db = default_db()
    found: dict[tuple[str, str], tuple[CardDatabase, str]] = {}
    for path in sorted(SCENARIOS.rglob("*.toml")):
        sc = load(path, db)
        if sc.new_game:
            names = [n for deck in sc.setup["decks"] for n in deck]
        else:
            names = [spec["name"] for table in sc.setup["tables"] for zone in ZONES for spec in table[zone]
                     if not spec.get("token")]
        for name in names:
            real = sc.cards.canonical(name) or name
            found.setdefault((sc.cards.file_of(real), real), (sc.cards, real))
    return found


def rules_of(data: dict[str, Any], cache: CompiledCache) -> frozenset[str]:
    """The grammar rules a card's text uses (remembered on disk beside the compiled cards)."""
    key = key_of(data)
    name = str(data.get("name", ""))
    hit = cache.get(name, key)
    if hit is not None:
        return hit
    with traced_rules() as used:
        card_from_data(data, "", playable_only=False)
    rules = frozenset(used)
    cache.put(name, key, rules)
    return rules


@pytest.fixture(scope="module")
def used_rules() -> set[str]:
    cache = CompiledCache(suffix="rules")
    used: set[str] = set()
    for cards, name in scenario_cards().values():
        used |= rules_of(cards.fields(name), cache)
    return used


def test_every_grammar_rule_is_used_by_a_scenario_card(used_rules: set[str]) -> None:
    unused = sorted(rule_names(parser()) - used_rules - NOT_YET_PLAYED)
    assert not unused, (
        f"{len(unused)} grammar rule(s) used by no card of any scenario in tests/scenarios: {', '.join(unused)}. "
        "Write a scenario that plays a real card using each and checks what it does by the rules.")


def test_the_allow_list_only_shrinks(used_rules: set[str]) -> None:
    now_used = sorted(NOT_YET_PLAYED & used_rules)
    gone = sorted(NOT_YET_PLAYED - rule_names(parser()))
    assert not now_used, f"a scenario card now uses these: take them off NOT_YET_PLAYED: {', '.join(now_used)}"
    assert not gone, f"these are no longer grammar rules: take them off NOT_YET_PLAYED: {', '.join(gone)}"


def test_tracing_sees_nested_text() -> None:
    """A keyword's meaning is compiled from text too: its rules count for the card that has the keyword."""
    with traced_rules() as used:
        card_from_data({"name": "Test Monk", "type": "Creature — Human Monk", "cost": "{1}{R}", "power": 1,
                        "toughness": 1, "text": "Prowess\nWhen Test Monk enters, you gain 2 life."})
    # prowess means "whenever you cast a noncreature spell, ~ gets +1/+1 until end of turn"
    assert {"keywords", "kw_plain", "triggered", "t_enters", "vp_gain_life", "t_cast", "vp_pump"} <= used
    with traced_rules() as nothing:
        pass
    assert nothing == set()
