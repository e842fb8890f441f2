"""A throwaway PostgreSQL server for the tests and the crowd benchmark, started from Debian's
``postgresql`` package in a temporary folder (``initdb`` and ``pg_ctl``), on 127.0.0.1 and a
free port, and stopped at the end: no installed or running service is assumed. PostgreSQL
refuses to run as root, so as root the server runs as the ``postgres`` user the package
makes, in a folder it owns.

Its settings are a test server's: no password (``trust``, on the loopback address only) and
no ``fsync`` (it need not survive the machine crashing, only itself). A club's server is set
up as the README's "Clubs" section says, never like this."""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from trainer.bench.serving import free_port

_names = itertools.count(1)


def bin_dir() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest version installed), or None."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: p.parts[-3])
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _as_server_user() -> list[str]:
    """How to run a server command: as ``postgres`` when this is root."""
    if os.geteuid() != 0:
        return []
    runuser = shutil.which("runuser")
    if runuser is None:
        raise RuntimeError("running as root, and there is no runuser to start PostgreSQL with")
    return [runuser, "-u", "postgres", "--"]


@dataclass
class Server:
    """A running server: where its data is, its port, and how to reach a database."""

    bin: Path
    data: Path
    port: int
    log: Path

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _ctl(self, *args: str) -> None:
        subprocess.run(
            [*_as_server_user(), str(self.bin / "pg_ctl"), "-D", str(self.data), *args],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.data} "
            "-c fsync=off -c full_page_writes=off -c max_connections=200"
        )  # fsync off: a test server need not survive the machine crashing, only itself
        self._ctl("-w", "-l", str(self.log), "-o", options, "start")

    def stop(self, mode: str = "fast") -> None:
        self._ctl("-w", "-m", mode, "stop")

    def restart(self, mode: str = "immediate") -> None:
        """Stop the server (``immediate``: as if it had crashed) and start it again."""
        self.stop(mode)
        self.start()

    def new_database(self) -> str:
        """A new, empty database's URL."""
        import psycopg

        name = f"t{os.getpid()}_{next(_names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextlib.contextmanager
def server(folder: Path) -> Iterator[Server]:
    """A fresh server in ``folder`` for as long as the block lasts."""
    binaries = bin_dir()
    if binaries is None:
        raise RuntimeError("PostgreSQL's initdb is not installed (apt-get install postgresql)")
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    subprocess.run(
        [*_as_server_user(), str(binaries / "initdb"), "-D", str(data), "-U", "postgres",
         "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    running = Server(binaries, data, free_port(), folder / "server.log")
    running.start()
    try:
        yield running
    finally:
        from trainer.progress.store.postgres import close_pools

        close_pools()
        with contextlib.suppress(subprocess.SubprocessError):
            running.stop("immediate")
