"""IAM Platform client for Python: installations, activity logs and analytics events.

One file, standard library only, Python >= 3.9. Copy it next to your code (the server offers it at
``/cdn/sdk/iam_sdk.py``) and::

    from iam_sdk import IamClient

    iam = IamClient("<application id>", "https://iam.example.com")
    iam.register_installation()
    iam.track("report_exported", {"format": "csv"})
    iam.activity("export", "component", resource_id="report-42")
    iam.flush()  # optional: the client also sends every few seconds and at exit

Calls only queue work and return at once; a background daemon thread sends it in batches, retrying
network errors, 429 and 5xx answers with jittered exponential backoff (``Retry-After`` honoured).
Other 4xx answers are not retried: the refused items are dropped with a warning. The queue is
bounded (the oldest item is dropped when it is full) and is flushed when the interpreter exits.
Nothing here raises into the caller once the client is constructed; problems are reported through
the ``logging`` logger ``"iam_sdk"`` (warnings for lost data, debug for retries).

See docs/python-sdk.md in the IAM Platform repository for the full guide.
"""

from __future__ import annotations

import atexit
import email.utils
import http.client
import json
import locale
import logging
import os
import platform
import random
import re
import secrets
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
import weakref
from collections import deque
from datetime import datetime, timezone
from typing import Any, Deque, Dict, List, Mapping, Optional, Union

__version__ = "0.1.0"
__all__ = ["IamClient", "__version__"]

logger = logging.getLogger("iam_sdk")
# A library adds no handler of its own: the application decides where warnings go.
logger.addHandler(logging.NullHandler())

#: The server takes at most 500 events and 1 MB per analytics batch.
MAX_BATCH_EVENTS = 500
#: Request bodies are kept below this many bytes (the server's limit is 1 MB).
MAX_BODY_BYTES = 900_000
#: The server refuses a whole batch for one event beyond these, so the client checks them first.
MAX_EVENT_NAME = 200
MAX_ACTION = 100
MAX_RESOURCE_ID = 200
MAX_PROPERTIES_BYTES = 32 * 1024
MAX_NESTING = 8
MAX_KEY_LENGTH = 128
#: Upper bound of one backoff delay and of an honoured Retry-After, in seconds.
MAX_RETRY_DELAY = 30.0
MAX_RETRY_AFTER = 300.0

_API_PREFIX = "/api/v1"
_ID_PATTERNS = {prefix: re.compile("^" + prefix + "[A-Za-z0-9_-]{8,64}$") for prefix in ("inst_", "anon_", "sess_")}
_EVENT_ID = re.compile(r"^[\x21-\x7e]{1,128}$")
_APPLICATION_ID = re.compile(r"^[0-9a-fA-F]{24}$")
_SDK_VERSION = re.compile(r"^[\x20-\x7e]{1,64}$")
_RESERVED_KEYS = ("__proto__", "constructor", "prototype")
_USER_AGENT = (
    "iam-sdk-python/{} (Python {}; {} {}; {})".format(
        __version__, platform.python_version(), platform.system(), platform.release(), platform.machine()
    )
    .encode("ascii", "replace")
    .decode("ascii")
)

Timestamp = Union[datetime, int, float, str, None]


def _random_id(prefix: str) -> str:
    """``inst_``, ``anon_`` or ``sess_`` plus 32 hex digits, like the browser SDK's identifiers."""
    return prefix + secrets.token_hex(16)


def _valid_id(prefix: str, value: Any) -> bool:
    """What the server takes: the prefix, then 8-64 letters, digits, ``_`` or ``-``."""
    return isinstance(value, str) and bool(_ID_PATTERNS[prefix].match(value))


def _iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _now_iso() -> str:
    return _iso(datetime.now(timezone.utc))


def _time_ordered_event_id() -> str:
    """``evt_`` + the time in milliseconds (12 hex digits) + 10 random bytes, like UUIDv7 and the browser SDK.

    Still 32 hex digits, but sorted by creation time: the server's index of event ids takes each batch next
    to the previous one instead of on a random page per event.
    """
    return "evt_%012x%s" % (int(time.time() * 1000), secrets.token_hex(10))


def _timestamp(value: Timestamp) -> Optional[str]:
    """An ISO 8601 UTC string: a datetime (naive means local time), epoch seconds, or a string as is."""
    if value is None:
        return _now_iso()
    if isinstance(value, datetime):
        return _iso(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            return _iso(datetime.fromtimestamp(value, timezone.utc))
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, str):
        text = value.strip()
        if text[-1:] in ("Z", "z"):
            text = text[:-1] + "+00:00"
        # Python < 3.11 reads only 3 or 6 fraction digits and offsets with a colon.
        text = re.sub(r"(T\d\d:\d\d:\d\d)\.(\d{1,9})", lambda m: m.group(1) + "." + (m.group(2) + "00000")[:6], text)
        text = re.sub(r"([+-]\d\d)(\d\d)$", r"\1:\2", text)
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            return None
        if moment.tzinfo is None:  # as the server reads it: UTC
            moment = moment.replace(tzinfo=timezone.utc)
        return _iso(moment)
    return None


