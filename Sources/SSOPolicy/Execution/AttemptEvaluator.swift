import SSOPolicyProviderKit

/// One access attempt (or other event) against a state given as facts. Facts left out are unknown: every
/// combination is tried, and the answer lists each distinct outcome with only the facts it depends on.
public struct EvaluateRequest: Sendable {
    /// The pseudo file of a request's diagnostics when it comes from the command line.
    public static let commandLine = "<command-line>"
    /// The pseudo file of a request's diagnostics when it comes from an HTTP body.
    public static let httpRequest = "<request>"

    /// How the caller names the request's parts in diagnostics: options (`--fact k=v`) or JSON fields
    /// (`facts.k`).
    public enum Origin: Sendable {
        /// `--fact k=v` on the command line.
        case commandLine
        /// `facts.k` in an HTTP body.
        case httpRequest
        /// A line of `evaluate --batch`, which reports the line itself (`FILE:LINE: error: …`).
        case batchLine

        var file: String { self == .httpRequest ? EvaluateRequest.httpRequest : EvaluateRequest.commandLine }

        func name(_ part: String, _ key: String? = nil, _ value: String? = nil) -> String? {
            switch self {
            case .batchLine:
                return nil
            case .commandLine:
                return "--\(part)" + (key.map { " \($0)" } ?? "") + (value.map { "=\($0)" } ?? "")
            case .httpRequest:
                let field = ["fact": "facts", "condition": "conditions", "setting": "settings"][part] ?? part
                return field + (key.map { ".\($0)" } ?? "")
            }
        }
    }

    public var origin: Origin = .commandLine
    public var app: String
    public var user: String
    /// Fact key → text, as given with `--fact key=value`.
    public var facts: [(key: String, value: String)]
    public var event: String
    public var conditions: [(key: String, value: String)]
    /// Settings (or `APP.KEY` per-app keys) as the what-if takes them: a value overrides the policy's, `?` leaves
    /// the setting unknown, so the answer splits over its values and names it in `when`.
    public var settings: [(key: String, value: String)]

    public init(
        app: String, user: String, facts: [(key: String, value: String)] = [], event: String = "open",
        conditions: [(key: String, value: String)] = [], settings: [(key: String, value: String)] = []
    ) {
        self.app = app
        self.user = user
        self.facts = facts
        self.event = event
        self.conditions = conditions
        self.settings = settings
    }
}

/// The answer: one outcome per distinct answer, each with the fewest conditions on the unknown facts that pick
/// out the combinations giving it.
public struct EvaluateResult: Sendable {
    /// One alternative of an outcome's `when`: per fact it names, the values allowed (facts it leaves out do not
    /// matter given the rest); an empty condition holds always.
    public struct Condition: Sendable, Hashable {
        public var facts: [Constraint]

        public struct Constraint: Sendable, Hashable {
            public var key: String
            public var values: [String]
            /// Every value the fact can take, so text can say `key!=v` for all but one.
            public var domain: [String]
        }

        public var isAlways: Bool { facts.isEmpty }
    }

    /// A finding and when it is reported (across outcomes), e.g. critical whenever another user is signed in.
    public struct FindingSummary: Sendable {
        public var id: String
        public var severity: Severity
        public var when: [Condition]
    }

    /// One way to reach an outcome: the rules that fired, under the conditions that lead there.
    public struct Path: Sendable {
        public var when: [Condition]
        /// The view of the first combination on this path (its trace names the rules that fired).
        public var view: StepView
    }

    public struct Outcome: Sendable {
        /// Any of these conditions gives this outcome (a single always-true condition when none mattered).
        public var when: [Condition]
        /// The answer (and the trace of the first combination giving it).
        public var view: StepView
        /// The distinct sets of fired rules that give this answer, each with the conditions that lead to it.
        public var paths: [Path]
    }

    /// One leaf of the fewest-leaf decision tree over the unknown facts (`DecisionTree`): the spec's outcome, whose
    /// `when` gives one value per fact it names. Leaves never overlap; one answer may need several leaves, as a
    /// single value per fact cannot say "this value or that". Each leaf has one set of fired rules.
    public struct Branch: Sendable {
        /// Fact key → value, in declaration order; empty when nothing unknown mattered.
        public var when: [(key: String, value: String)]
        /// The answer and trace of the leaf's first combination (every combination of the leaf gives this answer
        /// through the same fired rules).
        public var view: StepView
    }

