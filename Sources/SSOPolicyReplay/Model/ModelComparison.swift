/// The policy's prediction for one handover beside what the log shows.
package struct ModelComparison: Sendable {
    /// What the model predicts for the worker taking over.
    package enum Prediction: String, Sendable {
        /// A step after the handover serves another worker's session or shows their data.
        case exposed
        case clean
        /// Nothing to play: no app of the policy in the rows around the handover.
        case notModelled = "not_modelled"
    }

    /// How the prediction and the log compare, most urgent first.
    package enum Agreement: String, Sendable, CaseIterable {
        /// The log shows exposure the model does not predict: the model is too optimistic here.
        case realityWorse = "reality_worse"
        /// The log shows weaker evidence of exposure the model does not predict.
        case realityMaybeWorse = "reality_maybe_worse"
        /// The model predicts exposure the log does not show.
        case modelMorePessimistic = "model_more_pessimistic"
        case agrees
        /// The log cannot judge the handover, or the model has nothing to play.
        case notCompared = "not_compared"

        package var rank: Int {
            switch self {
            case .realityWorse: return 0
            case .realityMaybeWorse: return 1
            case .modelMorePessimistic: return 2
            case .agrees: return 3
            case .notCompared: return 4
            }
        }

        package var words: String {
            switch self {
            case .realityWorse: return "reality worse than the model"
            case .realityMaybeWorse: return "reality maybe worse than the model"
            case .modelMorePessimistic: return "model more pessimistic"
            case .agrees: return "agrees"
            case .notCompared: return "not compared"
            }
        }

        package static func of(log: Verdict, model: Prediction) -> Agreement {
            switch (log, model) {
            case (_, .notModelled), (.unreplayable, _): return .notCompared
            case (.exposed, .exposed), (.maybeExposed, .exposed), (.clean, .clean): return .agrees
            case (.exposed, .clean): return .realityWorse
            case (.maybeExposed, .clean): return .realityMaybeWorse
            case (.clean, .exposed): return .modelMorePessimistic
            }
        }
    }

    package var prediction: Prediction
    package var agreement: Agreement
    /// Why the model predicts what it does: the deciding step, in words.
    package var reason: String
    /// The scenario played, a line per step (`2026-05-04T06:00:00Z ana open rounds`).
    package var steps: [String]
}
