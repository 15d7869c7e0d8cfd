#!/usr/bin/env bash
# The HTML guide in a real browser, offline: a guide author's two policies and one scenario become one HTML file;
# headless Chromium opens it from disk, renders it (screenshots in light and dark mode are the artefacts), and the
# what-if explorer, asked questions through the URL fragment, must answer exactly what `ssopolicy evaluate` answers.
# An emergency department's fleet (three vendors, five apps, five workers) must keep every policy and every worker in
# the explorer, in a page under 1.5 MB.
# Usage: scripts/html-guide-check.sh [SSOPOLICY_BINARY] [ARTEFACT_DIR]   (default: the debug build, .build/html-guide)
set -euo pipefail
cd "$(dirname "$0")/.."

chromium=""
for name in chromium chromium-browser google-chrome; do
    if command -v "$name" > /dev/null; then chromium="$(command -v "$name")"; break; fi
done
if [ -z "$chromium" ]; then
    echo "html-guide-check: skipped, no chromium on PATH (apt-get install -y chromium)"
    exit 0
fi

bin="${1:-$(swift build --show-bin-path)/ssopolicy}"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
out="${2:-.build/html-guide}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The guide author's own files (copies of bundled ones under their own names), one scenario, one command.
"$bin" show frontline-entra > "$work/my-entra.yaml"
"$bin" show warehouse-airwatch > "$work/my-airwatch.yaml"
"$bin" guide "$work/my-entra.yaml" "$work/my-airwatch.yaml" --scenario shift-change --format html \
    --output "$out/guide.html" > /dev/null

# Self-contained: nothing to fetch.
if grep -Eiq '<script[^>]+src=|<link[^>]+href=|<img |url[(].?(https?:|//)|@import|<iframe src=' "$out/guide.html"; then
    echo "html-guide-check: the guide refers to an external resource" >&2
    exit 1
fi

browse() {
    timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --user-data-dir="$work/profile" "$@" 2> "$work/chromium.log"
}

browse --window-size=1280,2200 --screenshot="$out/guide.png" "file://$out/guide.html" > /dev/null
browse --force-dark-mode --window-size=1280,2200 --screenshot="$out/guide-dark.png" \
    "file://$out/guide.html#what-if?policy=warehouse-airwatch&app=timesheet&user=bob&passcode_set=true" > /dev/null
for shot in guide.png guide-dark.png; do
    [ "$(stat -c %s "$out/$shot")" -gt 10000 ] || { echo "html-guide-check: empty screenshot $shot" >&2; exit 1; }
done

# The embed snippets as a wiki page would hold them: the fragment pasted inline and the iframe srcdoc, no server.
python3 - "$out/guide.html" "$out/embedded.html" <<'PY'
import html, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
snippets = re.findall(r'<textarea readonly rows="\d+" aria-label="[^"]*comparison 1">(.*?)</textarea>', page, re.S)
if len(snippets) != 2:
    sys.exit("html-guide-check: comparison 1 has no embed snippets")
fragment, iframe = (html.unescape(s) for s in snippets)
open(sys.argv[2], "w", encoding="utf-8").write(
    "<!doctype html><meta charset=utf-8><title>A wiki page</title><h1>Our shift change</h1>\n"
    + fragment + "\n<h2>The same in an iframe</h2>\n" + iframe + "\n")
PY
browse --window-size=1280,1600 --screenshot="$out/embedded.png" "file://$out/embedded.html" > /dev/null
browse --dump-dom "file://$out/embedded.html" > "$work/embedded-dom.html"
grep -q 'class="ssopolicy-embed"' "$work/embedded-dom.html" || { echo "html-guide-check: the pasted fragment did not render" >&2; exit 1; }

# Each question: the explorer's answer (data-answer, after the page's script ran) against evaluate's answers: the
# same distinct answers in the same order, each with conditions that cover the same combinations.
# A word "setting:KEY=VALUE" changes a setting (VALUE ? leaves it unknown), as --setting does.
# ask GUIDE POLICY_FILE "POLICY APP USER [fact=value | setting:KEY=VALUE]..."
ask() {
    local guide="$1" file="$2" question="$3"
    set -- $question
    local policy="$1" app="$2" user="$3"
    shift 3
    local fragment="what-if?policy=$policy&app=$app&user=$user"
    local args=()
    for word in "$@"; do
        case "$word" in
            setting:*) setting="${word#setting:}"
                fragment="$fragment&setting:${setting%%=*}=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "${setting#*=}")"
                args+=(--setting "$setting") ;;
            *) fragment="$fragment&$word"; args+=(--fact "$word") ;;
        esac
    done
    browse --dump-dom "file://$guide#$fragment" > "$work/dom.html"
    "$bin" evaluate "$file" --app "$app" --user "$user" "${args[@]}" --format json > "$work/evaluate.json"
    python3 - "$work/dom.html" "$work/evaluate.json" "$question" "$guide" <<'PY'
import html, html.parser, itertools, json, re, sys

class Answer(html.parser.HTMLParser):
    answer = None
    def handle_starttag(self, tag, attrs):
        if tag == "output" and dict(attrs).get("id") == "whatif-answer":
            self.answer = dict(attrs).get("data-answer")

parser = Answer()
page = open(sys.argv[1], encoding="utf-8").read()
parser.feed(page)
if parser.answer is None:
    sys.exit("html-guide-check: the explorer gave no answer for: " + sys.argv[3])
