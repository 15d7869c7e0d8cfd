extension ValueKind {
    /// Parses text written by a user into a value of this kind, or nil if it is not one.
    ///
    /// One parser serves the YAML loader, `--fact`, batch lines and rule examples, so every input path accepts
    /// exactly the same spellings.
    public func parse(_ text: String) -> SettingValue? {
        switch self {
        case .choice(let values):
            return values.contains(text) ? .word(text) : nil
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return nil
            }
        case .duration:
            return Duration.parse(text).map(SettingValue.seconds)
        case .integer(let min, let max):
            guard let number = Int(text), text.first != "+" else { return nil }
            if let min, number < min { return nil }
            if let max, number > max { return nil }
            return .integer(number)
        case .version:
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count) else { return nil }
            var numbers: [Int] = []
            for part in parts {
                guard !part.isEmpty, part.count <= 4, part.allSatisfy(\.isASCII), let number = Int(part), number >= 0
                else { return nil }
                numbers.append(number)
            }
            return .version(numbers)
        case .identifier, .app:
            return Identifier.isValid(text) ? .word(text) : nil
        }
    }

    /// The words a "did you mean" suggestion can pick from.
    public var suggestions: [String] {
        switch self {
        case .choice(let values): return values
        case .bool: return ["true", "false"]
        default: return []
        }
    }
}

/// Identifier rules shared by policies, apps and users.
public enum Identifier {
    /// `[A-Za-z0-9._-]+`, at most 64 characters. Every allowed character is one ASCII byte, so the text is read
    /// as UTF-8 bytes (a batch parses one identifier or more per line).
    public static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        return !bytes.isEmpty && bytes.count <= 64 && bytes.allSatisfy(isAllowed)
    }

    /// A byte of `[A-Za-z0-9._-]`.
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}

/// Edit distance for "did you mean" suggestions.
public enum Suggestion {
    /// The closest candidate within a small edit distance, or nil.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = max(1, min(3, word.count / 3))
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        if best == nil {
            // A prefix match (e.g. 'sso_ext' for 'sso_extension') is still worth suggesting.
            best = candidates.first { word.count >= 3 && ($0.hasPrefix(word) || word.hasPrefix($0)) }.map { ($0, 0) }
        }
        if best == nil, word.count >= 4 {
            // So is a name written without its qualifier ('session_timeout' for 'user_session_timeout').
            let lowered = word.lowercased()
            best = candidates.first { $0.lowercased().contains(lowered) }.map { ($0, 0) }
        }
        return best?.0
    }

    /// " (did you mean 'x'?)" or "".
    public static func didYouMean(_ word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Damerau–Levenshtein (optimal string alignment) distance.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
