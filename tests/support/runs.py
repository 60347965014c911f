"""rulesdb run for a test: in process (CliRunner) or as a real process with a clean environment,
and several at once where a race is the point."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulesdb.cli import main
from tests.support.pgurl import PG_URL as PG_URL

# The report of a test's call, kept on its item (tests/conftest.py) for a fixture that acts
# only when the test failed (tests/test_web.py's screenshot).
CALL_REPORT = pytest.StashKey[pytest.TestReport]()


# Variables of the caller's shell that would point a child process at another database or
# release chain than the one its test chose.
_PRIVATE_ENV = ("RULESDB_URL", "RULESDB_DATA_ROOT", "XDG_DATA_HOME")


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``rulesdb ARGS`` in-process, through the real entry point: (exit code, stdout, stderr)."""
    capsys.readouterr()
    try:
        main(args)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    else:
        code = 0
    out, err = capsys.readouterr()
    return code, out, err


def run_in_process(*args: str, input: str = "") -> subprocess.CompletedProcess[str]:
    """``rulesdb ARGS`` in-process (click's isolation, no capsys needed), shaped like a finished
    process: returncode, stdout, stderr."""
    with CliRunner().isolation(input=input.encode("utf-8")) as (out, err, _):
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        return subprocess.CompletedProcess(
            ["rulesdb", *args], code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")
        )


def process_env(**extra: str) -> dict[str, str]:
    """This environment without the caller's database and chain, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in _PRIVATE_ENV}
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # keep copied checkouts free of __pycache__
    env.update(extra)
    return env


def rulesdb_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "rulesdb", *args]


def under_hash_seed(seed: str, *args: str, code: int = 0, cwd: Path | None = None) -> str:
    """What ``rulesdb ARGS`` prints as a real process under PYTHONHASHSEED=``seed`` (its exit
    status checked to be ``code``): answers a user compares or commits must be the same bytes
    whatever the seed, so a set or dict put out unordered shows as two outputs."""
    done = subprocess.run(
        rulesdb_command(*args),
        cwd=cwd,
        env=process_env(PYTHONHASHSEED=seed),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == code, done.stderr
    return done.stdout


def run_process(
    *args: str, env: dict[str, str] | None = None, input: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``rulesdb ARGS`` as a real process, for the tests whose point is one (kills,
    concurrency, start-up imports, the installed entry points)."""
    return subprocess.run(
        rulesdb_command(*args),
        capture_output=True,
        text=True,
        env=env if env is not None else process_env(),
        input=input,
        cwd=cwd,
        timeout=300,
    )


RACERS = 4  # processes started at once where a race is the point


def run_together(
    argv: list[str], env: dict[str, str], count: int = RACERS
) -> list[subprocess.CompletedProcess[str]]:
    """Start ``count`` identical rulesdb processes back to back, then wait for all of them."""
    command = rulesdb_command(*argv)
    started = [
        subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )
        for _ in range(count)
    ]
    finished = []
    for process in started:
        out, err = process.communicate(timeout=300)
        finished.append(subprocess.CompletedProcess(command, process.returncode, out, err))
    return finished


def run_one(argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    [result] = run_together(argv, env, count=1)
    return result


def assert_all_ok(results: list[subprocess.CompletedProcess[str]]) -> None:
    for result in results:
        assert result.returncode == 0, result.stderr
