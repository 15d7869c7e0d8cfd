import SSOPolicy

/// The data of the HTML guide's what-if explorer for one policy: for each app and user, the leaves of `evaluate`
/// with every fact unknown (its `outcomes`: disjoint cubes of the facts' values, each with one answer), and the same
/// with one setting changed, for each other value of each setting, model option and app key that takes a few
/// values. The page answers a question from these cubes alone (`WhatIfScript` keeps the cubes that meet the known
/// facts and groups them by answer), so no engine runs in the browser, its answers are `evaluate`'s, and the data
/// grows with the distinct answers, not with the product of the facts' values.
///
/// The page carries what the explorer shows and no more: each answer once, as a template where the acting user's
/// name is `@user` (so the answers of every worker of the scenario share one list of leaves, and a fifth worker
/// costs no more bytes than the fourth), each finding once, and each leaf as a short string
/// (`WhatIfTable.leafText`).
///
/// Everything is computed under a work budget per policy and the data under a size bound for the whole page; what
/// does not fit is left out and the page says so (and which command answers instead).
struct WhatIfTable {
    /// A setting (or model option, or `APP.KEY` app key) the explorer lets the reader change: its values, in
    /// declaration order, and the policy's.
    struct Setting {
        var key: String
        var values: [String]
        var current: String
        var meaning: String
        /// The app whose key this is, or nil for a setting or model option.
        var app: String?
    }

    var policy: CompiledPolicy
    /// The policy as the guide's command line named it (a file or a bundled name), with a fleet pair's `--setup` and
    /// `--group`: the explorer's command uses them.
    var arguments: [String]
    var users: [String]
    var settings: [Setting]
    /// Answer objects as `evaluate --format json` writes them (prompts, session, session user, details,
    /// findings), each once, with the acting user's name written `actingUser` (`template`), unless `names` is false.
    var answers: [JSONValue]
    /// Whether answers are templates: false only when an answer itself holds the text `actingUser`.
    var names = true
    /// Lists of leaves, each once: per leaf its answer's index, then per fact the value's index (-1: any value).
    var lists: [[[Int]]]
    /// "app user" → the list with nothing changed (key ""), and the list for each setting change, keyed
    /// "NAME=VALUE" with the setting's name as `--setting` takes it (`APP.KEY` for an app key).
    var rows: [(key: String, lists: [(change: String, list: Int)])]
    /// What was left out and why, for the page to say: nil when every answer is here.
    var leftOut: String?

    /// The value the page shows for an account fact that is the acting user.
    static let actingUser = "@user"
    /// Units of work (`WorkBudget`) one policy's explorer data may cost: the leaves with nothing changed first, then
    /// the settings.
    static let maxWork = 150_000
    /// Bytes of explorer data the page may carry, for all policies: an emergency department's five apps and five
    /// workers under three vendors take about a third of it, in a page of less than 1.5 MB.
    static let maxBytes = 1_000_000

    /// A fact's values as the explorer offers them: evaluate's (an account fact: none, the acting user, another).
    static func values(_ fact: FactDeclaration) -> [String] {
        switch fact.domain {
        case .choice(let values): return values
        case .account: return ["none", actingUser, AttemptEvaluator.anotherUser]
        }
    }

    static func build(
        _ policies: [GuideContent.Policy], users: [String], maxBytes: Int = WhatIfTable.maxBytes,
        maxWork: Int = WhatIfTable.maxWork
    ) throws -> [WhatIfTable] {
        var tables: [WhatIfTable] = []
        var bytes = 0
        for policy in policies {
            var table = try build(policy, users: users, maxWork: maxWork)
            let size = table.json.serialized(pretty: false).utf8.count
            if bytes + size > maxBytes {
                table = table.emptied(
                    "its answers (\(size) bytes) would take the page's what-if data past \(maxBytes) bytes")
            }
            bytes += table.json.serialized(pretty: false).utf8.count
            tables.append(table)
        }
        return tables
    }

