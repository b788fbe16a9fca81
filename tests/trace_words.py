"""What a trace's steps need from the locales: the keys that have no words in a language
(the check itself reports them on every example: ``rulecheck.examples.trace_check``)."""

from rulecheck.examples.trace_check import unworded

__all__ = ["unworded"]
