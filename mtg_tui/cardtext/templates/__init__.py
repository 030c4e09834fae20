"""The templates of rules text, one family per module; cardtext/compiler.py puts them together.

base.py explains how a parse tree is read. Adding a template is a grammar
alternative (cardtext/grammar.lark) and one method, named after the rule, in
the family it belongs to (docs/cards.md has a worked example).
"""
