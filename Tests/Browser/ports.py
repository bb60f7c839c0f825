"""Ports for the browser checks (Tests/Browser, Scripts/search-browser.py, Scripts/serve/)."""
import contextlib
import os
import socket


def free_port(taken=()):
    """A free port not in `taken`: the first free one of SITEGEN_TEST_PORTS ("26100-26199")
    when it is set (a machine shared with other test runs), else one the system picks."""
    first, _, last = os.environ.get("SITEGEN_TEST_PORTS", "0-0").partition("-")
    for port in range(int(first), int(last or first) + 1):
        if port and port in taken:
            continue
        with contextlib.closing(socket.socket()) as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return sock.getsockname()[1]
    raise SystemExit("no free port in SITEGEN_TEST_PORTS=%s" % os.environ.get("SITEGEN_TEST_PORTS"))
