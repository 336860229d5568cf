"""Save the learner's progress to a file and load it back: in the static edition progress lives
in one browser's storage, so this is how it moves to another browser or computer.

    from cassino_learn.ui.progress_file import progress_file
    progress_file()
"""

from __future__ import annotations

import base64

import ipywidgets as w

from ..drawing.markup import element
from ..learner import progress as _progress
from .quiz_widgets import styled

__all__ = ["FILE_NAME", "progress_file", "download_link"]

FILE_NAME = "cassino-progress.json"


def download_link() -> str:
    """A link that saves the stored progress as a file (the file travels inside the link)."""
    payload = base64.b64encode(_progress.export_text().encode("utf-8")).decode("ascii")
    return styled(element("a", f"Save my progress to a file ({FILE_NAME})",
                          class_="cl-progress-export", download=FILE_NAME,
                          href=f"data:application/json;base64,{payload}",
                          style="color:#1a5d9b;text-decoration:underline"))


def _status(ok: bool, message: str) -> str:
    colour = "#2e6b47" if ok else "#a3261c"
    role = "status" if ok else "alert"
    return element("span", message, class_="cl-progress-status", role=role,
                   style=f"color:{colour}", escape=True)


def progress_file() -> w.VBox:
    """A link to save the progress as a file and a button to load such a file back."""
    link = w.HTML(download_link())
    upload = w.FileUpload(accept=".json,application/json", multiple=False,
                          description="Load progress from a file", layout=w.Layout(width="auto"))
    upload.add_class("cl-progress-import")
    upload.add_class("cl-qbutton")  # looks like the lessons' other buttons
    status = w.HTML("")

    def loaded(change: dict) -> None:
        files = change["new"]
        if not files:
            return
        chosen = files[0]
        try:
            text = bytes(chosen["content"]).decode("utf-8")
            imported = _progress.import_text(text)
        except (UnicodeDecodeError, ValueError) as error:
            status.value = _status(False, f"{chosen['name']} was not loaded: {error}. Your "
                                          "progress is unchanged.")
            return
        except OSError as error:
            status.value = _status(False, f"The progress could not be saved: {error}")
            return
        done = sum(entry.done for entry in imported.lessons.values())
        link.value = download_link()
        status.value = _status(True, f"Loaded {chosen['name']}: {done} lessons done. Reload "
                                     "the page to see them in the table above.")

    upload.observe(loaded, "value")
    return w.VBox([link, w.HBox([upload]), status])
