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
