#!/usr/bin/env python3
"""A bounded hostile load test of `ssopolicy serve` on loopback, run by CI (.ci/run).

For DURATION seconds (default 5) at once: wrk POSTs /v1/compare, a slowloris client holds SLOW connections
(default 300) sending one header byte a second, and key-bomb requests (aliases as a mapping key) are POSTed one
after another. Meanwhile a fresh connection asks /healthz every 100 ms and the server's RSS is sampled.
Passes when every /healthz probe connected and answered 200 within its 1 s time-out, 95 % of them within
HEALTHZ_MS (default 250 ms; p50 is a few ms), and RSS stayed under RSS_MB (default 256). The bound is on the 95th
percentile, not the maximum: on a shared 2-core CI machine wrk, this script and the server compete for the
processor, and one probe in forty delayed by the scheduler (a 365 ms maximum with a 13 ms median was seen) says
nothing about the server. Prints the numbers as one JSON line. Everything stops by itself: fixed durations, bounded loops.

    scripts/hostile-load-test.py BINARY     (needs wrk: apt-get install -y wrk)
"""
import asyncio, json, os, socket, statistics, subprocess, sys, tempfile, threading, time

BINARY = sys.argv[1]
PORT = int(os.environ.get("PORT", "18090"))
DURATION = float(os.environ.get("DURATION", "5"))
SLOW = int(os.environ.get("SLOW", "300"))
RSS_MB = float(os.environ.get("RSS_MB", "256"))
HEALTHZ_MS = float(os.environ.get("HEALTHZ_MS", "250"))
BOMB_LEVELS = int(os.environ.get("BOMB_LEVELS", "7"))


def bomb_body(levels, width=9):
    lines = ["policy: p", "provider: airwatch-sdk", "x:", f"  a0: &a0 [{', '.join(['x'] * width)}]"]
    for i in range(1, levels):
        lines.append(f"  a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * width)}]")
    lines.append(f"k: {{*a{levels - 1} : 1}}")
    return json.dumps({"documents": [{"yaml": "\n".join(lines) + "\n"}]}).encode()


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def http(request, timeout):
    """Sends one raw request on a new connection; returns (status, seconds), status None on failure."""
    start = time.monotonic()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", PORT), timeout)
        writer.write(request)
        await writer.drain()
        head = await asyncio.wait_for(reader.readline(), timeout)
        writer.close()
        parts = head.split()
        return (int(parts[1]) if len(parts) > 1 else None), time.monotonic() - start
    except (OSError, asyncio.TimeoutError):
        return None, time.monotonic() - start


async def slowloris(stop, stats):
    async def one():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", PORT)
        except OSError:
            stats["slow_refused"] += 1
            return
        stats["slow_opened"] += 1
        data = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 1000
        for byte in data:
            if stop.is_set():
                break
            try:
                writer.write(bytes([byte]))
                await writer.drain()
                got = await asyncio.wait_for(reader.read(1024), 1)
                if got == b"":
                    stats["slow_closed_by_server"] += 1
                    break
            except asyncio.TimeoutError:
                pass
            except OSError:
                stats["slow_closed_by_server"] += 1
                break
        writer.close()

    await asyncio.gather(*[one() for _ in range(SLOW)])


async def bombs(stop, stats):
    body = bomb_body(BOMB_LEVELS)
    request = (
        b"POST /v1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\n"
        + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    while not stop.is_set():
        status, seconds = await http(request, 30)
        stats["bomb_statuses"][str(status)] = stats["bomb_statuses"].get(str(status), 0) + 1
        stats["bomb_max_s"] = round(max(stats["bomb_max_s"], seconds), 3)


def probes(stop, stats, pid):
    """On a thread of its own with blocking sockets, so the client's event loop cannot delay the measurement."""
    request = b"GET /healthz HTTP/1.0\r\nHost: localhost\r\n\r\n"
    for _ in range(int(DURATION * 10) + 50):
        if stop.is_set():
            break
        start = time.monotonic()
        status = None
        try:
            with socket.create_connection(("127.0.0.1", PORT), timeout=1) as connection:
                connection.sendall(request)
                head = connection.recv(64).split()
                status = int(head[1]) if len(head) > 1 else None
        except OSError:
            pass
        stats["healthz_ms"].append(round((time.monotonic() - start) * 1000, 1))
        if status != 200:
            stats["healthz_failures"] += 1
        stats["rss_mb"] = round(max(stats["rss_mb"], rss_mb(pid)), 1)
        time.sleep(0.1)


async def main():
    server = subprocess.Popen(
        [BINARY, "serve", "--port", str(PORT)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            status, _ = await http(b"GET /healthz HTTP/1.0\r\n\r\n", 1)
            if status == 200:
                break
            await asyncio.sleep(0.1)
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
            script.write(
                'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                "wrk.body = '{\"scenario\": \"shift-change\", \"policies\": [\"warehouse-airwatch\", "
                "\"frontline-entra\"]}'\n")
        stats = dict(
            healthz_ms=[], healthz_failures=0, rss_mb=rss_mb(server.pid), slow_opened=0, slow_refused=0,
            slow_closed_by_server=0, bomb_statuses={}, bomb_max_s=0.0)
        stop = asyncio.Event()
        wrk = await asyncio.create_subprocess_exec(
            "wrk", "-t1", "-c8", f"-d{int(DURATION)}s", "-s", script.name, f"http://127.0.0.1:{PORT}/v1/compare",
            stdout=asyncio.subprocess.PIPE)
        tasks = [asyncio.create_task(c) for c in (slowloris(stop, stats), bombs(stop, stats))]
        stopped = threading.Event()
        probing = threading.Thread(target=probes, args=(stopped, stats, server.pid))
        probing.start()
        await asyncio.sleep(DURATION)
        stop.set()
        stopped.set()
        wrk_out = (await wrk.communicate())[0].decode()
        await asyncio.wait(tasks, timeout=35)
        probing.join(timeout=5)
        os.unlink(script.name)
        latencies = stats.pop("healthz_ms")
        if os.environ.get("VERBOSE"):
            print("healthz ms:", latencies, file=sys.stderr)
        for line in wrk_out.splitlines():
            if "Requests/sec" in line:
                stats["wrk_compare_requests_per_s"] = float(line.split()[1])
            if "Non-2xx" in line:
                stats["wrk_non_2xx"] = int(line.split()[-1])
        stats.update(
            healthz_probes=len(latencies), healthz_max_ms=max(latencies), healthz_p50_ms=statistics.median(latencies),
            healthz_p95_ms=round(statistics.quantiles(latencies, n=20, method="inclusive")[-1], 1))
        print(json.dumps(stats))
        problems = []
        if stats["healthz_failures"]:
            problems.append(f"{stats['healthz_failures']} /healthz probes failed")
        if stats["healthz_p95_ms"] > HEALTHZ_MS:
            problems.append(f"/healthz p95 was {stats['healthz_p95_ms']} ms (bound {HEALTHZ_MS} ms)")
        if stats["rss_mb"] > RSS_MB:
            problems.append(f"RSS reached {stats['rss_mb']} MB (bound {RSS_MB} MB)")
        if server.poll() is not None:
            problems.append(f"the server died (exit {server.returncode})")
        for problem in problems:
            print("hostile load test:", problem, file=sys.stderr)
        return 1 if problems else 0
    finally:
        server.terminate()
        server.wait(timeout=30)


sys.exit(asyncio.run(main()))