    public var policy: CompiledPolicy
    public var app: String
    public var user: String
    public var event: String
    /// The merged answers: one per distinct answer, each with its fewest conditions (JSON `answers`, the text).
    public var outcomes: [Outcome]
    /// The spec's outcomes (JSON `outcomes`): disjoint, single-valued conditions.
    public var branches: [Branch] = []
    /// Each finding that some outcome reports, with the fewest conditions under which it is reported.
    public var findings: [FindingSummary] = []
    /// Combinations of the unknown facts' values the answer covers (the product of their value counts).
    public var combinations: Int = 0
    /// Attempts the what-if split ended in: the leaves its answer was computed from.
    public var leaves: Int = 0
    /// The policy file's `unknown` values the answer does not split over (other apps' keys, values too many to
    /// split over), played at their defaults: `setting` or `app.key`.
    public var playedDefaults: [String] = []
    /// Why the work budget stopped the answer, which is then empty: nil when it is whole.
    public var stopReason: WorkBudget.StopReason? = nil
}

/// Problems with an evaluate or matrix request (unknown app, user, event, fact, value, condition), as diagnostics
/// like the loaders': one per problem, each naming the argument it is about, with a suggestion where one is close.
///
/// A request comes from the command line or an HTTP body, not a file, so its diagnostics are positioned at the
/// argument: `<command-line>: error: --fact session_lve=true: unknown fact …` (the request's own words, e.g.
/// `facts.session_lve`, in the HTTP API's 422).
package struct EvaluateError: Error, Sendable, CustomStringConvertible {
    package var diagnostics: [Diagnostic]

    package init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// One error about `argument` (as the caller wrote it), at `origin`.
    package init(_ message: String, argument: String? = nil, origin: String = EvaluateRequest.commandLine) {
        self.diagnostics = [
            .error(
                at: SourcePosition(file: origin, line: 0, column: 0), (argument.map { $0 + ": " } ?? "") + message)
        ]
    }

    package init(description: String) { self.init(description) }

    /// The diagnostics, one per line.
    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }

    /// The first diagnostic's message without its position (a batch line reports it at its own line).
    package var message: String { diagnostics.first?.message ?? "" }
}

