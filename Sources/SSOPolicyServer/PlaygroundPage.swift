/// The playground's single HTML document: inline CSS and JS only, so it works offline and in an iframe.
enum PlaygroundPage {
    /// `data` is JSON; `<` is escaped so no string in it can close the script element.
    static func html(data: String, embed: Bool) -> String {
        let safe = data.replacingOccurrences(of: "<", with: "\\u003c")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>ssopolicy what-if playground</title>
            <style>\(css)</style>
            </head>
            <body class="\(embed ? "embed" : "full")">
            <main id="app" aria-live="polite">
            <noscript><p>The playground renders with JavaScript; the same answers are at <a href="/v1/openapi.json">/v1</a>.</p></noscript>
            </main>
            <script id="ssopolicy-data" type="application/json">\(safe)</script>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    static let css = #"""
        :root { color-scheme: light; --ink: #1a1a1a; --muted: #4a4a4a; --line: #c8c8c8; --accent: #0b57a4;
          --critical: #8b0000; --high: #a33a00; --medium: #6b5200; --bg-alt: #f3f5f8; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
          background: #fff; }
        main { padding: 1rem 1.25rem; max-width: 80rem; }
        body.embed main { padding: .5rem; max-width: none; }
        h1 { font-size: 1.4rem; margin: 0 0 .75rem; } h2 { font-size: 1.15rem; margin: 1.25rem 0 .5rem; }
        h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
        a { color: var(--accent); } a:focus, button:focus, input:focus, select:focus, textarea:focus,
        summary:focus { outline: 3px solid #f5a623; outline-offset: 2px; }
        form { display: grid; gap: .75rem; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
          background: var(--bg-alt); padding: .75rem; border: 1px solid var(--line); border-radius: 6px; }
        fieldset { border: 1px solid var(--line); border-radius: 4px; margin: 0; padding: .4rem .6rem; }
        legend, label { font-weight: 600; } .choice { display: block; font-weight: 400; }
        textarea { width: 100%; min-height: 7rem; font: 13px/1.3 ui-monospace, monospace; }
        select, button { font: inherit; padding: .25rem .5rem; max-width: 100%; }
        button { background: var(--accent); color: #fff; border: 0; border-radius: 4px; padding: .45rem 1rem; cursor: pointer; }
        nav.views a { margin-right: 1rem; } nav.views a[aria-current="page"] { font-weight: 700; color: var(--ink); }
        .table-wrap { overflow-x: auto; }
        table { border-collapse: collapse; width: 100%; margin: .5rem 0; font-size: .92rem; }
        caption { text-align: left; font-weight: 600; padding: .25rem 0; }
        th, td { border: 1px solid var(--line); padding: .35rem .5rem; vertical-align: top; text-align: left; }
        thead th { background: var(--bg-alt); }
        tr.differs th[scope="row"] { border-left: 4px solid var(--accent); }
        .prompts { font-weight: 600; } .none { color: var(--muted); font-style: italic; }
        .session { color: var(--muted); } ul.findings { margin: .25rem 0 0; padding-left: 1.1rem; }
        .sev-critical { color: var(--critical); font-weight: 700; } .sev-high { color: var(--high); font-weight: 600; }
        .sev-medium { color: var(--medium); } .error { border: 2px solid var(--critical); padding: .5rem .75rem;
          border-radius: 4px; } .error code { white-space: pre-wrap; }
        ol.timeline > li { margin-bottom: .6rem; } .why { color: var(--muted); font-size: .88rem; }
        .share input { width: 100%; font: 13px ui-monospace, monospace; }
        .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        """#

    static let script = #"""
        (function () {
          "use strict";
          var data = JSON.parse(document.getElementById("ssopolicy-data").textContent);
          var app = document.getElementById("app");
          var q = data.query;
          function el(tag, attrs) {
            var node = document.createElement(tag);
            Object.keys(attrs || {}).forEach(function (k) {
              if (k === "text") node.textContent = attrs[k]; else node.setAttribute(k, attrs[k]);
            });
            for (var i = 2; i < arguments.length; i++) {
              var child = arguments[i];
              if (child === null || child === undefined) continue;
              node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
            }
            return node;
          }
          function params(changes) {
            var p = new URLSearchParams();
            if (q.policies.length) p.set("policies", q.policies.join(","));
            p.set("scenario", q.scenario);
            if (q.policy_yaml) p.set("policy_yaml", q.policy_yaml);
            if (q.scenario_yaml) p.set("scenario_yaml", q.scenario_yaml);
            p.set("view", q.view);
            if (q.diff) p.set("diff", "1");
            if (q.matrix) p.set("matrix", q.matrix);
            if (q.app) p.set("app", q.app);
            Object.keys(changes || {}).forEach(function (k) {
              if (changes[k] === null) p.delete(k); else p.set(k, changes[k]);
            });
            return p.toString();
          }
          function absolute(path) { return location.origin + path; }
          function prompts(step) {
            if (!step.prompts || step.prompts.length === 0) return el("span", { "class": "none", text: "no prompt" });
            return el("span", { "class": "prompts", text: step.prompts.join(" → ") });
          }
          function session(step) {
            var text = step.session + (step.session_user ? " (" + step.session_user + "'s)" : "");
            return el("span", { "class": "session", text: text });
          }
          function findings(list) {
            if (!list || list.length === 0) return null;
            var ul = el("ul", { "class": "findings" });
            list.forEach(function (f) {
              ul.appendChild(el("li", { "class": "sev-" + f.severity },
                el("strong", { text: f.severity + ": " }), f.message + " [" + f.id + "]"));
            });
            return ul;
          }
          function errorBox(error) {
            var box = el("div", { "class": "error", role: "alert" }, el("p", {}, el("strong", { text: error.error })));
            if (error.diagnostics && error.diagnostics.length) {
              var ul = el("ul");
              error.diagnostics.forEach(function (d) {
                ul.appendChild(el("li", {}, el("code", { text: d.file + ":" + d.line + ":" + d.column + ": " +
                  d.severity + ": " + d.message })));
              });
              box.appendChild(ul);
            }
            return box;
          }
          function comparisonTable(compare) {
            var results = compare.results;
            var table = el("table", { id: "comparison" });
            table.appendChild(el("caption", { text: "Scenario " + compare.scenario + ": prompts, session and findings per step" }));
            var head = el("tr", {}, el("th", { scope: "col", text: "#" }), el("th", { scope: "col", text: "step" }));
            results.forEach(function (r) { head.appendChild(el("th", { scope: "col", text: r.policy + " (" + r.provider + ")" })); });
            table.appendChild(el("thead", {}, head));
            var body = el("tbody");
            var steps = results.length ? results[0].steps : [];
            steps.forEach(function (step, index) {
              var differs = compare.differences.indexOf(step.step) >= 0;
              var row = el("tr", differs ? { "class": "differs" } : {},
                el("th", { scope: "row" }, String(step.step), differs ? el("span", { "aria-hidden": "true", text: " ≠" }) : null,
                  differs ? el("span", { "class": "sr", text: " (the policies differ)" }) : null),
                el("td", { text: step.at + " " + (step.user || "-") + " " + step.event + " " + step.app }));
              results.forEach(function (r) {
                var s = r.steps[index];
                row.appendChild(el("td", {}, prompts(s), el("br"), session(s), findings(s.findings)));
              });
              body.appendChild(row);
            });
            var totals = el("tr", {}, el("th", { scope: "row", text: "Σ" }), el("td", { text: "totals" }));
            results.forEach(function (r) {
              var t = r.totals, f = t.findings;
              var handovers = (t.handovers || []).map(function (h) {
                return h.user + " safe " + (h.seconds_until_safe === null ? "never" : "after " + h.seconds_until_safe + " s");
              }).join("; ");
              totals.appendChild(el("td", {}, el("span", { "class": "prompts", text: t.prompts + " prompts" }),
                el("br"), "findings: " + f.critical + " critical, " + f.high + " high, " + f.medium + " medium, " + f.low + " low",
                handovers ? el("br") : null, handovers || null));
            });
            body.appendChild(totals);
            table.appendChild(body);
            return el("div", { "class": "table-wrap" }, table,
              el("p", { "class": "why", text: "≠ marks the steps where the policies decide differently." }));
          }
          function timeline(compare) {
            var section = el("section", { id: "timeline", "aria-label": "Timeline" });
            compare.results.forEach(function (r) {
              section.appendChild(el("h3", { text: r.policy + " (" + r.provider + ")" }));
              var list = el("ol", { "class": "timeline" });
              r.steps.forEach(function (s) {
                var item = el("li", {}, el("strong", { text: s.at + " " + (s.user || "-") + " " + s.event + " " + s.app }),
                  " — ", prompts(s), " — ", session(s), findings(s.findings));
                var fired = (s.trace || []).filter(function (t) { return t.fired; });
                if (fired.length) {
                  var why = el("ul", { "class": "why" });
                  fired.forEach(function (t) { why.appendChild(el("li", { text: t.rule + ": " + t.because })); });
                  item.appendChild(why);
                }
                list.appendChild(item);
              });
              section.appendChild(list);
              var config = findings(r.findings);
              if (config) section.appendChild(el("div", {}, el("p", { text: "Configuration findings:" }), config));
            });
            return section;
          }
          function matrixTable(matrix) {
            var rows = matrix.rows;
            var settingKeys = rows.length ? Object.keys(rows[0].settings) : [];
            var factKeys = rows.length ? Object.keys(rows[0].facts) : [];
            var table = el("table", { id: "matrix" });
            table.appendChild(el("caption", { text: "Decision table of " + matrix.policy + " (" + matrix.provider +
              ") for app " + matrix.app + ", user " + matrix.user }));
            var head = el("tr", {}, el("th", { scope: "col", text: "#" }));
            settingKeys.concat(factKeys).concat(["prompts", "session", "findings"]).forEach(function (k) {
              head.appendChild(el("th", { scope: "col", text: k }));
            });
            table.appendChild(el("thead", {}, head));
            var body = el("tbody");
            rows.forEach(function (r) {
              var tr = el("tr", {}, el("th", { scope: "row", text: String(r.row) }));
              settingKeys.forEach(function (k) { tr.appendChild(el("td", { text: r.settings[k] })); });
              factKeys.forEach(function (k) { tr.appendChild(el("td", { text: r.facts[k] })); });
              tr.appendChild(el("td", {}, prompts(r)));
              tr.appendChild(el("td", {}, session(r)));
              tr.appendChild(el("td", { text: r.findings.join(", ") }));
              body.appendChild(tr);
            });
            table.appendChild(body);
            return el("div", { "class": "table-wrap" }, table);
          }
          function form() {
            var f = el("form", { method: "get", action: "/", "aria-label": "What if" });
            var policies = el("fieldset", {}, el("legend", { text: "Bundled policies" }));
            data.catalog.policies.forEach(function (p) {
              var box = el("input", { type: "checkbox", name: "policies", value: p.name, id: "p-" + p.name });
              if (q.policies.indexOf(p.name) >= 0) box.checked = true;
              policies.appendChild(el("label", { "class": "choice", "for": "p-" + p.name }, box, " " + p.name +
                " (" + p.provider + ")"));
            });
            f.appendChild(policies);
            var side = el("div");
            var scenario = el("select", { name: "scenario", id: "scenario" });
            data.catalog.scenarios.forEach(function (s) {
              var option = el("option", { value: s.name, text: s.name + (s.title ? " — " + s.title : "") });
              if (s.name === q.scenario) option.selected = true;
              scenario.appendChild(option);
            });
            side.appendChild(el("label", { "for": "scenario", text: "Scenario" }));
            side.appendChild(el("div", {}, scenario));
            var view = el("select", { name: "view", id: "view" });
            [["compare", "Side by side"], ["timeline", "Timeline"], ["matrix", "Decision matrix"]].forEach(function (v) {
              var option = el("option", { value: v[0], text: v[1] });
              if (v[0] === q.view) option.selected = true;
              view.appendChild(option);
            });
            side.appendChild(el("label", { "for": "view", text: "View" }));
            side.appendChild(el("div", {}, view));
            var matrix = el("select", { name: "matrix", id: "matrix-policy" });
            matrix.appendChild(el("option", { value: "", text: "the first policy" }));
            data.catalog.policies.forEach(function (p) {
              var option = el("option", { value: p.name, text: p.name });
              if (p.name === q.matrix) option.selected = true;
              matrix.appendChild(option);
            });
            side.appendChild(el("label", { "for": "matrix-policy", text: "Decision matrix of" }));
            side.appendChild(el("div", {}, matrix));
            var appInput = el("input", { type: "text", name: "app", id: "matrix-app", placeholder: "its first app" });
            appInput.value = q.app || "";
            side.appendChild(el("label", { "for": "matrix-app", text: "Matrix app" }));
            side.appendChild(el("div", {}, appInput));
            var diff = el("input", { type: "checkbox", name: "diff", value: "1", id: "diff" });
            diff.checked = q.diff;
            side.appendChild(el("label", { "class": "choice", "for": "diff" }, diff, " only steps that differ"));
            side.appendChild(el("button", { type: "submit", text: "Show" }));
            f.appendChild(side);
            var pasted = el("div");
            var policyYaml = el("textarea", { name: "policy_yaml", id: "policy_yaml", spellcheck: "false" });
            policyYaml.value = q.policy_yaml || "";
            var scenarioYaml = el("textarea", { name: "scenario_yaml", id: "scenario_yaml", spellcheck: "false" });
            scenarioYaml.value = q.scenario_yaml || "";
            pasted.appendChild(el("label", { "for": "policy_yaml", text: "Your policy YAML (added to the comparison)" }));
            pasted.appendChild(policyYaml);
            pasted.appendChild(el("label", { "for": "scenario_yaml", text: "Your scenario YAML (replaces the scenario)" }));
            pasted.appendChild(scenarioYaml);
            f.appendChild(pasted);
            return f;
          }
          if (data.embed) {
            if (data.error) app.appendChild(errorBox(data.error));
            if (data.compare) app.appendChild(comparisonTable(data.compare));
            app.appendChild(el("p", {}, el("a", { href: "/?" + params({}), target: "_blank", rel: "noopener",
              text: "Open in the ssopolicy playground" })));
            return;
          }
          app.appendChild(el("h1", { text: "What happens if… — ssopolicy playground" }));
          app.appendChild(form());
          var nav = el("nav", { "class": "views", "aria-label": "Views" });
          [["compare", "Side by side"], ["timeline", "Timeline"], ["matrix", "Decision matrix"]].forEach(function (v) {
            var a = el("a", { href: "/?" + params({ view: v[0] }), text: v[1] });
            if (v[0] === q.view) a.setAttribute("aria-current", "page");
            nav.appendChild(a);
          });
          app.appendChild(el("h2", { text: "Result" }));
          app.appendChild(nav);
          if (data.error) app.appendChild(errorBox(data.error));
          if (data.compare && q.view === "compare") app.appendChild(comparisonTable(data.compare));
          if (data.compare && q.view === "timeline") app.appendChild(timeline(data.compare));
          if (data.matrix && q.view === "matrix") app.appendChild(matrixTable(data.matrix));
          var share = el("div", { "class": "share" });
          var here = el("input", { readonly: "readonly", id: "link", value: absolute("/?" + params({})) });
          share.appendChild(el("label", { "for": "link", text: "Link to this view" }));
          share.appendChild(here);
          var frame = '<iframe src="' + absolute("/embed?" + params({ view: null, matrix: null, app: null })) +
            '" width="100%" height="480" title="ssopolicy comparison"></iframe>';
          var embed = el("input", { readonly: "readonly", id: "embed", value: frame });
          share.appendChild(el("label", { "for": "embed", text: "Embed in a guide" }));
          share.appendChild(embed);
          app.appendChild(share);
        })();
        """#
}
