"""Players that answer decisions without a person: the random agent and the scripted opponent."""

from .base import Agent
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent"]
