"""Run by the browser's Python as it starts (the build puts this file into Pyodide's standard
library as `sitecustomize`): the folder of the learner's browser storage, `/drive`, is never
searched for Python modules.

The kernel makes `/drive` the working folder, and `sys.path` starts with '' (the working folder),
so without this every import would first ask `/drive` whether it holds the module; each such
question is a synchronous request to the site's service worker, a few hundred of them while
IPython and the lessons' packages load. The lessons keep files there (progress), never modules.
"""

import sys

DRIVE = "/drive"


class _NoModulesHere:
    """The import finder of the storage folder: it finds nothing, and asks nothing."""

    def find_spec(self, fullname, target=None):
        return None

    def invalidate_caches(self):
        pass


def _storage_finder(path):
    if path == DRIVE or path.startswith(DRIVE + "/"):
        return _NoModulesHere()
    raise ImportError(path)  # not the storage folder: the usual finders take it


if sys.platform == "emscripten":  # only in the browser, whoever imports this file
    sys.path_hooks.insert(0, _storage_finder)
