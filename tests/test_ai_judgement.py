"""The computer opponent's judgement in set-up positions where the right answer is clear."""

from __future__ import annotations

from typing import Any

import pytest

from mtg_tui.ai import ComputerPlayer
from mtg_tui.ai.mulligan import choose_bottom, keep
from mtg_tui.engine.game import Game
from mtg_tui.engine.setup import new_game
from mtg_tui.engine.view import GameView

AI = 1          # the computer plays player index 1 ("Bob") in these positions
ALICE = 0


def cards(*names: str, **flags: Any) -> list[dict[str, Any]]:
    return [{"name": n, **flags} for n in names]


def position(db: Any, alice: dict[str, Any], bob: dict[str, Any], step: str = "main1", active: int = AI,
             turn: int = 5) -> Game:
    tables = []
    for t in (alice, bob):
        t = dict(t)
        t.setdefault("library", cards(*(["Plains"] * 10)))
        tables.append(t)
    return new_game({"kind": "state", "players": ["Alice", "Bob"], "active": active, "turn": turn, "step": step,
                     "tables": tables}, 1, db)


def ask(game: Game, level: str = "normal") -> Any:
    d = game.pending
    assert d is not None and d.player == AI, f"the game waits on {d!r}"
    ans = ComputerPlayer(level, strict=True).decide(game, d)
    d.validate(ans)
    return ans


def name_of(game: Game, oid: int) -> str:
    return game.describe(oid)


def ids(game: Game, name: str, controller: int | None = None) -> list[int]:
    return [o.id for o in game.battlefield if o.name == name and (controller is None or o.controller == controller)]


def hand_id(game: Game, player: int, name: str) -> int:
    return next(o.id for o in game.players[player].hand if o.name == name)


def pass_until(game: Game, kind: str, player: int, script: dict[str, Any] | None = None) -> None:
    """Pass priority (and answer scripted declarations) until ``player`` faces a ``kind`` decision."""
    script = script or {}
    for _ in range(200):
        d = game.pending
        assert d is not None
        if d.kind == kind and d.player == player:
            return
        if d.kind in script:
            game.answer(d.player, script.pop(d.kind))
        elif d.kind == "priority":
            game.answer(d.player, {"action": "pass"})
        elif d.kind in ("declare_attackers", "declare_blockers"):
            game.answer(d.player, [])
        else:
            raise AssertionError(f"unexpected {d!r}")
    raise AssertionError(f"never reached {kind}")


LANDS3 = cards("Forest", "Forest", "Forest")


# ---------------------------------------------------------------------------
# Mulligans


def test_mulligans_keep_workable_hands_only(db: Any) -> None:
    def hand(*names: str) -> list[Any]:
        g = position(db, {}, {"hand": cards(*names)})
        return GameView(g, AI).hand(AI)
    assert keep(hand("Forest", "Forest", "Forest", "Grizzly Bears", "Centaur Courser", "Giant Growth", "Rancor"), 0)
    assert not keep(hand("Grizzly Bears", "Centaur Courser", "Giant Growth", "Rancor", "Craw Wurm",
                         "Llanowar Elves", "Overrun"), 0)
    assert not keep(hand(*["Forest"] * 7), 0)
    assert not keep(hand("Forest", "Craw Wurm", "Colossal Dreadmaw", "Overrun", "Centaur Courser",
                         "Giant Spider", "Titanic Growth"), 0)
    assert keep(hand("Forest", "Forest", "Llanowar Elves", "Grizzly Bears", "Giant Growth", "Rancor",
                     "Centaur Courser"), 0)


def test_bottoms_extra_lands_from_a_flooded_hand(db: Any) -> None:
    g = position(db, {}, {"hand": cards("Forest", "Forest", "Forest", "Forest", "Forest", "Grizzly Bears",
                                         "Centaur Courser")})
    hand = GameView(g, AI).hand(AI)
    bottom = choose_bottom(hand, 2)
    assert [name_of(g, i) for i in bottom] == ["Forest", "Forest"]


# ---------------------------------------------------------------------------
# Main phase


def test_plays_a_land_first(db: Any) -> None:
    g = position(db, {}, {"hand": cards("Forest", "Grizzly Bears"), "battlefield": cards("Forest")})
    ans = ask(g)
    assert ans["action"] == "play" and name_of(g, ans["card"]) == "Forest"


def test_casts_on_curve_with_automatic_payment(db: Any) -> None:
    g = position(db, {}, {"hand": cards("Llanowar Elves", "Centaur Courser"), "battlefield": LANDS3,
                          "lands_played": 1})
    ans = ask(g)
    assert ans["action"] == "cast" and name_of(g, ans["card"]) == "Centaur Courser"
    assert ans["pay"] == "auto"


def test_uses_its_mana_on_two_spells_when_they_fit(db: Any) -> None:
    g = position(db, {}, {"hand": cards("Grizzly Bears", "Llanowar Elves"), "battlefield": LANDS3,
                          "lands_played": 1})
    first = ask(g)
    first_name = name_of(g, first["card"])
    g.answer(AI, first)
    pass_until(g, "priority", AI)          # the spell resolves
    while g.stack:
        g.answer(g.pending.player, {"action": "pass"})
        pass_until(g, "priority", AI)
    second = ask(g)
    assert {first_name, second.get("card") and name_of(g, second["card"])} == \
        {"Grizzly Bears", "Llanowar Elves"}


def test_keeps_counterspell_mana_open_rather_than_draw_cards(db: Any) -> None:
    g = position(db, {"hand": cards("Grizzly Bears", "Shock")},
                 {"hand": cards("Counterspell", "Divination"), "battlefield": cards("Island", "Island", "Island"),
                  "lands_played": 1})
    assert ask(g) == {"action": "pass"}


def test_counters_a_spell_that_matters_but_not_a_small_one(db: Any) -> None:
    islands = cards("Island", "Island")
    for spell, countered in (("Serra Angel", True), ("Savannah Lions", False)):
        g = position(db, {"hand": cards(spell), "battlefield": cards(*["Plains"] * 5)},
                     {"hand": cards("Counterspell"), "battlefield": islands}, active=ALICE)
        g.answer(ALICE, {"action": "cast", "card": hand_id(g, ALICE, spell), "pay": "auto"})
        pass_until(g, "priority", AI)
        ans = ask(g)
        if countered:
            assert ans["action"] == "cast" and name_of(g, ans["card"]) == "Counterspell"
            assert ans["targets"] == [[g.stack[-1].id]]
        else:
            assert ans == {"action": "pass"}


