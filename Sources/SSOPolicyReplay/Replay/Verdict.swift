/// What the logs say about one custody interval (or one window of a device whose custody is unknown).
package enum Verdict: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Another worker's account signed in successfully and interactively on the device while this worker held it.
    case exposed
    /// Only weaker evidence of another account: non-interactive (background, possibly grouped) sign-ins, or two
    /// accounts' activity overlapping on a device whose custody is unknown.
    case maybeExposed = "maybe_exposed"
    /// The logs cannot judge it: it lies (partly) outside the time the logs cover, a custody time does not exist or
    /// exists twice on the local clock, or the previous worker signed in from a device the log does not name.
    case unreplayable
    /// No other account signed in on the device while this worker held it.
    case clean

    /// Worst first: exposed, maybe exposed, unreplayable, clean.
    package var rank: Int {
        switch self {
        case .exposed: return 0
        case .maybeExposed: return 1
        case .unreplayable: return 2
        case .clean: return 3
        }
    }

    package static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rank < rhs.rank }

    /// In words, for tables.
    package var words: String {
        switch self {
        case .exposed: return "exposed"
        case .maybeExposed: return "maybe exposed"
        case .unreplayable: return "unreplayable"
        case .clean: return "clean"
        }
    }
}

/// How a sign-in row ended, from its error code (Microsoft Entra's AADSTS codes) or status.
package enum SignInOutcome: UInt8, Sendable, Hashable {
    case success
    /// The account had no usable session: a prompt was shown or needed (50058, 50076, 65001, …).
    case promptNeeded
    case failure
    case unknown

    /// Error codes that mean "a prompt was shown or needed", from the Entra error-code reference: 50058 (no SSO
    /// session), 50072/50074/50076/50079 (MFA or its registration), 50097/50129 (device authentication or
    /// registration), 50126 (credentials typed and rejected), 50140/50199 (Keep me signed in, redirect
    /// confirmation: parts of an interactive flow), 65001 (consent), 70043 (sign-in frequency).
    package static let promptCodes: Set<Int> = [
        50058, 50072, 50074, 50076, 50079, 50097, 50126, 50129, 50140, 50199, 65001, 70043,
    ]

    package init(errorCode: Int?, statusWord: String?) {
        if let errorCode {
            self = errorCode == 0 ? .success : Self.promptCodes.contains(errorCode) ? .promptNeeded : .failure
            return
        }
        switch statusWord?.lowercased() {
        case "success": self = .success
        case "interrupted": self = .promptNeeded
        case "failure": self = .failure
        default: self = .unknown
        }
    }

    /// From a row's error code, else its status word (bytes: no string is made per row).
    init(errorCode: Int?, statusWord: ByteSlice) {
        if let errorCode {
            self = errorCode == 0 ? .success : Self.promptCodes.contains(errorCode) ? .promptNeeded : .failure
        } else if statusWord.equalsIgnoringCase("success") {
            self = .success
        } else if statusWord.equalsIgnoringCase("interrupted") {
            self = .promptNeeded
        } else if statusWord.equalsIgnoringCase("failure") {
            self = .failure
        } else {
            self = .unknown
        }
    }

    package var name: String {
        switch self {
        case .success: return "success"
        case .promptNeeded: return "prompt"
        case .failure: return "failure"
        case .unknown: return "unknown"
        }
    }
}
