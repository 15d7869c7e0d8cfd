import Foundation
@_exported import SSOPolicyProviderKit

/// The engine as a library: everything the command line does, reachable from Swift.
///
/// ```swift
/// let engine = SSOPolicyEngine(registry: ProviderRegistry([AnyPolicyProvider(AirWatchSDKProvider())]))
/// let policy = try engine.loadPolicy(path: "Policies/airwatch/warehouse-airwatch.yaml")
/// let scenario = try engine.loadScenario(path: "Policies/scenarios/shift-change.yaml")
/// let result = try engine.run(scenario, against: policy)
/// print(RunJSON.run(result).serialized())
/// ```
public struct SSOPolicyEngine: Sendable {
    public let registry: ProviderRegistry
    public var limits: InputLimits

    public init(registry: ProviderRegistry, limits: InputLimits = .documents) {
        self.registry = registry
        self.limits = limits
    }

    /// What a YAML file holds, decided by its top-level key.
    public enum FileKind: String, Sendable {
        case policy, scenario, suite, fleet
    }

    // MARK: Reading

    public func readDocument(path: String) throws(DiagnosticsError) -> ConfigNode {
        try readDocument(bytes: try Self.bytes(path: path, limit: limits.maxBytes), file: path)
    }

    /// A file's bytes, read as `readDocument(path:)` reads them (a regular file within the size limit).
    public func fileBytes(path: String) throws(DiagnosticsError) -> [UInt8] {
        try Self.bytes(path: path, limit: limits.maxBytes)
    }

    public func readDocument(bytes: [UInt8], file: String) throws(DiagnosticsError) -> ConfigNode {
        try YAMLDocumentReader(limits: limits).read(bytes, file: file).get()
    }

    /// Reads a regular file, at most one byte past `limit`. Anything else (a FIFO, a device, a socket) is refused
    /// before a byte is read: opening is non-blocking and the opened descriptor is checked, so a FIFO cannot hang us.
    static func bytes(path: String, limit: Int) throws(DiagnosticsError) -> [UInt8] {
        let origin = SourcePosition(file: path, line: 1, column: 1)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno
            if reason == ENOENT || reason == ENOTDIR { throw DiagnosticsError([.error(at: origin, "no such file")]) }
            throw DiagnosticsError([
                .error(at: origin, "cannot open the file: \(String(cString: strerror(reason)))")
            ])
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw DiagnosticsError([.error(at: origin, "cannot read the file's status")])
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw DiagnosticsError([.error(at: origin, "is a folder, expected a YAML file")]) }
        guard type == S_IFREG else {
            let what =
                switch type {
                case S_IFIFO: "a named pipe (FIFO)"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFSOCK: "a socket"
                default: "not a regular file"
                }
            throw DiagnosticsError([
                .error(at: origin, "is \(what), expected a regular YAML file (only regular files are read)")
            ])
        }
        if Int(info.st_size) > limit {
            throw DiagnosticsError([
                .error(at: origin, YAMLDocumentReader.tooLarge(Int(info.st_size), limit: limit))
            ])
        }
        // Read one byte past the limit so a file that grew since `fstat` is still refused without reading it whole.
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else {
                if got < 0 {
                    throw DiagnosticsError([
                        .error(at: origin, "cannot read the file: \(String(cString: strerror(errno)))")
                    ])
                }
                break
            }
            count += got
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    public func kind(of root: ConfigNode) throws(DiagnosticsError) -> FileKind {
        let keys = root.entries?.map(\.key) ?? []
        if keys.contains("suite") { return .suite }
        if keys.contains("scenario") { return .scenario }
        if keys.contains("fleet") { return .fleet }
        if keys.contains("policy") || keys.contains("provider") { return .policy }
        throw DiagnosticsError([
            .error(
                at: root.position,
                "cannot tell what this file is: expected a top-level 'policy:', 'scenario:', 'suite:' or 'fleet:' key")
        ])
    }

    // MARK: Loading

    public func loadPolicy(path: String) throws(DiagnosticsError) -> CompiledPolicy {
        try loadPolicy(try readDocument(path: path), file: path)
    }

    public func loadPolicy(yaml: String, file: String) throws(DiagnosticsError) -> CompiledPolicy {
        try loadPolicy(try readDocument(bytes: Array(yaml.utf8), file: file), file: file)
    }

    public func loadPolicy(_ root: ConfigNode, file: String) throws(DiagnosticsError) -> CompiledPolicy {
        try PolicyLoader(registry: registry).load(root, file: file).get()
    }

    public func loadScenario(path: String) throws(DiagnosticsError) -> Scenario {
        try loadScenario(try readDocument(path: path), file: path)
    }

    public func loadScenario(yaml: String, file: String) throws(DiagnosticsError) -> Scenario {
        try loadScenario(try readDocument(bytes: Array(yaml.utf8), file: file), file: file)
    }

    public func loadScenario(_ root: ConfigNode, file: String) throws(DiagnosticsError) -> Scenario {
        try ScenarioLoader(registry: registry, limits: limits).load(root, file: file).get()
    }

    public func loadFleet(path: String) throws(DiagnosticsError) -> Fleet {
        try loadFleet(try readDocument(path: path), file: path)
    }

    public func loadFleet(_ root: ConfigNode, file: String) throws(DiagnosticsError) -> Fleet {
        try FleetLoader(registry: registry).load(root, file: file).get()
    }

    public func loadSuite(path: String) throws(DiagnosticsError) -> TestSuite {
        try SuiteLoader().load(try readDocument(path: path), file: path).get()
    }

