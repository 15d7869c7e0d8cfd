extension AttemptEvaluator {
    /// The distinct views of a what-if's leaves, each numbered by its answer and by its rule path (its answer and
    /// the rules that fired), so that leaves are classed by numbers rather than by their words.
    struct DistinctViews {
        private(set) var views: [StepView] = []
        private(set) var answerKeys: [Int] = []
        private(set) var pathKeys: [Int] = []
        private var answers: [StepView.Answer: Int] = [:]
        private var paths: [PathKey: Int] = [:]

        /// An answer and the rules that fired to give it (rule indices: a rule's index names it as its id does).
        private struct PathKey: Hashable {
            var answer: Int
            var fired: [Int]
        }

        /// The number of `view`'s answer (the same for views with the same answer).
        mutating func answerKey(_ view: StepView) -> Int {
            let answer = view.answer
            let key = answers[answer] ?? answers.count
            answers[answer] = key
            return key
        }

        /// Adds `view`, whose answer's number is `answerKey` and whose trace's fired rules are `fired`, and returns
        /// its index.
        mutating func add(_ view: StepView, answer answerKey: Int, fired: [Int]) -> Int {
            let path = PathKey(answer: answerKey, fired: fired)
            let pathKey = paths[path] ?? paths.count
            paths[path] = pathKey
            views.append(view)
            answerKeys.append(answerKey)
            pathKeys.append(pathKey)
            return views.count - 1
        }
    }
}
