import Foundation
import SSOPolicyBundledLibrary
import SSOPolicyTestSupport

/// Runs a page's documented commands in-process, in order, each in the folder it would run in, and says what went
/// wrong.
///
/// The command line resolves relative paths against the process's working directory, which the tests share and
/// cannot change; so the runner stands in for it: an argument naming a file or folder that exists in the command's
/// folder, a file an option writes (`--output`, `--emit-suite`, `--counterexample-dir`) and the target of `> FILE`
/// are given to the command as absolute paths in that folder. Everything else (bundled names, apps, users) is passed
/// as written, and an argument that would name a file of the test process's own folder instead is reported.
struct DocumentedCommandRunner {
    /// A page's own folder, where its `ssopolicy` commands run; empty at the start.
    let folder: String
    /// A copy of the checkout's `Policies/`, where the page's `swift run ssopolicy` commands run.
    let checkout: String

    static let outputOptions: Set<String> = ["--output", "--emit-suite", "--counterexample-dir"]

    init() throws {
        folder = Fixtures.folder("documented-commands")
        checkout = Fixtures.folder("documented-checkout")
        try FileManager.default.copyItem(atPath: repository + "/Policies", toPath: checkout + "/Policies")
    }

    /// Every problem running the page's shell blocks: unsupported lines, and commands that did not exit as
    /// documented (with their standard error).
    static func problems(in page: DocumentationPage) throws -> [String] {
        let runner = try DocumentedCommandRunner()
        var problems: [String] = []
        for (line, text, reading) in DocumentedCommand.readings(of: page) {
            switch reading {
            case .leftAlone: continue
            case .unsupported(let reason): problems.append("\(page.path):\(line): \(text)\n  cannot run it: \(reason)")
            case .command(let command): if let problem = runner.run(command) { problems.append(problem) }
            }
        }
        return problems
    }

    /// Runs one command; nil when it exited as documented.
    func run(_ command: DocumentedCommand) -> String? {
        let directory = command.place == .folder ? folder : checkout
        var arguments = command.arguments
        for index in arguments.indices {
            let word = arguments[index]
            if index == 0 && !word.hasPrefix("-") { continue }  // the subcommand
            if word.hasPrefix("-") || word.hasPrefix("/") { continue }
            let inFolder = directory + "/" + word
            if index > 0 && Self.outputOptions.contains(arguments[index - 1])
                || FileManager.default.fileExists(atPath: inFolder)
            {
                arguments[index] = inFolder
            } else if FileManager.default.fileExists(atPath: word) && !Self.isBundledName(word) {
                return "\(command)\n  '\(word)' names a file of the test process's folder, not of the command's"
            }
        }
        let (status, output, errors) = ssopolicy(input: Array((command.standardInput ?? "").utf8), arguments: arguments)
        if let redirect = command.redirect {
            let path = redirect.hasPrefix("/") ? redirect : directory + "/" + redirect
            guard FileManager.default.createFile(atPath: path, contents: Data(output.utf8)) else {
                return "\(command)\n  cannot write \(redirect)"
            }
        }
        guard status != command.expectedStatus else { return nil }
        return "\(command)\n  exit status \(status), documented \(command.expectedStatus)\n"
            + errors.split(separator: "\n").prefix(12).map { "  " + $0 }.joined(separator: "\n")
    }

    /// Whether the command line would read `word` from the bundled library when no such file exists (a path under
    /// `Policies/` or a file name without `.yaml`).
    static func isBundledName(_ word: String) -> Bool {
        let trimmed = word.hasPrefix("Policies/") ? String(word.dropFirst("Policies/".count)) : word
        return BundledLibrary.files.contains { file in
            file.path == trimmed || (file.path as NSString).lastPathComponent == trimmed + ".yaml"
        }
    }
}