    public func loadSuite(_ root: ConfigNode, file: String) throws(DiagnosticsError) -> TestSuite {
        try SuiteLoader().load(root, file: file).get()
    }

    // MARK: Running

    /// Plays a scenario against one policy; apps the policy lacks are errors.
    public func run(
        _ scenario: Scenario, against policy: CompiledPolicy, traceMode: RuleTrace.Mode = .fired,
        mode: ScenarioBinder.Mode = .strict, explain: StepView.ExplainDetail = .decisions,
        mutation: RuleTrace.Mutation? = nil
    ) throws(DiagnosticsError) -> RunResult {
        let bound = try ScenarioBinder(mode: mode).bind(scenario, to: policy).get()
        return ScenarioRunner(traceMode: traceMode, explain: explain, mutation: mutation).run(bound)
    }

    public func evaluate(
        _ request: EvaluateRequest, policy: CompiledPolicy, traceMode: RuleTrace.Mode = .fired,
        explain: StepView.ExplainDetail = .decisions
    ) throws -> EvaluateResult {
        var evaluator = AttemptEvaluator(traceMode: traceMode)
        evaluator.explain = explain
        return try evaluator.evaluate(request, policy: policy)
    }

    // MARK: Checking

    /// YAML files below the paths (folders recursively), sorted; missing paths are reported.
    public func yamlFiles(in paths: [String]) -> (files: [String], problems: [Diagnostic]) {
        var files: [String] = []
        var problems: [Diagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(.error(at: SourcePosition(file: path, line: 1, column: 1), "no such file or folder"))
                continue
            }
            if isDirectory.boolValue {
                let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                let found = (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                    .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                    .map { base + "/" + $0 }
                files.append(contentsOf: found.sorted())
            } else {
                files.append(path)
            }
        }
        return (files, problems)
    }

    /// Validates policies, scenarios and suites: every error and every configuration warning, per file. A suite's
    /// references must stay inside the tree it was found in unless `references` allows more.
    public func check(paths: [String], references: SuiteReferenceScope = SuiteReferenceScope()) -> CheckReport {
        let (files, problems) = yamlFiles(in: paths)
        var report = CheckReport(diagnostics: problems)
        for file in files {
            report.filesChecked += 1
            do {
                let roots = SuiteReferenceScope.roots(of: file, among: paths)
                let source = try Self.bytes(path: file, limit: limits.maxBytes)
                try check(
                    try readDocument(bytes: source, file: file), file: file, source: source, into: &report,
                    suites: .resolveFiles(references, roots: roots))
            } catch {
                report.diagnostics.append(contentsOf: error.diagnostics)
            }
        }
        return report
    }

    /// A suite's policy and scenario load, bind, and its steps exist.
    public func checkSuiteReferences(_ suite: TestSuite) throws(DiagnosticsError) {
        var diagnostics: [Diagnostic] = []
        var policy: CompiledPolicy?
        var scenario: Scenario?
        do { policy = try loadPolicy(path: suite.policyPath) } catch {
            diagnostics.append(.error(at: suite.policyPosition, "policy '\(suite.policyPath)' does not load"))
            diagnostics.append(contentsOf: error.diagnostics)
        }
        do { scenario = try loadScenario(path: suite.scenarioPath) } catch {
            diagnostics.append(.error(at: suite.scenarioPosition, "scenario '\(suite.scenarioPath)' does not load"))
            diagnostics.append(contentsOf: error.diagnostics)
        }
        if let policy, let scenario {
            do { _ = try ScenarioBinder(mode: .strict).bind(scenario, to: policy).get() } catch {
                diagnostics.append(contentsOf: error.diagnostics)
            }
            for expectation in suite.expectations where expectation.step > scenario.steps.count {
                diagnostics.append(
                    .error(
                        at: expectation.stepPosition,
                        "step \(expectation.step) does not exist; scenario '\(scenario.id)' has \(scenario.steps.count) steps"
                    ))
            }
            let known = policy.descriptor.findings.map(\.id)
            for expectation in suite.expectations {
                for id in expectation.findings + expectation.absentFindings where !known.contains(id) {
                    diagnostics.append(
                        .error(
                            at: expectation.position,
                            "unknown finding '\(id)' for provider '\(policy.descriptor.id)'"
                                + Suggestion.didYouMean(id, in: known)))
                }
                // An expectation the provider can never meet is a mistake in the suite, not a test that fails.
                let produced = policy.descriptor.producedPrompts.map(\.name)
                for name in expectation.prompts ?? [] where Prompt(name: name) != nil && !produced.contains(name) {
                    diagnostics.append(
                        .error(
                            at: expectation.position,
                            "prompts: '\(name)' is never shown by provider '\(policy.descriptor.id)'; it shows "
                                + produced.map { "'\($0)'" }.joined(separator: ", ")))
                }
                for key in expectation.details.keys where policy.descriptor.detail(key) == nil {
                    diagnostics.append(
                        .error(
                            at: expectation.position,
                            "unknown detail '\(key)' for provider '\(policy.descriptor.id)'"
                                + Suggestion.didYouMean(key, in: policy.descriptor.details.map(\.key))))
                }
            }
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
    }
}

/// What `check` found.
public struct CheckReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var filesChecked = 0
    public var policies = 0
    public var scenarios = 0
    public var suites = 0
    public var fleets = 0

    public init(diagnostics: [Diagnostic] = []) { self.diagnostics = diagnostics }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    public var noteCount: Int { diagnostics.filter { $0.severity == .note }.count }
}
