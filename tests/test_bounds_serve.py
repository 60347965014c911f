"""`rulesdb serve` bounded for every client, over real HTTP against a real server process: slow
and half-open clients are answered 408 and closed once the head timeout passes (then a real
request is answered), connections past what the process's descriptors allow are closed at
once (no "Too many open files", no traceback per connection), and no POST is a 500. Every
wait is bounded generously (a hang fails; a slow machine does not)."""

from __future__ import annotations

import contextlib
import http.client
import importlib.util
import re
import resource
import select
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.support.runs import process_env

pytestmark = [
    pytest.mark.skipif(
        importlib.util.find_spec("datasette") is None, reason="the web extra is not installed"
    ),
    pytest.mark.xdist_group("web"),  # with the browser tests: servers, not cores, at once
]

HANG = 60  # seconds: an upper bound for a server that is broken, not a speed test
HEAD_TIMEOUT = "1"  # RULESDB_SERVE_HEADER_TIMEOUT for these servers, seconds
SERVER_FILES = 1024  # the server's descriptors: the common default ulimit
HALF_OPEN = 1100  # half-sent requests: past what SERVER_FILES allows the server to hold
FLOOD_TIMEOUT = 10.0  # the head timeout while they are opened: long enough to hold them all


@dataclass
class Served:
    host: str
    port: int
    console: list[str] = field(default_factory=list)

    def connect(self) -> socket.socket:
        return socket.create_connection((self.host, self.port), timeout=HANG)

    def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=HANG)
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        response.read()
        connection.close()
        return response

    def text(self) -> str:
        return "".join(self.console)


