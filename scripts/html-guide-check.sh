#!/usr/bin/env bash
# The HTML guide in a real browser, offline: a guide author's two policies and one scenario become one HTML file;
# headless Chromium opens it from disk, renders it (screenshots in light and dark mode are the artefacts), and the
# what-if explorer, asked questions through the URL fragment, must answer exactly what `ssopolicy evaluate` answers.
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

# Each question: the explorer's answer (data-answer, after the page's script ran) against evaluate's outcomes.
questions=(
    "frontline-entra inventory bob signed_in=another-user"
    "frontline-entra timesheet alice"
    "warehouse-airwatch timesheet bob passcode_set=true session_live=false"
    "warehouse-airwatch inventory bob session_user=alice checked_out_user=none"
    "warehouse-airwatch inventory alice"
    "warehouse-airwatch timesheet alice silent_login=fails initial_check_done=true session_user=bob"
)
for question in "${questions[@]}"; do
    set -- $question
    policy="$1" app="$2" user="$3"
    shift 3
    fragment="what-if?policy=$policy&app=$app&user=$user"
    fact_args=()
    for fact in "$@"; do fragment="$fragment&$fact"; fact_args+=(--fact "$fact"); done
    browse --dump-dom "file://$out/guide.html#$fragment" > "$work/dom.html"
    "$bin" evaluate "$policy" --app "$app" --user "$user" "${fact_args[@]}" --format json > "$work/evaluate.json"
    python3 - "$work/dom.html" "$work/evaluate.json" "$question" <<'PY'
import html.parser, json, sys

class Answer(html.parser.HTMLParser):
    answer = None
    def handle_starttag(self, tag, attrs):
        if tag == "output" and dict(attrs).get("id") == "whatif-answer":
            self.answer = dict(attrs).get("data-answer")

parser = Answer()
parser.feed(open(sys.argv[1], encoding="utf-8").read())
if parser.answer is None:
    sys.exit("html-guide-check: the explorer gave no answer for: " + sys.argv[3])
explorer = json.loads(parser.answer)
expected = json.load(open(sys.argv[2], encoding="utf-8"))["outcomes"]
# The answer of an outcome: what the worker sees and what it leaves. evaluate gives one outcome per distinct answer
# (with minimal conditions); the explorer groups the same combinations by a decision tree, so an answer can appear
# under several conditions there. The set of answers must be the same.
FIELDS = ("prompts", "session", "session_user", "details", "findings")
def answers(outcomes):
    return sorted({json.dumps({k: o.get(k) for k in FIELDS}, sort_keys=True) for o in outcomes})
if answers(explorer) != answers(expected):
    sys.exit("html-guide-check: the explorer and evaluate differ for: %s\nexplorer: %s\nevaluate: %s"
             % (sys.argv[3], json.dumps(answers(explorer))[:2000], json.dumps(answers(expected))[:2000]))
print("what-if %-70s %d answer%s, as evaluate" % (sys.argv[3], len(expected), "" if len(expected) == 1 else "s"))
PY
done
echo "html-guide-check: passed; screenshots in $out (guide.png, guide-dark.png, embedded.png)"