explorer = json.loads(parser.answer)
expected = json.load(open(sys.argv[2], encoding="utf-8"))["answers"]
# The answer of an outcome: what the worker sees and what it leaves, in evaluate's order.
FIELDS = ("prompts", "session", "session_user", "details", "findings")
def answers(outcomes):
    return [json.dumps({k: o.get(k) for k in FIELDS}, sort_keys=True) for o in outcomes]
if answers(explorer) != answers(expected):
    sys.exit("html-guide-check: the explorer and evaluate differ for: %s\nexplorer: %s\nevaluate: %s"
             % (sys.argv[3], json.dumps(answers(explorer))[:2000], json.dumps(answers(expected))[:2000]))
# Each answer's conditions cover the same combinations: enumerate the values of every fact or setting either side
# names, over its whole domain (from the page's data; the acting user's placeholder is the user).
source = open(sys.argv[4], encoding="utf-8").read()
data = re.search(r'<script type="application/json" id="whatif-data">(.*?)</script>', source, re.S).group(1)
words = sys.argv[3].split()
table = next(t for t in json.loads(data) if t["policy"] == words[0])
user = words[2]
domain = {f["key"]: [user if v == "@user" else v for v in f["values"]] for f in table["facts"]}
for setting in table["settings"]:
    domain[(setting["app"] + "." if setting["app"] else "") + setting["key"]] = setting["values"]
def covered(when, names):
    rows = set()
    for combination in itertools.product(*(domain[n] for n in names)):
        point = dict(zip(names, combination))
        if any(all(point[k] in v for k, v in condition.items()) for condition in when):
            rows.add(combination)
    return rows
for mine, theirs in zip(explorer, expected):
    names = sorted({key for condition in mine["when"] + theirs["when"] for key in condition})
    if covered(mine["when"], names) != covered(theirs["when"], names):
        sys.exit("html-guide-check: the explorer's conditions differ from evaluate's for: %s\nexplorer: %s\nevaluate: %s"
                 % (sys.argv[3], json.dumps(mine["when"]), json.dumps(theirs["when"])))
print("what-if %-78s %d answer%s, as evaluate" % (sys.argv[3], len(expected), "" if len(expected) == 1 else "s"))
PY
    # The command the explorer prints names the guide author's file, not the policy's id.
    grep -q "ssopolicy evaluate $file --app $app" "$work/dom.html" || {
        echo "html-guide-check: the explorer's command does not name the file for: $question" >&2; exit 1; }
}

questions=(
    "frontline-entra inventory bob signed_in=another-user"
    "frontline-entra timesheet alice"
    "frontline-entra timesheet bob setting:sso_extension=?"
    "frontline-entra inventory alice data_owner=none setting:inventory.msal=multiple_account"
    "warehouse-airwatch timesheet bob passcode_set=true session_live=false"
    "warehouse-airwatch inventory bob session_user=another-user checked_out_user=none"
    "warehouse-airwatch inventory alice"
    "warehouse-airwatch timesheet alice initial_check_done=true session_user=another-user setting:authentication=?"
)
for question in "${questions[@]}"; do
    set -- $question
    ask "$out/guide.html" "$work/my-${1##*-}.yaml" "$question"
done

# An emergency department's fleet (Benchmarks/fixtures/ed-*.yaml): three vendors, five apps, five workers over 24
# hours. The explorer holds every policy and every worker, in a page under 1.5 MB; its fifth worker (eli) is
# answered as evaluate answers eli, not as another worker.
fixtures="$(pwd)/Benchmarks/fixtures"
( cd "$fixtures" && "$bin" guide ed-entra.yaml ed-airwatch.yaml ed-imprivata.yaml --scenario ed-24h.yaml \
    --format html --output "$out/ed-guide.html" > /dev/null )
size="$(stat -c %s "$out/ed-guide.html")"
[ "$size" -le 1500000 ] || { echo "html-guide-check: the emergency department's guide is $size bytes (over 1.5 MB)" >&2; exit 1; }
if grep -q '<ul class="left-out">' "$out/ed-guide.html"; then
    echo "html-guide-check: the emergency department's explorer leaves a policy out:" >&2
    grep -A4 '<ul class="left-out">' "$out/ed-guide.html" >&2
    exit 1
fi
python3 - "$out/ed-guide.html" <<'PY'
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
data = json.loads(re.search(r'<script type="application/json" id="whatif-data">(.*?)</script>', page, re.S).group(1))
users = ["amara", "ben", "cai", "dana", "eli"]
for table in data:
    if table["users"] != users or not table["rows"]:
        sys.exit("html-guide-check: %s's explorer does not hold every worker: %s" % (table["policy"], table["users"]))
print("ed-guide: %d bytes, %d policies, workers %s" % (len(page.encode("utf-8")), len(data), ", ".join(users)))
PY
ed_questions=(
    "ed-imprivata rover eli"
    "ed-imprivata messenger eli device_locked=false"
    "ed-entra rover eli signed_in=another-user"
    "ed-entra teams eli"
    "ed-airwatch rover eli session_user=another-user"
    "ed-airwatch barcode dana setting:sso=?"
)
for question in "${ed_questions[@]}"; do
    set -- $question
    ( cd "$fixtures" && ask "$out/ed-guide.html" "$1.yaml" "$question" )
done
echo "html-guide-check: passed; screenshots in $out (guide.png, guide-dark.png, embedded.png); ed-guide.html"
