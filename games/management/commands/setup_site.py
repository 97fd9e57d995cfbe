"""`manage.py setup_site`: what `make run` needs before serving.

* an `admin` superuser; its random password is printed once, when the account is created
  (reset it later with `manage.py changepassword admin`);
* the daily deals (today and ahead), via games.services.daily.ensure_daily_deals(),
  whose solver searches run one process per core (games/vetting_pool.py);
* the solver facts of numbered deals 1..2000 from the repository's data file
  (games/facts_file.py), in bulk, so numbered deals show Winnable and Par at once.
"""

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from games.facts_file import FACTS_FILE, do_load_facts_file
from games.services.daily import ensure_daily_deals


class Command(BaseCommand):
    help = "Create the admin account (password printed once) and ensure the daily deals."
    # No system checks of its own: it runs after `migrate`, which has just run them
    # (`make run`, docker compose), and they were a tenth of its time (issue 13).
    requires_system_checks: list[str] = []

    def handle(self, *args: Any, **options: Any) -> None:
        self._ensure_admin()
        self._load_solver_facts()
        self._ensure_daily_deals()

    def _load_solver_facts(self) -> None:
        if not FACTS_FILE.exists():
            self.stdout.write(f"Solver facts: no {FACTS_FILE.name}; deals are solved on demand.")
            return
        loaded, known = do_load_facts_file(FACTS_FILE)
        if loaded == known == 0:
            self.stdout.write("Solver facts: the data file is of another solver version: skipped.")
        else:
            self.stdout.write(f"Solver facts: {loaded} loaded, {known} already known.")

    def _ensure_admin(self) -> None:
        User = get_user_model()
        with transaction.atomic():
            if User.objects.filter(username="admin").exists():
                self.stdout.write("Admin account: admin (exists; password unchanged).")
                return
            password = secrets.token_urlsafe(12)
            User.objects.create_superuser(username="admin", email="", password=password)
        self.stdout.write(
            self.style.SUCCESS(
                "Created the admin account. This password is shown ONCE:\n"
                f"    username: admin\n    password: {password}\n"
                "Log in at /admin/ on the server's address. Forgot it? "
                "`manage.py changepassword admin` sets a new one."
            )
        )

    def _ensure_daily_deals(self) -> None:
        created = ensure_daily_deals()
        if not created:
            self.stdout.write("Daily deals: every slot already has its deal.")
            return
        self.stdout.write(f"Daily deals: {len(created)} new (sealed, solver-vetted):")
        for daily in sorted(created, key=lambda d: (d.date, d.variant)):
            # Never the code: a sealed deal's code is secret until its day closes.
            self.stdout.write(f"    {daily.date.isoformat()}  {daily.variant}")
