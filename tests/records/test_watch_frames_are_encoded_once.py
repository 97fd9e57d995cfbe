"""The watch sockets' frame, built once per event (leaderboards.frame_writes), is the
frame websockets' own parser reads back as the same text, at each length form of
RFC 6455 (7-bit, 16-bit and 64-bit lengths); sockets not served by uvicorn's sansio
protocol get no direct writer and are sent through ASGI, and those served by it get one
through channels' session middleware too."""

from __future__ import annotations

import pytest
from channels.sessions import InstanceSessionWrapper
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from leaderboards import frame_writes


def parsed(data: bytes) -> Frame:
    reader = StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    parser = Frame.parse(reader.read_exact, mask=False, max_size=None)
    try:
        next(parser)
    except StopIteration as done:
        frame: Frame = done.value
        return frame
    raise AssertionError("the frame was not complete")


@pytest.mark.parametrize("size", [0, 125, 126, 65_535, 65_536, 200_000])
def test_the_frame_reads_back_as_the_text(size: int) -> None:
    text = ("é" + "x" * size)[:size] if size else ""
    frame = parsed(frame_writes.text_frame(text))
    assert frame.opcode == Opcode.TEXT and frame.fin and not frame.rsv1
    assert frame.data.decode() == text


def test_a_socket_not_served_by_uvicorn_has_no_direct_writer() -> None:
    async def send(message: dict[str, object]) -> None:
        return None

    assert frame_writes.writer_for(send) is None
    assert frame_writes.writer_for(None) is None


def test_a_socket_behind_channels_session_middleware_gets_its_direct_writer() -> None:
    # What config/asgi.py serves: AuthMiddlewareStack wraps each socket's send in
    # channels' session wrapper, around uvicorn's sansio protocol's own send.
    protocol = WebSocketsSansIOProtocol.__new__(WebSocketsSansIOProtocol)
    wrapped = InstanceSessionWrapper({"cookies": {}}, protocol.send)
    assert frame_writes.writer_for(protocol.send) is not None
    assert frame_writes.writer_for(wrapped.send) is not None
    around_other = InstanceSessionWrapper({"cookies": {}}, _other_send)
    assert frame_writes.writer_for(around_other.send) is None


async def _other_send(message: dict[str, object]) -> None:
    return None
