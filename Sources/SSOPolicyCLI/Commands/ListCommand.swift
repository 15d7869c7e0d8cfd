import ArgumentParser
import SSOPolicy

/// `ssopolicy list`: what the bundled library holds, so a first session knows which names to pass and to `show`.
struct ListCommand: ParsableCommand, ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the bundled policies and scenarios (and, on request, test suites), one line each.",
        discussion: """
            Every name listed can be passed wherever a file is expected, and 'ssopolicy show NAME' prints the file \
            to start your own from. Policies are grouped by provider; a title longer than the line ends in '…' \
            ('ssopolicy show NAME' or --format json gives it whole). The test suites (one per policy and scenario \
            they pin) are listed only with --suites or 'ssopolicy list suites'.

            Examples:
              ssopolicy list
              ssopolicy list scenarios
              ssopolicy list --suites
              ssopolicy list --format json
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case policies, scenarios, suites, fleets
        var fileKind: SSOPolicyEngine.FileKind {
            switch self {
            case .policies: return .policy
            case .scenarios: return .scenario
            case .suites: return .suite
            case .fleets: return .fleet
            }
        }
    }

    @Argument(help: "Only this kind: policies, scenarios, suites or fleets (default: all but suites).")
    var kind: Kind?

    @Flag(name: .long, help: "Also list the bundled test suites.")
    var suites = false

    static let formats: [OutputFormat] = [.text, .json]

    @Option(name: .long, help: ArgumentHelp("Output format: \(OutputFormat.list(Self.formats)).", valueName: "format"))
    var format: OutputFormat = .text

    /// The widest line the text form writes.
    static let lineWidth = 80

    func run(in context: CLIContext) throws -> Int32 {
        try OutputFormat.require(format, in: Self.formats, for: "list")
        let entries = try BundledEntry.all(in: context)
        var kinds = kind.map { [$0] } ?? [.policies, .scenarios, .fleets]
        if suites, !kinds.contains(.suites) { kinds.append(.suites) }
        switch format {
        case .json:
            var object: [(String, JSONValue)] = []
            for kind in kinds {
                let items = entries.filter { $0.kind == kind.fileKind }.map(\.json)
                object.append((kind.rawValue, .array(items)))
            }
            context.write(JSONValue.object(object).serialized() + "\n")
        default:
            var lines: [String] = []
            for kind in kinds {
                let items = entries.filter { $0.kind == kind.fileKind }
                if !lines.isEmpty { lines.append("") }
                lines.append("\(kind.rawValue.prefix(1).uppercased())\(kind.rawValue.dropFirst()) (\(items.count))")
                let width = items.map(\.name.count).max() ?? 0
                if kind == .policies {
                    var providers: [String] = []
                    for item in items where !providers.contains(item.provider ?? "") {
                        providers.append(item.provider ?? "")
                    }
                    for provider in providers {
                        lines.append("  " + provider)
                        lines += Self.rows(
                            items.filter { ($0.provider ?? "") == provider }, indent: "    ", width: width)
                    }
                } else {
                    lines += Self.rows(items, indent: "  ", width: width)
                }
            }
            lines.append("")
            lines.append("Print one to start from: ssopolicy show NAME")
            if !kinds.contains(.suites) { lines.append("The test suites too: ssopolicy list --suites") }
            context.write(lines.joined(separator: "\n") + "\n")
        }
        return 0
    }

    /// One line per entry: its name padded to `width`, then its title cut to the line's width.
    static func rows(_ items: [BundledEntry], indent: String, width: Int) -> [String] {
        items.map { item in
            let head = indent + item.name.padding(toLength: width, withPad: " ", startingAt: 0)
            guard let title = item.title, !title.isEmpty else { return head }
            return head + "  " + truncated(title, to: Self.lineWidth - head.count - 2)
        }
    }

    /// `text` when it fits in `limit` characters, else its first `limit - 1` and `…`.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(max(0, limit - 1))) + "…"
    }
}

/// One bundled policy, scenario or suite: its name, kind and title, read from the file itself.
struct BundledEntry {
    var name: String
    var path: String
    var kind: SSOPolicyEngine.FileKind
    var title: String?
    var provider: String?

    static func all(in context: CLIContext) throws(DiagnosticsError) -> [BundledEntry] {
        let resolver = FileResolver(context: context)
        var entries: [BundledEntry] = []
        for file in context.bundled.sorted(by: { $0.path < $1.path }) where file.path.hasSuffix(".yaml") {
            let root = try context.engine.readDocument(bytes: Array(file.contents.utf8), file: "Policies/" + file.path)
            let kind = try context.engine.kind(of: root)
            let value = { (key: String) in root.entries?.first { $0.key == key }?.value.scalar }
            entries.append(
                BundledEntry(
                    name: resolver.bundledName(file.path), path: "Policies/" + file.path, kind: kind,
                    title: value("title"), provider: kind == .policy ? value("provider") : nil))
        }
        return entries
    }

    var json: JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(name)), ("path", .string(path))]
        if let provider { fields.append(("provider", .string(provider))) }
        fields.append(("title", title.map(JSONValue.string) ?? .null))
        return .object(fields)
    }
}
