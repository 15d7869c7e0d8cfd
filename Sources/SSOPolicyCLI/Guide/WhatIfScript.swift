/// The HTML guide's what-if explorer: plain JavaScript over the rows `WhatIfTable` computed at generation time.
/// A question with unknown facts is answered from the matching rows, in `evaluate`'s order, grouped by a greedy
/// decision-tree split (on the fact that best separates the decisions, first such fact on a tie, values in order of
/// first appearance; when no fact separates them better, the first unknown one, so no group mixes two answers).
/// The groups have `evaluate`'s outcome shape (`when` with one value per fact) and give the same set of answers as
/// `evaluate`, though not always its fewest outcomes (`DecisionTree` is exact; this script stays small). The answer
/// is written into
/// `#whatif-answer` for people and, as `evaluate --format json`'s `outcomes`, into its `data-answer` attribute,
/// which the headless-browser check compares with `evaluate` (scripts/html-guide-check.sh). The question lives in
/// the URL fragment (`#what-if?policy=P&app=A&user=U&fact=value`), so a link reopens it.
enum WhatIfScript {
    static let source = #"""
        (function () {
          "use strict";
          var tables = JSON.parse(document.getElementById("whatif-data").textContent);
          var form = document.getElementById("whatif-form");
          var factsBox = document.getElementById("whatif-facts");
          var output = document.getElementById("whatif-answer");
          var ACTING = "@user";
          var unanswerable = [];
          form.hidden = false;

          function el(tag, text, cls) {
            var node = document.createElement(tag);
            if (text !== undefined && text !== null) node.textContent = text;
            if (cls) node.className = cls;
            return node;
          }
          function fill(select, options, value) {
            select.textContent = "";
            options.forEach(function (option) {
              var node = el("option", option[1]);
              node.value = option[0];
              select.appendChild(node);
            });
            if (value !== undefined && options.some(function (o) { return o[0] === value; })) select.value = value;
          }
          function current() {
            return tables.filter(function (t) { return t.policy === form.elements.policy.value; })[0] || tables[0];
          }
          function label(value, user) {
            if (value === ACTING) return user + " (the acting user)";
            if (value === "another-user") return "another-user (someone else)";
            return value;
          }
          function build(question) {
            var table = current();
            fill(form.elements.app, table.apps.map(function (a) {
              return [a.id, a.name ? a.name + " (" + a.id + ")" : a.id];
            }), question.app);
            fill(form.elements.user, table.users.map(function (u) { return [u, u]; }), question.user);
            var user = form.elements.user.value;
            factsBox.textContent = "";
            factsBox.appendChild(el("legend", "facts (unknown: every value is tried)"));
            table.facts.forEach(function (fact) {
              var wrap = el("label", fact.key + " ");
              wrap.title = fact.meaning;
              var select = el("select");
              select.name = "fact:" + fact.key;
              var wanted = question.facts[fact.key];
              if (wanted === user) wanted = ACTING;
              var options = fact.values.filter(function (v) { return v !== user; });
              if (wanted !== undefined && options.indexOf(wanted) < 0) {
                unanswerable.push(fact.key + "=" + wanted + " (this guide knows " +
                  options.map(function (v) { return v === ACTING ? user : v; }).join(", ") + ")");
              }
              fill(select, [["", "unknown"]].concat(options.map(function (v) { return [v, label(v, user)]; })),
                wanted);
              wrap.appendChild(select);
              factsBox.appendChild(wrap);
            });
          }

          // The greedy split, on rows of digits (one per fact) and their decision classes.
          function split(rows, remaining, path, key) {
            if (rows.length <= 1 || remaining.length === 0) return [{ path: path, rows: rows }];
            var distinct = {};
            var distinctCount = 0;
            rows.forEach(function (r) { if (!distinct[key(r)]) { distinct[key(r)] = true; distinctCount++; } });
            if (distinctCount <= 1) return [{ path: path, rows: rows }];
            var best = null;
            remaining.forEach(function (fact) {
              var groups = {};
              var groupCount = 0;
              rows.forEach(function (r) {
                var g = groups[r.digits[fact]];
                if (!g) { g = groups[r.digits[fact]] = { keys: {}, size: 0 }; groupCount++; }
                if (!g.keys[key(r)]) { g.keys[key(r)] = true; g.size++; }
              });
              var score = 0;
              Object.keys(groups).forEach(function (k) { score += groups[k].size; });
              if (score < distinctCount * groupCount && (best === null || score < best.score)) {
                best = { fact: fact, score: score };
              }
            });
            // No fact separates the decisions better (e.g. an exclusive or): split on the first one anyway, so a
            // group never mixes two answers and none is dropped.
            if (best === null) best = { fact: remaining[0] };
            var order = [];
            var byValue = {};
            rows.forEach(function (r) {
              var v = r.digits[best.fact];
              if (!byValue[v]) { byValue[v] = []; order.push(v); }
              byValue[v].push(r);
            });
            var rest = remaining.filter(function (f) { return f !== best.fact; });
            var leaves = [];
            order.forEach(function (v) {
              leaves = leaves.concat(split(byValue[v], rest, path.concat([[best.fact, v]]), key));
            });
            return leaves;
          }

          function answer() {
            if (unanswerable.length) {
              output.textContent = "";
              output.appendChild(el("p", "No answer in this guide for " + unanswerable.join("; ") +
                ". Ask ssopolicy evaluate, or pick a value above."));
              output.removeAttribute("data-answer");
              unanswerable = [];
              return;
            }
            var table = current();
            var app = form.elements.app.value;
            var user = form.elements.user.value;
            var known = table.facts.map(function (fact) {
              var value = form.elements["fact:" + fact.key].value;
              return value === "" ? -1 : fact.values.indexOf(value);
            });
            var unknown = [];
            known.forEach(function (k, i) { if (k < 0) unknown.push(i); });
            var outcomes = table.rows[app + " " + user];
            var sizes = table.facts.map(function (f) { return f.values.length; });
            var rows = [];
            for (var r = 0; r < outcomes.length; r++) {
              var digits = [];
              var rest = r;
              for (var f = sizes.length - 1; f >= 0; f--) { digits[f] = rest % sizes[f]; rest = Math.floor(rest / sizes[f]); }
              // Unknown account facts take evaluate's three values only: none, the acting user, another-user.
              var matches = known.every(function (k, i) {
                return k < 0 ? !table.facts[i].account || digits[i] < 3 : digits[i] === k;
              });
              if (matches) rows.push({ index: r, digits: digits });
            }
            var key = function (row) { return table.decisions[outcomes[row.index]]; };
            var leaves = split(rows, unknown, [], key);
            var text = function (fact, digit) {
              var v = table.facts[fact].values[digit];
              return v === ACTING ? user : v;
            };
            var result = leaves.map(function (leaf) {
              var when = {};
              leaf.path.forEach(function (p) { when[table.facts[p[0]].key] = text(p[0], p[1]); });
              var outcome = table.outcomes[outcomes[leaf.rows[0].index]];
              var item = { when: when };
              Object.keys(outcome).forEach(function (k) { item[k] = outcome[k]; });
              return item;
            });
            render(table, app, user, known, result);
            var params = ["policy=" + encodeURIComponent(table.policy), "app=" + encodeURIComponent(app),
              "user=" + encodeURIComponent(user)];
            known.forEach(function (k, i) {
              if (k >= 0) params.push(encodeURIComponent(table.facts[i].key) + "=" + encodeURIComponent(text(i, k)));
            });
            try { history.replaceState(null, "", "#what-if?" + params.join("&")); } catch (e) { /* file: in some browsers */ }
          }

          function render(table, app, user, known, result) {
            output.textContent = "";
            var command = "ssopolicy evaluate " + table.policy + " --app " + app + " --user " + user;
            known.forEach(function (k, i) {
              if (k >= 0) {
                var v = table.facts[i].values[k];
                command += " --fact " + table.facts[i].key + "=" + (v === ACTING ? user : v);
              }
            });
            output.appendChild(el("p", user + " opens " + app + " under " + table.policy + ": " + result.length +
              (result.length === 1 ? " outcome" : " outcomes")));
            var list = el("ol");
            result.forEach(function (item) {
              var li = el("li");
              var keys = Object.keys(item.when);
              li.appendChild(el("div", keys.length === 0 ? "always" : "when " + keys.map(function (k) {
                return k + "=" + item.when[k];
              }).join(", "), "when"));
              li.appendChild(el("div", "prompts: " + (item.prompts.length ? item.prompts.join(" → ") : "none")));
              li.appendChild(el("div", "session: " + item.session + (item.session_user ? " (" + item.session_user + ")" : "")));
              item.findings.forEach(function (f) {
                li.appendChild(el("div", f.severity + " " + f.id + ": " + f.message, "sev-" + f.severity));
              });
              list.appendChild(li);
            });
            output.appendChild(list);
            output.appendChild(el("code", command, "command"));
            output.setAttribute("data-answer", JSON.stringify(result));
          }

          function question() {
            var q = { facts: {} };
            var hash = decodeURIComponent(location.hash || "");
            var at = hash.indexOf("#what-if?");
            if (at !== 0) return q;
            location.hash.slice("#what-if?".length).split("&").forEach(function (pair) {
              var parts = pair.split("=");
              var k = decodeURIComponent(parts[0] || "");
              var v = decodeURIComponent(parts.slice(1).join("=") || "");
              if (k === "policy" || k === "app" || k === "user") q[k] = v; else if (k) q.facts[k] = v;
            });
            return q;
          }

          var q = question();
          fill(form.elements.policy, tables.map(function (t) { return [t.policy, t.policy + " (" + t.provider + ")"]; }),
            q.policy);
          build(q);
          answer();
          form.addEventListener("change", function (event) {
            if (event.target.name === "policy" || event.target.name === "user") {
              var facts = {};
              current().facts.forEach(function (fact) {
                var select = form.elements["fact:" + fact.key];
                if (select && select.value && select.value !== ACTING) facts[fact.key] = select.value;
              });
              build({ app: form.elements.app.value, user: form.elements.user.value, facts: facts });
            }
            answer();
          });
          if (q.policy) document.getElementById("what-if").scrollIntoView();
        })();

        """#
}