@contextlib.contextmanager
def served(database: Path, head_timeout: str = HEAD_TIMEOUT) -> Iterator[Served]:
    """`rulesdb serve --port 0` on ``database`` as its own process, with SERVER_FILES
    descriptors and the head timeout given; its console kept as it comes."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)

    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(SERVER_FILES, hard), hard))

    process = subprocess.Popen(
        [sys.executable, "-m", "rulesdb", "--db", f"sqlite:///{database}", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=process_env(RULESDB_SERVE_HEADER_TIMEOUT=head_timeout),
        preexec_fn=few_files,
    )
    assert process.stdout is not None
    try:
        ready, _, _ = select.select([process.stdout], [], [], HANG)
        line = process.stdout.readline() if ready else ""
        found = re.search(r"on http://([\d.]+):(\d+)/ ", line)
        assert found, f"rulesdb serve did not start: {line!r}"
        site = Served(found.group(1), int(found.group(2)))
        threading.Thread(
            target=lambda: site.console.extend(process.stdout),  # type: ignore[arg-type]
            daemon=True,
        ).start()
        deadline = time.monotonic() + HANG
        while True:
            try:
                site.request("GET", "/-/versions.json")
                break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None, site.text()
                time.sleep(0.2)
        yield site
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def site(_head_sqlite: Path) -> Iterator[Served]:
    with served(_head_sqlite) as running:
        yield running


def answer_and_close(sock: socket.socket) -> bytes:
    """What the server sends on ``sock`` until it closes it (within HANG)."""
    sock.settimeout(HANG)
    received = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := sock.recv(65536):
            received += chunk
    return received


def wait_closed(sockets: list[socket.socket]) -> int:
    """Wait until the server has closed every socket (each readable: an answer, then end of
    file, or a reset); how many it answered 408."""
    poller = select.poll()
    for sock in sockets:
        poller.register(sock, select.POLLIN)
    waiting = {sock.fileno(): sock for sock in sockets}
    timed_out = 0
    deadline = time.monotonic() + HANG
    while waiting:
        assert time.monotonic() < deadline, f"{len(waiting)} connections still open"
        for fd, _ in poller.poll(1000):
            sock = waiting.pop(fd)
            poller.unregister(fd)
            timed_out += answer_and_close(sock).startswith(b"HTTP/1.1 408 ")
    return timed_out


def test_half_open_requests_are_closed_and_real_requests_answered(_head_sqlite: Path) -> None:
    """More half-sent requests than the server has descriptors for: the ones past its cap
    are closed at once (when they were all open before the first timed out), the rest answered
    408 after the head timeout; then a real request is answered 200, and the console has a
    few counted lines, not a traceback per connection."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = HALF_OPEN + 256
    if soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            pytest.skip(f"this process may open {hard} files; the test needs {needed}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    half_open: list[socket.socket] = []
    try:
        with served(_head_sqlite, f"{FLOOD_TIMEOUT:g}") as running:
            started = time.monotonic()
            for _ in range(HALF_OPEN):
                sock = running.connect()
                sock.sendall(b"GET /rulesdb HTTP/1.1\r\nHost: localhost\r\n")  # no end
                half_open.append(sock)
            all_open = time.monotonic() - started < FLOOD_TIMEOUT
            answered_408 = wait_closed(half_open)
            assert running.request("GET", "/-/versions.json").status == 200
            took = time.monotonic() - started
            console = running.text()
    finally:
        for sock in half_open:
            sock.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert answered_408 > 0
    if all_open:  # then some were past the cap, closed without an answer
        assert answered_408 < HALF_OPEN
    assert "Traceback" not in console and "Too many open files" not in console, console[-3000:]
    lines = console.splitlines()
    slow = [
        line for line in lines if f"whose request did not arrive within {FLOOD_TIMEOUT:g} s" in line
    ]
    crowded = [line for line in lines if "open at once this process's file descriptors" in line]
    assert slow and (crowded or not all_open), console[-3000:]
    # One line at once, then one at most every 10 s (connections.REPORT_EVERY), for each kind.
    assert len(slow) <= 2 + took / 10 and len(crowded) <= 2 + took / 10, console[-3000:]
    counted = sum(
        int(re.search(r"closed (\d+)", line).group(1))  # type: ignore[union-attr]
        for line in slow + crowded
    )
    assert counted <= HALF_OPEN


def test_the_head_deadline_applies_to_each_request_of_a_connection(site: Served) -> None:
    """A head sent in pieces within the timeout is answered; on the same kept-alive
    connection, a next request left unfinished is answered 408 and closed."""
    with site.connect() as sock:
        sock.sendall(b"GET /-/versions.json HTTP/1.1\r\n")
        sock.sendall(b"Host: localhost\r\n\r\n")
        answer = b""
        while not answer.endswith(b"\r\n0\r\n\r\n"):  # the last chunk
            chunk = sock.recv(65536)
            assert chunk, answer
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 200 ")
        sock.sendall(b"GET /-/versions.json HTTP/1.1\r\nHost: local")
        assert answer_and_close(sock).startswith(b"HTTP/1.1 408 ")


def test_a_connection_that_sends_nothing_is_closed(site: Served) -> None:
    with site.connect() as sock:
        assert answer_and_close(sock).startswith(b"HTTP/1.1 408 ")


def test_a_body_that_does_not_arrive_is_answered_408(site: Served) -> None:
    with site.connect() as sock:
        sock.sendall(
            b"POST /-/messages HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
            b"application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nmess"
        )
        assert answer_and_close(sock).startswith(b"HTTP/1.1 408 ")


FORM = "application/x-www-form-urlencoded"


def csrf(site: Served) -> tuple[str, str]:
    """A csrftoken cookie and the form field that goes with it, as the page gives them."""
    connection = http.client.HTTPConnection(site.host, site.port, timeout=HANG)
    connection.request("GET", "/-/messages")
    response = connection.getresponse()
    page = response.read().decode()
    connection.close()
    cookie = (response.getheader("set-cookie") or "").split(";", 1)[0]
    token = re.search(r'name="csrftoken" value="([^"]+)"', page)
    assert cookie.startswith("ds_csrftoken=") and token, page[:500]
    return cookie, token.group(1)


@pytest.mark.parametrize("with_token", [False, True], ids=["no cookie", "csrftoken"])
@pytest.mark.parametrize(
    ("path", "body", "content_type", "statuses"),
    [
        ("/-/messages", b"message=hi&message_type=INFO", FORM, {302}),
        ("/-/messages", b"message=hi&message_type=all", FORM, {302}),
        ("/-/messages", b"message=hi&message_type=1", FORM, {400}),
        ("/-/messages", b"message=\xff\xfe", FORM, {400}),
        ("/-/messages", b"message=\xff\xfe", "text/plain", {400}),
        (
            "/-/messages",
            b'--b\r\nContent-Disposition: form-data; name="message"\r\n\r\nhi\r\n--b--\r\n',
            "multipart/form-data; boundary=b",
            {415},
        ),
        ("/-/messages", b"message=" + b"x" * 200_000, FORM, {413}),
        ("/-/logout", b"x=\xff", FORM, {400}),
        ("/rulesdb/release", b"a=1", FORM, {400}),
        ("/rulesdb", b"sql=select+1", FORM, {405}),
    ],
    ids=lambda value: value if isinstance(value, str) and value.startswith("/") else None,
)
def test_posts_are_answered_4xx_or_redirected_never_500(
    site: Served, path: str, body: bytes, content_type: str, statuses: set[int], with_token: bool
) -> None:
    headers = {"Content-Type": content_type}
    if with_token:
        cookie, token = csrf(site)
        headers["Cookie"] = cookie
        if content_type == FORM:
            body = f"csrftoken={token}&".encode() + body
        else:
            headers["x-csrftoken"] = token  # asgi-csrf's header: the body is not a form
    before = len(site.console)
    assert site.request("POST", path, body, headers).status in statuses
    time.sleep(0.2)  # the console line is written after the answer
    console = "".join(site.console[before:])
    assert "Traceback" not in console and "│" not in console, console[-3000:]


def test_a_post_without_the_cookies_token_is_refused(site: Served) -> None:
    """asgi-csrf stays in front: a form with a csrftoken cookie but no matching field is 403."""
    cookie, _ = csrf(site)
    response = site.request(
        "POST",
        "/-/messages",
        b"message=hi&csrftoken=forged",
        {"Content-Type": FORM, "Cookie": cookie},
    )
    assert response.status == 403


@pytest.mark.parametrize("number", ["702." + "1" * 5000, "702." + "9" * 5000 + "a", "7" * 5000])
def test_a_rule_number_thousands_of_digits_long_is_a_page(_head_sqlite: Path, number: str) -> None:
    """In process: a page saying the number is malformed, never a 500, and short."""
    import asyncio

    from rulesdb.web.server import build

    response = asyncio.run(build(_head_sqlite).client.get(f"/rule/{number}"))
    assert response.status_code in (400, 404), response.status_code
    assert "Malformed rule number" in response.text and len(response.text) < 50_000
