"""Keywords that stand for a longer ability: ``means`` is that ability as card text, read by the card grammar.

The compiled ability carries the keyword's name and its printed text
("Equip {1}"), so the log, the UI and the computer know it by its keyword.
"""

from __future__ import annotations

from .base import Keyword, Param, Trait, Worth, register

TYPECYCLING = {"basic landcycling": "basic land", "plainscycling": "plains", "islandcycling": "island",
               "swampcycling": "swamp", "mountaincycling": "mountain", "forestcycling": "forest"}

register(
    Keyword("ascend", "702.130", "If you control ten or more permanents, you get the city's blessing for the rest "
            "of the game.", cite="702.130b", traits=frozenset({Trait.ASCEND}), worth=Worth(flat=0.2)),
    Keyword("prowess", "702.107", "Whenever you cast a noncreature spell, it gets +1/+1 until end of turn.",
            cite="702.107a", means="whenever you cast a noncreature spell, ~ gets +1/+1 until end of turn."),
    Keyword("equip", "702.6", "{what}: attach it to target creature you control, only as a sorcery.",
            cite="702.6a", param=Param.COST,
            means="{what}: attach ~ to target creature you control. activate only as a sorcery."),
    Keyword("riot", "702.135", "It enters with your choice of an additional +1/+1 counter or haste.",
            cite="702.135a",
            means="you may have ~ enter the battlefield with an additional +1/+1 counter on it. if you don't, "
                  "it gains haste.",
            worth=Worth(flat=0.7)),
    Keyword("mentor", "702.133", "Whenever it attacks, put a +1/+1 counter on target attacking creature with "
            "lesser power.", cite="702.133a",
            means="whenever ~ attacks, put a +1/+1 counter on target attacking creature with lesser power.",
            worth=Worth(flat=0.5)),
    Keyword("crew", "702.121", "Tap any number of untapped creatures you control with total power {what} or "
            "more: it becomes an artifact creature until end of turn.", cite="702.121a", param=Param.NUMBER,
            means="tap any number of untapped creatures you control with total power {what} or more: "
                  "~ becomes an artifact creature until end of turn."),
    Keyword("cycling", "702.28", "{what}, discard this card from your hand: draw a card.", cite="702.28a",
            param=Param.COST, means="{what}, discard ~: draw a card."),
    Keyword("typecycling", "702.28", "{what}, discard this card from your hand: search your library for a {fixed} "
            "card, reveal it and put it into your hand, then shuffle.", cite="702.28e", param=Param.COST,
            words=TYPECYCLING,
            means="{what}, discard ~: search your library for a {fixed} card, reveal it, put it into your hand, "
                  "then shuffle."),
    Keyword("afterlife", "702.134", "When it dies, create {what} 1/1 white and black Spirit creature tokens with "
            "flying.", cite="702.134a", param=Param.NUMBER,
            means="when ~ dies, create {what} 1/1 white and black spirit creature tokens with flying."),
    # Ward is newer than the rules text shipped here: no rule number to cite.
    Keyword("ward", "", "Whenever it becomes the target of a spell or ability an opponent controls, that "
            "spell or ability is countered unless its controller pays {what}.", param=Param.COST,
            means="whenever ~ becomes the target of a spell or ability an opponent controls, counter that spell "
                  "or ability unless its controller pays {what}.",
            worth=Worth(flat=0.6)),
)
