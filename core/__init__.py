"""The shared platform layer: plumbing every app uses and none owns.

The refusal type (``core.errors``), rate limits (``core.ratelimit``), reading WebSocket
frames (``core.ws_frames``), request guards (``core.request_guards``,
``core.refusing_middleware``), the Redis channel layers (``core.channel_layers``) and live
pushes over Channels (``core.pushes``). It sits below every app (core <- accounts <- games
<- leaderboards <- matches <- frontend <- config) and imports none of them: the
import-linter contract "layers" (``.importlinter``, run by ``make lint``) fails on any
import of an app from here. It is not a Django app: it has no models, and its words are
in the project's catalog (frontend/locale).
"""
