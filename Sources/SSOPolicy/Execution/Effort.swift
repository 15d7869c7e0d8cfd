import SSOPolicyProviderKit

/// What each prompt costs the worker who answers it, in seconds (docs/fleets.md, "Worker effort"): a badge tap is
/// not a sign-in with a second factor. Each default names its basis: a public figure where one exists, otherwise
/// the model's assumption. A fleet's `effort:` and the command line's `--effort kind=seconds` override them.
public struct EffortTable: Sendable, Hashable {
    /// Seconds per prompt, indexed by `Prompt.rawValue`.
    private var seconds: [Int]

    /// The documented defaults.
    public static let standard = EffortTable()

    public init() {
        seconds = Prompt.allCases.reduce(into: [Int](repeating: 0, count: 16)) {
            $0[Int($1.rawValue)] = Self.basis($1).seconds
        }
    }

    /// The defaults with the figures the providers declare (`FleetReading.promptCosts`) over the core's
    /// assumptions: the first provider, in registry order, that declares a prompt's cost gives it.
    public init(declaredBy descriptors: [ProviderDescriptor]) {
        self.init()
        for prompt in Prompt.allCases {
            if let cost = Self.declared(prompt, by: descriptors) { set(prompt, cost.cost.seconds) }
        }
    }

    /// The provider-declared cost of a prompt, with its provider, if any provider declares one.
    public static func declared(
        _ prompt: Prompt, by descriptors: [ProviderDescriptor]
    ) -> (provider: ProviderDescriptor, cost: PromptCost)? {
        for descriptor in descriptors {
            if let cost = descriptor.fleet?.promptCosts.first(where: { $0.prompt == prompt }),
                (0...maximumSeconds).contains(cost.seconds)
            {
                return (descriptor, cost)
            }
        }
        return nil
    }

    /// A prompt's default with its basis: a provider's cited figure where one is declared (its URL from the
    /// provider's source catalogue), otherwise the core's assumption.
    public static func basis(_ prompt: Prompt, declaredBy descriptors: [ProviderDescriptor]) -> Basis {
        guard let (descriptor, cost) = declared(prompt, by: descriptors) else { return basis(prompt) }
        let url = cost.sources.lazy.compactMap { citation in
            descriptor.citableSources.first { $0.id == citation.source }?.url
        }.first
        return Basis(
            seconds: cost.seconds, basis: "\(descriptor.id): \(cost.basis) (\(cost.sources.text))", url: url)
    }

    public func seconds(_ prompt: Prompt) -> Int { seconds[Int(prompt.rawValue)] }

    /// The same table with `prompt` costing `value` seconds (0 to a day).
    public mutating func set(_ prompt: Prompt, _ value: Int) { seconds[Int(prompt.rawValue)] = value }

    /// The seconds of a list of prompts, bounded so no sum overflows.
    public func seconds<S: Sequence>(of prompts: S) -> Int where S.Element == Prompt {
        prompts.reduce(0) { min($0 + seconds($1), Self.maximumTotal) }
    }

    /// A cap on any total (a year of seconds): totals stay far from overflow whatever the scenario.
    public static let maximumTotal = 31_536_000
    /// The most one prompt may be said to cost (a day).
    public static let maximumSeconds = 86_400

    /// A default and where it comes from.
    public struct Basis: Sendable, Hashable {
        public var seconds: Int
        /// A cited public figure, or the words "assumption: …".
        public var basis: String
        public var url: String?
        public var isAssumption: Bool { url == nil }

        public init(seconds: Int, basis: String, url: String?) {
            self.seconds = seconds
            self.basis = basis
            self.url = url
        }
    }

    public static func basis(_ prompt: Prompt) -> Basis {
        switch prompt {
        case .badge:
            return Basis(
                seconds: 6, basis: "assumption: a badge tap, then the device unlocked in the worker's hand", url: nil)
        case .badgePIN:
            return Basis(seconds: 5, basis: "assumption: a 4-6 digit PIN typed after the badge tap", url: nil)
        case .devicePasscode:
            return Basis(seconds: 4, basis: "assumption: a 6-digit lock-screen passcode", url: nil)
        case .passcode:
            return Basis(seconds: 5, basis: "assumption: an SDK or app passcode, typed on its own screen", url: nil)
        case .createPasscode:
            return Basis(seconds: 15, basis: "assumption: a new passcode chosen and typed twice", url: nil)
        case .changePasscode:
            return Basis(
                seconds: 20, basis: "assumption: the old passcode, then a new one typed twice", url: nil)
        case .credentials:
            return Basis(
                seconds: 20, basis: "assumption: a user name and password typed on a phone keyboard", url: nil)
        case .appCredentials:
            return Basis(
                seconds: 20, basis: "assumption: the app's own user name and password, typed on a phone keyboard",
                url: nil)
        case .interactiveSignIn:
            return Basis(
                seconds: 40,
                basis: "a user name and password (20 s, assumption) plus a second factor, which adds 15-25 s on "
                    + "average (Prove's 2023 State of MFA report, as summarised by Fraud Practice)",
                url: "https://fraudpractice.com/post/how-consumers-really-feel-about-2fa")
        }
    }

    /// Reads `kind=seconds` (`badge=2`); nil with a message when it is not one.
    public static func parse(_ text: String) -> Result<(Prompt, Int), EffortError> {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else {
            return .failure(EffortError(description: "expected kind=seconds (e.g. badge=2), found '\(text)'"))
        }
        return value(kind: parts[0], seconds: parts[1])
    }

    /// A prompt kind and a number of seconds, checked.
    public static func value(kind: String, seconds: String) -> Result<(Prompt, Int), EffortError> {
        guard let prompt = Prompt(name: kind) else {
            let names = Prompt.allCases.map(\.name)
            return .failure(
                EffortError(
                    description: "unknown prompt kind '\(kind)'" + Suggestion.didYouMean(kind, in: names)
                        + "; expected one of " + names.joined(separator: ", ")))
        }
        guard seconds.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), !seconds.isEmpty, seconds.count <= 6,
            let value = Int(seconds), value <= maximumSeconds
        else {
            return .failure(
                EffortError(
                    description: "\(kind): expected a whole number of seconds from 0 to \(maximumSeconds), found "
                        + "'\(seconds)'"))
        }
        return .success((prompt, value))
    }
}

public struct EffortError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