def _json_problem(value: Mapping[str, Any], what: str) -> Optional[str]:
    """Why the server would refuse this properties/metadata object (keys, nesting, size), or None."""

    def walk(node: Any, path: str, depth: int) -> Optional[str]:
        if depth > MAX_NESTING:
            return "{} is nested deeper than {} levels".format(path or what, MAX_NESTING)
        if isinstance(node, Mapping):
            for key, child in node.items():
                name = str(key)
                if name in _RESERVED_KEYS or name.startswith("$") or "." in name or "\x00" in name:
                    return "{} has the key {!r} (keys may not start with '$', contain '.' or be {})".format(
                        path or what, name[:40], "/".join(_RESERVED_KEYS))
                if len(name) > MAX_KEY_LENGTH:
                    return "{} has a key longer than {} characters".format(path or what, MAX_KEY_LENGTH)
                problem = walk(child, (path or what) + "." + name, depth + 1)
                if problem:
                    return problem
        elif isinstance(node, (list, tuple, set, frozenset)):
            for index, child in enumerate(node):
                problem = walk(child, "{}[{}]".format(path or what, index), depth + 1)
                if problem:
                    return problem
        return None

    problem = walk(value, "", 0)
    if problem:
        return problem
    size = len(_dumps(value).encode("utf-8"))
    if size > MAX_PROPERTIES_BYTES:
        return "{} is {} bytes of JSON; at most {} KB".format(what, size, MAX_PROPERTIES_BYTES // 1024)
    return None


def _json_default(value: Any) -> Any:
    if isinstance(value, datetime):
        return _iso(value)
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if isinstance(value, uuid.UUID):
        return str(value)
    return str(value)


def _dumps(value: Any) -> str:
    """Compact JSON that is sure to encode as UTF-8 (a lone surrogate raises here, not in the sender)."""
    # allow_nan=False: NaN and Infinity are not JSON and the server would refuse the whole batch.
    text = json.dumps(value, default=_json_default, allow_nan=False, ensure_ascii=False, separators=(",", ":"))
    text.encode("utf-8")
    return text


# --------------------------------------------------------------------------------------------------
# Device and environment information (what a browser reports through navigator, from `platform`)


def _language() -> Optional[str]:
    try:
        name = locale.getlocale()[0]
    except (ValueError, TypeError):
        name = None
    if not name:
        for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
            candidate = os.environ.get(variable, "").split(".")[0]
            if candidate and candidate not in ("C", "POSIX"):
                name = candidate
                break
    if not name or name in ("C", "POSIX"):
        return None
    return name.replace("_", "-")


def _timezone() -> Optional[str]:
    """The IANA zone name where the system tells it (TZ, /etc/timezone, /etc/localtime), else the abbreviation."""
    configured = os.environ.get("TZ", "").lstrip(":")
    if "/" in configured and not configured.startswith("/"):
        return configured
    try:
        with open("/etc/timezone", encoding="utf-8") as handle:
            name = handle.read().strip()
            if name:
                return name
    except OSError:
        pass
    try:
        target = os.path.realpath("/etc/localtime")
        if "zoneinfo/" in target:
            return target.split("zoneinfo/", 1)[1]
    except OSError:
        pass
    if configured:
        return configured
    return time.tzname[0] if time.tzname and time.tzname[0] else None


def _memory_gib() -> Optional[float]:
    try:
        pages = os.sysconf("SC_PHYS_PAGES")
        page_size = os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None
    if pages <= 0 or page_size <= 0:
        return None
    return round(pages * page_size / 2**30, 1)


def default_device_info() -> Dict[str, Any]:
    """The device fields this machine can tell: platform, user agent, language, timezone, memory, CPUs.

    Screen resolution and colour depth have no meaning for a backend and are left out.
    """
    info: Dict[str, Any] = {
        "platform": "{} {}".format(platform.system() or "unknown", platform.machine()).strip(),
        "user_agent": _USER_AGENT,
        "language": _language(),
        "timezone": _timezone(),
        "device_memory": _memory_gib(),
        "hardware_concurrency": os.cpu_count(),
    }
    return {key: value for key, value in info.items() if value is not None}


# --------------------------------------------------------------------------------------------------
# Options


def _option(name: str, value: Any, default: float, low: float, high: float, integer: bool) -> Any:
    """Bad option values fall back to the default or the nearest bound, with one warning each."""
    kinds = (int,) if integer else (int, float)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, kinds) or value != value:
        logger.warning("iam_sdk: %s=%r is not a number; using %r", name, value, default)
        return default
    if value < low or value > high:
        clamped = min(max(value, low), high)
        logger.warning("iam_sdk: %s=%r is outside %r..%r; using %r", name, value, low, high, clamped)
        return int(clamped) if integer else float(clamped)
    return int(value) if integer else float(value)


