#!/usr/bin/env python3
"""A loopback HTTP server with jsonplaceholder's profile routes, for running
the profile scene over a real network stack.

Routes (the shape of https://jsonplaceholder.typicode.com, and of MockDataset):

  GET /users/{id}          one user with nested address/geo/company; 404 {} if unknown
  GET /users               every user
  GET /posts?userId={id}   that user's posts with multi-line bodies; 200 [] if unknown
  GET /posts               every post
  GET /__stats             request counts as JSON (never delayed, never failed)

Anything else answers 404 {}. The data is generated from a fixed seed, so two
servers started with the same scale serve the same bytes.

Per-route behaviour ("user" is /users/{id}, "posts" is /posts): a latency with
optional jitter, a forced status, a random failure rate (500), a malformed
body, or a hang that lasts until the client goes away or the server stops
(for every request of the route, or only its first --hang-count requests).
A request whose client disconnects while it waits is counted as
"disconnected" in /__stats; that is how a test sees a cancellation reach the
server.

The server binds to 127.0.0.1 only, and always stops by itself: after
--max-seconds (30 minutes by default), after --max-requests API requests if
given, or on SIGTERM/SIGINT.

Examples:
  scripts/serve.py --port 8765
  scripts/serve.py --port 0 --port-file /tmp/port --posts-latency 20ms --posts-jitter 5ms
  scripts/serve.py --port 0 --hang-route posts --max-seconds 60
"""

import argparse
import json
import os
import random
import re
import select
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

HOST = "127.0.0.1"
ROUTES = ("user", "posts")
DATASET_SEED = 0x1501A710BE7C
# How often a waiting request checks whether its client left or the server is stopping.
POLL_INTERVAL = 0.01

# --- Command line ---

_DURATION = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(us|µs|ms|s)?\s*$")
_UNITS = {None: 1.0, "s": 1.0, "ms": 1e-3, "us": 1e-6, "µs": 1e-6}


def duration(text):
    """Parses '20ms', '1.5s', '500us' or a bare number of seconds into seconds."""
    match = _DURATION.match(text)
    if not match:
        raise argparse.ArgumentTypeError(f"invalid duration '{text}' (examples: 20ms, 1.5s, 500us)")
    return float(match.group(1)) * _UNITS[match.group(2)]


