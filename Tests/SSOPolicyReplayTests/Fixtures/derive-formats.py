#!/usr/bin/env python3
"""Writes the sign-in fixture in every accepted format from signins.jsonl (composed by hand, Graph signIn shape):
Graph collection pages (pretty-printed, two pages), the portal's JSON download (an array), the portal's CSV
downloads (interactive and non-interactive), and Log Analytics CSV exports of SigninLogs and
AADNonInteractiveUserSignInLogs. Run it after editing signins.jsonl; the tests expect every format to give the same
verdicts. Fake tenant, users and devices only."""
import csv, io, json, os
from datetime import datetime, timezone

here = os.path.dirname(os.path.abspath(__file__))
rows = [json.loads(line) for line in open(os.path.join(here, "signins.jsonl"), encoding="utf-8")]

def write(name, text):
    with open(os.path.join(here, name), "w", encoding="utf-8", newline="") as f:
        f.write(text)

# Graph: two collection pages, pretty-printed, one after the other (as saved page by page).
half = len(rows) // 2
pages = []
for index, chunk in enumerate([rows[:half], rows[half:]]):
    page = {"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#auditLogs/signIns", "value": chunk}
    if index == 0:
        page["@odata.nextLink"] = "https://graph.microsoft.com/v1.0/auditLogs/signIns?$skiptoken=fake"
    pages.append(json.dumps(page, indent=2))
write("graph-pages.json", "\n".join(pages) + "\n")

# Portal JSON download: an array of rows.
write("portal-signins.json", json.dumps(rows, indent=2, ensure_ascii=True) + "\n")

def status_word(row):
    code = row["status"]["errorCode"]
    return "Success" if code == 0 else ("Interrupted" if code in (50058, 50140) else "Failure")

# Portal CSV downloads (a subset of the portal's columns, in its order; note "Application ID " with a space).
portal = ["Date (UTC)", "Request ID", "Correlation ID", "User ID", "User", "Username", "Application",
          "Application ID ", "Resource", "IP address", "Status", "Sign-in error code", "Failure reason",
          "Client app", "Device ID", "Browser", "Operating System", "Compliant", "Managed"]
for name, interactive in [("InteractiveSignIns_2026-05-04_2026-05-05.csv", True),
                          ("NonInteractiveSignIns_2026-05-04_2026-05-05.csv", False)]:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(portal)
    for row in rows:
        if row["isInteractive"] != interactive:
            continue
        detail = row["deviceDetail"]
        w.writerow([row["createdDateTime"], row["id"], row["correlationId"], row.get("userId") or "",
                    (row["userPrincipalName"] or "").split("@")[0].title(), row["userPrincipalName"] or "",
                    row["appDisplayName"], row["appId"], "Rounds API", "203.0.113.7", status_word(row),
                    row["status"]["errorCode"], row["status"].get("failureReason", "Other."),
                    "Mobile Apps and Desktop clients", detail.get("deviceId", ""), detail.get("browser", ""),
                    detail.get("operatingSystem", "Ios 17.5"), "Yes", "Yes"])
    write(name, "\ufeff" + out.getvalue())

# Log Analytics CSV exports: "[UTC]" headers, the portal's US time format, dynamic columns as JSON text.
def la_time(text):
    try:
        moment = datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return text
    hour = moment.hour % 12 or 12
    return f"{moment.month}/{moment.day}/{moment.year}, {hour}:{moment:%M:%S}.000 {'AM' if moment.hour < 12 else 'PM'}"

la = ["TenantId", "TimeGenerated [UTC]", "CreatedDateTime [UTC]", "UserPrincipalName", "AppDisplayName", "AppId",
      "IsInteractive", "DeviceDetail", "Status", "ResultType", "CorrelationId", "Type"]
for name, interactive, table in [("SigninLogs_2026-05-04.csv", True, "SigninLogs"),
                                 ("AADNonInteractiveUserSignInLogs_2026-05-04.csv", False,
                                  "AADNonInteractiveUserSignInLogs")]:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(la)
    for row in rows:
        if row["isInteractive"] != interactive:
            continue
        w.writerow(["00000000-0000-4000-8000-0000000000aa", la_time(row["createdDateTime"]),
                    la_time(row["createdDateTime"]), row["userPrincipalName"] or "", row["appDisplayName"],
                    row["appId"], "true" if interactive else "false",
                    json.dumps(row["deviceDetail"], separators=(",", ":")),
                    json.dumps(row["status"], separators=(",", ":")), str(row["status"]["errorCode"]),
                    row["correlationId"], table])
    write(name, out.getvalue())
