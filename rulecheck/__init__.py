"""rulecheck: the reference combat rules engine and the checker of the site's worked examples.

Layers, each depending only on the ones after it: hosts (MkDocs plugin, pytest plugin, command
line) → examples (find, parse, run, compare blocks in Markdown) → engine (pure rules).
"""

__version__ = "0.1.0"