def _normalise_api_url(api_url: Any) -> str:
    if not isinstance(api_url, str) or not api_url.strip():
        raise ValueError("IamClient: api_url must be the server's address, e.g. 'https://iam.example.com'")
    url = api_url.strip().rstrip("/")
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError("IamClient: api_url must be an http(s) address, e.g. 'https://iam.example.com'; got %r" % api_url)
    if parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError("IamClient: api_url must not carry credentials, a query or a fragment; got %r" % api_url)
    try:
        parts.port  # a port that is not a number from 0 to 65535 raises ValueError
        parts.path.encode("ascii")
        usable = not any(char.isspace() for char in url)
    except (ValueError, UnicodeEncodeError):
        usable = False
    if not usable:
        raise ValueError("IamClient: api_url is not a usable address; got %r" % api_url)
    # Accept both the server's address and its API base path.
    if url.endswith(_API_PREFIX):
        url = url[: -len(_API_PREFIX)]
    return url


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """urllib turns a redirected POST into a GET without body; refuse redirects so that is never mistaken for success."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None


# --------------------------------------------------------------------------------------------------
# The queue


class _Item:
    __slots__ = ("seq", "kind", "body", "session", "enqueued_at")

    def __init__(self, seq: int, kind: str, body: str, session: str) -> None:
        self.seq = seq
        self.kind = kind  # "event", "activity" or "installation"
        self.body = body  # JSON text: the event object, or the whole request body
        self.session = session  # JSON text of session_info (events only)
        self.enqueued_at = time.monotonic()


class _Flush:
    __slots__ = ("target", "delivered")

    def __init__(self, target: int) -> None:
        self.target = target
        self.delivered = 0


class _Outcome:
    __slots__ = ("ok", "retryable", "status", "retry_after", "body", "reason")

    def __init__(
        self,
        ok: bool,
        retryable: bool,
        status: Optional[int],
        reason: str,
        body: Any = None,
        retry_after: Optional[float] = None,
    ) -> None:
        self.ok = ok
        self.retryable = retryable
        self.status = status
        self.reason = reason
        self.body = body
        self.retry_after = retry_after


_PATHS = {"event": "/analytics", "activity": "/activity", "installation": "/installations"}
_NOUNS = {"event": ("event", "events"), "activity": ("activity entry", "activity entries"),
          "installation": ("installation", "installations")}


def _refuse(message: str, *args: Any) -> None:
    logger.warning("iam_sdk: " + message + "; dropped", *args)
    return None


def _describe(unit: List[_Item]) -> str:
    singular, plural = _NOUNS[unit[0].kind]
    return "1 " + singular if len(unit) == 1 else "{} {}".format(len(unit), plural)


def _retry_after(value: Optional[str]) -> Optional[float]:
    if not value:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            moment = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if moment is None:
            return None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        seconds = (moment - datetime.now(timezone.utc)).total_seconds()
    if seconds != seconds:
        return None
    return min(max(seconds, 0.0), MAX_RETRY_AFTER)


_live_clients: "weakref.WeakSet[IamClient]" = weakref.WeakSet()


class IamClient:
    """Sends installations, activity entries and analytics events of one application to IAM Platform.

    :param application_id: the application's id (dashboard → application → "Application ID"). It is a
        public, write-only key; requests from Python carry no ``Origin``, so no allowed origin is needed.
    :param api_url: the server's address, e.g. ``https://iam.example.com`` (a trailing ``/api/v1`` is fine).
    :param flush_interval: seconds an item may wait in the queue before it is sent (default 5).
    :param batch_size: events per request, and queue length that triggers sending at once (default 100, at most 500).
    :param max_queue: items kept while the server is unreachable; beyond it the oldest is dropped (default 10000).
    :param timeout: seconds for one HTTP request (default 10).
    :param sdk_version: value of the ``X-SDK-Version`` header (default ``python/<version of this file>``).
    :param max_retries: retries of one request before its items are dropped (default 6).
    :param backoff_base: first retry delay in seconds; doubles each retry, jittered, at most 30 s (default 0.5).
    :param shutdown_timeout: seconds ``close()`` and the exit hook wait for the queue to drain (default 5).
    :param installation_id: this process's installation id; a new ``inst_…`` id when not given.

    The constructor raises ``ValueError`` for a missing ``application_id`` or an unusable ``api_url``;
    other bad options fall back to their default or nearest bound with a warning.
    """

    def __init__(
        self,
        application_id: str,
        api_url: str,
        *,
        flush_interval: float = 5.0,
        batch_size: int = 100,
        max_queue: int = 10_000,
        timeout: float = 10.0,
        sdk_version: Optional[str] = None,
        max_retries: int = 6,
        backoff_base: float = 0.5,
        shutdown_timeout: float = 5.0,
        installation_id: Optional[str] = None,
    ) -> None:
        if not isinstance(application_id, str) or not _APPLICATION_ID.match(application_id.strip()):
            raise ValueError("IamClient: application_id must be the application's id from the dashboard "
                             "(24 hexadecimal digits); got %r" % (application_id,))
        self.application_id = application_id.strip()
        self.api_url = _normalise_api_url(api_url)
        self._flush_interval = _option("flush_interval", flush_interval, 5.0, 0.01, 3600.0, False)
        self._batch_size = _option("batch_size", batch_size, 100, 1, MAX_BATCH_EVENTS, True)
        self._max_queue = _option("max_queue", max_queue, 10_000, 1, 10_000_000, True)
        self._timeout = _option("timeout", timeout, 10.0, 0.1, 600.0, False)
        self._max_retries = _option("max_retries", max_retries, 6, 0, 100, True)
        self._backoff_base = _option("backoff_base", backoff_base, 0.5, 0.001, MAX_RETRY_DELAY, False)
        self._shutdown_timeout = _option("shutdown_timeout", shutdown_timeout, 5.0, 0.0, 600.0, False)
        if sdk_version is not None and not (isinstance(sdk_version, str) and _SDK_VERSION.match(sdk_version.strip())):
            logger.warning("iam_sdk: sdk_version=%r is not 1-64 printable ASCII characters; using the default",
                           sdk_version)
            sdk_version = None
        self.sdk_version = sdk_version.strip() if sdk_version else "python/" + __version__
        if installation_id is not None and not _valid_id("inst_", installation_id):
            logger.warning("iam_sdk: installation_id=%r is not 'inst_' plus 8-64 letters, digits, '_' or '-'; "
                           "using a new one", installation_id)
            installation_id = None

        #: The installation id sent with events (``session_info``); set by ``register_installation``.
        self.installation_id: str = installation_id or _random_id("inst_")
        #: The anonymous user id sent by ``register_installation`` when none is given.
        self.anonymous_id: str = _random_id("anon_")
        #: One session per client (per process, typically): ``sess_…``.
        self.session_id: str = _random_id("sess_")

        self._headers = {
            "Content-Type": "application/json",
            "Accept": "application/json",
            "User-Agent": _USER_AGENT,
            "X-Application-ID": self.application_id,
            "X-SDK-Version": self.sdk_version,
        }
        self._opener = urllib.request.build_opener(_NoRedirect())
        self._registered_installation: Optional[str] = None
        self._registered_anonymous: Optional[str] = None
        self._reset_state()
        _live_clients.add(self)

    # -- state ------------------------------------------------------------------------------------

    def _reset_state(self) -> None:
        """Fresh lock, queue and worker (also in a forked child, whose parent keeps sending its own queue)."""
        self._cond = threading.Condition(threading.Lock())
        self._stop = threading.Event()
        self._queue: Deque[_Item] = deque()
        self._inflight: Optional[List[_Item]] = None
        self._flushes: List[_Flush] = []
        self._seq = 0
        self._drain_through = 0
        self._thread: Optional[threading.Thread] = None
        self._closed = getattr(self, "_closed", False)  # a closed client stays closed in a child
        self._warned_closed = False
        self._evicted = 0
        self._last_evict_warning = 0.0

    def __enter__(self) -> "IamClient":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    # -- public API -------------------------------------------------------------------------------

    def track(
        self,
        event: str,
        properties: Optional[Mapping[str, Any]] = None,
        timestamp: Timestamp = None,
        *,
        event_id: Optional[str] = None,
    ) -> Optional[str]:
        """Queues an analytics event; returns its id, or ``None`` when it was refused (see the warning).

        Every event carries an id, ``evt_`` plus 32 hex digits (the time, then random) unless ``event_id`` is
        given (1-128 printable ASCII characters, e.g. your own row id); the server stores an id once per
        application, so retries and repeated sends never count an event twice.
        ``timestamp`` is a ``datetime`` (naive = local time), epoch seconds (``time.time()``) or an
        ISO 8601 string (UTC without an offset); it defaults to now.
        An event the server would refuse (name over 200 characters, properties beyond 32 KB of JSON,
        nested deeper than 8 levels, keys starting with ``$`` or containing ``.``) is dropped here with
        a warning, so it never costs the rest of its batch.
        """
        try:
            if not isinstance(event, str) or not event.strip() or len(event) > MAX_EVENT_NAME:
                return _refuse("track() needs an event name of 1-%d characters; got %r", MAX_EVENT_NAME, event)
            if properties is not None and not isinstance(properties, Mapping):
                return _refuse("track(%r): properties must be a dict; got %s", event, type(properties).__name__)
            if event_id is not None and not (isinstance(event_id, str) and _EVENT_ID.match(event_id)):
                return _refuse("track(%r): event_id must be 1-128 printable ASCII characters; got %r", event, event_id)
            moment = _timestamp(timestamp)
            if moment is None:
                return _refuse("track(%r): timestamp must be a datetime, epoch seconds or an ISO 8601 string; got %r",
                               event, timestamp)
            identifier = event_id or _time_ordered_event_id()
            payload: Dict[str, Any] = {"id": identifier, "event": event, "timestamp": moment}
            if properties:
                payload["properties"] = dict(properties)
            try:
                body = _dumps(payload)
                problem = _json_problem(payload.get("properties", {}), "properties")
            except (TypeError, ValueError) as error:
                return _refuse("track(%r): properties are not JSON (%s)", event, error)
            if problem:
                return _refuse("track(%r): %s", event, problem)
            with self._cond:
                session = _dumps({"session_id": self.session_id, "installation_id": self.installation_id})
                if not self._enqueue_locked("event", body, session):
                    return None
            return identifier
        except Exception:  # never into the caller
            logger.exception("iam_sdk: track(%r) failed", event)
            return None

    def activity(
        self,
        action: str,
        resource_type: str,
        resource_id: Optional[str] = None,
        metadata: Optional[Mapping[str, Any]] = None,
        installation_id: Optional[str] = None,
        anonymous_user_id: Optional[str] = None,
    ) -> bool:
        """Queues an activity-log entry (``POST /api/v1/activity``); returns whether it was queued.

        ``resource_type`` is one of user, token, project, application, organization, member, api,
        component, other (the server checks it). After ``register_installation`` the entry names that
        installation and anonymous user unless others are given. Entries carry no id: a retry after a
        lost answer can log one twice (use ``track`` for counts that must be exact).
        """
        try:
            if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION:
                return bool(_refuse("activity() needs an action of 1-%d characters; got %r", MAX_ACTION, action))
            if not isinstance(resource_type, str) or not resource_type.strip():
                return bool(_refuse("activity(%r) needs a resource_type (a string); got %r", action, resource_type))
            if resource_id is not None and len(str(resource_id)) > MAX_RESOURCE_ID:
                return bool(_refuse("activity(%r): resource_id is longer than %d characters", action, MAX_RESOURCE_ID))
            if metadata is not None and not isinstance(metadata, Mapping):
                return bool(_refuse("activity(%r): metadata must be a dict; got %s", action, type(metadata).__name__))
            for prefix, name, value in (("inst_", "installation_id", installation_id),
                                        ("anon_", "anonymous_user_id", anonymous_user_id)):
                if value is not None and not _valid_id(prefix, value):
                    return bool(_refuse("activity(%r): %s must be %r plus 8-64 letters, digits, '_' or '-'; got %r",
                                        action, name, prefix, value))
            payload: Dict[str, Any] = {"action": action, "resource_type": resource_type}
            if resource_id is not None:
                payload["resource_id"] = str(resource_id)
            if metadata:
                payload["metadata"] = dict(metadata)
            with self._cond:
                installation = installation_id or self._registered_installation
                anonymous = anonymous_user_id or self._registered_anonymous
            if installation:
                payload["installation_id"] = installation
            if anonymous:
                payload["anonymous_user_id"] = anonymous
            try:
                body = _dumps(payload)
                problem = _json_problem(payload.get("metadata", {}), "metadata")
            except (TypeError, ValueError) as error:
                return bool(_refuse("activity(%r): metadata is not JSON (%s)", action, error))
            if problem:
                return bool(_refuse("activity(%r): %s", action, problem))
            with self._cond:
                return self._enqueue_locked("activity", body, "")
        except Exception:
            logger.exception("iam_sdk: activity(%r) failed", action)
            return False

    def register_installation(
        self,
        installation_id: Optional[str] = None,
        device_info: Optional[Mapping[str, Any]] = None,
        environment_info: Optional[Mapping[str, Any]] = None,
        is_anonymous: bool = True,
        anonymous_id: Optional[str] = None,
        user_id: Optional[str] = None,
    ) -> Optional[str]:
        """Queues ``POST /api/v1/installations`` and returns the installation id (``None`` if refused).

        The id defaults to the client's ``installation_id`` (a new ``inst_…`` unless the constructor got
        one); a given id (``inst_`` plus 8-64 letters, digits, ``_`` or ``-``) becomes the client's, so
        later events carry it. ``device_info`` is merged over what the ``platform`` module tells
        (platform, user agent, language, timezone, memory, CPUs); ``environment_info`` over
        ``{timestamp, session_id}``. An anonymous installation names an anonymous user: ``anonymous_id``
        or the client's ``anon_…`` id. ``user_id`` is your own id for the user, stored as reported.
        """
        try:
            if installation_id is not None and not _valid_id("inst_", installation_id):
                return _refuse("register_installation(): installation_id must be 'inst_' plus 8-64 letters, "
                               "digits, '_' or '-'; got %r", installation_id)
            if anonymous_id is not None and not _valid_id("anon_", anonymous_id):
                return _refuse("register_installation(): anonymous_id must be 'anon_' plus 8-64 letters, "
                               "digits, '_' or '-'; got %r", anonymous_id)
            for name, value in (("device_info", device_info), ("environment_info", environment_info)):
                if value is not None and not isinstance(value, Mapping):
                    return _refuse("register_installation(): %s must be a dict; got %s", name, type(value).__name__)
            device = default_device_info()
            device.update(device_info or {})
            environment: Dict[str, Any] = {"timestamp": _now_iso(), "session_id": self.session_id}
            environment.update(environment_info or {})
            with self._cond:
                identifier = installation_id or self.installation_id
                anonymous = (anonymous_id or self.anonymous_id) if is_anonymous else anonymous_id
                payload: Dict[str, Any] = {
                    "installation_id": identifier,
                    "device_info": device,
                    "environment_info": environment,
                    "is_anonymous": bool(is_anonymous),
                }
                if anonymous:
                    payload["anonymous_id"] = anonymous
                if user_id is not None:
                    payload["user_id"] = str(user_id)
                try:
                    body = _dumps(payload)
                except (TypeError, ValueError) as error:
                    return _refuse("register_installation(): not JSON (%s)", error)
                if not self._enqueue_locked("installation", body, ""):
                    return None
                self.installation_id = identifier
                self._registered_installation = identifier
                self._registered_anonymous = anonymous or None
            return identifier
        except Exception:
            logger.exception("iam_sdk: register_installation() failed")
            return None

    def flush(self, timeout: Optional[float] = 30.0) -> int:
        """Sends everything queued so far and waits until it is delivered, dropped, or ``timeout`` seconds pass.

        Returns how many of those items (events, activity entries, installations) the server accepted.
        ``timeout=None`` waits as long as retries go on. Safe to call from any thread.
        """
        try:
            return self._flush(timeout)
        except Exception:
            logger.exception("iam_sdk: flush() failed")
            return 0

    def close(self, timeout: Optional[float] = None) -> int:
        """Flushes (waiting at most ``timeout``, default ``shutdown_timeout``), then stops the worker.

        Later calls of ``track``/``activity``/``register_installation`` are dropped with a warning.
        Returns what ``flush`` returned. Called for every open client when the interpreter exits.
        """
        try:
            with self._cond:
                if self._closed:
                    return 0
                self._closed = True
            wait = self._shutdown_timeout if timeout is None else timeout
            delivered = self._flush(wait)
            with self._cond:
                lost = len(self._queue) + len(self._inflight or [])
                self._queue.clear()
                self._stop.set()
                self._cond.notify_all()
                thread = self._thread
            if lost:
                logger.warning("iam_sdk: closed with %d item(s) not delivered within %.1f s; they are dropped",
                               lost, wait)
            if thread is not None and thread is not threading.current_thread():
                thread.join(1.0)
            _live_clients.discard(self)
            return delivered
        except Exception:
            logger.exception("iam_sdk: close() failed")
            return 0

    @property
    def pending(self) -> int:
        """Items queued or being sent."""
        with self._cond:
            return len(self._queue) + len(self._inflight or [])

    # -- queueing ---------------------------------------------------------------------------------

    def _enqueue_locked(self, kind: str, body: str, session: str) -> bool:
        if self._closed:
            if not self._warned_closed:
                self._warned_closed = True
                logger.warning("iam_sdk: the client is closed; %s dropped (and later ones, silently)", kind)
            return False
        if len(self._queue) >= self._max_queue:
            evicted = self._queue.popleft()
            self._evicted += 1
            self._settle_locked([evicted], delivered=False)
            now = time.monotonic()
            if now - self._last_evict_warning >= 10.0:
                self._last_evict_warning = now
                logger.warning("iam_sdk: queue full (max_queue=%d); dropped the oldest item (%d dropped so far)",
                               self._max_queue, self._evicted)
        self._seq += 1
        self._queue.append(_Item(self._seq, kind, body, session))
        self._ensure_worker_locked()
        self._cond.notify_all()
        return True

    def _ensure_worker_locked(self) -> bool:
        if self._thread is not None and self._thread.is_alive():
            return True
        if self._stop.is_set():
            return False
        thread = threading.Thread(target=self._run, name="iam_sdk-sender", daemon=True)
        try:
            thread.start()
        except RuntimeError:  # interpreter shutting down: flush() sends on the calling thread
            self._thread = None
            return False
        self._thread = thread
        return True

    def _take_unit_locked(self) -> List[_Item]:
        head = self._queue.popleft()
        unit = [head]
        if head.kind != "event":
            return unit
        size = len(head.body.encode("utf-8")) + len(head.session) + 64
        while self._queue and len(unit) < self._batch_size:
            following = self._queue[0]
            if following.kind != "event" or following.session != head.session:
                break
            size += len(following.body.encode("utf-8")) + 1
            if size > MAX_BODY_BYTES:
                break
            unit.append(self._queue.popleft())
        return unit

    def _ready_locked(self) -> bool:
        """Whether the head of the queue is due; else the condition waits until it is."""
        if not self._queue:
            return False
        head = self._queue[0]
        if head.seq <= self._drain_through:
            return True
        if len(self._queue) >= self._batch_size or time.monotonic() - head.enqueued_at >= self._flush_interval:
            self._drain_through = self._queue[-1].seq
            return True
        return False

    def _settle_locked(self, unit: List[_Item], delivered: bool) -> None:
        if delivered:
            for waiter in self._flushes:
                waiter.delivered += sum(1 for item in unit if item.seq <= waiter.target)
        self._cond.notify_all()

    def _pending_through_locked(self, target: int) -> bool:
        if self._queue and self._queue[0].seq <= target:
            return True
        return bool(self._inflight) and self._inflight[0].seq <= target  # type: ignore[index]

    # -- sending ----------------------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._stop.is_set() and not self._ready_locked():
                    if self._queue:
                        due = self._queue[0].enqueued_at + self._flush_interval - time.monotonic()
                        self._cond.wait(max(due, 0.005))
                    else:
                        self._cond.wait()
                if self._stop.is_set():
                    return
                unit = self._take_unit_locked()
                self._inflight = unit
            delivered = False
            try:
                delivered = self._deliver(unit, deadline=None)
            except Exception:
                logger.exception("iam_sdk: sending %s failed; dropped", _describe(unit))
            with self._cond:
                self._inflight = None
                self._settle_locked(unit, delivered)

    def _flush(self, timeout: Optional[float]) -> int:
        deadline = None if timeout is None else time.monotonic() + max(timeout, 0.0)
        with self._cond:
            if self._thread is not None and threading.current_thread() is self._thread:
                return 0  # called from the sender itself (a logging handler, say): do not wait on ourselves
            target = self._seq
            if not self._pending_through_locked(target):
                return 0
            waiter = _Flush(target)
            self._flushes.append(waiter)
            self._drain_through = max(self._drain_through, target)
            self._cond.notify_all()
            try:
                while self._pending_through_locked(target):
                    if not self._ensure_worker_locked() and self._inflight is None:
                        self._send_inline_locked(deadline)
                        continue
                    if deadline is None:
                        self._cond.wait()
                    else:
                        remaining = deadline - time.monotonic()
                        if remaining <= 0:
                            break
                        self._cond.wait(remaining)
            finally:
                self._flushes.remove(waiter)
            return waiter.delivered

    def _send_inline_locked(self, deadline: Optional[float]) -> None:
        """Without a worker thread (at interpreter exit on 3.12+), send one unit on the calling thread."""
        if deadline is not None and time.monotonic() >= deadline:
            lost = len(self._queue)
            self._queue.clear()
            if lost:
                logger.warning("iam_sdk: %d item(s) not delivered in time; dropped", lost)
            self._cond.notify_all()
            return
        unit = self._take_unit_locked()
        self._inflight = unit
        self._cond.release()
        delivered = False
        try:
            delivered = self._deliver(unit, deadline)
        except Exception:
            logger.exception("iam_sdk: sending %s failed; dropped", _describe(unit))
        finally:
            self._cond.acquire()
            self._inflight = None
            self._settle_locked(unit, delivered)

    def _body(self, unit: List[_Item]) -> bytes:
        if unit[0].kind == "event":
            text = '{"events":[' + ",".join(item.body for item in unit) + '],"session_info":' + unit[0].session + "}"
        else:
            text = unit[0].body
        return text.encode("utf-8")

    def _deliver(self, unit: List[_Item], deadline: Optional[float]) -> bool:
        kind = unit[0].kind
        body = self._body(unit)
        attempt = 0
        while True:
            outcome = self._post(_PATHS[kind], body)
            if outcome.ok:
                self._check_answer(unit, outcome)
                return True
            if not outcome.retryable:
                logger.warning("iam_sdk: the server refused %s (%s); dropped, not retried", _describe(unit), outcome.reason)
                return False
            attempt += 1
            if attempt > self._max_retries:
                logger.warning("iam_sdk: %s not delivered after %d attempts (%s); dropped",
                               _describe(unit), attempt, outcome.reason)
                return False
            if outcome.retry_after is not None:
                delay = outcome.retry_after
            else:
                ceiling = min(MAX_RETRY_DELAY, self._backoff_base * 2 ** (attempt - 1))
                delay = ceiling / 2 + random.uniform(0, ceiling / 2)
            if deadline is not None and time.monotonic() + delay > deadline:
                logger.warning("iam_sdk: %s not delivered before the deadline (%s); dropped", _describe(unit), outcome.reason)
                return False
            logger.debug("iam_sdk: %s: %s; retry %d in %.2f s", _describe(unit), outcome.reason, attempt, delay)
            if self._stop.wait(delay):
                return False

    def _check_answer(self, unit: List[_Item], outcome: _Outcome) -> None:
        if unit[0].kind != "event" or not isinstance(outcome.body, dict):
            return
        rejected = outcome.body.get("rejected")
        if isinstance(rejected, list) and rejected:
            reasons = "; ".join(
                "{} ({})".format(entry.get("id"), entry.get("message") or entry.get("reason"))
                for entry in rejected[:10] if isinstance(entry, dict)
            )
            logger.warning("iam_sdk: the server refused %d event(s) of a batch of %d, not to be resent: %s",
                           len(rejected), len(unit), reasons)
        duplicates = outcome.body.get("duplicates")
        if duplicates:
            logger.debug("iam_sdk: %s event(s) were already stored (a retry); not counted again", duplicates)

    def _post(self, path: str, body: bytes) -> _Outcome:
        request = urllib.request.Request(self.api_url + _API_PREFIX + path, data=body, headers=self._headers,
                                         method="POST")
        try:
            with self._opener.open(request, timeout=self._timeout) as response:
                status = response.status
                raw = response.read(1_000_000)
        except urllib.error.HTTPError as error:
            status = error.code
            try:
                raw = error.read(65_536)
            except Exception:
                raw = b""
            retry_after = _retry_after(error.headers.get("Retry-After") if error.headers else None)
            error.close()
            return self._failure(status, raw, retry_after, error.headers)
        except (urllib.error.URLError, http.client.HTTPException, OSError) as error:
            reason = getattr(error, "reason", None) or error
            return _Outcome(False, True, None, "network error: {}".format(reason))
        try:
            answer = json.loads(raw.decode("utf-8")) if raw else None
        except ValueError:
            answer = None
        return _Outcome(True, False, status, "HTTP {}".format(status), body=answer)

    def _failure(self, status: int, raw: bytes, retry_after: Optional[float], headers: Any) -> _Outcome:
        detail = ""
        try:
            answer = json.loads(raw.decode("utf-8"))
            if isinstance(answer, dict):
                detail = " ".join(str(answer[key]) for key in ("code", "error") if answer.get(key))
                if answer.get("details"):
                    detail += " " + _dumps(answer["details"])[:500]
        except (ValueError, UnicodeDecodeError):
            pass
        reason = "HTTP {}{}".format(status, ": " + detail if detail else "")
        if 300 <= status < 400:
            location = headers.get("Location") if headers else None
            reason += "; api_url redirects to {} — set api_url to the final address".format(location)
        retryable = status == 429 or 500 <= status <= 599
        return _Outcome(False, retryable, status, reason, retry_after=retry_after if retryable else None)


# --------------------------------------------------------------------------------------------------
# Process hooks: flush at exit, start afresh in a forked child


def _close_all() -> None:
    for client in list(_live_clients):
        try:
            client.close()
        except Exception:  # pragma: no cover - close() already swallows
            pass


def _after_fork_in_child() -> None:
    for client in list(_live_clients):
        client._reset_state()


atexit.register(_close_all)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