def play_out_turn(g: Game, level: str = "normal") -> None:
    """The computer plays the rest of its turn; Alice passes and declares nothing."""
    turn = g.turn
    for _ in range(300):
        if g.turn != turn or g.over:
            return
        d = g.pending
        if d.player == AI:
            g.answer(AI, ask(g, level))
        elif d.kind == "priority":
            g.answer(ALICE, {"action": "pass"})
        else:
            g.answer(ALICE, [])
    raise AssertionError("the turn never ended")


def test_a_pump_ability_does_not_keep_a_creature_in_hand(db: Any) -> None:
    # Dread Shade ({B}: +1/+1 until end of turn) can attack an empty board; 4 Swamps, Gravedigger in hand.
    # Gravedigger takes all four; casting it gives a 2/2 for good, pumping gives one damage a Swamp. The
    # Shade's ability is no card to hide: the creature is cast, and the Shade hits for 3.
    g = position(db, {}, {"battlefield": cards("Dread Shade", "Swamp", "Swamp", "Swamp", "Swamp"),
                          "hand": cards("Gravedigger"), "lands_played": 1})
    play_out_turn(g)
    assert ids(g, "Gravedigger", AI) and g.players[ALICE].life == 20 - 3


def test_combat_pumps_leave_the_mana_for_the_creature_cast_after_combat(db: Any) -> None:
    # With Giant Growth in hand it keeps its creature for after combat (the trick's mana stays open while
    # it attacks). Five lands: Gravedigger needs four, so the unblocked Shade may be pumped once at most,
    # not five times: Alice takes 3 or 4, and Gravedigger is cast after combat.
    g = position(db, {}, {"battlefield": cards("Dread Shade", "Swamp", "Swamp", "Swamp", "Swamp", "Forest"),
                          "hand": cards("Gravedigger", "Giant Growth"), "lands_played": 1})
    play_out_turn(g)
    assert ids(g, "Gravedigger", AI) and g.players[ALICE].life in (20 - 3, 20 - 4)


# ---------------------------------------------------------------------------
# Removal and burn


def test_burns_the_opponent_out_when_it_is_lethal(db: Any) -> None:
    g = position(db, {"life": 3, "battlefield": cards("Serra Angel")},
                 {"hand": cards("Lightning Bolt"), "battlefield": cards("Mountain"), "lands_played": 1})
    ans = ask(g)
    assert ans["action"] == "cast" and ans["targets"] == [[1]]


def test_overrun_for_a_big_swing_but_not_into_a_wall_of_blockers(db: Any) -> None:
    # Bob's three Grizzly Bears and Overrun (+3/+3 and trample until end of turn) against Alice at 16 with one
    # untapped Grizzly Bears. Pumped, three 5/5 tramplers: her best block stops 2 of one attacker's damage,
    # so at least 13 gets through. Not lethal, but it leaves her at 3 or less: cast it before combat. Against
    # three untapped Giant Spiders (2/4) each 5/5 is blocked and tramples over 1: 3 damage off 20 isn't worth
    # the card, which waits for a better turn.
    def game(theirs: list[str], life: int) -> Game:
        return position(db, {"life": life, "battlefield": cards(*theirs)},
                        {"battlefield": cards(*(["Grizzly Bears"] * 3 + ["Forest"] * 5)), "hand": cards("Overrun"),
                         "lands_played": 1})
    g = game(["Grizzly Bears"], 16)
    ans = ask(g)
    assert ans["action"] == "cast" and name_of(g, ans["card"]) == "Overrun"
    g = game(["Giant Spider"] * 3, 20)
    assert ask(g)["action"] == "pass"


def test_counters_a_counterspell_aimed_at_its_own_creature(db: Any) -> None:
    # Bob casts Air Elemental (a 4/4 flier, five mana) with two Islands left and Counterspell in hand; Alice
    # answers with Essence Scatter on it. Letting it resolve loses his best card for her two-mana spell; his
    # Counterspell on her Essence Scatter keeps the Elemental, one card for one: counter it.
    g = position(db, {"battlefield": cards("Island", "Island"), "hand": cards("Essence Scatter")},
                 {"battlefield": cards(*(["Island"] * 7)), "hand": cards("Air Elemental", "Counterspell"),
                  "lands_played": 1})
    g.answer(AI, {"action": "cast", "card": hand_id(g, AI, "Air Elemental"), "pay": "auto", "targets": []})
    pass_until(g, "priority", ALICE)
    elemental = g.stack[-1].id
    g.answer(ALICE, {"action": "cast", "card": hand_id(g, ALICE, "Essence Scatter"), "pay": "auto",
                     "targets": [[elemental]]})
    pass_until(g, "priority", AI)
    ans = ask(g)
    assert ans["action"] == "cast" and name_of(g, ans["card"]) == "Counterspell"
    assert ans["targets"] == [[g.stack[-1].id]]


def test_frost_breath_keeps_down_a_tapped_attacker(db: Any) -> None:
    # Alice's end step: her Mahamoti Djinn (5/6 flier) is tapped, it attacked; her two Grizzly Bears are
    # untapped. Bob's Frost Breath taps up to two creatures, which don't untap during their controller's next
    # untap step. Tapping the Djinn does nothing now, but it stays tapped through her next untap step: no
    # 5-damage attack next turn. That is worth more than keeping down a second 2/2, so the Djinn is a target.
    g = position(db, {"battlefield": [{"name": "Mahamoti Djinn", "tapped": True}]
                      + cards("Grizzly Bears", "Grizzly Bears")},
                 {"battlefield": cards("Island", "Island", "Island"), "hand": cards("Frost Breath")},
                 step="end", active=ALICE)
    pass_until(g, "priority", AI)
    ans = ask(g)
    assert ans["action"] == "cast" and name_of(g, ans["card"]) == "Frost Breath"
    assert "Mahamoti Djinn" in [name_of(g, t) for t in ans["targets"][0]]


def test_removal_kills_the_attacker_that_would_hit_hardest(db: Any) -> None:
    g = position(db, {"battlefield": cards("Grizzly Bears", "Serra Angel", "Plains")},
                 {"hand": cards("Doom Blade"), "battlefield": cards("Swamp", "Swamp")},
                 step="beginning_of_combat", active=ALICE)
    bears, angel = ids(g, "Grizzly Bears")[0], ids(g, "Serra Angel")[0]
    pass_until(g, "declare_attackers", ALICE)
    g.answer(ALICE, [bears, angel])
    pass_until(g, "priority", AI)
    ans = ask(g)
    assert ans["action"] == "cast" and ans["targets"] == [[angel]]


