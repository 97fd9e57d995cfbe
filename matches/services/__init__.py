"""Services of the matches app: ``check_*`` validate without writing, ``do_*`` write.

``lobby``: create, join, ready, leave, start, expiry. ``rounds``: drawing a round's
sealed deal, starting and ending rounds, the end of the match. ``playing``: what live
play calls through its registrations (a round game opened, an action committed, a
round's time limit).
"""
