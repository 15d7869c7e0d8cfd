#!/usr/bin/env python3
"""The server's CPU time for a fixed number of requests, binaries side by side: each binary serves on a free port,
answers REQUESTS requests of each kind over one keep-alive connection (after a warm-up of 50; each evaluate for
another user, so that none is answered from the cache), and its process's
user + system CPU time over those requests is read from /proc. The minimum over three rounds, binaries alternating.

    Benchmarks/server-cpu.py REQUESTS BINARY...

Prints a Markdown table: one row per kind of request, one column per binary (ms of CPU).
"""
import http.client, json, os, re, subprocess, sys, threading, time

requests, binaries = int(sys.argv[1]), sys.argv[2:]
here = os.path.dirname(os.path.abspath(__file__))
kinds = [
    ("POST /v1/compare bundled shift change", "/v1/compare", "compare.json"),
    ("POST /v1/evaluate one known fact (Entra)", "/v1/evaluate", "evaluate-entra-one-fact.json"),
    ("POST /v1/evaluate nothing known (AirWatch)", "/v1/evaluate", "evaluate-airwatch-nothing-known.json"),
]
bodies = {name: json.load(open(os.path.join(here, "wrk", name))) for _, _, name in kinds}
ticks = os.sysconf("SC_CLK_TCK")


def cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks


def measure(binary):
    server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        port = None
        deadline = time.time() + 30
        while port is None and time.time() < deadline:
            line = server.stdout.readline()
            match = re.search(r"http://[^:]+:(\d+)", line)
            if match:
                port = int(match.group(1))
        if port is None:
            raise SystemExit(f"{binary}: the server did not say where it listens")
        # The server logs every request: read its output to the end, or it stops once the pipe is full.
        threading.Thread(target=lambda: server.stdout.read(), daemon=True).start()
        connection = http.client.HTTPConnection("127.0.0.1", port)
        result = {}
        for label, path, name in kinds:
            def post(number):
                body = dict(bodies[name])
                if "user" in body:
                    body["user"] = f"worker{number}"  # a new question each time: nothing from the answer cache
                data = json.dumps(body).encode()
                connection.request("POST", path, body=data, headers={"Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
            for number in range(50):
                post(number)
            before = cpu(server.pid)
            for number in range(requests):
                post(50 + number)
            result[label] = (cpu(server.pid) - before) * 1000
        connection.close()
        return result
    finally:
        server.terminate()
        server.wait()


best = {binary: {} for binary in binaries}
for _ in range(3):
    for binary in binaries:
        for label, ms in measure(binary).items():
            best[binary][label] = min(best[binary].get(label, 1e18), ms)
print("| request | " + " | ".join(binaries) + " |")
print("|---|" + "---:|" * len(binaries))
for label, _, _ in kinds:
    print(f"| {label} | " + " | ".join(f"{best[b][label]:.0f} ms" for b in binaries) + " |")