def test_removal_with_a_second_target_word_aims_both(db: Any) -> None:
    # Reckless Rage: 4 damage to a creature we don't control and 2 to one we control; aimed at the attacker
    # it needs its second target too (an answer with one target list is illegal).
    g = position(db, {"battlefield": cards("Serra Angel", "Plains")},
                 {"hand": cards("Reckless Rage"), "battlefield": cards("Mountain", "Giant Spider")},
                 step="beginning_of_combat", active=ALICE)
    angel, spider = ids(g, "Serra Angel")[0], ids(g, "Giant Spider")[0]
    pass_until(g, "declare_attackers", ALICE)
    g.answer(ALICE, [angel])
    pass_until(g, "priority", AI)
    ans = ask(g)
    assert ans["action"] == "cast" and name_of(g, ans["card"]) == "Reckless Rage"
    assert ans["targets"] == [[angel], [spider]]


def test_kicker_is_left_unpaid_when_the_kicked_spell_needs_other_targets(db: Any) -> None:
    # Fight with Fire aimed at a creature unkicked: kicked, it divides 10 damage among other targets, so the
    # targets already chosen would be wrong; the computer casts it unkicked rather than answer illegally.
    g = position(db, {"battlefield": cards("Serra Angel")},
                 {"hand": cards("Fight with Fire"), "battlefield": cards(*["Mountain"] * 9), "lands_played": 1})
    angel = ids(g, "Serra Angel")[0]
    ans = ask(g)
    assert ans["action"] == "cast" and name_of(g, ans["card"]) == "Fight with Fire"
    assert ans["targets"][0] == [angel]
    g.answer(AI, ans)
    assert g.pending.kind == "choose" and g.pending.subkind == "costs"
    assert ask(g) == []


def test_pays_kicker_when_the_targets_stay_right(db: Any) -> None:
    # Shivan Fire kicked deals 4 damage to the same target: kicker is paid (the control for the test above).
    g = position(db, {"battlefield": cards("Grizzly Bears", "Forest")},
                 {"hand": cards("Shivan Fire"), "battlefield": cards(*["Mountain"] * 5)}, step="end", active=ALICE)
    pass_until(g, "priority", AI)
    ans = ask(g)
    assert ans["action"] == "cast" and ans["targets"] == [ids(g, "Grizzly Bears")]
    g.answer(AI, ans)
    assert g.pending.subkind == "costs"
    assert ask(g) == ["kicker"]


def test_a_draw_spell_with_a_target_player_word_names_a_player(db: Any) -> None:
    # Clear the Mind: "target player shuffles their graveyard into their library. Draw a card." The target
    # word must have a player (601.2c); the draw is what the computer casts it for.
    g = position(db, {}, {"hand": cards("Clear the Mind"), "battlefield": cards("Island", "Island", "Island"),
                          "lands_played": 1})
    ans = ask(g)
    assert ans["action"] == "cast" and name_of(g, ans["card"]) == "Clear the Mind"
    assert len(ans["targets"]) == 1 and len(ans["targets"][0]) == 1


def test_burn_prefers_a_planeswalker_it_can_kill_to_a_small_creature(db: Any) -> None:
    g = position(db, {"battlefield": cards("Grizzly Bears", "Garruk Wildspeaker", "Forest")},
                 {"hand": cards("Lightning Bolt"), "battlefield": cards("Mountain")}, step="end", active=ALICE)
    pass_until(g, "priority", AI)
    ans = ask(g)
    assert ans["action"] == "cast" and name_of(g, ans["targets"][0][0]) == "Garruk Wildspeaker"


def test_never_harms_its_own_creature_when_there_is_another_target(db: Any) -> None:
    # Man-o'-War's trigger must bounce the opponent's creature, not one of ours.
    g = position(db, {"battlefield": cards("Grizzly Bears")},
                 {"hand": cards("Man-o'-War"), "battlefield": cards("Island", "Island", "Island", "Serra Angel"),
                  "lands_played": 1})
    g.answer(AI, {"action": "cast", "card": hand_id(g, AI, "Man-o'-War"), "pay": "auto"})
    pass_until(g, "targets", AI)
    ans = ask(g)
    assert name_of(g, ans[0][0]) == "Grizzly Bears"


def test_pump_goes_on_its_own_creature(db: Any) -> None:
    # Giant Growth asked for targets on its own (a partial cast): never the opponent's creature.
    g = position(db, {"battlefield": cards("Colossal Dreadmaw")},
                 {"hand": cards("Giant Growth"), "battlefield": cards("Forest", "Grizzly Bears"),
                  "lands_played": 1})
    g.answer(AI, {"action": "cast", "card": hand_id(g, AI, "Giant Growth")})
    ans = ask(g)
    assert name_of(g, ans[0][0]) == "Grizzly Bears"


# ---------------------------------------------------------------------------
# Combat: attacking


def attack_position(db: Any, mine: list[str], theirs: list[str], opp_life: int = 20, opp_hand: list[str] = (),
                    opp_lands: list[str] = (), my_life: int = 20) -> Game:
    g = position(db, {"life": opp_life, "battlefield": cards(*theirs) + cards(*opp_lands, tapped=False),
                      "hand": cards(*opp_hand)},
                 {"life": my_life, "battlefield": cards(*mine)}, step="beginning_of_combat")
    pass_until(g, "declare_attackers", AI)
    return g


def attackers(g: Game, ans: Any) -> list[str]:
    return sorted(name_of(g, a if isinstance(a, int) else a[0]) for a in ans)


def test_attacks_when_no_blocker_can_stop_it(db: Any) -> None:
    g = attack_position(db, ["Serra Angel"], ["Grizzly Bears"])
    assert attackers(g, ask(g)) == ["Serra Angel"]


def test_does_not_attack_into_a_bigger_blocker(db: Any) -> None:
    g = attack_position(db, ["Grizzly Bears"], ["Centaur Courser"])
    assert ask(g) == []


def test_first_strike_makes_an_even_attack_safe(db: Any) -> None:
    g = attack_position(db, ["White Knight"], ["Grizzly Bears"])
    assert attackers(g, ask(g)) == ["White Knight"]


