# Models of the games app (see docs/architecture.md, "Data model"): owned by the engineer
# building this app, together with its migrations.
