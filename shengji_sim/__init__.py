"""shengji-sim: reference rules engine and simulator for Shengji (升级 / Tractor).

``RULES_VERSION`` changes exactly when a rule outcome changes; it is stamped into results.
"""

RULES_VERSION = "2026.12.4"
__version__ = "0.1.0"
