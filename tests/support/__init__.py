"""What the tests share and the benchmarks do not: helpers that read a game or serve the app
for a test, kept out of the package (the benchmarks' own tools, which the tests use too,
stay in :mod:`trainer.bench`)."""
