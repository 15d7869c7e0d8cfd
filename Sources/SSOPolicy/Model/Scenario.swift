import SSOPolicyProviderKit

/// A scenario as written: steps with times and events, independent of any policy until it is bound to one.
public struct Scenario: Sendable, Hashable {
    public var id: String
    public var title: String?
    public var file: String
    public var position: SourcePosition
    /// Initial facts as written (`given:`), validated against a provider when bound.
    public var given: [ConfigEntry]
    public var steps: [ScenarioStep]
    /// The IANA time zone of dated `at:` times written without an offset (`timezone: Europe/Paris`).
    public var timezone: String?

    public init(
        id: String, title: String?, file: String, position: SourcePosition, given: [ConfigEntry], steps: [ScenarioStep],
        timezone: String? = nil
    ) {
        self.id = id
        self.title = title
        self.file = file
        self.position = position
        self.given = given
        self.steps = steps
        self.timezone = timezone
    }

    /// Users in order of first appearance: the order of the scenario's user ids.
    public var userNames: [String] {
        var seen = Set<String>()
        var names: [String] = []
        for step in steps {
            if let from = step.handover?.from, seen.insert(from).inserted { names.append(from) }
            if let user = step.user, seen.insert(user).inserted { names.append(user) }
        }
        return names
    }
}

/// One step of a scenario.
public struct ScenarioStep: Sendable, Hashable {
    /// 1-based step number, as tests and tables refer to it.
    public var number: Int
    public var position: SourcePosition
    /// Seconds since 00:00 of the first day. In a dated scenario: the first step's seconds since its local midnight
    /// plus the real time elapsed since the first step, so durations are elapsed time across a clock change.
    public var time: Int
    /// The step's date, time and offset in a dated scenario (`at: 2026-11-24T19:05`), nil in a clock-time one.
    public var dated: DatedTime?
    public var user: String?
    public var event: String
    public var eventPosition: SourcePosition
    /// The event's value: an app id, `all`, or a word.
    public var target: String
    public var targetPosition: SourcePosition
    /// Provider-specific conditions (`silent_login: fails`), validated when bound.
    public var conditions: [ConfigEntry]
    public var note: String?
    /// A `handover: { from, to }` step (event `handover`, user `to`): each provider expands it to its own
    /// shift-change procedure (`HandoverDeclaration`). Without `from`, the first worker takes the device: only the
    /// procedure's actions by `to` are played.
    public var handover: Handover?

    /// The two workers of a handover step; no `from` when the first worker takes the device.
    public struct Handover: Sendable, Hashable {
        public var from: String?
        public var to: String
        public var fromPosition: SourcePosition?
        public var toPosition: SourcePosition

        public init(from: String?, to: String, fromPosition: SourcePosition?, toPosition: SourcePosition) {
            self.from = from
            self.to = to
            self.fromPosition = fromPosition
            self.toPosition = toPosition
        }
    }

    public init(
        number: Int, position: SourcePosition, time: Int, user: String?, event: String, eventPosition: SourcePosition,
        target: String, targetPosition: SourcePosition, conditions: [ConfigEntry], note: String?,
        handover: Handover? = nil, dated: DatedTime? = nil
    ) {
        self.number = number
        self.position = position
        self.time = time
        self.user = user
        self.event = event
        self.eventPosition = eventPosition
        self.target = target
        self.targetPosition = targetPosition
        self.conditions = conditions
        self.note = note
        self.handover = handover
        self.dated = dated
    }

    /// The step's time as output shows it: the dated form, or the clock time (`+1d 00:10` on later days).
    public var timeText: String { dated?.text ?? Clock.format(time) }
}

/// Clock times of scenarios: `HH:MM` or `HH:MM:SS`, seconds since 00:00; later days render as `+1d HH:MM`.
package enum Clock {
    package static let start = 8 * 3600

    package static func parse(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
            parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers[0] < 24, numbers[1] < 60, numbers.count == 2 || numbers[2] < 60 else { return nil }
        return numbers[0] * 3600 + numbers[1] * 60 + (numbers.count == 3 ? numbers[2] : 0)
    }

    /// The days a scenario may span with `+Nd` (a week of night shifts and then some).
    package static let maxDay = 99

    /// `HH:MM[:SS]` (day nil: the current day) or `+Nd HH:MM[:SS]` (day N after the first step's day), as
    /// `format` writes later days, so a time the output prints can be written back.
    package static func parseDayTime(_ text: String) -> (day: Int?, seconds: Int)? {
        guard text.hasPrefix("+") else { return parse(text).map { (nil, $0) } }
        let parts = text.dropFirst().split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].hasSuffix("d"), let day = Int(parts[0].dropLast()),
            parts[0].dropLast().allSatisfy({ $0.isASCII && $0.isNumber }), (0...maxDay).contains(day),
            let seconds = parse(String(parts[1]))
        else { return nil }
        return (day, seconds)
    }

    package static func format(_ seconds: Int) -> String {
        let day = seconds / 86_400
        let rest = seconds % 86_400
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        var text = "\(two(rest / 3600)):\(two(rest % 3600 / 60))"
        if rest % 60 != 0 { text += ":\(two(rest % 60))" }
        return day > 0 ? "+\(day)d \(text)" : text
    }
}
