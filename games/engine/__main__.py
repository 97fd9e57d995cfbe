import sys

from games.engine.cli import main

sys.exit(main())
