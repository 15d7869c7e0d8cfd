import Foundation

/// One command of a documentation shell block, read the way a POSIX shell reads the small part of its language the
/// documentation uses.
///
/// Every ` ```sh ` block is run unless the line before its opening fence is `<!-- not run: REASON -->` (for a
/// command that needs a server, the network, a release build, or minutes). In a block that is run, each line (with
/// `\` or a trailing `|` continuing it) must be one of:
///
/// - `ssopolicy ARGUMENTS [> FILE]`: run in a folder of the page's own, empty at the start of the page;
/// - `swift run ssopolicy ARGUMENTS [> FILE]`: run in a copy of the checkout (its `Policies/`), as `swift run` needs
///   one;
/// - `printf '%s\n' LINE... | ssopolicy ARGUMENTS`: the lines on standard input;
/// - `swift test…` or `swift build…`, left alone: the documentation test is itself built and run by them;
/// - `ssopolicy serve…`, left alone: it runs until it is stopped (the server's tests start it).
///
/// Anything else (`curl`, a release binary, shell variables) is reported: mark its block not run, with the reason.
/// A `# comment` saying `exit N` gives the documented exit status (0 otherwise).
struct DocumentedCommand: Sendable, CustomStringConvertible {
    enum Place: Sendable {
        /// A folder of the page's own, where `ssopolicy` runs as an installed tool.
        case folder
        /// A copy of the checkout, where `swift run ssopolicy` runs.
        case checkout
    }

    var page: String
    var line: Int
    /// The command as written (continuations joined).
    var text: String
    var place: Place
    var arguments: [String]
    var standardInput: String?
    /// The file standard output is redirected to, as written.
    var redirect: String?
    var expectedStatus: Int32

    var description: String { "\(page):\(line): \(text)" }

    /// What a line of a shell block is.
    enum Reading {
        case command(DocumentedCommand)
        /// A `swift test`, `swift build` or `ssopolicy serve` line, or a blank or comment line.
        case leftAlone
        /// A line the documentation test cannot run, with why.
        case unsupported(String)
    }

    /// The lines of the page's shell blocks that are run, each read as a command.
    static func readings(of page: DocumentationPage) -> [(line: Int, text: String, reading: Reading)] {
        var readings: [(line: Int, text: String, reading: Reading)] = []
        for block in page.codeBlocks where block.language == "sh" && block.notRun == nil {
            var index = 0
            while index < block.lines.count {
                let first = index
                var text = block.lines[index].trimmingCharacters(in: .whitespaces)
                while index + 1 < block.lines.count, text.hasSuffix("\\") || text.hasSuffix("|") {
                    if text.hasSuffix("\\") { text.removeLast() }
                    index += 1
                    text =
                        text.trimmingCharacters(in: .whitespaces) + " "
                        + block.lines[index].trimmingCharacters(in: .whitespaces)
                }
                index += 1
                let line = block.firstLine + first
                readings.append((line, text, read(text, page: page.path, line: line)))
            }
        }
        return readings
    }

