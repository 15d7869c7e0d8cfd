/// A counterexample scenario as `verify --counterexample-dir` writes it: its header names the policy and the
/// scenario file as the user gave them (a path stays a path, a bundled name a name), so the replay command in it
/// runs as written from the directory `verify` ran in, against the same policy file.
enum CounterexampleFile {
    static func text(_ yaml: String, policyID: String, argument: [String], path: String) -> String {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let found = "#   ssopolicy verify \(policyID)"
        for index in lines.indices where lines[index].hasPrefix("#") {
            if lines[index].hasPrefix(found + " ") || lines[index] == found {
                lines[index] = "#   ssopolicy verify \(shellWords(argument))" + lines[index].dropFirst(found.count)
            } else if lines[index].hasPrefix("# Replay: ") {
                lines[index] = "# Replay: " + replay(argument: argument, path: path)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The command that replays the counterexample at `path` against the policy `argument` names (a file, or a fleet
    /// file with its `--setup` and `--group`).
    static func replay(argument: [String], path: String) -> String {
        "ssopolicy run --scenario \(shellWord(path)) \(shellWords(argument)) --explain"
    }

    static func shellWords(_ words: [String]) -> String { words.map(shellWord).joined(separator: " ") }

    /// Gives each policy's counterexamples file names no other policy of the run uses: the first policy with an id
    /// keeps `<id>.<property>.yaml`, a later one with the same id gets `<id>-2.<property>.yaml` (then `-3`…, past
    /// any id of the run), so no file overwrites another and every printed name is the file written.
    static func giveDistinctNames(_ reports: inout [VerificationReport]) {
        let ids = Set(reports.map(\.policy.configuration.id))
        var used = Set<String>()
        for index in reports.indices {
            let id = reports[index].policy.configuration.id
            var stem = id
            var number = 2
            while used.contains(stem) || (stem != id && ids.contains(stem)) {
                stem = "\(id)-\(number)"
                number += 1
            }
            used.insert(stem)
            guard stem != id else { continue }
            for verdict in reports[index].verdicts.indices {
                guard case .violated(var counterexample) = reports[index].verdicts[verdict].status else { continue }
                counterexample.fileName = "\(stem).\(reports[index].verdicts[verdict].property.id).yaml"
                reports[index].verdicts[verdict].status = .violated(counterexample)
            }
        }
    }

    /// A word as a POSIX shell reads it back, on one line: as is when it holds only safe characters; with a control
    /// character or a line separator, ANSI-C quoted (`$'a\nb'`, which bash, zsh, ksh and POSIX.1-2024 sh read), so
    /// it cannot end the comment line it is written in; else single-quoted. Decided by Unicode scalars.
    static func shellWord(_ text: String) -> String {
        let scalars = text.unicodeScalars
        if !text.isEmpty, scalars.allSatisfy({ safe.contains($0) }) { return text }
        guard scalars.contains(where: breaksLine) else {
            var out = String.UnicodeScalarView(["'"])
            for scalar in scalars {
                if scalar == "'" { out.append(contentsOf: "'\\''".unicodeScalars) } else { out.append(scalar) }
            }
            out.append("'")
            return String(out)
        }
        var out = String.UnicodeScalarView("$'".unicodeScalars)
        for scalar in scalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "'": out.append(contentsOf: "\\'".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            default:
                if breaksLine(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    let escape =
                        scalar.value < 0x80
                        ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                        : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    out.append(contentsOf: escape.unicodeScalars)
                } else {
                    out.append(scalar)
                }
            }
        }
        out.append("'")
        return String(out)
    }

    static let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_./:=+,@%".unicodeScalars)

    /// A control character (C0, DEL, C1 with NEL) or a line or paragraph separator: what a terminal or a YAML reader
    /// may take for the end of a line.
    static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }
}