def probability(text):
    """Parses a probability between 0 and 1."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"invalid probability '{text}' (expected 0 to 1)")
    return value


def status_code(text):
    """Parses an HTTP status code between 100 and 599."""
    if not text.isdigit() or not 100 <= int(text) <= 599:
        raise argparse.ArgumentTypeError(f"invalid HTTP status '{text}' (expected 100 to 599)")
    return int(text)


def bounded_int(low, what):
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if value < low:
            raise argparse.ArgumentTypeError(f"invalid {what} '{text}' (expected an integer >= {low})")
        return value

    return parse


def positive_seconds(text):
    value = duration(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"invalid duration '{text}' (must be above zero)")
    return value


def port_number(text):
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"invalid port '{text}' (expected 0 to 65535)")
    return int(text)


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, with exit status 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def make_parser():
    parser = OneLineErrorParser(
        prog="serve.py",
        description="Serve jsonplaceholder's /users/{id} and /posts?userId={id} on 127.0.0.1.",
        epilog="Durations take a unit: 20ms, 1.5s, 500us (a bare number is seconds).",
    )
    parser.add_argument("--port", type=port_number, default=8765,
                        help="port to listen on; 0 picks a free one (default: 8765)")
    parser.add_argument("--port-file", metavar="FILE",
                        help="write the port number to FILE once listening")
    parser.add_argument("--users", type=bounded_int(0, "user count"), default=10,
                        help="number of users, ids 1...N (default: 10)")
    parser.add_argument("--posts-per-user", type=bounded_int(0, "post count"), default=10,
                        help="posts per user (default: 10)")
    parser.add_argument("--body-length", type=bounded_int(1, "body length"), default=180,
                        help="mean post body length in characters, varying by 30%% (default: 180)")
    for route in ROUTES:
        path = "/users/{id}" if route == "user" else "/posts"
        parser.add_argument(f"--{route}-latency", type=duration, default=0.0, metavar="DURATION",
                            help=f"delay before answering {path} (default: 0)")
        parser.add_argument(f"--{route}-jitter", type=duration, default=0.0, metavar="DURATION",
                            help=f"extra delay drawn uniformly from 0 to DURATION for {path} (default: 0)")
        parser.add_argument(f"--{route}-status", type=status_code, metavar="CODE",
                            help=f"answer {path} with CODE and body {{}} (default: the natural answer)")
        parser.add_argument(f"--{route}-fail-rate", type=probability, default=0.0, metavar="P",
                            help=f"answer {path} with 500 {{}} with probability P (default: 0)")
        parser.add_argument(f"--{route}-malformed", action="store_true",
                            help=f"answer {path} with 200 and a body that is not JSON")
    parser.add_argument("--hang-route", action="append", choices=ROUTES, default=[],
                        help="never answer this route; the request waits until its client "
                             "disconnects or the server stops (repeatable)")
    parser.add_argument("--hang-count", type=bounded_int(1, "hang count"), metavar="N",
                        help="only the first N requests of each --hang-route hang; later ones are "
                             "answered (default: all hang)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the jitter and failure draws (default: 1)")
    parser.add_argument("--max-requests", type=bounded_int(1, "request count"), metavar="N",
                        help="stop after N API requests; /__stats is not counted (default: no limit)")
    parser.add_argument("--max-seconds", type=positive_seconds, default=1800.0, metavar="DURATION",
                        help="stop after this long, whatever happens (default: 1800s)")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    return parser


# --- Dataset ---

_WORDS = (
    "quia et suscipit recusandae consequuntur expedita cum reprehenderit molestiae ut quas totam "
    "nostrum rerum est autem sunt rem eveniet architecto qui esse tempore vitae sequi sint nihil "
    "reprehenderit dolor beatae ea dolores neque fugiat blanditiis voluptate porro vel nihil "
    "molestiae voluptas aperiam odit accusamus enim minima facilis repellat provident occaecati "
    "excepturi optio magnam dolorem ipsam corporis illum doloribus laboriosam voluptatem"
).split()
_FIRST_NAMES = ["Leanne", "Ervin", "Clementine", "Patricia", "Chelsey", "Dennis", "Kurtis",
                "Nicholas", "Glenna", "Clementina"]
_LAST_NAMES = ["Graham", "Howell", "Bauch", "Lebsack", "Dietrich", "Schulist", "Weissnat",
               "Runolfsdottir", "Reichert", "DuBuque"]


def _sentence(rng, low, high):
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(low, high)))


def _body(rng, length):
    """Lines of about 45 characters joined by newlines, about `length` characters (±30%)."""
    target = max(1, int(length * rng.uniform(0.7, 1.3)))
    lines, line, total = [], "", 0
    while total < target:
        word = rng.choice(_WORDS)
        if line and len(line) + len(word) + 1 > 45:
            lines.append(line)
            total += 1
            line = ""
        line = word if not line else f"{line} {word}"
        total += len(word) + 1
    lines.append(line)
    return "\n".join(lines)


def _digits(rng, count):
    return "".join(str(rng.randint(0, 9)) for _ in range(count))


def _user(rng, user_id):
    first, last = rng.choice(_FIRST_NAMES), rng.choice(_LAST_NAMES)
    domain = rng.choice(_WORDS) + rng.choice([".biz", ".org", ".io", ".net"])
    return {
        "id": user_id,
        "name": f"{first} {last}",
        "username": f"{first[0]}{last}{user_id}",
        "email": f"{first}.{last}@{domain}",
        "address": {
            "street": _sentence(rng, 2, 2).title() + " Street",
            "suite": f"Apt. {_digits(rng, 3)}",
            "city": rng.choice(_WORDS).capitalize() + "ville",
            "zipcode": f"{_digits(rng, 5)}-{_digits(rng, 4)}",
            "geo": {"lat": f"{rng.uniform(-90, 90):.4f}", "lng": f"{rng.uniform(-180, 180):.4f}"},
        },
        "phone": f"1-{_digits(rng, 3)}-{_digits(rng, 3)}-{_digits(rng, 4)} x{_digits(rng, 5)}",
        "website": domain,
        "company": {
            "name": f"{last}-{rng.choice(_LAST_NAMES)}",
            "catchPhrase": _sentence(rng, 3, 5),
            "bs": _sentence(rng, 3, 4),
        },
    }


class Dataset:
    """Users and posts in jsonplaceholder's shape, encoded once."""

    def __init__(self, users, posts_per_user, body_length):
        rng = random.Random(DATASET_SEED)
        self.users = []
        self.posts_by_user = []
        next_post_id = 1
        for user_id in range(1, users + 1):
            self.users.append(_user(rng, user_id))
            posts = []
            for _ in range(posts_per_user):
                posts.append({
                    "userId": user_id,
                    "id": next_post_id,
                    "title": _sentence(rng, 3, 10),
                    "body": _body(rng, body_length),
                })
                next_post_id += 1
            self.posts_by_user.append(posts)
        self._user_bodies = [_encode(user) for user in self.users]
        self._posts_bodies = [_encode(posts) for posts in self.posts_by_user]
        self._all_users = _encode(self.users)
        self._all_posts = _encode([post for posts in self.posts_by_user for post in posts])

    def user(self, user_id):
        """(status, body) of /users/{id}: 404 {} for an unknown or non-numeric id."""
        index = _index(user_id, len(self._user_bodies))
        return (404, b"{}") if index is None else (200, self._user_bodies[index])

    def posts(self, user_id):
        """(status, body) of /posts?userId={id}: 200 [] for an unknown user, every post without id."""
        if user_id is None:
            return 200, self._all_posts
        index = _index(user_id, len(self._posts_bodies))
        return (200, b"[]") if index is None else (200, self._posts_bodies[index])

    def all_users(self):
        return 200, self._all_users