def test_respects_a_deathtouch_blocker(db: Any) -> None:
    g = attack_position(db, ["Craw Wurm"], ["Typhoid Rats"])
    assert ask(g) == []


def test_menace_needs_two_blockers(db: Any) -> None:
    g = attack_position(db, ["Boggart Brute"], ["Grizzly Bears"])
    assert attackers(g, ask(g)) == ["Boggart Brute"]


def test_attacks_with_everything_when_it_is_lethal_through_blocks(db: Any) -> None:
    g = attack_position(db, ["Centaur Courser", "Centaur Courser", "Centaur Courser"], ["Wall of Wood"],
                        opp_life=6)
    assert len(ask(g)) == 3


def test_keeps_home_a_creature_that_would_bounce_off_and_then_miss_the_block(db: Any) -> None:
    # A 2/4 into an untapped 3/3: blocked, neither dies and nothing gets through; and having attacked it is
    # tapped through their turn, so their 3/3 hits for 3 instead of being blocked. Home, it deals 0 and
    # takes 0; attacking gains nothing and costs 3 life.
    g = attack_position(db, ["Giant Spider"], ["Centaur Courser"])
    assert ask(g) == []
    assert ask(g, "hard") == []


def test_attacks_with_what_no_blocker_stops_for_free(db: Any) -> None:
    # The same 2/4 against a 2/2: a block costs them the 2/2 (2 damage is lethal to it) and kills nothing
    # of ours, so either 2 damage gets through or they lose a creature; what it gives up at home (their
    # 2/2 hitting for 2) is no more than it deals.
    g = attack_position(db, ["Giant Spider"], ["Grizzly Bears"])
    assert attackers(g, ask(g)) == ["Giant Spider"]


def test_counts_the_tricks_untapped_mana_could_hold(db: Any) -> None:
    # Courser (3/3) beats Bears (2/2) in a plain block. With a Forest open, a Giant Growth in Alice's hand
    # would flip the block: her Bears 5/5 kills the Courser and lives. Taking each card in hand for a trick one
    # time in ten: with one card, the one-in-ten chance of losing the Courser for her trick card weighs less
    # than the 3 damage dealt the other nine times (she won't block without it): attack. With four cards
    # the chance is about one in three (1 - 0.9^4) and losing the Courser outweighs 3 damage off 20: home.
    # (Alice's second Courser, tapped, keeps Bob from being ahead in the race, which would let him risk more.)
    def game(hand: int) -> Game:
        g = position(db, {"battlefield": cards("Grizzly Bears", "Forest") + [{"name": "Centaur Courser",
                                                                              "tapped": True}],
                          "hand": cards(*(["Forest"] * hand))},
                     {"battlefield": cards("Centaur Courser")}, step="beginning_of_combat")
        pass_until(g, "declare_attackers", AI)
        return g
    g = attack_position(db, ["Centaur Courser"], ["Grizzly Bears"])
    assert attackers(g, ask(g)) == ["Centaur Courser"]
    g = game(1)
    assert attackers(g, ask(g)) == ["Centaur Courser"]
    g = game(4)
    assert ask(g) == []


def test_attacks_with_a_trampler_whose_auras_come_back(db: Any) -> None:
    # Grizzly Bears with two Rancors is a 6/2 trampler; their only creature is a 2/2. Unblocked it deals 6.
    # Blocked, the 2/2 takes lethal damage and 4 tramples over, our Bears dies too, and both Rancors go to
    # the graveyard and return to hand (their trigger), to be cast again for G each: a Bears for a Bears
    # and 4 damage. Either way the attack gains.
    bob_library = 10                       # setup numbers: Alice's library and battlefield, then Bob's library
    bears = 10 + 1 + bob_library
    g = position(db, {"battlefield": cards("Grizzly Bears")},
                 {"battlefield": cards("Grizzly Bears") + [{"name": "Rancor", "attached": bears}] * 2},
                 step="beginning_of_combat")
    pass_until(g, "declare_attackers", AI)
    assert attackers(g, ask(g)) == ["Grizzly Bears"]
    assert attackers(g, ask(g, "hard")) == ["Grizzly Bears"]


def test_keeps_a_blocker_home_when_the_counterattack_would_kill(db: Any) -> None:
    g = attack_position(db, ["Giant Spider", "Serra Angel"], ["Craw Wurm", "Craw Wurm"], my_life=8)
    ans = ask(g)
    assert "Giant Spider" not in attackers(g, ans)


def test_crews_a_vehicle_with_a_creature_that_cannot_attack(db: Any) -> None:
    # Sleek Schooner (a 4/3 Vehicle, crew 1) facing only a 0/3 Wall: crewed, it attacks for 4 and a block
    # costs Alice her Wall and us nothing. The Elves came in this turn and can't attack (302.6), but tapping a
    # creature to crew isn't the creature's own {T} ability, so the Elves can crew (702.121a) and the Bears
    # keep their own attack: crew with the Elves.
    g = position(db, {"battlefield": cards("Wall of Wood")},
                 {"battlefield": cards("Island", "Island", "Sleek Schooner", "Grizzly Bears")
                  + cards("Llanowar Elves", sick=True), "lands_played": 1})
    ans = ask(g)
    assert ans["action"] == "activate" and name_of(g, ans["source"]) == "Sleek Schooner"
    g.answer(AI, ans)
    assert [name_of(g, c) for c in ask(g)] == ["Llanowar Elves"]


def test_does_not_keep_home_creatures_that_cannot_block_what_threatens_it(db: Any) -> None:
    # Bob is at 4 and Alice's Air Elemental (tapped now, it attacked) will hit him for 4 next turn. Grizzly
    # Bears can't block a flier (702.9b), so keeping them home saves no life; nothing of Alice's can block
    # now, so attacking deals 4 and costs nothing: attack with both rather than hold back blockers that
    # can't block.
    g = position(db, {"battlefield": [{"name": "Air Elemental", "tapped": True}]},
                 {"life": 4, "battlefield": cards("Grizzly Bears", "Grizzly Bears")}, step="beginning_of_combat")
    pass_until(g, "declare_attackers", AI)
    assert attackers(g, ask(g)) == ["Grizzly Bears", "Grizzly Bears"]


