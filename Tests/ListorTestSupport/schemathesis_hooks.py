"""Schemathesis hooks for the attack on `listor serve` (OpenAPIAttackTests).

One check of our own beside schemathesis' checks: a write to the library that is refused
(any 4xx or 5xx) must leave the library as it found it. Before each write, the hooks read
every book (with its version, loan and cover address) and every loan; after a refused one,
they read them again, and the check fails naming what changed.

The run has one worker, so the state read before a call is the state that call found.
"""

import json
import urllib.request

import schemathesis

WRITES = {"POST", "PUT", "DELETE", "PATCH"}
_before = {}


def _library(case):
    """The library API's address when `case` calls it (its document, or every API's), else None."""
    url = (case.operation.base_url or "").rstrip("/") + case.operation.path
    marker = "/library/api/"
    return url[: url.index(marker) + len(marker) - 1] if marker in url else None


def _state(library):
    """Every book and every loan, as the API gives them."""
    state = {}
    for name in ("books", "loans"):
        with urllib.request.urlopen(f"{library}/{name}", timeout=30) as answer:
            state[name] = json.load(answer)
    return state


@schemathesis.hook
def before_call(context, case, kwargs):
    library = _library(case)
    if library is not None and case.method.upper() in WRITES:
        _before["state"] = (library, _state(library))
    else:
        _before.pop("state", None)


@schemathesis.check
def refused_write_changes_nothing(ctx, response, case):
    """A write the library refused changed nothing."""
    if "state" not in _before or response.status_code < 400:
        return None
    library, before = _before["state"]
    after = _state(library)
    if after == before:
        return None
    changed = []
    for name in ("books", "loans"):
        old = {item["id"]: item for item in before[name]}
        new = {item["id"]: item for item in after[name]}
        changed += [f"{name[:-1]} {key} added" for key in new.keys() - old.keys()]
        changed += [f"{name[:-1]} {key} removed" for key in old.keys() - new.keys()]
        changed += [f"{name[:-1]} {key}: {old[key]} became {new[key]}" for key in old.keys() & new.keys() if old[key] != new[key]]
    raise AssertionError(f"{case.method} {case.formatted_path} was refused with {response.status_code} but changed the library: " + "; ".join(changed[:5]))
