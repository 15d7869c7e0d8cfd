/// The HTML guide's what-if explorer: plain JavaScript over the leaves `WhatIfTable` computed at generation time.
/// A question is answered from the leaves of the chosen app and user (with the chosen setting change, or one list
/// per value of a setting left unknown): the leaves that meet the known facts, grouped by answer, each answer's
/// cubes restricted to the unknown facts (and the unknown setting) and merged while two differ in one fact only.
/// The answers are `evaluate`'s distinct answers, in its order (by the first combination giving each), each with
/// conditions covering exactly its combinations (`evaluate` finds the fewest such; this script stays small and may
/// give more). The answer is written into `#whatif-answer` for people and, in the shape of `evaluate --format
/// json`'s `answers` (without `paths`), into its `data-answer` attribute, which the headless-browser check compares
/// with `evaluate` (scripts/html-guide-check.sh). The question lives in the URL fragment
/// (`#what-if?policy=P&app=A&user=U&fact=value&setting:KEY=VALUE`, `?` for unknown), so a link reopens it. The
/// data comes as `WhatIfTable.json` carries it: leaves as short strings, answers as arrays with their details and
/// findings by index, and as templates with `@user` for the acting user's name, which the script fills in with the
/// chosen user.
enum WhatIfScript {
    static let source = #"""
        (function () {
          "use strict";
          var tables = JSON.parse(document.getElementById("whatif-data").textContent);
          var ACTING_NAME = "@user";
          // Leaves as carried ("12:..0.2": the answer, then per fact "." for any value or the value's index), and
          // answers as arrays (prompts, session, session user, details and findings by index), made whole once.
          function leaf(text) {
            var colon = text.indexOf(":");
            var out = [parseInt(text.slice(0, colon), 10)];
            for (var i = colon + 1; i < text.length; i++) {
              var c = text.charAt(i);
              if (c === ".") { out.push(-1); continue; }
              if (c === "(") { var close = text.indexOf(")", i); out.push(parseInt(text.slice(i + 1, close), 10)); i = close; continue; }
              out.push(parseInt(c, 36));
            }
            return out;
          }
          tables.forEach(function (table) {
            table.lists = (table.lists || []).map(function (list) { return list ? list.split(" ").map(leaf) : []; });
            table.answers = (table.answers || []).map(function (a) {
              return { prompts: a[0], session: a[1], session_user: a[2], details: table.details[a[3]],
                findings: a[4].map(function (i) { return table.findings[i]; }) };
            });
          });
          // An answer's template for the acting user: their name where the template says "@user".
          function named(value, user) {
            if (typeof value === "string") return value.split(ACTING_NAME).join(user);
            if (Array.isArray(value)) return value.map(function (v) { return named(v, user); });
            if (value && typeof value === "object") {
              var out = {};
              Object.keys(value).forEach(function (k) { out[k] = named(value[k], user); });
              return out;
            }
            return value;
          }
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
          function settingName(setting) { return setting.app ? setting.app + "." + setting.key : setting.key; }
          function settingsOf(table, app) {
            return table.settings.filter(function (s) { return s.app === null || s.app === app; });
          }
          function chosenSetting(table) {
            var name = form.elements.setting.value;
            return settingsOf(table, form.elements.app.value).filter(function (s) { return settingName(s) === name; })[0];
          }
          function shellWord(word) {
            return /^[A-Za-z0-9_\-.\/:=@%+,]+$/.test(word) ? word : "'" + word.replace(/'/g, "'\\''") + "'";
          }
          function fillValues(table, wanted) {
            var setting = chosenSetting(table);
            var select = form.elements.setting_value;
            if (!setting) {
              fill(select, [["", "—"]]);
              select.disabled = true;
              return;
            }
            select.disabled = false;
            fill(select, [["?", "unknown"]].concat(setting.values.map(function (v) {
              return [v, v === setting.current ? v + " (the policy's)" : v];
            })), wanted);
          }
          function build(question) {
            var table = current();
            fill(form.elements.app, table.apps.map(function (a) {
              return [a.id, a.name ? a.name + " (" + a.id + ")" : a.id];
            }), question.app);
            fill(form.elements.user, table.users.map(function (u) { return [u, u]; }), question.user);
            var user = form.elements.user.value;
            var settings = settingsOf(table, form.elements.app.value);
            fill(form.elements.setting, [["", "as the policy says"]].concat(settings.map(function (s) {
              return [settingName(s), (s.app ? "app key " : "") + s.key + " (" + s.current + ")"];
            })), question.setting);
            if (question.setting && form.elements.setting.value !== question.setting && !question.quiet) {
              unanswerable.push("setting " + question.setting + " (this guide can change " +
                (settings.length ? settings.map(settingName).join(", ") : "no setting of this policy") + ")");
            }
            fillValues(table, question.settingValue);
            factsBox.textContent = "";
            factsBox.appendChild(el("legend", "facts (unknown: every value is tried)"));
            table.facts.forEach(function (fact) {
              var wrap = el("label", fact.key + " ");
              wrap.title = fact.meaning;
              var select = el("select");
              select.name = "fact:" + fact.key;
              var wanted = question.facts[fact.key];
              if (wanted === user) wanted = ACTING;
              if (wanted !== undefined && fact.values.indexOf(wanted) < 0) {
                unanswerable.push(fact.key + "=" + wanted + " (this guide knows " +
                  fact.values.map(function (v) { return v === ACTING ? user : v; }).join(", ") + ")");
              }
              fill(select, [["", "unknown"]].concat(fact.values.map(function (v) { return [v, label(v, user)]; })),
                wanted);
              wrap.appendChild(select);
              factsBox.appendChild(wrap);
            });
          }

          // Cubes as one bit mask per dimension; merged while two differ in one dimension only.
          function merge(cubes, sizes) {
            var changed = true;
            while (changed) {
              changed = false;
              for (var d = 0; d < sizes.length; d++) {
                var byRest = {};
                var next = [];
                cubes.forEach(function (cube) {
                  var key = cube.map(function (m, i) { return i === d ? "*" : m; }).join(",");
                  if (byRest[key] === undefined) { byRest[key] = next.length; next.push(cube.slice()); return; }
                  var into = next[byRest[key]];
                  if ((into[d] & cube[d]) === 0) changed = true;
                  into[d] |= cube[d];
                });
                cubes = next;
              }
            }
            return cubes.filter(function (cube, i) {
              return !cubes.some(function (other, j) {
                if (i === j) return false;
                var contains = other.every(function (m, k) { return (m & cube[k]) === cube[k]; });
                return contains && (j < i || !cube.every(function (m, k) { return m === other[k]; }));
              });
            });
          }
          function firstRow(cube) {
            return cube.map(function (m) { var v = 0; while (!(m & (1 << v))) v++; return v; });
          }
          function before(a, b) {
            for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
            return false;
          }

          function answer() {
            var table = current();
            if (!table.rows || Object.keys(table.rows).length === 0) {
              output.textContent = "";
              output.appendChild(el("p", "No answers for " + table.policy + " in this guide: " + table.left_out + "."));
              output.removeAttribute("data-answer");
              return;
            }
            if (unanswerable.length) {
              output.textContent = "";
              output.appendChild(el("p", "No answer in this guide for " + unanswerable.join("; ") +
                ". Ask ssopolicy evaluate, or pick a value above."));
              output.removeAttribute("data-answer");
              unanswerable = [];
              return;
            }
            var app = form.elements.app.value;
            var user = form.elements.user.value;
            var known = table.facts.map(function (fact) {
              var value = form.elements["fact:" + fact.key].value;
              return value === "" ? -1 : fact.values.indexOf(value);
            });
            var lists = table.rows[app + " " + user];
            var setting = chosenSetting(table);
            var settingValue = setting ? form.elements.setting_value.value : "";
            // The lists to read: one, or one per value of a setting left unknown (a dimension of the answer).
            var parts = [];
            var listOf = function (value) {
              return value === setting.current ? lists[""] : lists[settingName(setting) + "=" + value];
            };
            if (!setting) {
              parts.push({ list: lists[""], value: -1 });
            } else if (settingValue === "?") {
              setting.values.forEach(function (v, i) { parts.push({ list: listOf(v), value: i }); });
            } else {
              parts.push({ list: listOf(settingValue), value: -1 });
            }
            var dims = [];
            if (setting && settingValue === "?") {
              dims.push({ key: settingName(setting), values: setting.values, setting: true });
            }
            known.forEach(function (k, i) {
              if (k < 0) dims.push({ key: table.facts[i].key, fact: i, values: table.facts[i].values.map(function (v) {
                return v === ACTING ? user : v;
              }) });
            });
            var sizes = dims.map(function (d) { return d.values.length; });
            var groups = {};
            var order = [];
            parts.forEach(function (part) {
              table.lists[part.list].forEach(function (leaf) {
                var meets = known.every(function (k, i) { return k < 0 || leaf[i + 1] < 0 || leaf[i + 1] === k; });
                if (!meets) return;
                var cube = dims.map(function (d) {
                  if (d.setting) return 1 << part.value;
                  var v = leaf[d.fact + 1];
                  return v < 0 ? (1 << d.values.length) - 1 : 1 << v;
                });
                if (groups[leaf[0]] === undefined) { groups[leaf[0]] = []; order.push(leaf[0]); }
                groups[leaf[0]].push(cube);
              });
            });
            var result = order.map(function (a) {
              var cubes = merge(groups[a], sizes);
              cubes.sort(function (x, y) { return before(firstRow(x), firstRow(y)) ? -1 : before(firstRow(y), firstRow(x)) ? 1 : 0; });
              var when = cubes.map(function (cube) {
                var condition = {};
                cube.forEach(function (m, i) {
                  if (m === (1 << sizes[i]) - 1) return;
                  condition[dims[i].key] = dims[i].values.filter(function (v, j) { return m & (1 << j); });
                });
                return condition;
              });
              var item = { when: when };
              var found = table.names ? named(table.answers[a], user) : table.answers[a];
              Object.keys(found).forEach(function (k) { item[k] = found[k]; });
              return { item: item, first: firstRow(cubes[0]) };
            });
            result.sort(function (x, y) { return before(x.first, y.first) ? -1 : before(y.first, x.first) ? 1 : 0; });
            result = result.map(function (r) { return r.item; });
            render(table, app, user, known, setting, settingValue, dims, result);
            var params = ["policy=" + encodeURIComponent(table.policy), "app=" + encodeURIComponent(app),
              "user=" + encodeURIComponent(user)];
            known.forEach(function (k, i) {
              if (k >= 0) {
                var v = table.facts[i].values[k];
                params.push(encodeURIComponent(table.facts[i].key) + "=" + encodeURIComponent(v === ACTING ? user : v));
              }
            });
            if (setting) params.push("setting:" + encodeURIComponent(settingName(setting)) + "=" +
              encodeURIComponent(settingValue));
            try { history.replaceState(null, "", "#what-if?" + params.join("&")); } catch (e) { /* file: in some browsers */ }
          }

          function conditionText(condition, dims) {
            var keys = Object.keys(condition);
            if (keys.length === 0) return "always";
            return keys.map(function (k) {
              var values = condition[k];
              var domain = dims.filter(function (d) { return d.key === k; })[0].values;
              if (values.length === 1) return k + "=" + values[0];
              if (domain.length >= 3 && values.length === domain.length - 1) {
                return k + "!=" + domain.filter(function (v) { return values.indexOf(v) < 0; })[0];
              }
              return k + "=" + values.join("|");
            }).join(" and ");
          }

          function render(table, app, user, known, setting, settingValue, dims, result) {
            output.textContent = "";
            var words = ["ssopolicy", "evaluate", table.file].concat(table.pair, ["--app", app, "--user", user]);
            known.forEach(function (k, i) {
              if (k >= 0) {
                var v = table.facts[i].values[k];
                words.push("--fact", table.facts[i].key + "=" + (v === ACTING ? user : v));
              }
            });
            if (setting) words.push("--setting", settingName(setting) + "=" + settingValue);
            output.appendChild(el("p", user + " opens " + app + " under " + table.policy + ": " + result.length +
              (result.length === 1 ? " distinct answer" : " distinct answers")));
            var list = el("ol");
            result.forEach(function (item) {
              var li = el("li");
              var text = item.when.map(function (c) { return conditionText(c, dims); });
              li.appendChild(el("div", text.length === 1 && text[0] === "always" ? "always" : "when " +
                text.join(" or "), "when"));
              li.appendChild(el("div", "prompts: " + (item.prompts.length ? item.prompts.join(" → ") : "none")));
              li.appendChild(el("div", "session: " + item.session + (item.session_user ? " (" + item.session_user + ")" : "")));
              var details = Object.keys(item.details).map(function (k) { return k + "=" + item.details[k]; });
              if (details.length) li.appendChild(el("div", "details: " + details.join(", ")));
              item.findings.forEach(function (f) {
                li.appendChild(el("div", f.severity + " " + f.id + ": " + f.message, "sev-" + f.severity));
              });
              list.appendChild(li);
            });
            output.appendChild(list);
            output.appendChild(el("code", words.map(shellWord).join(" "), "command"));
            output.setAttribute("data-answer", JSON.stringify(result));
          }

          function question() {
            var q = { facts: {} };
            if ((location.hash || "").indexOf("#what-if?") !== 0) return q;
            location.hash.slice("#what-if?".length).split("&").forEach(function (pair) {
              var parts = pair.split("=");
              var k = decodeURIComponent(parts[0] || "");
              var v = decodeURIComponent(parts.slice(1).join("=") || "");
              if (k === "policy" || k === "app" || k === "user") q[k] = v;
              else if (k.indexOf("setting:") === 0) { q.setting = k.slice("setting:".length); q.settingValue = v; }
              else if (k) q.facts[k] = v;
            });
            return q;
          }

          var q = question();
          fill(form.elements.policy, tables.map(function (t) { return [t.policy, t.policy + " (" + t.provider + ")"]; }),
            q.policy);
          build(q);
          answer();
          form.addEventListener("change", function (event) {
            var name = event.target.name;
            if (name === "policy" || name === "user" || name === "app" || name === "setting") {
              var facts = {};
              current().facts.forEach(function (fact) {
                var select = form.elements["fact:" + fact.key];
                if (select && select.value && select.value !== ACTING) facts[fact.key] = select.value;
              });
              build({ app: form.elements.app.value, user: form.elements.user.value, facts: facts, quiet: true,
                setting: form.elements.setting.value || undefined,
                settingValue: name === "setting" ? "?" : form.elements.setting_value.value });
            }
            answer();
          });
          if (q.policy) document.getElementById("what-if").scrollIntoView();
        })();

        """#
}
