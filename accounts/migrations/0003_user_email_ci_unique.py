"""One account per e-mail address, whatever its case (accounts/emails.py): a unique index
on ``lower(email)`` of ``auth_user``, empty addresses left out (older accounts have none).
Both SQLite and PostgreSQL accept this partial expression index."""

from django.db import migrations

EMAIL_INDEX = "accounts_user_email_ci_unique"  # accounts.emails.EMAIL_INDEX


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_profile_name_key"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunSQL(
            sql=f"CREATE UNIQUE INDEX {EMAIL_INDEX} ON auth_user (lower(email)) WHERE email <> ''",
            reverse_sql=f"DROP INDEX {EMAIL_INDEX}",
        ),
    ]