def _index(text, count):
    if text is None or not text.isdigit():
        return None
    index = int(text) - 1
    return index if 0 <= index < count else None


def _encode(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


# --- Statistics ---


class Stats:
    """Counts of requests per route, behind one lock; /__stats serves a snapshot."""

    FIELDS = ("received", "inFlight", "completed", "disconnected")

    def __init__(self):
        self._lock = threading.Lock()
        self._routes = {route: dict.fromkeys(self.FIELDS, 0) for route in (*ROUTES, "other")}
        self.api_requests = 0

    def begin(self, route):
        with self._lock:
            self._routes[route]["received"] += 1
            self._routes[route]["inFlight"] += 1
            self.api_requests += 1
            return self.api_requests

    def end(self, route, outcome):
        with self._lock:
            self._routes[route]["inFlight"] -= 1
            self._routes[route][outcome] += 1

    def snapshot(self):
        with self._lock:
            routes = {route: dict(counts) for route, counts in self._routes.items()}
        totals = {field: sum(counts[field] for counts in routes.values()) for field in self.FIELDS}
        return {**totals, "routes": routes}


# --- Server ---


class ProfileServer(ThreadingHTTPServer):
    """A threading server that carries the dataset, the behaviour and the stop signal."""

    daemon_threads = True
    block_on_close = False

    def __init__(self, options):
        super().__init__((HOST, options.port), ProfileRequestHandler)
        self.options = options
        self.dataset = Dataset(options.users, options.posts_per_user, options.body_length)
        self.stats = Stats()
        self.stopping = threading.Event()
        self.stop_reason = None
        self._rng = random.Random(options.seed)
        self._lock = threading.Lock()
        self._hung = dict.fromkeys(ROUTES, 0)

    def stop(self, reason):
        """Asks the server to stop; the first reason given is the one reported."""
        if self.stop_reason is None:
            self.stop_reason = reason
        self.stopping.set()

    def draw(self, function, *args):
        """A draw from the seeded generator, shared by the handler threads."""
        with self._lock:
            return function(self._rng, *args)

    def should_hang(self, route):
        """Whether this request of `route` hangs, counting it against --hang-count."""
        if route not in self.options.hang_route:
            return False
        with self._lock:
            limit = self.options.hang_count
            if limit is not None and self._hung[route] >= limit:
                return False
            self._hung[route] += 1
            return True

    def behaviour(self, route):
        options = self.options
        return {
            "latency": getattr(options, f"{route}_latency"),
            "jitter": getattr(options, f"{route}_jitter"),
            "status": getattr(options, f"{route}_status"),
            "fail_rate": getattr(options, f"{route}_fail_rate"),
            "malformed": getattr(options, f"{route}_malformed"),
        }


class ProfileRequestHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "IsolationBenchServe/1"
    # The headers and the body go out in separate writes; with Nagle's
    # algorithm on, the body of a kept-alive connection's second answer waits
    # for the client's delayed ACK (about 40 ms on Linux), which made
    # sequential fetches over one connection look eight times slower.
    disable_nagle_algorithm = True
    # Idle keep-alive connections are closed after this many seconds.
    timeout = 30

    def do_GET(self):
        parts = urlsplit(self.path)
        if parts.path == "/__stats":
            self._send(200, _encode(self.server.stats.snapshot()))
            return
        route, answer = self._route(parts)
        number = self.server.stats.begin(route)
        outcome = "completed"
        try:
            if route in ROUTES:
                behaviour = self.server.behaviour(route)
                delay = behaviour["latency"]
                if behaviour["jitter"] > 0:
                    delay += self.server.draw(random.Random.uniform, 0.0, behaviour["jitter"])
                if not self._wait(None if self.server.should_hang(route) else delay):
                    outcome = "disconnected"
                    self.close_connection = True
                    return
                answer = self._inject(behaviour, answer)
            self._send(*answer)
        except (BrokenPipeError, ConnectionResetError):
            outcome = "disconnected"
            self.close_connection = True
        finally:
            self.server.stats.end(route, outcome)
            limit = self.server.options.max_requests
            if limit is not None and number >= limit:
                self.server.stop("--max-requests reached")

    def _route(self, parts):
        dataset = self.server.dataset
        segments = [segment for segment in parts.path.split("/") if segment]
        if segments == ["users"]:
            return "other", dataset.all_users()
        if len(segments) == 2 and segments[0] == "users":
            return "user", dataset.user(segments[1])
        if segments == ["posts"]:
            user_ids = parse_qs(parts.query).get("userId")
            return "posts", dataset.posts(user_ids[0] if user_ids else None)
        return "other", (404, b"{}")

    def _inject(self, behaviour, answer):
        if behaviour["status"] is not None:
            return behaviour["status"], b"{}"
        if behaviour["fail_rate"] > 0 and self.server.draw(random.Random.random) < behaviour["fail_rate"]:
            return 500, b"{}"
        if behaviour["malformed"]:
            return 200, b"<html>Service Unavailable</html>"
        return answer

    def _wait(self, seconds):
        """Waits `seconds` (forever if None) unless the client leaves or the server stops.

        Returns whether the request should still be answered.
        """
        deadline = None if seconds is None else time.monotonic() + seconds
        while True:
            if self.server.stopping.is_set():
                return False
            remaining = POLL_INTERVAL if deadline is None else deadline - time.monotonic()
            if remaining <= 0:
                return True
            if self._client_left(min(remaining, POLL_INTERVAL)):
                return False

    def _client_left(self, timeout):
        """Whether the client closed its end, watching the socket for up to `timeout` seconds."""
        try:
            readable, _, _ = select.select([self.connection], [], [], timeout)
            if not readable:
                return False
            if self.connection.recv(1, socket.MSG_PEEK) == b"":
                return True
        except (ConnectionResetError, OSError):
            return True
        # The client sent more bytes early; they wait for the next request.
        time.sleep(timeout)
        return False

    def _send(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        if self.server.options.verbose:
            super().log_message(format, *args)


# --- Main ---


def write_port_file(path, port):
    """Writes the port atomically, so that a poller never reads half a number."""
    temporary = f"{path}.{os.getpid()}.tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(f"{port}\n")
    os.replace(temporary, path)


def main(argv=None):
    options = make_parser().parse_args(argv)
    try:
        server = ProfileServer(options)
    except OSError as error:
        print(f"serve.py: error: cannot listen on {HOST}:{options.port}: {error.strerror}", file=sys.stderr)
        return 1

    def on_signal(number, _frame):
        server.stop(signal.Signals(number).name)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    # A child inherits its parent thread's signal mask. Launched from a thread
    # that blocks signals (Foundation's Process from a libdispatch worker,
    # say), the server would otherwise never see SIGTERM.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})

    port = server.server_address[1]
    if options.port_file:
        try:
            write_port_file(options.port_file, port)
        except OSError as error:
            print(f"serve.py: error: cannot write the port file {options.port_file}: {error.strerror}",
                  file=sys.stderr)
            server.server_close()
            return 1
    print(f"listening on http://{HOST}:{port}", flush=True)

    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    serving.start()
    deadline = time.monotonic() + options.max_seconds
    while not server.stopping.is_set():
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            server.stop("--max-seconds elapsed")
            break
        # Short waits, so that the main thread runs signal handlers promptly.
        server.stopping.wait(min(remaining, 0.25))
    server.shutdown()
    server.server_close()
    totals = server.stats.snapshot()
    print(f"stopped ({server.stop_reason}) after {totals['received']} request(s)", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