    /// One policy's data, within `maxWork` units: when the leaves with nothing changed do not fit, the policy has no
    /// data; when the settings do not, it has none for settings.
    static func build(
        _ policy: GuideContent.Policy, users: [String], maxWork: Int = WhatIfTable.maxWork, templates: Bool = true
    ) throws -> WhatIfTable {
        let compiled = policy.compiled
        var table = WhatIfTable(
            policy: compiled, arguments: policy.evaluateArguments, users: users, settings: settings(of: compiled),
            answers: [],
            lists: [], rows: [], leftOut: nil)
        table.names = templates
        var answerIndex: [String: Int] = [:]
        var listIndex: [[[Int]]: Int] = [:]
        let facts = compiled.descriptor.facts
        func leaves(app: String, user: String, change: (key: String, value: String)?) throws -> Int? {
            let request = EvaluateRequest(
                app: app, user: user, settings: change.map { [(key: $0.key, value: $0.value)] } ?? [])
            var evaluator = AttemptEvaluator(traceMode: .off)
            evaluator.mergesAnswers = false
            evaluator.summarizesFindings = false
            let result = try evaluator.evaluate(request, policy: compiled)
            guard result.stopReason == nil else { return nil }
            var list: [[Int]] = []
            for branch in result.branches {
                let evaluated = JSONValue.object(RunJSON.answer(branch.view))
                // The answer with the acting user's name as `@user`: the same for every worker of a symmetric
                // model. An answer that holds the placeholder itself cannot be a template: then the table keeps
                // every answer as evaluate wrote it (`names` false).
                let shown = templates ? Self.template(evaluated, user: user) : evaluated
                if templates, Self.named(shown, user: user) != evaluated { table.names = false }
                let answer = shown.serialized(pretty: false)
                let index = answerIndex[answer] ?? table.answers.count
                if index == table.answers.count {
                    answerIndex[answer] = index
                    table.answers.append(shown)
                }
                var leaf = [index] + [Int](repeating: -1, count: facts.count)
                for (key, value) in branch.when {
                    guard let fact = facts.firstIndex(where: { $0.key == key }) else { continue }
                    let shown = value == user ? actingUser : value
                    leaf[fact + 1] = values(facts[fact]).firstIndex(of: shown) ?? -1
                }
                list.append(leaf)
            }
            if let known = listIndex[list] { return known }
            listIndex[list] = table.lists.count
            table.lists.append(list)
            return table.lists.count - 1
        }
        let apps = compiled.configuration.apps.map(\.id)
        // What fits: nothing, the leaves with nothing changed, or those and the settings'. Each app and user has an
        // equal share of the budget for its leaves, so a what-if too large stops early in its first split; their
        // cost tells what the settings would cost, so those are not started when they cannot fit.
        enum Fits { case nothing, unchanged, everything }
        let share = maxWork / max(1, apps.count * users.count)
        let (fits, stopped) = try WorkBudget.within(maxWork) { () throws -> Fits in
            for app in apps {
                for user in users {
                    let (list, over) = try WorkBudget.within(share) { try leaves(app: app, user: user, change: nil) }
                    guard let list, over == nil else { return .nothing }
                    table.rows.append((app + " " + user, [("", list)]))
                }
            }
            // A worker whose answers with nothing changed are the app's first worker's, as templates (the model
            // answers them alike: every provider's state is symmetric in its users), shares that worker's lists
            // for the settings too; only the others are asked again.
            func sharesFirst(_ row: Int) -> Bool {
                let first = row - row % users.count
                return row != first && table.names && table.rows[row].lists[0].list == table.rows[first].lists[0].list
            }
            let changes = table.rows.indices.reduce(0) { total, row in
                sharesFirst(row)
                    ? total
                    : total
                        + table.settings.filter { $0.app == nil || $0.app == apps[row / users.count] }
                        .reduce(0) { $0 + $1.values.count - 1 }
            }
            let spent = WorkBudget.current?.unitsSpent ?? 0
            if spent + spent / max(1, table.rows.count) * changes > maxWork { return .unchanged }
            for row in table.rows.indices {
                let app = apps[row / users.count]
                let user = users[row % users.count]
                if sharesFirst(row) {
                    table.rows[row].lists += table.rows[row - row % users.count].lists.dropFirst()
                    continue
                }
                for setting in table.settings where setting.app == nil || setting.app == app {
                    for value in setting.values where value != setting.current {
                        let name = setting.app.map { $0 + "." + setting.key } ?? setting.key
                        guard let list = try leaves(app: app, user: user, change: (name, value)) else {
                            return .unchanged
                        }
                        table.rows[row].lists.append((name + "=" + value, list))
                    }
                }
            }
            return .everything
        }
        try WorkBudget.throwIfStopped()
        if templates, !table.names {
            // Some answer holds the placeholder's own text: computed again with every answer as evaluate wrote it.
            return try build(policy, users: users, maxWork: maxWork, templates: false)
        }
        let command = ShellCommand.line(
            ["ssopolicy", "evaluate"] + policy.evaluateArguments + ["--app", "APP", "--user", "USER"])
        switch fits {
        case .nothing:
            return table.emptied("its what-if needs more than \(maxWork) units of work; ask `\(command)`")
        case .unchanged:
            table.settings = []
            table.rows = table.rows.map { ($0.key, Array($0.lists.prefix(1))) }
            table.leftOut =
                "changed settings are left out: they need more than \(maxWork) units of work; ask `\(command) "
                + "--setting KEY=VALUE`"
        case .everything:
            assert(stopped == nil)
        }
        return table
    }