package struct AttemptEvaluator: Sendable {
    package static let anotherUser = "another-user"

    /// Whether `text` can name the acting user: an identifier, neither `none` nor `another-user`.
    package static func isUserName(_ text: String) -> Bool {
        Identifier.isValid(text) && text != "none" && text != anotherUser
    }

    package var traceMode: RuleTrace.Mode
    /// How much of an explain trace the outcomes keep.
    package var explain: StepView.ExplainDetail = .decisions
    /// Whether to work out the merged answers (`EvaluateResult.outcomes`); batch lines leave them out of their
    /// JSON, so the batch does not compute them (`outcomes` is then empty).
    package var mergesAnswers = true
    /// Whether to work out when each finding is reported (`EvaluateResult.findings`); the guide's what-if data and
    /// decision tables do not show it, so they leave it out (`findings` is then empty).
    package var summarizesFindings = true
    /// Whether to work out the spec's outcomes (`EvaluateResult.branches`); the guide's decision tables show the
    /// merged answers only, so they leave them out (`branches` is then empty).
    package var listsOutcomes = true

    package init(traceMode: RuleTrace.Mode = .fired) { self.traceMode = traceMode }

    /// A dimension of the answer: an unknown setting or fact, by the name `when` gives it, and the texts tried.
    struct Unknown {
        var key: String
        var values: [String]
    }

    /// A request checked against the policy, in the provider's ids.
    struct Validated {
        var app: AppID
        var user: UserID
        var eventID: EventID
        var given: [String: String]
        var conditions: StepConditions
        var users: UserDirectory
        var settings: SettingWhatIf
        /// The policy's `unknown` values not split over, played at their defaults.
        var playedDefaults: [String]
    }

    package func evaluate(_ request: EvaluateRequest, policy: CompiledPolicy) throws -> EvaluateResult {
        // The descriptor read in place: a copy of it is tens of references to retain and release.
        let shared = policy.sharedDescriptor
        let configuration = policy.configuration
        let origin = request.origin
        let validated = try validate(request, policy: policy)
        let (app, user, eventID, given, conditions) = (
            validated.app, validated.user, validated.eventID, validated.given, validated.conditions
        )
        var users = validated.users
        let space = FactSpace(
            shared.value, actingUser: request.user, excluding: given, configuration: configuration)
        let settings = validated.settings
        let unknowns =
            settings.dimensions.map { Unknown(key: $0.name, values: $0.values) }
            + space.dimensions.map { Unknown(key: $0.fact.key, values: $0.values) }
        _ = users.intern(Self.anotherUser)

        let target: ProviderEvent.Target
        switch shared.value.eventDeclaration(eventID).target {
        case .choice(let words): target = .word(words[0])
        default: target = .app(app)
        }
        let event = ProviderEvent(event: eventID, target: target, user: user, time: Clock.start, conditions: conditions)

        // Split only where the decision reads: each leaf is a cube of the unknown facts with one answer; unknown
        // settings recompile the policy once per assignment, whose leaves carry it in front.
        var device = given
        var perApp: [Int: [String: String]] = [:]
        for (key, value) in given where shared.value.facts[Int(shared.value.fact(key)!.index)].scope == .app {
            perApp[app.int, default: [:]][key] = value
            device.removeValue(forKey: key)
        }
        let split: FactSplit
        do {
            let known = try FactBuilder.make(
                shared.value, appCount: configuration.apps.count, device: device, perApp: perApp, users: &users)
            split = try FactSplit(shared.value, space: space, known: known, app: app, users: &users)
        } catch {
            throw EvaluateError("\(error)", origin: origin.file)
        }
        let traceMode = self.traceMode
        var evaluatedLeaves: [(assignment: [Int?], view: Int)] = []
        // Leaves that end in the same outcome through the same rules share one rendering, numbered by answer and
        // by rule path.
        var views = DistinctViews()
        for assignment in settings.assignments {
            let prefix = assignment.map { Optional($0) }
            switch settings.policy(policy, assignment: assignment) {
            case .failure(let rejection):
                guard WorkBudget.spend() else { return Self.stopped(request, policy) }
                let renderer = OutcomeRenderer(policy: policy, users: users, explain: explain)
                let view = renderer.view(
                    number: 1, time: Clock.start, event: request.event, app: request.app, user: user,
                    outcome: .notApplicable, trace: [],
                    note: "the policy does not compile with these settings: "
                        + (rejection.diagnostics.first?.message ?? "rejected"))
                evaluatedLeaves.append(
                    (
                        prefix + [Int?](repeating: nil, count: space.dimensions.count),
                        views.add(view, answer: views.answerKey(view), fired: [])
                    ))
            case .success(let compiled):
                let leaves = compiled.withAttempts { attempt in
                    split.leaves(event, traceMode: traceMode, attempt: attempt)
                }
                guard let leaves else { return Self.stopped(request, policy) }
                let renderer = OutcomeRenderer(policy: compiled, users: users, explain: explain)
                // Leaves with the same outcome share its words, and leaves with the same trace its trace's words.
                var rendered: [RenderedLeaf: Int] = [:]
                var answers: [StepOutcome: (view: StepView, key: Int)] = [:]
                var traces: [[RuleTrace.Entry]: [StepView.TraceView]] = [:]
                for leaf in leaves {
                    let key = RenderedLeaf(outcome: leaf.outcome, trace: leaf.trace)
                    if let known = rendered[key] {
                        evaluatedLeaves.append((prefix + leaf.assignment, known))
                        continue
                    }
                    let answer =
                        answers[leaf.outcome]
                        ?? {
                            let view = renderer.view(
                                number: 1, time: Clock.start, event: request.event, app: request.app, user: user,
                                outcome: leaf.outcome, trace: [])
                            return (view, views.answerKey(view))
                        }()
                    answers[leaf.outcome] = answer
                    var view = answer.view
                    view.trace = traces[leaf.trace] ?? renderer.traceViews(leaf.trace)
                    traces[leaf.trace] = view.trace
                    let index = views.add(
                        view, answer: answer.key, fired: leaf.trace.filter(\.fired).map { Int($0.rule.index) })
                    rendered[key] = index
                    evaluatedLeaves.append((prefix + leaf.assignment, index))
                }
            }
        }
        var evaluated = EvaluatedLeaves(
            evaluatedLeaves, views: views.views, answerKeys: views.answerKeys, pathKeys: views.pathKeys,
            radices: unknowns.map(\.values.count))
        evaluated.impossible = Self.impossibleLeaves(
            evaluated.assignments, unknowns: unknowns, given: given, descriptor: shared.value)
        // The reductions spend the budget too (`PrimeCubes.charge`); what they return once it stopped is partial.
        func stopped() -> Bool { WorkBudget.current?.stopReason != nil }
        // The leaves' classes by answer and fired rules, shared by the outcomes and the branches.
        let paths = mergesAnswers || listsOutcomes ? evaluated.pathClasses : []
        // Classes with the same leaves have the same cover, whichever reduction asks first.
        var memo: MinimalCover.Memo = [:]
        var words = ConditionWords(unknowns: unknowns)
        let outcomes = mergesAnswers ? Self.reduce(evaluated, paths: paths, words: &words, memo: &memo) : []
        guard !stopped() else { return Self.stopped(request, policy) }
        let branches = listsOutcomes ? Self.branches(evaluated, paths: paths, unknowns: unknowns) : []
        let findings = summarizesFindings ? Self.findingSummaries(evaluated, words: &words, memo: &memo) : []
        guard !stopped() else { return Self.stopped(request, policy) }
        return EvaluateResult(
            policy: policy, app: request.app, user: request.user, event: request.event, outcomes: outcomes,
            branches: branches, findings: findings,
            combinations: unknowns.reduce(1) { Saturating.product($0, $1.values.count) },
            leaves: evaluatedLeaves.count, playedDefaults: validated.playedDefaults)
    }

    /// Per leaf, whether every combination of it breaks one of the provider's `FactConstraint`s (a combination that
    /// cannot happen, such as a checked-out device with no custodian): its answer is nobody's, so the reductions
    /// list it nowhere and may cover it with any answer's conditions.
    static func impossibleLeaves(
        _ assignments: [[Int?]], unknowns: [Unknown], given: [String: String], descriptor: ProviderDescriptor
    ) -> [Bool] {
        var impossible = [Bool](repeating: false, count: assignments.count)
        for constraint in descriptor.factConstraints {
            guard let other = descriptor.fact(constraint.other) else { continue }
            let isAccount = descriptor.facts[Int(other.index)].domain == .account
            let factDimension = unknowns.firstIndex { $0.key == constraint.fact }
            let otherDimension = unknowns.firstIndex { $0.key == constraint.other }
            guard factDimension != nil || otherDimension != nil else { continue }
            for (leaf, assignment) in assignments.enumerated() where !impossible[leaf] {
                func text(_ dimension: Int?, _ key: String) -> String? {
                    guard let dimension else { return given[key] }
                    return assignment[dimension].map { unknowns[dimension].values[$0] }
                }
                guard let value = text(factDimension, constraint.fact),
                    let otherValue = text(otherDimension, constraint.other)
                else { continue }
                impossible[leaf] = constraint.isBroken(by: value, otherValue, otherIsAccount: isAccount)
            }
        }
        return impossible
    }

    /// The answer when the work budget ran out: no outcome (the server refuses it).
    static func stopped(_ request: EvaluateRequest, _ policy: CompiledPolicy) -> EvaluateResult {
        EvaluateResult(
            policy: policy, app: request.app, user: request.user, event: request.event, outcomes: [],
            stopReason: WorkBudget.current?.stopReason ?? .stopped)
    }

    /// Checks every part of the request, reporting every problem at once.
    func validate(_ request: EvaluateRequest, policy: CompiledPolicy) throws -> Validated {
        let shared = policy.sharedDescriptor
        let configuration = policy.configuration
        let origin = request.origin
        func failure(_ message: String, _ part: String, _ key: String? = nil, _ value: String? = nil) -> EvaluateError {
            EvaluateError(message, argument: origin.name(part, key, value), origin: origin.file)
        }
        // Every problem of the request at once, as a loader reports every problem of a file.
        var problems: [Diagnostic] = []
        let app = configuration.app(named: request.app)
        if app == nil {
            problems +=
                failure(
                    "policy '\(configuration.id)' has no app '\(request.app)'"
                        + Suggestion.didYouMean(request.app, in: configuration.apps.map(\.id)) + "; apps: "
                        + configuration.apps.map(\.id).joined(separator: ", "), "app"
                ).diagnostics
        }
        if !Self.isUserName(request.user) {
            problems +=
                failure(
                    "'\(request.user)' cannot be a user name (a word of letters, digits, '-', '_' or '.', not 'none' "
                        + "or '\(Self.anotherUser)')", "user"
                ).diagnostics
        }
        let eventID = shared.value.event(request.event)
        if eventID == nil {
            problems +=
                failure(
                    "unknown event '\(request.event)' for provider '\(shared.value.id)'"
                        + Suggestion.didYouMean(request.event, in: shared.value.allEvents.map(\.name)), "event"
                ).diagnostics
        }
        var given: [String: String] = [:]
        var users = UserDirectory([Identifier.isValid(request.user) ? request.user : "user"])
        let user = UserID(0)
        for (key, value) in request.facts {
            guard let id = shared.value.fact(key) else {
                problems +=
                    failure(
                        "unknown fact '\(key)' for provider '\(shared.value.id)'"
                            + Suggestion.didYouMean(key, in: shared.value.facts.map(\.key)) + "; facts: "
                            + shared.value.facts.map(\.key).joined(separator: ", "), "fact", key, value
                    ).diagnostics
                continue
            }
            if given[key] != nil {
                problems += failure("fact '\(key)' given twice", "fact", key, value).diagnostics
                continue
            }
            // Validate given values now, so a typo is an error rather than an empty answer.
            do {
                _ = try FactBuilder.parse(value, for: shared.value.facts[Int(id.index)], users: &users)
                given[key] = value
            } catch {
                problems += failure("\(error)", "fact", key, value).diagnostics
            }
        }
        // Facts that cannot hold together (the provider declares which).
        for constraint in shared.value.factConstraints {
            guard let value = given[constraint.fact], let other = given[constraint.other],
                let otherFact = shared.value.fact(constraint.other)
            else { continue }
            let isAccount = shared.value.facts[Int(otherFact.index)].domain == .account
            if constraint.isBroken(by: value, other, otherIsAccount: isAccount) {
                problems +=
                    failure(
                        "impossible facts: \(constraint.fact)=\(value) with \(constraint.other)=\(other): "
                            + constraint.meaning, "fact", constraint.other, other
                    ).diagnostics
            }
        }
        var conditions = StepConditions()
        for (key, text) in request.conditions {
            guard let id = shared.value.stepCondition(key) else {
                problems +=
                    failure(
                        "unknown step condition '\(key)'"
                            + Suggestion.didYouMean(key, in: shared.value.stepConditions.map(\.key)), "condition", key,
                        text
                    ).diagnostics
                continue
            }
            let declaration = shared.value.stepConditions[Int(id.index)]
            guard let value = declaration.kind.parse(text) else {
                problems +=
                    failure(
                        "\(key): expected \(declaration.kind.expectation), found \(Excerpt.quoted(text))", "condition",
                        key,
                        text
                    ).diagnostics
                continue
            }
            if declaration.kind == .app, configuration.app(named: text) == nil {
                problems +=
                    failure(
                        "\(key): policy '\(configuration.id)' has no app '\(text)'"
                            + Suggestion.didYouMean(text, in: configuration.apps.map(\.id)), "condition", key, text
                    ).diagnostics
                continue
            }
            conditions.set(id, value)
        }
        var (settings, settingProblems) = SettingWhatIf.parse(request.settings, policy: policy) { message, key in
            failure(message, "setting", key).diagnostics
        }
        problems += settingProblems
        guard problems.isEmpty, let app, let eventID else { throw EvaluateError(diagnostics: problems) }
        let playedDefaults = settings.addFileUnknowns(of: policy, app: app)
        return Validated(
            app: app, user: user, eventID: eventID, given: given, conditions: conditions, users: users,
            settings: settings, playedDefaults: playedDefaults)
    }

    /// Merges leaves with the same answer and gives each answer the fewest conditions that pick out its
    /// combinations (`MinimalCover`); within an answer, the same for each set of fired rules.
    /// `paths`: the leaves' classes by rule path (`evaluated.pathClasses`).
    static func reduce(
        _ evaluated: EvaluatedLeaves, paths: [Int], words: inout ConditionWords, memo: inout MinimalCover.Memo
    ) -> [EvaluateResult.Outcome] {
        guard evaluated.count > 0 else { return [] }
        let radices = evaluated.radices
        let answers = evaluated.answerClasses
        func conditions(_ cubes: [FactCube]) -> [EvaluateResult.Condition] { words.conditions(cubes) }
        var pathsByAnswer: [Int: [EvaluateResult.Path]] = [:]
        let firstOfPath = evaluated.firsts(of: paths)
        for (klass, cubes) in MinimalCover.covers(leaves: evaluated.leaves(paths), radices: radices, memo: &memo) {
            let leaf = firstOfPath[klass]
            pathsByAnswer[answers[leaf], default: []].append(
                EvaluateResult.Path(when: conditions(cubes), view: evaluated.view(leaf)))
        }
        let firstOfAnswer = evaluated.firsts(of: answers)
        return MinimalCover.covers(leaves: evaluated.leaves(answers), radices: radices, memo: &memo).map {
            klass, cubes in
            let leaf = firstOfAnswer[klass]
            return EvaluateResult.Outcome(
                when: conditions(cubes), view: evaluated.view(leaf), paths: pathsByAnswer[klass] ?? [])
        }
    }

    /// The spec's outcomes: disjoint single-valued conditions, split by answer and fired rules; the fewest such
    /// (`DecisionTree`) while the space is small enough to tabulate, else the split's own leaves, merged where
    /// every value of a fact gives the same.
    /// `paths`: the leaves' classes by rule path (`evaluated.pathClasses`).
    static func branches(_ evaluated: EvaluatedLeaves, paths: [Int], unknowns: [Unknown]) -> [EvaluateResult.Branch] {
        guard evaluated.count > 0 else { return [] }
        let radices = unknowns.map(\.values.count)
        func branch(_ assignment: [Int?], _ leaf: Int) -> EvaluateResult.Branch {
            EvaluateResult.Branch(
                when: unknowns.indices.compactMap { fact in
                    assignment[fact].map { (unknowns[fact].key, unknowns[fact].values[$0]) }
                },
                view: evaluated.view(leaf))
        }
        if SubcubeTable.subcubeCount(radices) <= DecisionTree.exactSubcubes, let rowLeaf = evaluated.rowLeaves() {
            let rowClasses = rowLeaf.map { paths[$0] }
            // Combinations that cannot happen are no branch.
            return DecisionTree.leaves(classes: rowClasses, radices: radices).compactMap { leaf in
                let from = rowLeaf[leaf.firstRow]
                return evaluated.isImpossible(from) ? nil : branch(leaf.assignment, from)
            }
        }
        return DecisionTree.merged(evaluated.assignments, classes: paths, radices: radices).compactMap { merged in
            evaluated.isImpossible(merged.leaf) ? nil : branch(merged.assignment, merged.leaf)
        }
    }

    /// For each finding reported anywhere (most severe first), the conditions under which it is.
    static func findingSummaries(
        _ evaluated: EvaluatedLeaves, words: inout ConditionWords, memo: inout MinimalCover.Memo
    ) -> [EvaluateResult.FindingSummary] {
        // The distinct views some possible leaf ends in, and per such view the findings it reports (numbered).
        var possible = [Bool](repeating: false, count: evaluated.distinctViews.count)
        for leaf in 0..<evaluated.count where !evaluated.isImpossible(leaf) {
            possible[evaluated.viewIndex[leaf]] = true
        }
        var found: [StepView.FindingView] = []
        var number: [String: Int] = [:]
        var reported = [[Int]](repeating: [], count: evaluated.distinctViews.count)
        for (view, isPossible) in zip(evaluated.distinctViews.indices, possible) where isPossible {
            for finding in evaluated.distinctViews[view].findings {
                if number[finding.id] == nil {
                    number[finding.id] = found.count
                    found.append(finding)
                }
                reported[view].append(number[finding.id]!)
            }
        }
        let radices = evaluated.radices
        // Findings raised on the same leaves share their conditions (`memo`): each such set of leaves is covered once.
        return found.sorted { ($0.severity, $0.id) < ($1.severity, $1.id) }.map { finding in
            let id = number[finding.id]!
            let classes = (0..<evaluated.count).map { leaf in
                evaluated.isImpossible(leaf)
                    ? MinimalCover.impossible : reported[evaluated.viewIndex[leaf]].contains(id) ? 1 : 0
            }
            let cubes =
                MinimalCover.covers(leaves: evaluated.leaves(classes), radices: radices, only: 1, memo: &memo).first?
                .cubes ?? []
            return EvaluateResult.FindingSummary(
                id: finding.id, severity: finding.severity, when: words.conditions(cubes))
        }
    }

    /// What a leaf's view is rendered from (the same outcome and trace give the same words).
    struct RenderedLeaf: Hashable {
        var outcome: StepOutcome
        var trace: [RuleTrace.Entry]
    }

}

