import SSOPolicy

/// The first screen's decision: the bundled hospital ward fleet decided on its handover (`decide ward-fleet
/// --scenario ward-handover`, best setup first, one line each), then how to run the same on your own fleet.
extension OverviewCommand {
    static let defaultFleet = "fleets/ward-fleet.yaml"
    static let defaultFleetScenario = "scenarios/ward-handover.yaml"

    static func fleetDecision(in context: CLIContext) throws(DiagnosticsError) -> String {
        let comparison = try context.queries.compareFleet(scenario: defaultFleetScenario, fleet: defaultFleet)
        let decision = FleetDecision.decide(comparison)
        let fleet = decision.fleet
        var out =
            wrap(
                "Which setup for a fleet: the bundled \(fleet.id) (" + (fleet.title ?? fleet.id) + "; "
                    + fleet.groups.map { FleetComparison.groupLabel($0.group) }.joined(separator: ", ")
                    + ") on scenario \(decision.scenario.id), best first:", indent: "", hanging: "  ") + "\n"
        out += decision.summary()
        out +=
            wrap(
                "On your own fleet: ssopolicy show ward-fleet > my-fleet.yaml, describe your devices, apps and "
                    + "setups in it (docs/fleets.md), then ssopolicy decide my-fleet.yaml --scenario ward-handover",
                indent: "", hanging: "  ") + "\n\n"
        return out
    }
}