    /// The settings, model options and app keys the explorer lets the reader change (those with a few values).
    static func settings(of policy: CompiledPolicy) -> [Setting] {
        let descriptor = policy.descriptor
        let configuration = policy.configuration
        var settings: [Setting] = []
        for declaration in descriptor.settings + descriptor.modelOptions.map(\.setting) {
            guard let values = declaration.kind.enumeratedValues, values.count > 1,
                let current = configuration.settings[declaration.key]
            else { continue }
            settings.append(
                Setting(
                    key: declaration.key, values: values, current: current.description,
                    meaning: declaration.meaning, app: nil))
        }
        for app in configuration.apps {
            for declaration in descriptor.appKeys {
                guard let values = declaration.kind.enumeratedValues, values.count > 1,
                    let current = app.keys[declaration.key]
                else { continue }
                settings.append(
                    Setting(
                        key: declaration.key, values: values, current: current.description,
                        meaning: declaration.meaning, app: app.id))
            }
        }
        return settings
    }

    /// `text` with every occurrence of `name` replaced by `replacement`, left to right, compared by Unicode scalars
    /// (as the page's `split`/`join` compares UTF-16 code units: the same matches).
    static func replacing(_ name: String, with replacement: String, in text: String) -> String {
        let pattern = Array(name.unicodeScalars)
        let scalars = Array(text.unicodeScalars)
        guard !pattern.isEmpty, scalars.count >= pattern.count else { return text }
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if index + pattern.count <= scalars.count, scalars[index] == pattern[0],
                Array(scalars[index..<index + pattern.count]) == pattern
            {
                out.append(contentsOf: replacement.unicodeScalars)
                index += pattern.count
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    /// Every string of `value` (not the keys) with `transform` applied.
    static func mapStrings(_ value: JSONValue, _ transform: (String) -> String) -> JSONValue {
        switch value {
        case .string(let text): return .string(transform(text))
        case .array(let items): return .array(items.map { mapStrings($0, transform) })
        case .object(let pairs): return .object(pairs.map { ($0.0, mapStrings($0.1, transform)) })
        case .null, .bool, .int, .double, .fragment: return value
        }
    }

    /// An answer with the acting user's name written `actingUser`.
    static func template(_ answer: JSONValue, user: String) -> JSONValue {
        mapStrings(answer) { replacing(user, with: actingUser, in: $0) }
    }

    /// A template's answer for `user` (what the page does before it shows one).
    static func named(_ template: JSONValue, user: String) -> JSONValue {
        mapStrings(template) { replacing(actingUser, with: user, in: $0) }
    }

    /// Answer `index` as `evaluate` gives it to `user`.
    func answer(_ index: Int, user: String) -> JSONValue {
        names ? Self.named(answers[index], user: user) : answers[index]
    }

    /// A leaf as the page carries it: its answer's index, `:`, then one character per fact: `.` for any value, else
    /// the value's index as a digit or a lower-case letter (`12:..0.2`); a fact with more than 36 values takes
    /// `(index)`.
    static func leafText(_ leaf: [Int]) -> String {
        var text = String(leaf[0]) + ":"
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz")
        for value in leaf.dropFirst() {
            if value < 0 {
                text += "."
            } else if value < digits.count {
                text.append(digits[value])
            } else {
                text += "(\(value))"
            }
        }
        return text
    }

    /// The table with no answers, saying why.
    func emptied(_ reason: String) -> WhatIfTable {
        var table = self
        table.settings = []
        table.answers = []
        table.lists = []
        table.rows = []
        table.leftOut = reason
        return table
    }

    /// The answers as the page carries them: each an array `[prompts, session, session_user, details, findings]`
    /// (evaluate's fields in evaluate's order, without their names), its details an index into `details` and its
    /// findings indices into `findings`, where each is once.
    var compact: (findings: [JSONValue], details: [JSONValue], answers: [JSONValue]) {
        var findings: [JSONValue] = []
        var findingIndex: [String: Int] = [:]
        var details: [JSONValue] = []
        var detailIndex: [String: Int] = [:]
        func index(_ value: JSONValue, _ table: inout [JSONValue], _ known: inout [String: Int]) -> JSONValue {
            let text = value.serialized(pretty: false)
            if let found = known[text] { return .int(found) }
            known[text] = table.count
            table.append(value)
            return .int(table.count - 1)
        }
        let compact = answers.map { answer -> JSONValue in
            guard case .object(let pairs) = answer else { return answer }
            let field = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
            var findingIndices: [JSONValue] = []
            if case .array(let items)? = field["findings"] {
                findingIndices = items.map { index($0, &findings, &findingIndex) }
            }
            return .array([
                field["prompts"] ?? .array([]), field["session"] ?? .null, field["session_user"] ?? .null,
                index(field["details"] ?? .object([]), &details, &detailIndex), .array(findingIndices),
            ])
        }
        return (findings, details, compact)
    }

    var json: JSONValue {
        let configuration = policy.configuration
        let compact = self.compact
        return .object([
            ("policy", .string(configuration.id)), ("provider", .string(policy.descriptor.id)),
            ("title", .optional(configuration.title)), ("file", .string(arguments[0])),
            ("pair", .strings(Array(arguments.dropFirst()))),
            (
                "apps",
                .array(
                    configuration.apps.map { app in
                        .object([("id", .string(app.id)), ("name", .optional(app.name))])
                    })
            ),
            ("users", .strings(users)),
            (
                "facts",
                .array(
                    policy.descriptor.facts.map { fact in
                        var account = false
                        if case .account = fact.domain { account = true }
                        return .object([
                            ("key", .string(fact.key)), ("values", .strings(Self.values(fact))),
                            ("account", .bool(account)), ("meaning", .string(fact.meaning)),
                        ])
                    })
            ),
            (
                "settings",
                .array(
                    settings.map { setting in
                        .object([
                            ("key", .string(setting.key)), ("app", .optional(setting.app)),
                            ("values", .strings(setting.values)), ("current", .string(setting.current)),
                            ("meaning", .string(setting.meaning)),
                        ])
                    })
            ),
            ("names", .bool(names)),
            ("findings", .array(compact.findings)),
            ("details", .array(compact.details)),
            ("answers", .array(compact.answers)),
            ("lists", .array(lists.map { list in .string(list.map(Self.leafText).joined(separator: " ")) })),
            (
                "rows",
                .object(rows.map { row in (row.key, .object(row.lists.map { ($0.change, .int($0.list)) })) })
            ),
            ("left_out", .optional(leftOut)),
        ])
    }
}
