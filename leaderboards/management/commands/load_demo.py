"""`manage.py load_demo`: demo players, results and a series (once; `make run` calls it)."""

from typing import Any

from django.core.management.base import BaseCommand

from leaderboards.demo import do_load_demo


class Command(BaseCommand):
    help = "Load demo players with results on the first numbered deals (skipped if loaded)."

    def handle(self, *args: Any, **options: Any) -> None:
        summary = do_load_demo()
        if summary is None:
            self.stdout.write("Demo data: already loaded.")
        else:
            self.stdout.write(self.style.SUCCESS(f"Demo data loaded: {summary}."))
