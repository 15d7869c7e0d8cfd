import SSOPolicy
import SSOPolicyQueries

/// The playground's advice view (`view=advice`, docs/serve.md): for each compared policy, or per setup of the fleet,
/// `advise` as `POST /v1/advise` answers it (the same bounds: at most 2 changes unless asked, 3 at most), shown as
/// the guide's "How to make it safe" section (the top three suggestions with their cost, or already safe, or what
/// stands in the way).
extension Playground {
    /// The advice for each subject, or the first error a subject's advice met (the other subjects' are kept).
    static func advise(
        _ query: PlaygroundQuery, subjects: [RequestDocument], scenario: RequestDocument,
        queries: Queries<RequestResolver>
    ) throws -> (answers: [PlaygroundAdvice], error: APIError?) {
        let body = AdviseRequestBody(
            scenario: scenario, policy: subjects.first ?? scenario, goal: query.goal, maxChanges: query.maxChanges)
        let request: AdviceRequest
        do { request = try body.request() } catch { return ([], error) }
        var answers: [PlaygroundAdvice] = []
        var firstError: APIError?
        for (index, subject) in subjects.enumerated() {
            do {
                let answer = try queries.advise(
                    scenario: scenario.named("scenario.yaml"),
                    subject: subject.named(subjects.count == 1 ? "policy.yaml" : "policy-\(index + 1).yaml"),
                    request: request)
                try WorkBudget.throwIfStopped()
                answers.append(PlaygroundAdvice(subject: subject, answer: answer, request: request))
            } catch let stopped as WorkBudget.Stopped {
                throw stopped
            } catch {
                if firstError == nil { firstError = APIError.from(error) }
            }
        }
        return (answers, firstError)
    }
}

/// One subject's advice in the playground, with what it was asked.
struct PlaygroundAdvice: Sendable {
    var subject: RequestDocument
    var answer: AdviceAnswer
    var request: AdviceRequest

    /// The command line that gives the same answer: the bundled name, or a file name for pasted YAML.
    func command(scenario: String) -> String {
        let name: String
        switch subject {
        case .bundled(let bundled): name = bundled
        case .inline(_, let file): name = file ?? "policy.yaml"
        }
        var words = ["ssopolicy", "advise", name, "--scenario", scenario]
        if request.goal != .high { words += ["--goal", request.goal.name] }
        words += ["--max-changes", String(request.maxChanges)]
        return ShellCommand.line(words)
    }
}

extension PlaygroundPage {
    /// The advice view: the bound (goal, most changes), then each subject's section.
    static func advice(_ query: PlaygroundQuery, _ answers: PlaygroundAnswers) -> String {
        var out = "<section id=\"advice\" aria-label=\"How to make it safe\">\n<h3>How to make it safe</h3>\n"
        out += "<div class=\"advice-bound\"><label for=\"goal\">no finding at</label> "
        out += "<select name=\"goal\" id=\"goal\">"
        let goal = query.goal ?? "high"
        for severity in Severity.allCases {
            out += "<option value=\"\(severity.name)\"\(severity.name == goal ? " selected" : "")>\(severity.name)"
            out += "</option>"
        }
        out += "</select> <span>or worse, with</span> <label for=\"max_changes\">at most</label> "
        out += "<select name=\"max_changes\" id=\"max_changes\">"
        let bound = query.maxChanges ?? AdviseRequestBody.defaultMaxChanges
        for count in AdviseRequestBody.maxChangesRange {
            out += "<option value=\"\(count)\"\(count == bound ? " selected" : "")>\(count)</option>"
        }
        out += "</select> <span>changes</span> <button type=\"submit\">Advise</button></div>\n"
        out += "<p class=\"muted\">The smallest sets of changes after which the scenario leaves no finding at the goal "
        out += "or worse (<code>ssopolicy advise</code>, <code>POST /v1/advise</code>): settings and per-app console "
        out += "choices first, then changes only an app's maker can make (<code>app_build</code>); the top three "
        out += "each.</p>\n"
        out += error(answers.adviceError)
        let scenario = query.scenarioYAML == nil ? query.scenario : "scenario.yaml"
        for (index, advice) in answers.advice.enumerated() {
            let command = advice.command(scenario: scenario)
            switch advice.answer {
            case .policy(let policy):
                out += policy.sectionHTML(id: "advice-\(index + 1)", level: 4, command: command)
            case .fleet(let fleet):
                out += fleet.sectionHTML(id: "advice-\(index + 1)", level: 4, command: command)
            }
        }
        return out + "</section>\n"
    }
}
