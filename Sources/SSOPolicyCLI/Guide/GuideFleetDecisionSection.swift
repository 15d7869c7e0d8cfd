import SSOPolicy

/// The guide of a fleet leads with the decision (`decide FLEET --scenario S`): per setup its worst finding, from
/// when each worker is safe on each device group, the workers' effort, what it needs and the apps that must
/// change; one per scenario the guide compares.
enum GuideFleetDecisionSection {
    static func markdown(_ content: GuideContent) -> String {
        content.decisions.map { $0.markdown(level: 2) + "\n" }.joined()
    }

    static func html(_ content: GuideContent) -> String {
        content.decisions.enumerated().map { $1.html(id: anchor($0), level: 2) }.joined()
    }

    /// The table of contents' entries, one per decision.
    static func contents(_ content: GuideContent) -> [(String, String)] {
        content.decisions.enumerated().map { index, decision in
            (
                anchor(index),
                content.decisions.count == 1 ? "Decision" : "Decision on \(decision.scenario.id)"
            )
        }
    }

    static func anchor(_ index: Int) -> String { "decision-\(index + 1)" }
}
