/// `check` on one read document, shared by files on disk and documents held in memory (the server's requests).
extension SSOPolicyEngine {
    /// What to do with a test suite: it names a policy and a scenario by path, so checking it reads those files.
    public enum SuiteHandling: Sendable {
        /// Load the files the suite names (the command line), if the scope allows them from the trees at `roots`.
        case resolveFiles(SuiteReferenceScope, roots: [String])
        /// Refuse the suite with an error: the caller must never read the disk (the server).
        case refuse
    }

    /// Validates documents held in memory, each with the file name its positions carry; never reads the disk.
    public func check(documents: [(bytes: [UInt8], file: String)]) -> CheckReport {
        var report = CheckReport()
        for document in documents {
            report.filesChecked += 1
            do {
                let root = try readDocument(bytes: document.bytes, file: document.file)
                try check(root, file: document.file, source: document.bytes, into: &report, suites: .refuse)
            } catch {
                report.diagnostics.append(contentsOf: error.diagnostics)
            }
        }
        return report
    }

    /// `source` is the document's text, for the notes that read a value's trailing `# from:` comment.
    func check(
        _ root: ConfigNode, file: String, source: [UInt8], into report: inout CheckReport, suites: SuiteHandling
    ) throws(DiagnosticsError) {
        switch try kind(of: root) {
        case .policy:
            let policy = try loadPolicy(root, file: file)
            report.policies += 1
            let renderer = OutcomeRenderer(policy: policy, users: UserDirectory())
            for (view, position) in renderer.policyFindings(policy.findings) {
                report.diagnostics.append(
                    Diagnostic(.warning, at: position, "\(view.severity.name): \(view.message)", id: view.id))
            }
            report.diagnostics.append(contentsOf: PolicyNotes.notes(for: policy, source: source))
        case .scenario:
            _ = try loadScenario(root, file: file)
            report.scenarios += 1
        case .fleet:
            let fleet = try loadFleet(root, file: file)
            report.fleets += 1
            // Each finding once per setup, however many device groups raise it; the groups named when not all.
            var warnings: [(setup: String, position: SourcePosition, view: StepView.FindingView, groups: [String])] = []
            for pair in fleet.pairs {
                guard let policy = pair.policy else { continue }
                let setup = fleet.setups[pair.setup].id
                let group = fleet.groups[pair.group].group.id
                let renderer = OutcomeRenderer(policy: policy, users: UserDirectory())
                for (view, position) in renderer.policyFindings(policy.findings) {
                    if let index = warnings.firstIndex(where: {
                        $0.setup == setup && $0.position == position && $0.view == view
                    }) {
                        warnings[index].groups.append(group)
                    } else {
                        warnings.append((setup, position, view, [group]))
                    }
                }
            }
            for warning in warnings {
                let everyGroup = warning.groups.count == fleet.groups(playedBy: warning.setup).count
                report.diagnostics.append(
                    Diagnostic(
                        .warning, at: warning.position,
                        "setup \(warning.setup): \(warning.view.severity.name): \(warning.view.message)"
                            + (everyGroup ? "" : " on " + warning.groups.joined(separator: ", ")),
                        id: warning.view.id))
            }
            report.diagnostics.append(contentsOf: PolicyNotes.notes(for: fleet))
        case .suite:
            let suite = try loadSuite(root, file: file)
            switch suites {
            case .resolveFiles(let scope, let roots):
                let outside = scope.problems(in: suite, roots: roots)
                if !outside.isEmpty { throw DiagnosticsError(outside) }
                try checkSuiteReferences(suite)
            case .refuse:
                throw DiagnosticsError([
                    .error(
                        at: root.position,
                        "a test suite names files on disk; check it with the command line ('ssopolicy check')")
                ])
            }
            report.suites += 1
        }
    }
}
