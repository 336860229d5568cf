"""What the app's server leaves out of its log: warnings that are harmless here and would only
worry a teacher reading it."""

from __future__ import annotations

import logging
import re

__all__ = ["HarmlessWarnings", "logging_config", "NoSecrets", "keep_secrets_out"]

# Jupyter Server warns "Notebook X is not trusted" whenever it reads a notebook whose stored
# outputs carry no signature. Voila never shows stored outputs: it runs every lesson afresh and
# shows what the kernel sends now, so trust changes nothing on a page.
#
# Jupyter Server pings a page's connection itself, every ws_ping_interval ms, and closes it when
# no answer came for ws_ping_timeout ms (serving/voila.py sets 30 s and 90 s). Tornado reads the
# same two settings as seconds for its own pings (so it never sends one: every 30,000 s) and
# warns that a timeout longer than the interval is cut to it; that cut applies only to its own
# pings, which never happen, so nothing changes for the pages.
HARMLESS = ("is not trusted", "cannot be longer than the websocket_ping_interval")


class HarmlessWarnings(logging.Filter):
    """Drops the log records listed in HARMLESS."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not any(text in message for text in HARMLESS)


def logging_config() -> dict:
    """Voila's `logging_config` (merged into its own): the console handler gets the filter."""
    return {"filters": {"harmless": {"()": f"{__name__}.HarmlessWarnings"}},
            "handlers": {"console": {"filters": ["harmless"]}},
            # tornado's own warnings reach the terminal by Python's last-resort handler
            "loggers": {"tornado.general": {"filters": ["harmless"]}}}


_SECRET_QUERY = re.compile(r"((?:^|[?&;\s])(?:token|_xsrf)=)[^&\s)\"']*", re.IGNORECASE)


class NoSecrets(logging.Filter):
    """Takes the teacher's token (and any XSRF token) out of a log record's text: tornado
    writes a refused request's URL, with its query, to the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = _SECRET_QUERY.sub(r"\1[hidden]", message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True


def keep_secrets_out(names: tuple[str, ...] = ("tornado.access", "tornado.application",
                                               "tornado.general")) -> None:
    """Put `NoSecrets` on tornado's loggers (once)."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, NoSecrets) for f in logger.filters):
            logger.addFilter(NoSecrets())
