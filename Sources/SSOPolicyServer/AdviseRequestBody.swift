import SSOPolicy

/// `POST /v1/advise`: `ssopolicy advise`'s arguments as fields (`policy` may name a fleet). The server keeps the
/// bound at most 2 changes by default and 3 at most, so one request stays within its time budget.
struct AdviseRequestBody: Decodable, Sendable {
    var scenario: RequestDocument
    var policy: RequestDocument
    var goal: String?
    var maxChanges: Int?

    enum CodingKeys: String, CodingKey {
        case scenario, policy, goal
        case maxChanges = "max_changes"
    }

    static let maxChangesRange = 1...3
    static let defaultMaxChanges = 2

    func request() throws(APIError) -> AdviceRequest {
        let severity: Severity
        switch AdviceRequest.goal(named: goal ?? "high") {
        case .success(let named): severity = named
        case .failure(let error): throw APIError(status: .badRequest, message: "goal: \(error)")
        }
        let bound = maxChanges ?? Self.defaultMaxChanges
        guard Self.maxChangesRange.contains(bound) else {
            throw APIError(
                status: .badRequest,
                message: "max_changes: expected \(Self.maxChangesRange.lowerBound) to "
                    + "\(Self.maxChangesRange.upperBound), found \(bound)")
        }
        return AdviceRequest(goal: severity, maxChanges: bound)
    }
}
