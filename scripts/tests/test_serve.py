"""Tests of scripts/serve.py, run as a subprocess the way the Swift tests run it.

Run with: python3 -m pytest scripts/tests
"""

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "serve.py"
# The bound on every wait: far above what a passing run needs.
WAIT_LIMIT = 10.0


class Server:
    """A running serve.py: its process, its port, and ways to talk to it."""

    def __init__(self, process, port):
        self.process = process
        self.port = port
        self.base = f"http://127.0.0.1:{port}"

    def get(self, path):
        """(status, body bytes) of GET path; HTTP errors are answers, not exceptions."""
        try:
            with urllib.request.urlopen(self.base + path, timeout=WAIT_LIMIT) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def get_json(self, path):
        status, body = self.get(path)
        return status, json.loads(body)

    def stats(self):
        return self.get_json("/__stats")[1]

    def wait_for_stats(self, what, condition):
        deadline = time.monotonic() + WAIT_LIMIT
        stats = self.stats()
        while not condition(stats):
            assert time.monotonic() < deadline, f"timed out waiting for {what}; stats: {stats}"
            time.sleep(0.005)
            stats = self.stats()
        return stats

    def stop(self, signal_number=signal.SIGTERM):
        """Signals the server and returns its exit status and stderr."""
        self.process.send_signal(signal_number)
        _, stderr = self.process.communicate(timeout=WAIT_LIMIT)
        return self.process.returncode, stderr


def start(port_file, *arguments):
    process = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--port", "0", "--port-file", str(port_file),
         "--max-seconds", "60", *arguments],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + WAIT_LIMIT
    while not port_file.exists():
        if process.poll() is not None:
            pytest.fail(f"serve.py exited with {process.returncode}: {process.stderr.read()}")
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail("serve.py did not write its port file in time")
        time.sleep(0.01)
    return Server(process, int(port_file.read_text()))


@pytest.fixture
def serve(tmp_path):
    """Starts serve.py with the given arguments; stops every server at the end of the test."""
    servers = []

    def launch(*arguments):
        server = start(tmp_path / f"port-{len(servers)}", *arguments)
        servers.append(server)
        return server

    yield launch
    for server in servers:
        if server.process.poll() is None:
            server.process.kill()
            server.process.communicate(timeout=WAIT_LIMIT)


def test_prints_the_loopback_address_first_and_writes_the_port(serve):
    server = serve()
    assert server.process.stdout.readline() == f"listening on http://127.0.0.1:{server.port}\n"


def test_serves_users_in_jsonplaceholders_shape(serve):
    server = serve()
    status, user = server.get_json("/users/3")
    assert status == 200
    assert set(user) == {"id", "name", "username", "email", "address", "phone", "website", "company"}
    assert user["id"] == 3
    assert set(user["address"]) == {"street", "suite", "city", "zipcode", "geo"}
    assert set(user["address"]["geo"]) == {"lat", "lng"}
    assert set(user["company"]) == {"name", "catchPhrase", "bs"}
    status, users = server.get_json("/users")
    assert status == 200 and len(users) == 10


def test_serves_ten_posts_per_user_with_multi_line_bodies(serve):
    server = serve()
    status, posts = server.get_json("/posts?userId=2")
    assert status == 200
    assert len(posts) == 10
    assert all(set(post) == {"userId", "id", "title", "body"} for post in posts)
    assert all(post["userId"] == 2 and "\n" in post["body"] for post in posts)
    assert 120 <= sum(len(post["body"]) for post in posts) / len(posts) <= 240
    assert len(server.get_json("/posts")[1]) == 100


def test_answers_an_unknown_user_as_jsonplaceholder_does(serve):
    server = serve()
    assert server.get("/users/11") == (404, b"{}")
    assert server.get("/users/abc") == (404, b"{}")
    assert server.get("/posts?userId=11") == (200, b"[]")
    assert server.get("/nothing/here") == (404, b"{}")


def test_the_scale_knobs_size_posts_and_bodies(serve):
    server = serve("--posts-per-user", "30", "--body-length", "1000")
    posts = server.get_json("/posts?userId=10")[1]
    assert len(posts) == 30
    assert 700 <= sum(len(post["body"]) for post in posts) / len(posts) <= 1300