extension EvaluateResult.Condition {
    /// `{"key": ["value", ...]}`: per fact named, the values it may have.
    public var json: JSONValue { .object(facts.map { ($0.key, .strings($0.values)) }) }

    /// `key=value and key!=value and key=a|b`, or `always`.
    public var text: String {
        guard !facts.isEmpty else { return "always" }
        return facts.map { constraint in
            if constraint.values.count == 1 { return "\(constraint.key)=\(constraint.values[0])" }
            if constraint.domain.count >= 3, constraint.values.count == constraint.domain.count - 1,
                let missing = constraint.domain.first(where: { !constraint.values.contains($0) })
            {
                return "\(constraint.key)!=\(missing)"
            }
            return "\(constraint.key)=" + constraint.values.joined(separator: "|")
        }.joined(separator: " and ")
    }
}

extension EvaluateResult {
    public var json: JSONValue { json(answers: true) }

    /// The JSON object; `answers: false` leaves out the merged form (`evaluate --batch`, whose lines are read by
    /// programs that want the contract's `outcomes`, at half the bytes).
    public func json(answers includeAnswers: Bool) -> JSONValue {
        // The outcomes repeat a few traces: each is written once.
        var traces = TraceJSON()
        return json(answers: includeAnswers, traces: &traces)
    }

