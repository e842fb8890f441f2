"""``python -m trainer ...`` runs the command line."""

import sys

from trainer.cli import main

sys.exit(main())
