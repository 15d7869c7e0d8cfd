import Foundation
import SSOPolicyProviderKit

/// A step's outcome in words: the one place outcomes turn into names, messages and trace sentences, so JSON,
/// text, Markdown and Mermaid output all say the same thing.
public struct StepView: Sendable, Hashable {
    public struct FindingView: Sendable, Hashable {
        public var id: String
        public var severity: Severity
        public var message: String
        /// What the core recognises the finding as (verdicts read this, never the id).
        public var concern: CoreConcern? = nil

        // Equal findings have equal ids: hashing the id alone spares hashing each message.
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// One rule of an explanation: a rule that fired with every condition that held, or a rule that did not with
    /// the condition that failed (the one that decided it).
    public struct TraceView: Sendable, Hashable {
        public var rule: String
        public var fired: Bool
        public var because: String
        /// The rule's sources as readers see them (titles, dates, locators, URLs).
        public var source: String
        /// The rule's citations (JSON `sources`); `ssopolicy sources ID` resolves each id.
        public var sources: [Citation] = []
        /// The citations in their compact form (`ID LOCATOR; …`), short enough for text.
        public var citation: String { sources.text }
        /// Fired: each condition's words as it held. Not fired: the failing condition's words.
        public var conditions: [String] = []
        /// The named predicate of the failing condition (`not silentLoginSucceeded`) for a rule that did not fire.
        public var failedPredicate: String? = nil
        /// The decision list ("the first rule that fires") the rule was tried in, if any.
        public var list: String? = nil
        /// False for a rule `--explain all` lists that was not evaluated at this step.
        public var evaluated: Bool = true

        // Equal entries agree on these; the words are compared only when these are equal.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(rule)
            hasher.combine(fired)
            hasher.combine(failedPredicate)
        }
    }

    /// How much of the trace an explanation shows.
    public enum ExplainDetail: Sendable, Hashable {
        /// The rules that fired, and in each decision list the earlier rules that did not, with the condition
        /// that failed.
        case decisions
        /// Also every other rule that did not fire (with its failing condition, or as not evaluated).
        case all
    }

    /// A handover step's procedure: the provider's summary and source, and the events it played.
    public struct HandoverView: Sendable, Hashable {
        public var summary: String
        /// The procedure's sources as readers see them.
        public var source: String
        /// Its citations (JSON `sources`).
        public var sources: [Citation]
        public var events: [String]
    }

    public var number: Int
    public var at: String
    public var event: String
    public var app: String
    public var user: String?
    public var prompts: [String]
    public var session: String
    /// The session as a value, for the core's verdicts (`session` is its name).
    public var sessionKind: SessionKind = .none
    public var sessionUser: String?
    public var details: [(key: String, value: String)]
    public var findings: [FindingView]
    public var trace: [TraceView]
    public var note: String?
    public var handover: HandoverView? = nil

    public static func == (lhs: StepView, rhs: StepView) -> Bool {
        lhs.number == rhs.number && lhs.at == rhs.at && lhs.event == rhs.event && lhs.app == rhs.app
            && lhs.user == rhs.user && lhs.prompts == rhs.prompts && lhs.session == rhs.session
            && lhs.sessionUser == rhs.sessionUser && lhs.details.map(\.key) == rhs.details.map(\.key)
            && lhs.details.map(\.value) == rhs.details.map(\.value) && lhs.findings == rhs.findings
            && lhs.trace == rhs.trace && lhs.note == rhs.note && lhs.handover == rhs.handover
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(number)
        hasher.combine(prompts)
        hasher.combine(session)
    }

    /// What an outcome answers, without its explanation: prompts, session, whose session, details and findings.
    /// Two combinations of facts with the same answer are one outcome of `evaluate`, whatever rules led there.
    public struct Answer: Hashable, Sendable {
        public var prompts: [String]
        public var session: String
        public var sessionUser: String?
        public var details: [String]
        public var findings: [FindingView]

        // Equal answers agree on these; the details and messages are compared only when these are equal.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(prompts)
            hasher.combine(session)
            hasher.combine(sessionUser)
            hasher.combine(findings.count)
            for finding in findings { hasher.combine(finding.id) }
        }
    }

    public var answer: Answer {
        Answer(
            prompts: prompts, session: session, sessionUser: sessionUser,
            details: details.flatMap { [$0.key, $0.value] }, findings: findings)
    }

    /// Whether two views of the same step decide the same (for comparisons): prompts, session, session user and
    /// finding ids.
    public func decidesSameAs(_ other: StepView) -> Bool {
        prompts == other.prompts && session == other.session && sessionUser == other.sessionUser
            && findings.map(\.id) == other.findings.map(\.id)
    }
}