def test_keeps_home_the_blockers_a_menace_attack_needs(db: Any) -> None:
    # Bob at 4; Alice (red, a card in hand) at 7 with two tapped Boggart Brutes (3/2 menace: each needs two
    # blockers, 702.110b). Bob has Grizzly Bears, Centaur Courser and a Colossal Dreadmaw that came in this
    # turn (it can block next turn, not attack now). Both attacking deal 5, not lethal, and leave the Dreadmaw
    # alone, which can block no menace creature: 6 damage kills Bob. With one of them home, two blockers stop
    # one Brute and Bob takes 3. So the Bears and the Courser don't both attack.
    g = position(db, {"life": 7, "battlefield": [{"name": "Boggart Brute", "tapped": True}] * 2
                      + cards("Mountain", "Mountain"), "hand": cards("Mountain")},
                 {"life": 4, "battlefield": cards("Grizzly Bears", "Centaur Courser")
                  + cards("Colossal Dreadmaw", sick=True)}, step="beginning_of_combat")
    pass_until(g, "declare_attackers", AI)
    assert not {"Grizzly Bears", "Centaur Courser"} <= set(attackers(g, ask(g)))


def test_crews_a_vehicle_to_block_an_attacker_it_kills(db: Any) -> None:
    # Alice attacks with Grizzly Bears (2/2). Bob's Sleek Schooner (4/3, crew 1) crewed by his Llanowar Elves
    # blocks it: 4 damage kills the Bears, 2 doesn't kill the Schooner (3 toughness). The Elves (1/1) could
    # only chump or not block at all. So, after attackers are declared, Bob crews with the Elves.
    g = position(db, {"battlefield": cards("Grizzly Bears")},
                 {"battlefield": cards("Sleek Schooner", "Llanowar Elves")}, step="beginning_of_combat",
                 active=ALICE)
    pass_until(g, "declare_attackers", ALICE)
    g.answer(ALICE, ids(g, "Grizzly Bears"))
    pass_until(g, "priority", AI)
    ans = ask(g)
    assert ans["action"] == "activate" and name_of(g, ans["source"]) == "Sleek Schooner"
    g.answer(AI, ans)
    g.answer(AI, ask(g))                   # the crew: the Elves, the only creature
    pass_until(g, "declare_blockers", AI)
    assert blocks(g, ask(g)) == [("Sleek Schooner", "Grizzly Bears")]


def test_easy_attacks_only_where_no_blocker_kills_it_and_normal_takes_the_even_trade(db: Any) -> None:
    # Bob's Grizzly Bears (2/2) and Centaur Courser (3/3) face Alice's untapped Grizzly Bears; Alice has no
    # card in hand and no mana, so no trick. Blocked by her 2/2, the Courser takes 2 (less than its toughness
    # 3) and deals 3: it kills the blocker and lives. Our Bears blocked by hers: 2 damage each way, both die,
    # an even trade. Easy, cautious, sends only the Courser; normal accepts the even trade and sends both.
    g = attack_position(db, ["Grizzly Bears", "Centaur Courser"], ["Grizzly Bears"])
    assert attackers(g, ask(g, "easy")) == ["Centaur Courser"]
    assert attackers(g, ask(g)) == ["Centaur Courser", "Grizzly Bears"]


def test_easy_attacks_with_everything_when_it_is_lethal_through_blocks(db: Any) -> None:
    # Alice at 2 with one Grizzly Bears; Bob has two. Either Bears alone would trade with hers, but she can
    # block only one of them and the other deals 2: lethal. Even the cautious easy level sees that.
    g = attack_position(db, ["Grizzly Bears", "Grizzly Bears"], ["Grizzly Bears"], opp_life=2)
    assert attackers(g, ask(g, "easy")) == ["Grizzly Bears", "Grizzly Bears"]


def test_a_looter_loots_rather_than_attack_for_one(db: Any) -> None:
    # Bob's Merfolk Looter (1/1, {T}: draw a card, then discard a card) with two Islands in hand; Alice at 20
    # with no creature. Attacking deals 1 (20 to 19) and leaves the Looter tapped until Bob's next untap step,
    # so it can't loot on Alice's turn. Home, it loots at her end step: a fresh card for a spare Island, worth
    # more than a point of damage off 20 life. So it stays home, and loots at her end step.
    g = position(db, {"battlefield": []},
                 {"battlefield": cards("Merfolk Looter", "Island", "Island"), "hand": cards("Island", "Island")},
                 step="beginning_of_combat")
    pass_until(g, "declare_attackers", AI)
    assert ask(g) == []
    g = position(db, {"battlefield": []},
                 {"battlefield": cards("Merfolk Looter", "Island", "Island"), "hand": cards("Island", "Island")},
                 step="end", active=ALICE)
    pass_until(g, "priority", AI)
    ans = ask(g)
    assert ans["action"] == "activate" and name_of(g, ans["source"]) == "Merfolk Looter"


def looter_discard(db: Any, hand: list[str], drawn: str) -> list[str]:
    """Bob, with a Merfolk Looter and three Islands, loots at Alice's end step (drawing ``drawn``) and must
    discard: the card he discards."""
    g = position(db, {"battlefield": []},
                 {"battlefield": cards("Merfolk Looter", "Island", "Island", "Island"), "hand": cards(*hand),
                  "library": cards(*([drawn] * 10))},
                 step="end", active=ALICE)
    pass_until(g, "priority", AI)
    ans = ask(g)
    assert ans["action"] == "activate" and name_of(g, ans["source"]) == "Merfolk Looter"
    g.answer(AI, ans)
    pass_until(g, "discard", AI)
    return [name_of(g, c) for c in ask(g)]


def test_a_looter_keeps_the_lands_its_costliest_spell_needs(db: Any) -> None:
    # Bob has three Islands in play, and in hand two Islands, Air Elemental ({3}{U}{U}) and an Ornithopter (a
    # 0/2 flier); he loots at Alice's end step and draws another Ornithopter, then must discard a card. Air
    # Elemental needs five lands: the three in play and both in hand, so neither Island is a spare land.
    # An Ornithopter, which deals no damage, is the card he needs least.
    assert looter_discard(db, ["Island", "Island", "Air Elemental", "Ornithopter"], "Ornithopter") == \
        ["Ornithopter"]


def test_a_looter_short_of_lands_keeps_its_only_land_over_a_spell(db: Any) -> None:
    # Bob has three Islands in play and in hand one Island, Air Elemental ({3}{U}{U}) and Frost Breath; he
    # loots at Alice's end step, draws a second Frost Breath and must discard a card. The Island is his
    # fourth land and Air Elemental needs a fifth: short of lands, he keeps the land and gives up one of the
    # two Frost Breaths (a three-mana spell he holds twice).
    assert looter_discard(db, ["Island", "Air Elemental", "Frost Breath"], "Frost Breath") == ["Frost Breath"]


