/// A sentence whose people are kept apart from its words, so every output can show them as they are or as
/// pseudonyms (`--pseudonymise`) without searching text for names.
package struct Phrase: Sendable, Hashable, ExpressibleByStringLiteral {
    package enum Part: Sendable, Hashable {
        case text(String)
        /// A worker or account as the input names them.
        case person(String)
    }

    package var parts: [Part]

    package init(parts: [Part]) { self.parts = parts }
    package init(_ text: String) { parts = [.text(text)] }
    package init(stringLiteral value: String) { parts = [.text(value)] }

    package static func person(_ name: String) -> Phrase { Phrase(parts: [.person(name)]) }

    package static func + (lhs: Phrase, rhs: Phrase) -> Phrase { Phrase(parts: lhs.parts + rhs.parts) }
    package static func + (lhs: Phrase, rhs: String) -> Phrase { Phrase(parts: lhs.parts + [.text(rhs)]) }
    package static func + (lhs: String, rhs: Phrase) -> Phrase { Phrase(parts: [.text(lhs)] + rhs.parts) }
    package static func += (lhs: inout Phrase, rhs: Phrase) { lhs.parts += rhs.parts }
    package static func += (lhs: inout Phrase, rhs: String) { lhs.parts.append(.text(rhs)) }

    /// The people named, in order.
    package var people: [String] {
        parts.compactMap { if case .person(let name) = $0 { return name } else { return nil } }
    }

    package func text(_ naming: Naming) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .person(let name): return naming.name(name)
            }
        }.joined()
    }

    /// Phrases joined with a separator.
    package static func joined(_ phrases: [Phrase], separator: String) -> Phrase {
        var result = Phrase(parts: [])
        for (index, phrase) in phrases.enumerated() {
            if index > 0 { result += separator }
            result += phrase
        }
        return result
    }
}

/// How outputs show people: as the input names them, or as `worker-1`, `worker-2`, … in order of first appearance
/// in the report (custodians first within an interval, then accounts), the same person under one pseudonym
/// whether custody names them `ana` or the log `ana@contoso.example`.
package struct Naming: Sendable {
    private let pseudonyms: [String: String]?
    private let custodianKeys: Set<String>

    package static let asWritten = Naming(pseudonyms: nil, custodianKeys: [])

    private init(pseudonyms: [String: String]?, custodianKeys: Set<String>) {
        self.pseudonyms = pseudonyms
        self.custodianKeys = custodianKeys
    }

    /// Pseudonyms for every person of the report, numbered in report order.
    package static func pseudonyms(for report: ReplayReport) -> Naming {
        var keys = Set<String>()
        for interval in report.intervals {
            if let custodian = interval.custodian { keys.insert(custodian.lowercased()) }
        }
        var naming = Naming(pseudonyms: [:], custodianKeys: keys)
        var table: [String: String] = [:]
        func note(_ name: String) {
            let key = naming.key(name)
            if table[key] == nil { table[key] = "worker-\(table.count + 1)" }
        }
        for interval in report.intervals {
            if let custodian = interval.custodian { note(custodian) }
            if let previous = interval.previousCustodian { note(previous) }
            interval.accounts.forEach(note)
            interval.reason.people.forEach(note)
            interval.evidence.forEach { note($0.account) }
        }
        naming = Naming(pseudonyms: table, custodianKeys: keys)
        return naming
    }

    /// One key per person: a user principal name whose part before `@` is a custodian's name is that custodian.
    private func key(_ name: String) -> String {
        let folded = name.lowercased()
        if let at = folded.firstIndex(of: "@") {
            let local = String(folded[..<at])
            if custodianKeys.contains(local) { return local }
        }
        return folded
    }

    package var isPseudonymous: Bool { pseudonyms != nil }

    package func name(_ name: String) -> String {
        guard let pseudonyms else { return name }
        return pseudonyms[key(name)] ?? "worker-?"
    }
}
