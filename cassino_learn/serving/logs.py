"""What the app's server leaves out of its log: warnings that are harmless here and would only
worry a teacher reading it."""

from __future__ import annotations

import logging

__all__ = ["HarmlessWarnings", "logging_config"]

# Jupyter Server warns "Notebook X is not trusted" whenever it reads a notebook whose stored
# outputs carry no signature. Voila never shows stored outputs: it runs every lesson afresh and
# shows what the kernel sends now, so trust changes nothing on a page.
HARMLESS = ("is not trusted",)


class HarmlessWarnings(logging.Filter):
    """Drops the log records listed in HARMLESS."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not any(text in message for text in HARMLESS)


def logging_config() -> dict:
    """Voila's `logging_config` (merged into its own): the console handler gets the filter."""
    return {"filters": {"harmless": {"()": f"{__name__}.HarmlessWarnings"}},
            "handlers": {"console": {"filters": ["harmless"]}}}
