"""Progress: the SQLite store and the figures the Progress page shows."""
