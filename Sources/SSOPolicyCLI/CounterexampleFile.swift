/// A counterexample scenario as `verify --counterexample-dir` writes it: its header names the policy and the
/// scenario file as the user gave them (a path stays a path, a bundled name a name), so the replay command in it
/// runs as written from the directory `verify` ran in, against the same policy file.
enum CounterexampleFile {
    static func text(_ yaml: String, policyID: String, argument: String, path: String) -> String {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let found = "#   ssopolicy verify \(policyID)"
        for index in lines.indices where lines[index].hasPrefix("#") {
            if lines[index].hasPrefix(found + " ") || lines[index] == found {
                lines[index] = "#   ssopolicy verify \(shellWord(argument))" + lines[index].dropFirst(found.count)
            } else if lines[index].hasPrefix("# Replay: ") {
                lines[index] = "# Replay: " + replay(argument: argument, path: path)
            }
        }
        return lines.joined(separator: "\n")
    }

    static func replay(argument: String, path: String) -> String {
        "ssopolicy run --scenario \(shellWord(path)) \(shellWord(argument)) --explain"
    }

    /// A word as a POSIX shell reads it back: as is when it holds only safe characters, else single-quoted.
    static func shellWord(_ text: String) -> String {
        let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_./:=+,@%")
        if !text.isEmpty, text.allSatisfy({ safe.contains($0) }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
