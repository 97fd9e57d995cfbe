"""One WebSocket text frame, encoded once, written straight to many sockets' transports.

Why: a record on a deal goes to every watcher of it, and through ASGI each socket's copy
costs a coroutine chain (the consumer's ``send``, channels' ``base_send``, uvicorn's
``send``) that encodes the text to UTF-8 again and frames it again in Python. Here the
frame's bytes are built once per event and each socket costs one ``transport.write``;
lila-ws writes one prepared frame to each of its sockets the same way.

Only for uvicorn's default WebSocket implementation (``websockets-sansio``, what
``config.serve`` runs): the consumer's ASGI ``send`` is that protocol's bound method,
which gives its transport, once unwrapped from channels' session middleware (config/
asgi.py's ``AuthMiddlewareStack`` wraps every socket's ``send`` in it; for a frame it
only passes the message on, so a writer that skips it loses nothing). Any other server
(channels' test communicator, wsproto, the legacy ``websockets`` implementation) has no
writer here, and the caller sends through ASGI as before. A frame from the server is
unmasked, FIN set, not compressed: valid on a connection that negotiated per-message
deflate too (RFC 7692 §6: a message may be sent uncompressed). Written only to a socket
whose handshake is done and whose close has not begun; each write is a whole frame, so
it never splits one of uvicorn's (pings, closes).
"""

from __future__ import annotations

import logging
import struct
from collections.abc import Callable
from typing import Any

from channels.sessions import InstanceSessionWrapper
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

logger = logging.getLogger(__name__)

#: A socket whose unsent bytes are over this is not written to (a client reading
#: nothing): the frame is dropped for it alone rather than buffered without end.
MAX_BUFFERED = 1 << 20

#: ``write(frame) -> written``: False when the socket is not open for frames.
Writer = Callable[[bytes], bool]


def text_frame(text: str) -> bytes:
    """The whole frame of one text message, server to client (RFC 6455 §5.2)."""
    payload = text.encode()
    size = len(payload)
    if size < 126:
        header = struct.pack("!BB", 0x81, size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", 0x81, 126, size)
    else:
        header = struct.pack("!BBQ", 0x81, 127, size)
    return header + payload


def writer_for(send: Any) -> Writer | None:
    """A direct writer for the socket whose ASGI ``send`` this is, or None (see above)."""
    protocol = getattr(send, "__self__", None)
    while isinstance(protocol, InstanceSessionWrapper):
        protocol = getattr(protocol.real_send, "__self__", None)
    if not isinstance(protocol, WebSocketsSansIOProtocol):
        return None

    def write(frame: bytes) -> bool:
        transport = protocol.transport
        if (
            not protocol.handshake_complete
            or protocol.close_sent
            or protocol.disconnected
            or protocol.initial_response is not None
            or protocol.conn.state is not State.OPEN
            or transport.is_closing()
        ):
            return False
        if transport.get_write_buffer_size() > MAX_BUFFERED:
            logger.info("a watch socket reads nothing: %s bytes unsent, frame dropped",
                        transport.get_write_buffer_size())  # fmt: skip
            return False
        transport.write(frame)
        return True

    return write
