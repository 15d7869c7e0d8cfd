/// What the server knows of an `evaluate` question (`EvaluateQuestion`): asked once so far, its answer's template,
/// or that its answer is not the same for every user.
///
/// A question's first answer is computed for the user who asked, as any answer; only when it is asked again is its
/// template made (two renders), so requests that never repeat a question cost one render each.
enum QuestionRecord: Sendable, CacheSized {
    case askedOnce
    case template(NameTemplate)
    case noTemplate

    var byteCount: Int {
        if case .template(let template) = self { return template.byteCount }
        return 1
    }
}
