"""The platform's one refusal type: a reason code, an HTTP status, a message through gettext.

Every refusal the apps answer (games' ``GameServiceError`` and its kinds, the
leaderboards' ``SubmissionRefused`` / ``SeriesRefused`` / ``ReviewUnavailable``, the
matches' ``MatchError``, the rate limits' ``RateLimited``) subclasses :class:`Refusal`, so
the HTTP API, the WebSocket consumers and the CLI answer them alike: ``{"reason",
"message", "detail"?, ...extra}``, the message in the request's language.

A family of refusals names its wordings in ``messages``: reason code -> a
``pgettext_lazy(REFUSAL, "English wording")``, whose French and Romanian are in the
gettext catalogs (frontend/locale/{fr,ro,en}/LC_MESSAGES/django.po, context
``refusal``, so that a refusal's words never clash with a page's). A wording may take
parameters (``%(limit)s``), given as ``params``. A subclass's table adds to its parents'
(a match refusal may also use the games' codes). tests/platform/test_refusal_messages.py
checks that every code of every family has its French and Romanian words.

The engine (games/engine/errors.py) imports nothing of Django: it keeps a fr/ro/en table
of the rule books' sentences only, and words its other refusals in English; the games'
table (games/services/errors.py ``ENGINE_MESSAGES``) gives those their French and
Romanian through the same catalogs, and ``engine_message`` words any engine error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from django.utils.functional import Promise
from django.utils.translation import get_language, override

LANGUAGES: Final = ("fr", "ro", "en")
#: The gettext context of every refusal's wording.
REFUSAL: Final = "refusal"


def spoken(lang: str | None) -> str:
    """``lang`` (``fr``, ``ro-RO``, ...) reduced to fr / ro / en (English otherwise)."""
    short = (lang or "en").split("-")[0].lower()
    return short if short in LANGUAGES else "en"


def current_lang() -> str:
    """Django's active language reduced to fr / ro / en (English otherwise)."""
    return spoken(get_language())


def translated(wording: Promise | str, lang: str | None = None, **params: Any) -> str:
    """``wording`` (a lazy gettext string) in ``lang`` (the active language if None;
    English for a language the platform does not speak), with its ``params`` filled in."""
    with override(spoken(lang) if lang is not None else current_lang()):
        text = str(wording)
    return text % params if params else text


class Refusal(ValueError):
    """A refused request: nothing stored changed. ``reason`` is the stable code,
    ``status`` the HTTP status, ``detail`` an English explanation for developers and
    ``extra`` the answer's other fields."""

    status: int = 400
    #: reason -> its wording; a subclass's table adds to (and may override) its parents'.
    messages: ClassVar[Mapping[str, Promise]] = {}

    def __init__(
        self,
        reason: str,
        detail: str = "",
        status: int | None = None,
        *,
        params: Mapping[str, Any] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail or reason)
        self.reason = reason
        self.detail = detail
        self.params = dict(params or {})
        self.extra = extra
        if status is not None:
            self.status = status

    @classmethod
    def wording(cls, reason: str) -> Promise | None:
        """The wording of ``reason`` in this family (its own table first)."""
        for klass in cls.__mro__:
            table: Mapping[str, Promise] | None = vars(klass).get("messages")
            if table is not None and reason in table:
                return table[reason]
        return None

    @classmethod
    def localised(cls, reason: str, lang: str | None = None, **params: Any) -> str:
        """The words of ``reason`` in ``lang``; the code itself if it has none."""
        wording = cls.wording(reason)
        return reason if wording is None else translated(wording, lang, **params)

    def message(self, lang: str | None = None) -> str:
        """What a player reads, in ``lang`` (the active language if None)."""
        return self.localised(self.reason, lang, **self.params)

    def payload(self, lang: str | None = None) -> dict[str, Any]:
        """``{"reason", "message", "detail"?, ...extra}``: the platform's error shape."""
        body: dict[str, Any] = {"reason": self.reason, "message": self.message(lang)}
        if self.detail:
            body["detail"] = self.detail
        return {**body, **self.extra}


def all_refusal_types() -> list[type[Refusal]]:
    """Every subclass of :class:`Refusal` imported so far (the catalogs' test walks them)."""
    found: list[type[Refusal]] = []
    todo: list[type[Refusal]] = [Refusal]
    while todo:
        klass = todo.pop()
        found.append(klass)
        todo.extend(klass.__subclasses__())
    return found