def test_bounces_an_attacker_that_carries_equipment_but_not_a_plain_bears(db: Any) -> None:
    # Alice attacks Bob (no creatures, an Island open, Unsummon in hand) with a Wind Drake carrying a
    # Bonesplitter: a 4/2 flier. Unsummon returns the Drake to her hand: the 4 damage doesn't happen, the
    # Bonesplitter stays unattached, and she must pay 3 to cast the Drake again and 1 to equip it: worth the
    # card. Against a plain Grizzly Bears (2 damage off 20, 2 mana to cast again) Bob keeps the card.
    def game(attacker: list[dict[str, Any]]) -> Game:
        g = position(db, {"battlefield": attacker},
                     {"battlefield": cards("Island"), "hand": cards("Unsummon")},
                     step="beginning_of_combat", active=ALICE)
        pass_until(g, "declare_attackers", ALICE)
        g.answer(ALICE, ids(g, attacker[0]["name"]))
        pass_until(g, "priority", AI)
        return g
    g = game(cards("Wind Drake") + [{"name": "Bonesplitter", "attached": 10}])   # Alice's library is 0-9
    ans = ask(g)
    assert ans["action"] == "cast" and name_of(g, ans["card"]) == "Unsummon"
    assert [name_of(g, t) for t in ans["targets"][0]] == ["Wind Drake"]
    g = game(cards("Grizzly Bears"))
    assert ask(g)["action"] == "pass"


# ---------------------------------------------------------------------------
# Combat: blocking


def block_position(db: Any, mine: list[str], theirs: list[str], attack: list[str], my_life: int = 20) -> Game:
    g = position(db, {"battlefield": cards(*theirs)}, {"life": my_life, "battlefield": cards(*mine)},
                 step="beginning_of_combat", active=ALICE)
    pass_until(g, "declare_attackers", ALICE)
    ids_ = [o.id for o in g.battlefield if o.controller == ALICE and o.name in attack]
    g.answer(ALICE, ids_)
    pass_until(g, "declare_blockers", AI)
    return g


def blocks(g: Game, ans: Any) -> list[tuple[str, str]]:
    return sorted((name_of(g, b), name_of(g, a)) for b, a in ans)


def test_blocks_to_kill_an_attacker_safely(db: Any) -> None:
    g = block_position(db, ["Centaur Courser"], ["Grizzly Bears"], ["Grizzly Bears"])
    assert blocks(g, ask(g)) == [("Centaur Courser", "Grizzly Bears")]


def test_does_not_throw_a_creature_away_at_high_life(db: Any) -> None:
    g = block_position(db, ["Grizzly Bears"], ["Craw Wurm"], ["Craw Wurm"])
    assert ask(g) == []


def test_chump_blocks_to_survive(db: Any) -> None:
    g = block_position(db, ["Llanowar Elves"], ["Craw Wurm"], ["Craw Wurm"], my_life=5)
    assert blocks(g, ask(g)) == [("Llanowar Elves", "Craw Wurm")]


def test_deathtouch_blocker_trades_up(db: Any) -> None:
    g = block_position(db, ["Typhoid Rats"], ["Craw Wurm"], ["Craw Wurm"])
    assert blocks(g, ask(g)) == [("Typhoid Rats", "Craw Wurm")]


def test_first_strike_attacker_is_not_blocked_by_what_it_kills_first(db: Any) -> None:
    g = block_position(db, ["Grizzly Bears"], ["White Knight"], ["White Knight"])
    assert ask(g) == []


def test_double_block_kills_an_attacker_no_single_blocker_can(db: Any) -> None:
    g = block_position(db, ["Grizzly Bears", "Grizzly Bears"], ["Hill Giant"], ["Hill Giant"])
    assert blocks(g, ask(g)) == [("Grizzly Bears", "Hill Giant"), ("Grizzly Bears", "Hill Giant")]


def test_chump_block_against_trample_uses_the_toughest_blocker(db: Any) -> None:
    g = block_position(db, ["Llanowar Elves", "Wall of Wood"], ["Colossal Dreadmaw"], ["Colossal Dreadmaw"],
                       my_life=6)
    assert blocks(g, ask(g)) == [("Wall of Wood", "Colossal Dreadmaw")]


# ---------------------------------------------------------------------------
# Triggers, choices


def test_orders_its_triggers_to_resolve_the_harmful_one_first(db: Any) -> None:
    # Doomed Traveler dies with Blood Artist out: drain the opponent first, then make the Spirit.
    g = position(db, {"hand": cards("Lightning Bolt"), "battlefield": cards("Mountain")},
                 {"battlefield": cards("Doomed Traveler", "Blood Artist")}, active=ALICE)
    traveler = ids(g, "Doomed Traveler")[0]
    g.answer(ALICE, {"action": "cast", "card": hand_id(g, ALICE, "Lightning Bolt"), "targets": [[traveler]],
                     "pay": "auto"})
    pass_until(g, "order_triggers", AI)
    d = g.pending
    ans = ask(g)
    texts = {t["id"]: t["source"] for t in d.triggers}
    assert [texts[i] for i in ans] == ["Doomed Traveler", "Blood Artist"]   # Blood Artist resolves first


def test_does_not_loot_with_an_empty_hand(db: Any) -> None:
    # Merfolk Looter at Alice's end step: "draw a card, then discard a card". With a card in hand, Bob keeps
    # the better of two; with an empty hand he must discard the very card he drew, which gains nothing and
    # only thins his library: he passes.
    g = position(db, {}, {"battlefield": cards("Island", "Merfolk Looter"), "hand": cards("Island")},
                 step="end", active=ALICE)
    pass_until(g, "priority", AI)
    assert ask(g).get("action") == "activate"
    g = position(db, {}, {"battlefield": cards("Island", "Merfolk Looter")}, step="end", active=ALICE)
    pass_until(g, "priority", AI)
    assert ask(g) == {"action": "pass"}


