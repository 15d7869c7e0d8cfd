import SSOPolicy

/// The guide's verification section: which bundled configuration holds which property, with and without the
/// sign-out assumption, and the shortest counterexamples. Depths stay small so the guide generates in moments.
enum VerificationGuideSection {
    static let depth = 4
    static let assumedDepth = 6

    static func markdown(context: CLIContext, resolver: FileResolver) throws -> String {
        let policies = try resolver.bundledPolicies()
        let verifier = Verifier(engine: context.engine)
        var out = "## Verification: who can reach another user's session or data\n\n"
        out += "Computed by `ssopolicy verify`, which checks every sequence of events by two users over each policy's\n"
        out += "apps (with time moves across its timeouts) up to a depth; a property that holds is claimed only up to\n"
        out += "that depth. First with any behaviour, depth \(depth):\n\n"
        let plain = try policies.map { policy throws(DiagnosticsError) in
            try verifier.verify(policy, options: VerificationOptions(users: 2, depth: depth))
        }
        out += VerificationRender.markdown(plain, counterexamples: false, details: false)
        out +=
            "Then assuming every worker signs out before the next user acts (`--assume signs-out-before-handover`),\n"
        out += "depth \(assumedDepth):\n\n"
        let options = VerificationOptions(users: 2, depth: assumedDepth, assumptions: [.signsOutBeforeHandover])
        let assumed = try policies.map { policy throws(DiagnosticsError) in
            try verifier.verify(policy, options: options)
        }
        out += VerificationRender.markdown(assumed, counterexamples: false, details: false)
        out += "Shortest counterexamples under that assumption (replay any with `ssopolicy verify POLICY --assume\n"
        out +=
            "signs-out-before-handover --counterexample-dir out`, then `ssopolicy run --scenario out/FILE POLICY`):\n\n"
        for report in assumed {
            for verdict in report.verdicts {
                guard case .violated(let counterexample) = verdict.status else { continue }
                out +=
                    "- `\(report.policy.configuration.id)` breaks `\(verdict.property.id)`: "
                    + VerificationRender.compact(counterexample) + "\n"
            }
        }
        return out + "\n"
    }
}
