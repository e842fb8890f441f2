"""``python -m trainer.bench``: the quick benchmarks (:mod:`trainer.bench.quick`)."""

import sys

from trainer.bench.quick import main

sys.exit(main())
