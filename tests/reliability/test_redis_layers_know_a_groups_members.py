"""Both Redis layers say whether a group has a member (core.pushes builds a deal's board
push only then): the core layer from the group's sorted set, unexpired members only;
the pub/sub layer from Redis' subscription count of the group's channel, which a
process's watchers hold while any of its sockets watches."""

from __future__ import annotations

import os
import uuid

import pytest

from core.channel_layers import (
    ResilientRedisChannelLayer,
    ResilientRedisPubSubChannelLayer,
    has_members,
)

pytestmark = pytest.mark.services


@pytest.mark.parametrize(
    "layer_class",
    [ResilientRedisChannelLayer, ResilientRedisPubSubChannelLayer],
    ids=["redis-core", "redis-pubsub"],
)
async def test_a_group_has_members_from_its_first_join_to_its_last_leave(
    layer_class: type,
) -> None:
    layer = layer_class(hosts=[os.environ["REDIS_URL"]])
    group, other = f"deal.t{uuid.uuid4().hex}", f"deal.t{uuid.uuid4().hex}"
    try:
        assert not await has_members(layer, [group])
        first, second = await layer.new_channel("watch."), await layer.new_channel("watch.")
        await layer.group_add(group, first)
        await layer.group_add(group, second)
        assert await layer.group_has_members(group)
        assert await has_members(layer, [other, group])
        assert not await has_members(layer, [other])
        await layer.group_discard(group, first)
        assert await has_members(layer, [group])
        await layer.group_discard(group, second)
        assert not await has_members(layer, [group])
    finally:
        await layer.flush()


async def test_an_expired_membership_is_no_member() -> None:
    layer = ResilientRedisChannelLayer(hosts=[os.environ["REDIS_URL"]], group_expiry=-5)
    group = f"deal.t{uuid.uuid4().hex}"
    try:
        await layer.group_add(group, await layer.new_channel("watch."))
        assert not await has_members(layer, [group])
    finally:
        await layer.flush()
