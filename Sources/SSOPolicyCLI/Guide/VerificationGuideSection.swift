import SSOPolicy

/// The guide's verification section: which configuration holds which property, with and without the sign-out
/// assumption, and the shortest counterexamples. Depths stay small so the guide generates in moments.
enum VerificationGuideSection {
    static let depth = 4
    static let assumedDepth = 6

    struct Reports {
        /// Any behaviour, `depth`.
        var plain: [VerificationReport]
        /// Assuming every worker signs out before the next user acts, `assumedDepth`.
        var assumed: [VerificationReport]
    }

    static func reports(_ policies: [CompiledPolicy], context: CLIContext) throws -> Reports {
        let verifier = Verifier(engine: context.engine)
        let plain = try policies.map { policy throws(DiagnosticsError) in
            try verifier.verify(policy, options: VerificationOptions(users: 2, depth: depth))
        }
        let options = VerificationOptions(users: 2, depth: assumedDepth, assumptions: [.signsOutBeforeHandover])
        let assumed = try policies.map { policy throws(DiagnosticsError) in
            try verifier.verify(policy, options: options)
        }
        return Reports(plain: plain, assumed: assumed)
    }

    /// Each violated property under the sign-out assumption with its shortest counterexample, in compact form.
    static func counterexamples(_ reports: Reports) -> [(policy: String, property: String, moves: String)] {
        reports.assumed.flatMap { report in
            report.verdicts.compactMap { verdict in
                guard case .violated(let counterexample) = verdict.status else { return nil }
                return (
                    report.policy.configuration.id, verdict.property.id, VerificationRender.compact(counterexample)
                )
            }
        }
    }

    static func markdown(_ reports: Reports) -> String {
        var out = "## Verification: who can reach another user's session or data\n\n"
        out += "Computed by `ssopolicy verify`, which checks every sequence of events by two users over each policy's\n"
        out += "apps (with time moves across its timeouts) up to a depth; a property that holds is claimed only up to\n"
        out += "that depth. First with any behaviour, depth \(depth):\n\n"
        out += VerificationRender.markdown(reports.plain, counterexamples: false, details: false)
        out +=
            "Then assuming every worker signs out before the next user acts (`--assume signs-out-before-handover`),\n"
        out += "depth \(assumedDepth):\n\n"
        out += VerificationRender.markdown(reports.assumed, counterexamples: false, details: false)
        out += "Shortest counterexamples under that assumption (replay any with `ssopolicy verify POLICY --assume\n"
        out +=
            "signs-out-before-handover --counterexample-dir out`, then `ssopolicy run --scenario out/FILE POLICY`):\n\n"
        for item in counterexamples(reports) {
            out += "- `\(item.policy)` breaks `\(item.property)`: " + item.moves + "\n"
        }
        return out + "\n"
    }
}