    /// Reads one logical line of a shell block.
    static func read(_ text: String, page: String, line: Int) -> Reading {
        let words: [ShellWord]
        let comment: String
        switch ShellWord.split(text) {
        case .failure(let problem): return .unsupported(problem.reason)
        case .success(let split): (words, comment) = split
        }
        var rest = words
        var standardInput: String?
        if rest.first == .text("printf") {
            guard let pipe = rest.firstIndex(of: .pipe), pipe >= 2, rest[1] == .text("%s\\n") else {
                return .unsupported("only `printf '%s\\n' LINE... | ssopolicy …` feeds standard input")
            }
            let lines = rest[2..<pipe].compactMap { word -> String? in
                if case .text(let text) = word { return text } else { return nil }
            }
            guard lines.count == pipe - 2 else { return .unsupported("printf takes plain words") }
            standardInput = lines.map { $0 + "\n" }.joined()
            rest = Array(rest[(pipe + 1)...])
        }
        let place: Place
        if rest.starts(with: [.text("swift"), .text("run"), .text("ssopolicy")]) {
            place = .checkout
            rest.removeFirst(3)
        } else if rest.first == .text("ssopolicy") {
            place = .folder
            rest.removeFirst()
        } else if rest.isEmpty || rest.starts(with: [.text("swift"), .text("test")])
            || rest.starts(with: [.text("swift"), .text("build")])
        {
            return standardInput == nil ? .leftAlone : .unsupported("printf feeds no ssopolicy command")
        } else {
            return .unsupported("not an ssopolicy command: mark the block `<!-- not run: REASON -->`")
        }
        var redirect: String?
        if let arrow = rest.firstIndex(of: .redirect) {
            guard arrow == rest.count - 2, case .text(let file) = rest[arrow + 1] else {
                return .unsupported("`> FILE` must end the command")
            }
            redirect = file
            rest.removeLast(2)
        }
        var arguments: [String] = []
        for word in rest {
            guard case .text(let text) = word else { return .unsupported("one pipe at most, after printf") }
            arguments.append(text)
        }
        if arguments.first == "serve" { return .leftAlone }
        let status = comment.range(of: #"\bexit ([0-9]+)\b"#, options: .regularExpression).flatMap {
            Int32(comment[$0].dropFirst("exit ".count))
        }
        return .command(
            DocumentedCommand(
                page: page, line: line, text: text, place: place, arguments: arguments, standardInput: standardInput,
                redirect: redirect, expectedStatus: status ?? 0))
    }
}

/// A word of a shell line after quote removal, or one of the two operators the documentation uses.
enum ShellWord: Equatable, Sendable {
    case text(String)
    case pipe
    case redirect

    struct Problem: Error {
        var reason: String
    }

    /// The words of `line` and its trailing `# comment` (without the `#`). Single quotes keep everything; double
    /// quotes and backslashes work as in POSIX shells; `$` (an expansion the test does not perform) is refused.
    static func split(_ line: String) -> Result<(words: [ShellWord], comment: String), Problem> {
        var words: [ShellWord] = []
        var current = ""
        var inWord = false
        var scalars = Array(line.unicodeScalars)[...]
        func finish() {
            if inWord { words.append(.text(current)) }
            current = ""
            inWord = false
        }
        while let scalar = scalars.popFirst() {
            switch scalar {
            case " ", "\t":
                finish()
            case "#" where !inWord:
                finish()
                return .success((words, String(String.UnicodeScalarView(scalars))))
            case "|", ">":
                finish()
                words.append(scalar == "|" ? .pipe : .redirect)
            case "'":
                inWord = true
                guard let close = scalars.firstIndex(of: "'") else { return .failure(Problem(reason: "unclosed '")) }
                current.unicodeScalars.append(contentsOf: scalars[..<close])
                scalars = scalars[(close + 1)...]
            case "\"":
                inWord = true
                while true {
                    guard let next = scalars.popFirst() else { return .failure(Problem(reason: "unclosed \"")) }
                    if next == "\"" { break }
                    if next == "$" || next == "`" { return .failure(Problem(reason: "no expansions")) }
                    if next == "\\", let escaped = scalars.first, "\"\\$`".unicodeScalars.contains(escaped) {
                        current.unicodeScalars.append(escaped)
                        scalars.removeFirst()
                    } else {
                        current.unicodeScalars.append(next)
                    }
                }
            case "\\":
                inWord = true
                if let escaped = scalars.popFirst() { current.unicodeScalars.append(escaped) }
            case "$", "`", ";", "&", "<", "(", ")":
                return .failure(Problem(reason: "'\(scalar)' is more shell than the documentation test runs"))
            default:
                inWord = true
                current.unicodeScalars.append(scalar)
            }
        }
        finish()
        return .success((words, ""))
    }
}