/// Renders outcomes of one provider into `StepView`s.
package struct OutcomeRenderer: Sendable {
    package let descriptor: ProviderDescriptor
    package let configuration: PolicyConfiguration
    package let users: UserDirectory
    /// How much of an explain trace to keep.
    package var explain: StepView.ExplainDetail
    /// Per rule index: its rendered sources, the decision list it belongs to, why it fires and its conditions'
    /// words (worked out once per policy).
    private let sources: [String]
    private let listOf: [String?]
    private let because: [String]
    private let holds: [[String]]

    package init(policy: CompiledPolicy, users: UserDirectory, explain: StepView.ExplainDetail = .decisions) {
        self.descriptor = policy.descriptor
        self.configuration = policy.configuration
        self.users = users
        self.explain = explain
        self.sources = policy.ruleSources
        self.listOf = policy.ruleLists
        self.because = policy.ruleBecause
        self.holds = policy.ruleHolds
    }

    package func view(
        number: Int, time: Int, event: String, app: String, user: UserID?, outcome: StepOutcome,
        trace: [RuleTrace.Entry], note: String? = nil
    ) -> StepView {
        let userName = user.map { users.name($0) }
        var details: [(String, String)] = []
        for (index, declaration) in descriptor.details.enumerated() {
            let id = DetailID(index)
            switch declaration.kind {
            case .choice(let values):
                if let choice = outcome.details.choice(id), choice < values.count {
                    details.append((declaration.key, values[choice]))
                }
            case .account:
                if let account = outcome.details.account(id) { details.append((declaration.key, users.name(account))) }
            }
        }
        var findingApp = app
        if outcome.subjectApps != 0 {
            findingApp = configuration.apps.indices.filter { $0 < 64 && outcome.subjectApps & (1 << UInt64($0)) != 0 }
                .map { configuration.apps[$0].id }.joined(separator: ", ")
        }
        let findings = outcome.findings.map { id -> StepView.FindingView in
            let declaration = descriptor.findings[Int(id.index)]
            return StepView.FindingView(
                id: declaration.id, severity: declaration.severity,
                message: fill(
                    declaration.message, user: userName, app: findingApp,
                    sessionUser: outcome.sessionUser.map { users.name($0) },
                    subject: outcome.subject.map { users.name($0) }), concern: declaration.concern)
        }
        return StepView(
            number: number, at: Clock.format(time), event: event, app: app, user: userName,
            prompts: outcome.prompts.names, session: outcome.session.name, sessionKind: outcome.session,
            sessionUser: outcome.sessionUser.map { users.name($0) }, details: details,
            findings: findings.sorted { ($0.severity, $0.id) < ($1.severity, $1.id) }, trace: traceViews(trace),
            note: note)
    }

    /// The trace in words. Under `.decisions` a rule that did not fire is kept only when it was tried in a
    /// decision list (it is why a later rule of the list decided); under `.all` every rule that did not fire is
    /// kept, and the rules not evaluated at all are added at the end.
    package func traceViews(_ entries: [RuleTrace.Entry]) -> [TraceView] {
        var views: [TraceView] = entries.compactMap { entry in
            let index = Int(entry.rule.index)
            guard index < descriptor.rules.count else { return nil }
            let rule = descriptor.rules[index]
            if !entry.fired && explain != .all && listOf[index] == nil { return nil }
            var view = StepView.TraceView(
                rule: rule.id, fired: entry.fired, because: "", source: sources[index], sources: rule.sources,
                list: listOf[index])
            if entry.fired {
                view.because = because[index]
                view.conditions = holds[index]
            } else if Int(entry.failedCondition) < rule.conditions.count {
                let condition = rule.conditions[Int(entry.failedCondition)]
                view.because = condition.fails
                view.conditions = [condition.fails]
                view.failedPredicate = condition.predicate
            } else {
                view.because = "a condition of the rule did not hold"
            }
            return view
        }
        if explain == .all {
            let seen = Set(entries.map { Int($0.rule.index) })
            for (index, rule) in descriptor.rules.enumerated() where !seen.contains(index) {
                views.append(
                    StepView.TraceView(
                        rule: rule.id, fired: false, because: "not evaluated at this step",
                        source: sources[index], sources: rule.sources, list: listOf[index], evaluated: false))
            }
        }
        return views
    }

    package typealias TraceView = StepView.TraceView

    /// Fills `{user}`, `{app}`, `{session_user}` and `{previous_user}` in a finding's message, in one pass (an
    /// `evaluate` with nothing known fills tens of thousands of messages); other braces are kept as written.
    private static let placeholders = ["{user}", "{app}", "{session_user}", "{previous_user}"].map { Array($0.utf8) }

    package func fill(_ template: String, user: String?, app: String, sessionUser: String?, subject: String?) -> String
    {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        let bytes = Array(template.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + 32)
        var index = 0
        scan: while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{") {
                for (number, placeholder) in Self.placeholders.enumerated()
                where bytes[index...].starts(with: placeholder) {
                    let value =
                        switch number {
                        case 0: user ?? "the user"
                        case 1: app
                        case 2: sessionUser ?? "nobody"
                        default: subject ?? sessionUser ?? "the previous user"
                        }
                    text.append(contentsOf: value.utf8)
                    index += placeholder.count
                    continue scan
                }
            }
            text.append(bytes[index])
            index += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Policy-level findings with their messages and positions.
    package func policyFindings(_ findings: [PolicyFinding]) -> [(view: StepView.FindingView, position: SourcePosition)]
    {
        findings.map { finding in
            let declaration = descriptor.findings[Int(finding.finding.index)]
            let app = finding.app.map { configuration.apps[$0.int] }
            var message = fill(declaration.message, user: nil, app: app?.id ?? "", sessionUser: nil, subject: nil)
            // The same finding raised by two settings (a timeout of users and one of guests) says which is which.
            if let key = finding.settingKey,
                findings.contains(where: {
                    $0.finding == finding.finding && $0.app == finding.app && $0.settingKey != finding.settingKey
                })
            {
                message += " (\(key))"
            }
            // At the key that raises it; an app's key the app leaves out, at the app.
            let position: SourcePosition
            switch (app, finding.settingKey) {
            case (let app?, let key?) where descriptor.appKeys.contains(where: { $0.key == key }):
                position = app.keys.isExplicit(key) ? app.keys.position(of: key) : app.position
            case (_, let key?): position = configuration.settings.position(of: key)
            case (let app?, nil): position = app.position
            case (nil, nil): position = configuration.position
            }
            return (
                StepView.FindingView(id: declaration.id, severity: declaration.severity, message: message), position
            )
        }
    }
}

extension RunResult {
    /// Every step in words. A finding that states a fact of the configuration (`FindingDeclaration.configurationFact`)
    /// is shown once per app, at the first step that raises it: later repetitions of the same fact, in the same
    /// words, are left out, so a run's totals count findings, not repetitions.
    public var views: [StepView] {
        let renderer = OutcomeRenderer(policy: policy, users: users, explain: explain)
        let facts = Set(policy.descriptor.findings.filter(\.configurationFact).map(\.id))
        var shown = Set<String>()
        return steps.map { step in
            let scenarioStep = step.bound.step
            // A handover's events are by both workers; the step belongs to the one taking over.
            let user =
                scenarioStep.handover != nil
                ? scenarioStep.user.flatMap { users.id($0) }
                : step.bound.event?.user ?? scenarioStep.user.flatMap { users.id($0) }
            // Finding messages of a handover name the app its procedure went through.
            let messageApp =
                scenarioStep.handover == nil
                ? scenarioStep.target
                : step.bound.events.lazy.compactMap(\.app).first.map { policy.configuration.apps[$0.int].id } ?? ""
            var view = renderer.view(
                number: scenarioStep.number, time: scenarioStep.time, event: scenarioStep.event, app: messageApp,
                user: user, outcome: step.outcome, trace: step.trace, note: scenarioStep.note)
            view.app = scenarioStep.target
            if !facts.isEmpty {
                view.findings.removeAll {
                    facts.contains($0.id) && !shown.insert($0.id + "\u{0}" + $0.message).inserted
                }
            }
            if scenarioStep.dated != nil { view.at = scenarioStep.timeText }
            if scenarioStep.handover != nil, let declaration = policy.descriptor.handover {
                view.handover = StepView.HandoverView(
                    summary: declaration.summary, source: policy.descriptor.renderCitations(declaration.sources),
                    sources: declaration.sources, events: step.bound.expansion)
            }
            return view
        }
    }

    public var policyFindingViews: [StepView.FindingView] {
        OutcomeRenderer(policy: policy, users: users).policyFindings(policy.findings).map(\.view)
    }
}
