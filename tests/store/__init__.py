"""The progress store (trainer.progress.store): one test module per module of the store, named
after it, and its reliability under stress; the whole store on each backend is tests/test_store.py."""
