"""Template helpers of the arena pages."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString

from frontend.cards import client_strings, rule_set_label

register = template.Library()


@register.simple_tag
def arena_strings() -> SafeString:
    """Card names, rule messages and labels in the page's language, for the scripts."""
    return json_script(client_strings(), "arena-strings")


@register.filter
def variant_label(variant: str) -> str:
    return rule_set_label(variant)


@register.filter
def duration(ms: Any) -> str:
    """Milliseconds as m:ss (or h:mm:ss)."""
    if ms is None or ms == "":
        return "\u2013"  # an en dash
    total = max(0, int(ms) // 1000)
    hours, rest = divmod(total, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"
