#!/usr/bin/env python3
"""Writes a synthetic month of Entra sign-ins for a shared-device fleet, and its custody timeline, for the
`ssopolicy replay` benchmark (Benchmarks/replay.sh). Deterministic (fixed seed); fake tenant, users and devices.

Each device has three 8-hour shifts a day (06:00, 14:00, 22:00 UTC), each held by a worker of the device's ward:
the worker signs in interactively to two apps, then three apps refresh their tokens in the background every hour
(non-interactive rows). At about 3 % of handovers the previous worker's background refreshes go on into the next
shift (maybe exposed); at about 0.3 % the previous worker signs in interactively there (exposed). About 1 % of rows
come from a browser without a device id, and a few personal laptops add single-account rows.

Usage: Benchmarks/signin-log.py --rows 10000000 --format csv --out /tmp/signins.csv --custody /tmp/custody.csv
  --format csv     Log Analytics export of the Kusto pre-filter's columns (what a large replay reads)
  --format jsonl   Graph signIn objects, one per line
Rows are written in time order per device-day; the replay does not rely on any order.
"""
import argparse
import random
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--rows", type=int, default=10_000_000, help="about how many rows (whole device-days)")
parser.add_argument("--days", type=int, default=30)
parser.add_argument("--format", choices=["csv", "jsonl"], default="csv")
parser.add_argument("--out", required=True)
parser.add_argument("--custody", required=True)
arguments = parser.parse_args()

rng = random.Random(7)
APPS = [
    ("Rounds", "a0000000-0000-4000-8000-000000000001"),
    ("Chat", "a0000000-0000-4000-8000-000000000002"),
    ("Mail", "a0000000-0000-4000-8000-000000000003"),
]
ROWS_PER_SHIFT = 2 + 3 * 8  # two interactive sign-ins, three apps refreshing hourly for eight hours
DAY = 86_400
START = 1_777_593_600  # 2026-05-01T00:00:00Z
devices = max(1, arguments.rows // (ROWS_PER_SHIFT * 3 * arguments.days))
workers_per_device = 6

def iso(seconds, millis):
    days, rest = divmod(seconds, DAY)
    # Civil date from days since 1970-01-01 (H. Hinnant).
    z = days + 719_468
    era = z // 146_097
    doe = z - era * 146_097
    yoe = (doe - doe // 1460 + doe // 36_524 - doe // 146_096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    y = yoe + era * 400 + (1 if m <= 2 else 0)
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (y, m, d, rest // 3600, rest % 3600 // 60, rest % 60, millis)

out = open(arguments.out, "w", encoding="utf-8", newline="\n")
custody = open(arguments.custody, "w", encoding="utf-8", newline="\n")
custody.write("device,user,checked_out_at,checked_in_at\n")
if arguments.format == "csv":
    out.write("TimeGenerated [UTC],CreatedDateTime [UTC],Type,UserPrincipalName,AppDisplayName,AppId,IsInteractive,"
              "DeviceDetail,Status,ResultType,CorrelationId\n")
counter = 0

def row(seconds, user, app, interactive, device, name, code=0):
    global counter
    counter += 1
    millis = counter % 1000
    time = iso(seconds, millis)
    correlation = "c%07x-0000-4000-8000-%012x" % (counter & 0xFFFFFFF, counter)
    if arguments.format == "csv":
        detail = '"{""deviceId"":""%s"",""displayName"":""%s"",""operatingSystem"":""Ios 17.5""}"' % (device, name) \
            if device else '"{""browser"":""Mobile Safari 17.5""}"'
        table = "SigninLogs" if interactive else "AADNonInteractiveUserSignInLogs"
        out.write('%s,%s,%s,%s@contoso.example,%s,%s,%s,%s,"{""errorCode"":%d}",%d,%s\n' % (
            time, time, table, user, app[0], app[1], "true" if interactive else "false", detail, code, code,
            correlation))
    else:
        detail = '{"deviceId":"%s","displayName":"%s","operatingSystem":"Ios 17.5","isCompliant":true,' \
            '"isManaged":true}' % (device, name) if device else '{"deviceId":"","browser":"Mobile Safari 17.5"}'
        kind = "interactiveUser" if interactive else "nonInteractiveUser"
        out.write('{"id":"%s","createdDateTime":"%s","userPrincipalName":"%s@contoso.example","userId":"u-%s",'
                  '"appDisplayName":"%s","appId":"%s","clientAppUsed":"Mobile Apps and Desktop clients",'
                  '"isInteractive":%s,"signInEventTypes":["%s"],"deviceDetail":%s,"status":{"errorCode":%d},'
                  '"correlationId":"%s","resourceDisplayName":"%s API","ipAddress":"203.0.113.%d"}\n' % (
                      correlation, time, user, user, app[0], app[1], "true" if interactive else "false", kind,
                      detail, code, correlation, app[0], counter % 250))

for day in range(arguments.days):
    for device in range(devices):
        device_id = "dev-%05d" % device
        name = "WARD%03d-%05d" % (device // 20, device)
        previous = None
        for shift in range(3):
            start = START + day * DAY + 6 * 3600 + shift * 8 * 3600
            worker = "w%05d-%d" % (device, (day * 3 + shift) % workers_per_device)
            custody.write("%s,%s,%s,%s\n" % (
                device_id, worker, iso(start, 0)[:19] + "Z", iso(start + 8 * 3600 - 120, 0)[:19] + "Z"))
            lingering = previous is not None and rng.random() < 0.03
            reentered = previous is not None and rng.random() < 0.003
            events = []
            for index, app in enumerate(APPS[:2]):
                events.append((start + 300 + index * 40, worker, app, True))
            for hour in range(8):
                for index, app in enumerate(APPS):
                    events.append((start + 900 + hour * 3600 + index * 7, worker, app, False))
            if lingering:
                for hour in range(2):
                    events.append((start + 600 + hour * 3600, previous, APPS[1], False))
            if reentered:
                events.append((start + 1800, previous, APPS[0], True))
            events.sort()
            for seconds, user, app, interactive in events:
                if rng.random() < 0.01:
                    row(seconds, user, APPS[2], True, "", "")
                else:
                    row(seconds, user, app, interactive, device_id, name)
            previous = worker
    # A few personal laptops: one account each.
    for laptop in range(max(1, devices // 50)):
        for hour in range(8):
            row(START + day * DAY + 8 * 3600 + hour * 3600, "office%03d" % laptop, APPS[2], hour == 0,
                "lap-%03d" % laptop, "LAPTOP-%03d" % laptop)
out.close()
custody.close()
sys.stderr.write("%d rows, %d devices, %d days\n" % (counter, devices, arguments.days))
