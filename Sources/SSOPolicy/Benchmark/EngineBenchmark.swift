/// In-process throughput and latency of the evaluation path (`ssopolicy bench`).
///
/// Method: a workload (every app × fact combinations for attempts; the bound scenarios' steps for scenarios) is
/// prepared once, outside the timing. The timed loop runs batches of `batchSize` operations between two readings of
/// a monotonic clock (`ContinuousClock`), because a single attempt (tens of nanoseconds) is below the clock's useful
/// resolution; each batch gives one sample of nanoseconds per operation. Throughput is all operations over all
/// batch time; p50 and p99 are percentiles of the batch samples (so they describe batch means, not single calls).
/// Every outcome feeds a checksum so the optimizer cannot drop the work.
package struct EngineBenchmark: Sendable {
    package enum Workload: String, Sendable, Hashable {
        /// One access attempt from facts: a fresh state from the facts, then `open`.
        case attempt
        /// One step of a scenario played with state kept between steps (a session per scenario run).
        case scenarioStep = "scenario-step"
        /// One what-if: `evaluate` of an app's access by a user with every fact unknown, to its merged answers, as
        /// the command, the server and the guide's explorer ask it (the trace of each answer kept).
        case whatIf = "what-if"
    }

    package struct Measurement: Sendable, Hashable {
        package var policy: String
        package var provider: String
        package var workload: Workload
        /// Distinct inputs in the workload (attempt variants or scenario steps), cycled through while timing.
        package var variants: Int
        package var operations: Int
        package var seconds: Double
        package var perSecond: Double
        package var p50Nanoseconds: Double
        package var p99Nanoseconds: Double
        /// Depends only on the outcomes, so it is the same on every run (shows the same work was done).
        package var checksum: UInt64
    }

    /// Time spent per measurement.
    package var duration: Swift.Duration
    package var batchSize: Int
    package var traceMode: RuleTrace.Mode
    /// Most fact combinations taken per app (in enumeration order), so huge fact spaces stay bounded.
    package var maxCombinationsPerApp = 1024

    package init(duration: Swift.Duration = .milliseconds(500), batchSize: Int = 1000, traceMode: RuleTrace.Mode = .off)
    {
        self.duration = duration
        self.batchSize = max(1, batchSize)
        self.traceMode = traceMode
    }

    // MARK: Workloads

    /// Access attempts: for each app, `open` by the acting user against fact combinations of the provider's facts
    /// (accounts as none, the acting user and another user).
    package func attemptWorkload(_ policy: CompiledPolicy) -> [(event: ProviderEvent, facts: FactValues)] {
        let descriptor = policy.descriptor
        guard let open = descriptor.event("open") else { return [] }
        var users = UserDirectory(["alice", AttemptEvaluator.anotherUser])
        let user = users.intern("alice")
        var workload: [(event: ProviderEvent, facts: FactValues)] = []
        for (index, _) in policy.configuration.apps.enumerated() {
            // The first rows of the one fact-space enumeration.
            let space = FactSpace(descriptor, actingUser: "alice")
            let combinations = (0..<min(space.count, maxCombinationsPerApp)).map { row in
                Dictionary(uniqueKeysWithValues: space.row(row).map { ($0.key, $0.value) })
            }
            let event = ProviderEvent(event: open, target: .app(AppID(index)), user: user, time: Clock.start)
            for combination in combinations {
                guard
                    let facts = try? FactBuilder.make(
                        descriptor, appCount: policy.configuration.apps.count, device: combination, users: &users)
                else { continue }
                workload.append((event, facts))
            }
        }
        return workload
    }

    /// Scenario runs: each scenario bound leniently (steps for apps the policy lacks do not apply).
    package func scenarioWorkload(_ policy: CompiledPolicy, scenarios: [Scenario]) -> [BoundScenario] {
        scenarios.compactMap { scenario in
            guard case .success(let bound) = ScenarioBinder(mode: .lenient).bind(scenario, to: policy) else {
                return nil
            }
            return bound.steps.contains { $0.event != nil } ? bound : nil
        }
    }

    // MARK: Measuring

    package func measureAttempts(_ policy: CompiledPolicy) -> Measurement? {
        let workload = attemptWorkload(policy)
        guard !workload.isEmpty else { return nil }
        let mode = traceMode
        var checksum: UInt64 = 0
        let events = workload.map(\.event)
        let factSets = workload.map(\.facts)
        let (samples, operations, seconds) = policy.withAttempts { evaluate in
            var next = 0
            var trace = RuleTrace(mode)
            // Unsafe views, so reading an input does not retain its storage (the inputs outlive the loop).
            return events.withUnsafeBufferPointer { events in
                factSets.withUnsafeBufferPointer { factSets in
                    timeBatches {
                        for _ in 0..<batchSize {
                            trace.reset()
                            let outcome = (try? evaluate(events[next], factSets[next], &trace)) ?? .notApplicable
                            next = next + 1 == events.count ? 0 : next + 1
                            checksum = checksum &* 31 &+ Self.digest(outcome)
                        }
                        return batchSize
                    }
                }
            }
        }
        return measurement(
            policy, .attempt, variants: workload.count, samples: samples, operations: operations, seconds: seconds,
            checksum: checksum)
    }

    package func measureScenarioSteps(_ policy: CompiledPolicy, scenarios: [Scenario]) -> Measurement? {
        let runs = scenarioWorkload(policy, scenarios: scenarios).map { bound in
            (facts: bound.facts, events: bound.steps.compactMap(\.event))
        }
        let stepCount = runs.reduce(0) { $0 + $1.events.count }
        guard stepCount > 0 else { return nil }
        var checksum: UInt64 = 0
        var trace = RuleTrace(traceMode)
        var next = 0
        // A batch plays whole scenario runs until it has played at least `batchSize` steps.
        let (samples, operations, seconds) = policy.withRuns { start, play in
            timeBatches {
                var played = 0
                while played < batchSize {
                    let run = runs[next]
                    next = next + 1 == runs.count ? 0 : next + 1
                    start(run.facts)
                    for event in run.events {
                        trace.reset()
                        checksum = checksum &* 31 &+ Self.digest(play(event, &trace))
                    }
                    played += run.events.count
                }
                return played
            }
        }
        return measurement(
            policy, .scenarioStep, variants: stepCount, samples: samples, operations: operations, seconds: seconds,
            checksum: checksum)
    }

    /// What-ifs: for each app, `bob` opens it with nothing known; a batch is one what-if, so each sample is one
    /// answer's latency.
    package func measureWhatIfs(_ policy: CompiledPolicy) -> Measurement? {
        let apps = policy.configuration.apps.map(\.id)
        guard !apps.isEmpty else { return nil }
        let evaluator = AttemptEvaluator()
        var checksum: UInt64 = 0
        var next = 0
        let (samples, operations, seconds) = timeBatches {
            let request = EvaluateRequest(app: apps[next], user: "bob")
            next = next + 1 == apps.count ? 0 : next + 1
            let result = try? evaluator.evaluate(request, policy: policy)
            checksum = checksum &* 31 &+ UInt64(result?.outcomes.count ?? 0) &* 7 &+ UInt64(result?.leaves ?? 0)
            return 1
        }
        return measurement(
            policy, .whatIf, variants: apps.count, samples: samples, operations: operations, seconds: seconds,
            checksum: checksum)
    }

    /// Runs `batch` (which returns how many operations it did) until `duration` has passed.
    func timeBatches(_ batch: () -> Int) -> (samples: [Double], operations: Int, seconds: Double) {
        let clock = ContinuousClock()
        var samples: [Double] = []
        var operations = 0
        var total = Swift.Duration.zero
        _ = batch()  // warm-up: caches, lazy initialisation
        while total < duration {
            let start = clock.now
            let count = batch()
            let elapsed = clock.now - start
            total += elapsed
            operations += count
            samples.append(Self.nanoseconds(elapsed) / Double(count))
        }
        return (samples, operations, Self.nanoseconds(total) / 1e9)
    }

    func measurement(
        _ policy: CompiledPolicy, _ workload: Workload, variants: Int, samples: [Double], operations: Int,
        seconds: Double, checksum: UInt64
    ) -> Measurement {
        let sorted = samples.sorted()
        return Measurement(
            policy: policy.configuration.id, provider: policy.descriptor.id, workload: workload, variants: variants,
            operations: operations, seconds: seconds, perSecond: seconds > 0 ? Double(operations) / seconds : 0,
            p50Nanoseconds: Self.percentile(sorted, 0.50), p99Nanoseconds: Self.percentile(sorted, 0.99),
            checksum: checksum)
    }

    /// Nearest-rank percentile of sorted samples.
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    package static func nanoseconds(_ duration: Swift.Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
    }

    static func digest(_ outcome: StepOutcome) -> UInt64 {
        UInt64(outcome.prompts.count) &* 7 &+ outcome.findings.bits &+ UInt64(outcome.sessionUser?.index ?? 9)
    }
}
