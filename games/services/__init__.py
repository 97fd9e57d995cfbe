"""Service functions of the games app: ``check_*`` validate, ``do_*`` change the database."""
