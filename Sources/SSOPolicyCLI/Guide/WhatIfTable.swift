import SSOPolicy

/// The data of the HTML guide's what-if explorer for one policy: for each app and user, the leaves of `evaluate`
/// with every fact unknown (its `outcomes`: disjoint cubes of the facts' values, each with one answer), and the same
/// with one setting changed, for each other value of each setting, model option and app key that takes a few
/// values. The page answers a question from these cubes alone (`WhatIfScript` keeps the cubes that meet the known
/// facts and groups them by answer), so no engine runs in the browser, its answers are `evaluate`'s, and the data
/// grows with the distinct answers, not with the product of the facts' values.
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
    /// The policy as the guide's command line named it (a file or a bundled name): the explorer's command uses it.
    var argument: String
    var users: [String]
    var settings: [Setting]
    /// Answer objects as `evaluate --format json` writes them (prompts, session, session user, details,
    /// findings), each once.
    var answers: [JSONValue]
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
    /// Bytes of explorer data the page may carry, for all policies.
    static let maxBytes = 700_000

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
    static func build(_ policy: GuideContent.Policy, users: [String], maxWork: Int = WhatIfTable.maxWork) throws
        -> WhatIfTable
    {
        let compiled = policy.compiled
        var table = WhatIfTable(
            policy: compiled, argument: policy.argument, users: users, settings: settings(of: compiled), answers: [],
            lists: [], rows: [], leftOut: nil)
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
                let answer = JSONValue.object(RunJSON.answer(branch.view)).serialized(pretty: false)
                let index = answerIndex[answer] ?? table.answers.count
                if index == table.answers.count {
                    answerIndex[answer] = index
                    table.answers.append(.object(RunJSON.answer(branch.view)))
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
            let changes = table.rows.indices.reduce(0) { total, row in
                total
                    + table.settings.filter { $0.app == nil || $0.app == apps[row / users.count] }
                    .reduce(0) { $0 + $1.values.count - 1 }
            }
            let spent = WorkBudget.current?.unitsSpent ?? 0
            if spent + spent / max(1, table.rows.count) * changes > maxWork { return .unchanged }
            for row in table.rows.indices {
                let app = apps[row / users.count]
                let user = users[row % users.count]
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
        let command = ShellCommand.line(["ssopolicy", "evaluate", policy.argument, "--app", "APP", "--user", "USER"])
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

    var json: JSONValue {
        let configuration = policy.configuration
        return .object([
            ("policy", .string(configuration.id)), ("provider", .string(policy.descriptor.id)),
            ("title", .optional(configuration.title)), ("file", .string(argument)),
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
            ("answers", .array(answers)),
            ("lists", .array(lists.map { list in .array(list.map { .array($0.map { .int($0) }) }) })),
            (
                "rows",
                .object(rows.map { row in (row.key, .object(row.lists.map { ($0.change, .int($0.list)) })) })
            ),
            ("left_out", .optional(leftOut)),
        ])
    }
}
