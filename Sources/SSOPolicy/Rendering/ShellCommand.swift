/// Command lines as a POSIX shell reads them back: a word: unchanged when it holds only characters no shell
/// treats specially, else in single quotes (a quote inside as `'\''`). Commands the guide and error messages print
/// (`ssopolicy evaluate 'my ward.yaml' --app ehr`) can then be pasted as they are.
package enum ShellCommand {
    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "_-./:=@%+,".unicodeScalars.contains(scalar)
        }
    }

    package static func word(_ word: String) -> String {
        if !word.isEmpty, word.unicodeScalars.allSatisfy(isPlain) { return word }
        var out = "'"
        for scalar in word.unicodeScalars {
            if scalar == "'" { out += "'\\''" } else { out.unicodeScalars.append(scalar) }
        }
        return out + "'"
    }

    /// The words joined by spaces, each quoted as needed.
    package static func line(_ words: [String]) -> String { words.map(word).joined(separator: " ") }
}
