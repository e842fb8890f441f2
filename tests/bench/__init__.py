"""The benchmarks (trainer.bench), each run as a command on a small load: one test module per
benchmark module, named after it."""