    /// The JSON object with its traces' entries serialized by `traces`, which may be kept across answers.
    func json(answers includeAnswers: Bool, traces: inout TraceJSON) -> JSONValue {
        let outcomes = branches.map { $0.json(traces: &traces) }
        let answers = includeAnswers ? self.outcomes.map { $0.json(traces: &traces) } : []
        return .object(
            [
                ("policy", .string(policy.configuration.id)), ("provider", .string(policy.descriptor.id)),
                ("app", .string(app)), ("user", .string(user)), ("event", .string(event)),
                (
                    "findings",
                    .array(
                        findings.map { finding in
                            .object([
                                ("id", .string(finding.id)), ("severity", .string(finding.severity.name)),
                                ("when", .array(finding.when.map(\.json))),
                            ])
                        })
                ),
                ("outcomes", .array(outcomes)),
            ] + (includeAnswers ? [("answers", .array(answers))] : []))
    }
}

extension EvaluateResult.Branch {
    /// The spec's outcome: `when` (`{"fact": "value"}`), then the step's answer fields and trace.
    public var json: JSONValue {
        var traces = TraceJSON()
        return json(traces: &traces)
    }

    func json(traces: inout TraceJSON) -> JSONValue {
        .object(
            [("when", .object(when.map { ($0.key, .string($0.value)) }))] + RunJSON.answer(view) + [
                ("trace", traces.json(view.trace, indent: TraceJSON.outcomeEntryIndent))
            ])
    }
}

extension EvaluateResult.Outcome {
    /// `when` (any of its conditions), the answer, and `paths`: each set of fired rules with its own conditions.
    public var json: JSONValue {
        var traces = TraceJSON()
        return json(traces: &traces)
    }

    func json(traces: inout TraceJSON) -> JSONValue {
        .object(
            [("when", .array(when.map(\.json)))] + RunJSON.answer(view) + [
                (
                    "paths",
                    .array(
                        paths.map { path in
                            .object([
                                ("when", .array(path.when.map(\.json))),
                                ("rules", .strings(path.view.trace.filter(\.fired).map(\.rule))),
                                ("trace", traces.json(path.view.trace, indent: TraceJSON.pathEntryIndent)),
                            ])
                        })
                )
            ])
    }
}
