"""The fairness issue's attacks, tried against a running server as an attacker would.

    .venv/bin/python scripts/attack_scouting.py http://127.0.0.1:8000

Only a server on this machine: the script refuses any host but 127.0.0.1 / localhost.
It signs up accounts through the sign-up form, then over the public API:

1. scouting: opens today's TriPeaks Easy daily, draws the whole stock and leaves the
   game open; tries guest games on the same daily; opens the daily again;
2. the refusal oracle: names every card it cannot see on that open game and counts the
   distinct answers (one means the refusals tell nothing);
3. practice after the ranked attempt: abandons, opens again, and (given ``--line``, the
   deal's winning line as a worst case of a leaked solution) plays it to the end;
4. bot speed: plays a numbered deal's winning line (``--numbered-line``) as fast as the
   server answers;
5. floods: guest game starts and sign-ups from one address, counting the refusals.

It prints what each step got. Every loop is bounded (at most a few hundred requests).
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import secrets
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any

CARDS = [r + s for s in "CDHS" for r in "A23456789TJQK"]


@dataclass
class Session:
    """One browser-like client: its own cookie jar (session, CSRF)."""

    base: str
    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)

    def __post_init__(self) -> None:
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def csrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "csrftoken"), "")

    def request(
        self, method: str, path: str, body: Any = None, form: bool = False
    ) -> tuple[int, Any]:
        if method == "POST" and not self.csrf():
            self.request("GET", "/")  # a browser has the CSRF cookie from a first page
        data = None
        headers = {
            "Accept": "application/json",
            "X-CSRFToken": self.csrf(),
            "Referer": self.base + "/",
        }
        if body is not None:
            if form:
                data = urllib.parse.urlencode(body).encode()
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            else:
                data = json.dumps(body).encode()
                headers["Content-Type"] = "application/json"
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with self.opener.open(req, timeout=30) as response:
                raw = response.read()
                status = response.status
        except urllib.error.HTTPError as err:
            raw, status = err.read(), err.code
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode("utf-8", "replace")

    def sign_up(self, name: str) -> int:
        self.request("GET", "/accounts/signup/")
        status, _ = self.request(
            "POST",
            "/accounts/signup/",
            {
                "csrfmiddlewaretoken": self.csrf(),
                "username": name,
                "display_name": name,
                "password1": "Scout-pw-8172635",
                "password2": "Scout-pw-8172635",
            },
            form=True,
        )
        return status


def act(s: Session, game_id: str, action: str) -> tuple[int, Any]:
    return s.request("POST", f"/api/games/{game_id}/actions", {"action": action})


def scouting(base: str, line: list[str]) -> None:
    ann = Session(base)
    print("sign-up:", ann.sign_up(f"scout{secrets.token_hex(3)}"))
    ann.request("GET", "/")
    status, game = ann.request("POST", "/api/games", {"daily": "TP-E"})
    print(f"1. daily opened: {status}, ranked={game.get('ranked')}")
    game_id = game["id"]
    drawn = [game["view"]["discard"]]
    for _ in range(23):
        _, state = act(ann, game_id, "D")
        drawn.append(state["view"]["discard"])
    print(f"   drew the stock: {len(drawn) - 1} cards seen, game left open")
    guests = [Session(base).request("POST", "/api/games", {"daily": "TP-E"}) for _ in range(10)]
    print("   guest opens:", sorted({(st, b["error"]["reason"]) for st, b in guests}))
    status, again = ann.request("POST", "/api/games", {"daily": "TP-E"})
    print(f"   reopened: {status}, same game={again['id'] == game_id}, ranked={again['ranked']}")
    _, fresh = ann.request("GET", f"/api/games/{game_id}")
    visible = {c["card"] for c in fresh["view"]["tableau"] if c and c["card"]} | set(drawn)
    unseen = [c for c in CARDS if c not in visible]
    answers = {json.dumps(act(ann, game_id, c)[1], sort_keys=True) for c in unseen}
    print(f"2. oracle: {len(unseen)} unseen cards named, {len(answers)} distinct answer(s)")
    _, ended = act(ann, game_id, "abandon")
    print(f"3. ranked attempt ended: status={ended['status']} ranked={ended['result']['ranked']}")
    status, practice = ann.request("POST", "/api/games", {"daily": "TP-E"})
    print(f"   next game: {status}, ranked={practice['ranked']}")
    if line:
        last: Any = {}
        for token in line:
            _, last = act(ann, practice["id"], token)
        result = last.get("result") or {}
        print(
            f"   leaked line played: status={last.get('status')} events={result.get('events')} "
            f"rank={result.get('rank')}"
        )
        _, feed = ann.request("GET", "/api/events")
        print(f"   feed now has {len(feed)} event(s): {[e['kind'] for e in feed]}")


def bot_speed(base: str, code: str, line: list[str]) -> None:
    bot = Session(base)
    bot.sign_up(f"bot{secrets.token_hex(3)}")
    bot.request("GET", "/")
    _, game = bot.request("POST", "/api/games", {"code": code})
    started = time.monotonic()
    last: Any = {}
    for token in line:
        _, last = act(bot, game["id"], token)
    took = time.monotonic() - started
    result = last.get("result") or {}
    print(
        f"4. bot: {len(line)} actions in {took:.2f} s, status={last.get('status')}, "
        f"review={result.get('review')}, events={[e['kind'] for e in result.get('events', [])]}"
    )


def floods(base: str) -> None:
    guest = Session(base)
    codes: dict[int, int] = {}
    for n in range(1, 301):
        status, _ = guest.request("POST", "/api/games", {"number": n, "variant": "TP-E"})
        codes[status] = codes.get(status, 0) + 1
    print(f"5. 300 guest starts: {dict(sorted(codes.items()))}")
    signups: dict[int, int] = {}
    for _ in range(25):
        status = Session(base).sign_up(f"flood{secrets.token_hex(4)}")
        signups[status] = signups.get(status, 0) + 1
    print(f"   25 sign-ups: {dict(sorted(signups.items()))}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="http://127.0.0.1:PORT")
    parser.add_argument("--line", default="", help="the daily's winning line (worst case)")
    parser.add_argument("--numbered", default="TP1-E-AAAAAAB")
    parser.add_argument("--numbered-line", default="")
    args = parser.parse_args()
    host = urllib.parse.urlparse(args.base).hostname
    if host not in ("127.0.0.1", "localhost"):
        print("only a server on this machine (127.0.0.1 / localhost)", file=sys.stderr)
        return 2
    scouting(args.base.rstrip("/"), args.line.split())
    if args.numbered_line:
        bot_speed(args.base.rstrip("/"), args.numbered, args.numbered_line.split())
    floods(args.base.rstrip("/"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
