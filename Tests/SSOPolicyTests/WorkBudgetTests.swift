import SSOPolicy
import Testing

/// A part of an answer can run under a budget of its own inside the bound one (`WorkBudget.within`): its units
/// count in both, it stops at its own bound without stopping the whole, and the whole's stop stops it.
struct WorkBudgetTests {
    @Test func anInnerBudgetStopsAtItsBoundAndTheOuterGoesOn() {
        let outer = WorkBudget(maxUnits: 100)
        WorkBudget.$current.withValue(outer) {
            let (spent, stopped) = WorkBudget.within(10) { () -> Int in
                var units = 0
                while WorkBudget.spend() { units += 1 }
                return units
            }
            #expect(spent == 10)
            #expect(stopped == .tooMuchWork)
            #expect(outer.stopReason == nil)
            #expect(outer.unitsSpent == 10)
            #expect(WorkBudget.spend())
        }
    }

    @Test func theOuterBudgetsStopStopsTheInnerOne() {
        let outer = WorkBudget(maxUnits: 5)
        WorkBudget.$current.withValue(outer) {
            let (spent, stopped) = WorkBudget.within(1_000) { () -> Int in
                var units = 0
                while WorkBudget.spend() { units += 1 }
                return units
            }
            #expect(spent == 5)
            #expect(stopped == .tooMuchWork)
            #expect(outer.stopReason == .tooMuchWork)
        }
        let stoppedOuter = WorkBudget()
        stoppedOuter.stop()
        WorkBudget.$current.withValue(stoppedOuter) {
            let (_, stopped) = WorkBudget.within(1_000) { WorkBudget.spend() }
            #expect(stopped == .stopped)
        }
    }

    @Test func withNoBoundBudgetAPartHasItsOwn() {
        let (spent, stopped) = WorkBudget.within(3) { () -> Int in
            var units = 0
            while WorkBudget.spend() { units += 1 }
            return units
        }
        #expect(spent == 3 && stopped == .tooMuchWork)
        #expect(WorkBudget.current == nil)
    }
}

/// Work on the side of an answer (`WorkBudget.aside`) has as many units as the bound budget, of its own: it spends
/// none of the bound budget's, and the bound budget's stop stops it.
struct WorkBudgetAsideTests {
    static func spendAll() -> Int {
        var units = 0
        while WorkBudget.spend() { units += 1 }
        return units
    }

    @Test func workAsideSpendsNoneOfTheBoundBudgetsUnits() {
        let outer = WorkBudget(maxUnits: 10)
        WorkBudget.$current.withValue(outer) {
            #expect(WorkBudget.spend(4))
            let (spent, stopped) = WorkBudget.aside { Self.spendAll() }
            #expect(spent == 10)
            #expect(stopped == .tooMuchWork)
            #expect(outer.unitsSpent == 4)
            #expect(outer.stopReason == nil)
            #expect(WorkBudget.spend(6))
            #expect(!WorkBudget.spend())
        }
    }

    @Test func theBoundBudgetsStopStopsWorkAside() {
        let outer = WorkBudget()
        outer.stop()
        WorkBudget.$current.withValue(outer) {
            let (spent, stopped) = WorkBudget.aside { Self.spendAll() }
            #expect(spent == 0)
            #expect(stopped == .stopped)
        }
    }

    @Test func withNoBoundBudgetWorkAsideIsUnbounded() {
        let (value, stopped) = WorkBudget.aside { WorkBudget.spend(1_000_000) }
        #expect(value && stopped == nil)
        #expect(WorkBudget.current == nil)
    }
}