def test_says_yes_to_a_may_that_helps(db: Any) -> None:
    g = position(db, {}, {"hand": cards("Gravedigger"), "graveyard": cards("Serra Angel"),
                          "battlefield": cards("Swamp", "Swamp", "Swamp", "Swamp"), "lands_played": 1})
    g.answer(AI, {"action": "cast", "card": hand_id(g, AI, "Gravedigger"), "pay": "auto"})
    pass_until(g, "targets", AI)
    g.answer(AI, ask(g))
    pass_until(g, "choose", AI)
    assert ask(g) == "yes"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_answers_a_set_up_position(db: Any, level: str) -> None:
    g = attack_position(db, ["Serra Angel", "Grizzly Bears"], ["Giant Spider"])
    ans = ask(g, level)
    g.answer(AI, ans)


def test_hard_look_ahead_does_not_peek_at_hidden_cards(db: Any) -> None:
    """The same public position gets the same answer whatever the opponent holds and whatever we'll draw."""
    answers = []
    for their_hand, my_library in ((["Giant Growth"], ["Serra Angel", "Plains"]),
                                   (["Forest"], ["Plains", "Serra Angel"])):
        g = position(db, {"battlefield": cards("Grizzly Bears", "Forest", "Forest"), "hand": cards(*their_hand)},
                     {"battlefield": cards("Centaur Courser", "Grizzly Bears", "Forest", "Forest"),
                      "library": cards(*my_library)}, step="beginning_of_combat")
        pass_until(g, "declare_attackers", AI)
        answers.append(attackers(g, ask(g, "hard")))
    assert answers[0] == answers[1]


def test_hard_look_ahead_knows_its_public_cards_but_not_its_library(db: Any) -> None:
    """On the copies it may cast a card of its own that comes back to hand from a public zone (a Rancor
    returning from the graveyard), never a card it would draw."""
    from mtg_tui.ai.lookahead import known_cards
    g = position(db, {}, {"hand": cards("Forest"), "battlefield": cards("Grizzly Bears", "Rancor"),
                          "graveyard": cards("Raise Dead"), "library": cards("Giant Growth", "Plains")})
    known = known_cards(GameView(g, AI), AI)
    seen = {o.card_uid for o in g.players[AI].hand} | {o.card_uid for o in g.players[AI].graveyard} | \
        {o.card_uid for o in g.battlefield if o.owner == AI}
    library = {o.card_uid for o in g.players[AI].library}
    assert known == seen and len(seen) == 4 and not known & library


def test_casts_a_riot_creature_before_combat_and_takes_haste_when_nothing_can_block(db: Any) -> None:
    # Zhur-Taa Goblin ({R}{G} 2/2, riot). Alice has no creatures: cast before combat and take haste, to
    # attack for 2 this turn (702.135a).
    g = position(db, {}, {"hand": cards("Zhur-Taa Goblin"), "battlefield": cards("Mountain", "Forest"),
                          "lands_played": 1})
    ans = ask(g)
    assert ans["action"] == "cast" and name_of(g, ans["card"]) == "Zhur-Taa Goblin"
    g.answer(AI, ans)
    pass_until(g, "choose", AI)
    assert g.pending.haste_instead is not None and ask(g) == "no"


def test_takes_the_riot_counter_when_a_blocker_waits_or_combat_is_over(db: Any) -> None:
    # With Alice's untapped Grizzly Bears a hasty 2/2 would only trade: the lasting +1/+1 counter is better.
    g = position(db, {"battlefield": cards("Grizzly Bears")},
                 {"hand": cards("Zhur-Taa Goblin"), "battlefield": cards("Mountain", "Forest"), "lands_played": 1})
    g.answer(AI, {"action": "cast", "card": hand_id(g, AI, "Zhur-Taa Goblin"), "pay": "auto"})
    pass_until(g, "choose", AI)
    assert ask(g) == "yes"
    # After combat haste is worth nothing, even with the road open.
    g = position(db, {}, {"hand": cards("Zhur-Taa Goblin"), "battlefield": cards("Mountain", "Forest"),
                          "lands_played": 1}, step="main2")
    g.answer(AI, {"action": "cast", "card": hand_id(g, AI, "Zhur-Taa Goblin"), "pay": "auto"})
    pass_until(g, "choose", AI)
    assert ask(g) == "yes"


def test_does_not_burn_a_creature_the_damage_does_not_kill(db: Any) -> None:
    # A position from a played game: Alice's Aeromunculus (2/3, flying) attacks and nothing can block it.
    # Bob holds Scorchmark (2 damage) with two untapped lands. 2 damage doesn't kill a 3-toughness creature
    # and is gone at cleanup (514.2): casting it on the Aeromunculus gains nothing, so Bob keeps it.
    g = position(db, {"battlefield": cards("Breeding Pool", "Forest", "Island", "Island", "Aeromunculus",
                                           "Sharktocrab"), "hand": cards("Essence Capture", "Forest"), "life": 16},
                 {"hand": cards("Savage Smash", "Rhythm of the Wild", "Rubblebelt Runner", "Scorchmark"),
                  "battlefield": cards("Stomping Ground", "Forest", tapped=True)
                  + cards("Gruul Guildgate", "Gruul Guildgate", "Burning-Tree Vandal", "Frenzied Arynx",
                          "Zhur-Taa Goblin"), "life": 18}, active=ALICE, turn=12)
    aero = ids(g, "Aeromunculus")[0]
    pass_until(g, "declare_attackers", ALICE)
    g.answer(ALICE, [[aero, g.pending.defenders[0]]])
    while g.step != "end_of_combat":
        d = g.pending
        if d.player == AI:
            ans = ask(g)
            assert not (ans.get("action") == "cast" and aero in sum(ans.get("targets", []), [])), ans
            g.answer(AI, ans)
        else:
            g.answer(d.player, {"action": "pass"} if d.kind == "priority" else [])


def test_chooses_the_triggered_mode_that_destroys_the_opponents_enchantment(db: Any) -> None:
    # Knight of Autumn enters for Bob: "choose one — two +1/+1 counters; destroy target artifact or
    # enchantment; gain 4 life". Alice's Glorious Anthem pumps her whole team: destroying it is the mode.
    g = position(db, {"battlefield": cards("Glorious Anthem", "Grizzly Bears", "Grizzly Bears")},
                 {"hand": cards("Knight of Autumn"), "battlefield": cards("Forest", "Plains", "Forest"),
                  "lands_played": 1})
    g.answer(AI, {"action": "cast", "card": hand_id(g, AI, "Knight of Autumn"), "pay": "auto"})
    pass_until(g, "choose", AI)
    assert g.pending.subkind == "mode" and ask(g) == [2]
    g.answer(AI, [2])
    pass_until(g, "targets", AI)
    assert ask(g) == [ids(g, "Glorious Anthem")]