def test_two_servers_serve_the_same_bytes(serve):
    first, second = serve(), serve()
    assert first.get("/users/5") == second.get("/users/5")
    assert first.get("/posts?userId=5") == second.get("/posts?userId=5")


def test_injects_statuses_failures_and_malformed_bodies_per_route(serve):
    server = serve("--user-status", "500", "--posts-malformed")
    assert server.get("/users/1") == (500, b"{}")
    status, body = server.get("/posts?userId=1")
    assert status == 200
    with pytest.raises(json.JSONDecodeError):
        json.loads(body)

    failing = serve("--posts-fail-rate", "1")
    assert failing.get("/posts?userId=1") == (500, b"{}")
    assert failing.get("/users/1")[0] == 200


def test_delays_a_route_by_its_latency(serve):
    server = serve("--posts-latency", "200ms", "--posts-jitter", "50ms")
    start_time = time.monotonic()
    server.get("/users/1")
    assert time.monotonic() - start_time < 0.2
    start_time = time.monotonic()
    server.get("/posts?userId=1")
    assert 0.2 <= time.monotonic() - start_time < 2.0


def test_a_hanging_request_ends_when_its_client_leaves(serve):
    server = serve("--hang-route", "posts")
    client = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT_LIMIT)
    client.sendall(b"GET /posts?userId=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    server.wait_for_stats("the request in flight", lambda stats: stats["routes"]["posts"]["inFlight"] == 1)
    client.close()
    stats = server.wait_for_stats("the disconnect", lambda stats: stats["routes"]["posts"]["disconnected"] == 1)
    assert stats["routes"]["posts"]["completed"] == 0


def test_hang_count_hangs_only_the_first_requests(serve):
    server = serve("--hang-route", "posts", "--hang-count", "1")
    client = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT_LIMIT)
    client.sendall(b"GET /posts?userId=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    server.wait_for_stats("the first request in flight", lambda stats: stats["routes"]["posts"]["inFlight"] == 1)
    assert server.get("/posts?userId=1")[0] == 200
    client.close()


def test_an_unwritable_port_file_is_a_one_line_error(tmp_path):
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--port", "0", "--port-file", str(tmp_path / "missing" / "port")],
        capture_output=True, text=True, timeout=WAIT_LIMIT,
    )
    assert result.returncode == 1
    assert result.stderr.startswith("serve.py: error: cannot write the port file ")
    assert result.stderr.count("\n") == 1


def test_listens_on_127_0_0_1_only(serve):
    server = serve()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.2", server.port), timeout=WAIT_LIMIT)


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT])
def test_stops_cleanly_on_a_signal(serve, signal_number):
    server = serve("--hang-route", "user")
    client = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT_LIMIT)
    client.sendall(b"GET /users/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    server.wait_for_stats("the request in flight", lambda stats: stats["inFlight"] == 1)
    status, stderr = server.stop(signal_number)
    assert status == 0
    assert f"stopped ({signal.Signals(signal_number).name})" in stderr
    client.close()


def test_stops_by_itself_after_max_requests(serve):
    server = serve("--max-requests", "2")
    server.get("/__stats")
    server.get("/users/1")
    server.get("/posts?userId=1")
    assert server.process.wait(timeout=WAIT_LIMIT) == 0
    assert "stopped (--max-requests reached) after 2 request(s)" in server.process.stderr.read()


def test_stops_by_itself_after_max_seconds():
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--port", "0", "--max-seconds", "300ms"],
        capture_output=True, text=True, timeout=WAIT_LIMIT,
    )
    assert result.returncode == 0
    assert "stopped (--max-seconds elapsed)" in result.stderr


@pytest.mark.parametrize("arguments", [
    ["--user-latency", "20 parsecs"],
    ["--posts-fail-rate", "1.5"],
    ["--user-status", "1000"],
    ["--hang-route", "comments"],
    ["--max-seconds", "0"],
    ["--port", "70000"],
    ["--unknown"],
])
def test_bad_arguments_are_one_line_on_stderr_with_exit_status_2(arguments):
    result = subprocess.run(
        [sys.executable, str(SCRIPT), *arguments], capture_output=True, text=True, timeout=WAIT_LIMIT,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("serve.py: error: ")
    assert result.stderr.count("\n") == 1
