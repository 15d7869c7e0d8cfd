import SSOPolicy
import SSOPolicyImport

/// The fleets `import` writes (docs/import.md, "The fleet"): the fleet of an Intune export's policies, and a console
/// form's setup added to an existing fleet (`--template P --fleet FLEET`). Either is loaded as the rest of the tool
/// will before a byte is written, and written through `OutputFile` (all or nothing).
extension ImportCommand {
    /// The fleet of the imported policies as the loader takes it, or why it cannot be written.
    static func fleetText(_ policies: [ImportedPolicy], path: String, engine: SSOPolicyEngine) -> Result<
        String, Refusal
    > {
        let text = ImportedFleet.yaml(policies)
        do {
            _ = try engine.loadFleet(try engine.readDocument(bytes: Array(text.utf8), file: path), file: path)
        } catch {
            return .failure(
                Refusal(
                    diagnostics: error.diagnostics, reason: "the fleet made for the export does not load (see above)"))
        }
        return .success(text)
    }

    /// `--template PROVIDER --fleet FLEET`: the form's setup added to the fleet's `setups:`, the rest of the file
    /// (its comments included) as it was.
    func addSetup(_ form: ImportedPolicy, to path: String, context: CLIContext) -> Int32 {
        let engine = context.engine
        let bytes: [UInt8]
        let fleet: Fleet
        let root: ConfigNode
        do {
            bytes = try engine.fileBytes(path: path)
            root = try engine.readDocument(bytes: bytes, file: path)
            fleet = try engine.loadFleet(root, file: path)
        } catch {
            for diagnostic in error.diagnostics { context.writeError(diagnostic.description + "\n") }
            context.writeError("import: '\(path)' is not a fleet that loads; nothing was written\n")
            return 1
        }
        guard let reading = context.registry.provider(id: form.provider)?.descriptor.fleet else {
            context.writeError("error: provider '\(form.provider)' reads no fleet in this build\n")
            return 1
        }
        let stem = form.provider.split(separator: "-").first.map(String.init) ?? form.provider
        var id = stem
        var number = 2
        while fleet.setups.contains(where: { $0.id == id }) {
            id = "\(stem)-\(number)"
            number += 1
        }
        let text = String(decoding: bytes, as: UTF8.self)
        switch Self.inserting(
            form, id: id, reading: reading, into: text, root: root, path: path)
        {
        case .failure(let message):
            context.writeError("\(path): error: \(message) (nothing was written)\n")
            return 1
        case .success(let updated):
            do {
                _ = try engine.loadFleet(try engine.readDocument(bytes: Array(updated.utf8), file: path), file: path)
            } catch {
                for diagnostic in error.diagnostics { context.writeError(diagnostic.description + "\n") }
                context.writeError(
                    "import: the fleet with the added setup does not load (see above); nothing was written\n")
                return 1
            }
            do { try OutputFile(path).write(updated) } catch {
                context.writeError(error.description + " (nothing was written)\n")
                return 1
            }
            context.write(
                "added setup '\(id)' (\(form.provider), every setting unknown until you fill it in) to \(path)\n")
            return 0
        }
    }

    /// The fleet's text with the setup block after its last setup: before the next top-level key (and the comment
    /// lines just above it), or at the end. `setups:` written in flow style (`[...]`) is refused.
    static func inserting(
        _ form: ImportedPolicy, id: String, reading: FleetReading, into text: String, root: ConfigNode, path: String
    ) -> Result<String, InsertionFailure> {
        guard let top = root.entries, let index = top.firstIndex(where: { $0.key == "setups" }),
            let items = top[index].value.items, let first = items.first
        else { return .failure(InsertionFailure("the fleet has no setups: list to add to")) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let itemLine = first.position.line - 1
        guard lines.indices.contains(itemLine), top[index].keyPosition.line != first.position.line else {
            return .failure(
                InsertionFailure("setups: is written in flow style ([...]); write one '- setup:' block per line"))
        }
        let line = lines[itemLine]
        let indent = String(line.prefix { $0 == " " })
        guard line.dropFirst(indent.count).hasPrefix("- ") else {
            return .failure(InsertionFailure("setups: is written in flow style; write one '- setup:' block per line"))
        }
        var at = lines.count
        if index + 1 < top.count {
            at = top[index + 1].keyPosition.line - 1
            while at > itemLine + 1, lines[at - 1].isEmpty || lines[at - 1].hasPrefix("#") { at -= 1 }
        }
        let block = ImportedFleet.setupBlock(
            form, id: id, groupSettings: Set(reading.groupSettings), consoleAppKeys: reading.consoleAppKeys,
            indent: indent)
        lines.insert(contentsOf: block, at: at)
        return .success(lines.joined(separator: "\n") + "\n")
    }

    struct InsertionFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