def test_chooses_a_mode_for_ravager_wurm_rather_than_none(db: Any) -> None:
    # Ravager Wurm ("choose up to one — fights target creature you don't control; destroy target land with
    # an activated ability that isn't a mana ability") enters facing Alice's Grizzly Bears: the 6/5 Wurm
    # (riot's counter: a blocker waits) kills the 2/2 and survives, so it fights rather than choose nothing.
    g = position(db, {"battlefield": cards("Grizzly Bears")},
                 {"hand": cards("Ravager Wurm"), "battlefield": cards("Forest", "Forest", "Forest", "Forest",
                                                                     "Mountain", "Mountain"), "lands_played": 1})
    g.answer(AI, {"action": "cast", "card": hand_id(g, AI, "Ravager Wurm"), "pay": "auto"})
    pass_until(g, "choose", AI)
    assert g.pending.haste_instead is not None
    g.answer(AI, ask(g))
    pass_until(g, "choose", AI)
    assert g.pending.subkind == "mode" and ask(g) == [1]


def test_keeps_home_a_blocker_when_the_damage_it_keeps_off_matters_more_than_the_damage_it_deals(db: Any) -> None:
    # Bob at 10, Alice at 20. Her Grizzly Bears with Rancor (4/2 trample) is tapped, so Bob's Grizzly Bears
    # would deal 2 unblocked. But then it is tapped through her turn and her 4/2 hits for 4; home, it blocks:
    # 2 of the 4 trample over and it kills her Bears. It keeps 2 damage off at home and deals 2 attacking, and
    # 2 life at 10 is worth more than 2 at 20: the player with less life is the one the race hurts. Home.
    # At 20 life each the two are even, and the attack (which costs nothing now) is made.
    def game(life: int) -> Game:
        g = position(db, {"battlefield": [{"name": "Grizzly Bears", "tapped": True},
                                          {"name": "Rancor", "attached": 10}]},     # Alice's library is 0-9
                     {"life": life, "battlefield": cards("Grizzly Bears")}, step="beginning_of_combat")
        pass_until(g, "declare_attackers", AI)
        return g
    g = game(10)
    assert ask(g) == []
    g = game(20)
    assert attackers(g, ask(g)) == ["Grizzly Bears"]


def test_healing_grace_shields_from_the_bolt_on_the_stack(db: Any) -> None:
    # Alice, in her main phase, aims Lightning Bolt at Bob; Bob answers with Healing Grace on himself
    # ("prevent the next 3 damage ... this turn by a source of your choice"). The one source about to deal
    # damage this turn is the Bolt: her bigger Colossal Dreadmaw can't attack Bob before the turn ends
    # (it is her main phase, but the Dreadmaw entered this turn) and her land deals none.
    g = position(db, {"hand": cards("Lightning Bolt"),
                      "battlefield": cards("Mountain") + cards("Colossal Dreadmaw", sick=True)},
                 {"hand": cards("Healing Grace"), "battlefield": cards("Plains")}, active=ALICE)
    g.answer(ALICE, {"action": "cast", "card": hand_id(g, ALICE, "Lightning Bolt"), "targets": [[AI]],
                     "pay": "auto"})
    g.answer(ALICE, {"action": "pass"})
    g.answer(AI, {"action": "cast", "card": hand_id(g, AI, "Healing Grace"), "targets": [[AI]], "pay": "auto"})
    pass_until(g, "choose", AI)
    bolt = next(o.id for o in g.stack if getattr(o, "name", "") == "Lightning Bolt")
    assert ask(g) == [bolt]


def test_dauntless_bodyguard_guards_the_most_valuable_creature(db: Any) -> None:
    # Dauntless Bodyguard enters for Bob beside his Serra Angel and Grizzly Bears: "choose another creature you
    # control", which its sacrifice makes indestructible. The 4/4 flier is the one worth guarding.
    g = position(db, {}, {"hand": cards("Dauntless Bodyguard"),
                          "battlefield": cards("Plains", "Grizzly Bears", "Serra Angel"), "lands_played": 1})
    g.answer(AI, {"action": "cast", "card": hand_id(g, AI, "Dauntless Bodyguard"), "pay": "auto"})
    pass_until(g, "choose", AI)
    assert ask(g) == ids(g, "Serra Angel")


def test_slaughter_the_strong_keeps_the_most_within_the_total_power(db: Any) -> None:
    # Alice's Slaughter the Strong: Bob keeps creatures of total power 4 or less. His Serra Angel (4/4 flier)
    # alone uses the whole 4; Hill Giant (3) with Llanowar Elves (1) would too, but the Angel is worth more.
    g = position(db, {"hand": cards("Slaughter the Strong"), "battlefield": cards("Plains", "Plains", "Plains")},
                 {"battlefield": cards("Serra Angel", "Hill Giant", "Llanowar Elves")}, active=ALICE)
    g.answer(ALICE, {"action": "cast", "card": hand_id(g, ALICE, "Slaughter the Strong"), "pay": "auto"})
    pass_until(g, "choose", AI)     # Alice, with no creature, has nothing to choose
    assert sorted(name_of(g, i) for i in ask(g)) == ["Serra Angel"]


def test_uses_teferis_loyalty_abilities(db: Any) -> None:
    # Bob's Teferi, Hero of Dominaria (loyalty 4) in his postcombat main phase. With nothing of Alice's to put away, its +1
    # (draw a card, untap two lands at the end step) is the ability to use; facing her Serra Angel, a 4/4 flier
    # that would attack Teferi, its -3 puts the Angel into her library (Teferi stays, at 1 loyalty). Either way
    # a planeswalker is used, not left idle.
    teferi_4 = [{"name": "Teferi, Hero of Dominaria", "counters": {"loyalty": 4}}] + cards("Plains", "Island")
    g = position(db, {}, {"battlefield": teferi_4}, step="main2")
    teferi = ids(g, "Teferi, Hero of Dominaria")[0]
    ans = ask(g)
    assert ans["action"] == "activate" and ans["source"] == teferi and ans["ability"] == 0
    g = position(db, {"battlefield": cards("Serra Angel")}, {"battlefield": teferi_4}, step="main2")
    teferi = ids(g, "Teferi, Hero of Dominaria")[0]
    ans = ask(g)
    assert ans["action"] == "activate" and ans["source"] == teferi and ans["ability"] == 1
    assert ans["targets"] == [ids(g, "Serra Angel")]
