import Foundation
import Testing

@testable import SSOPolicyServer

struct WorkLimiterTests {
    @Test func workOverTheTimeBudgetIsAnswered503() async throws {
        let limiter = WorkLimiter(maxConcurrent: 1, maxWaiting: 0, timeBudget: .milliseconds(20))
        do {
            _ = try await limiter.perform { () -> Int in
                Thread.sleep(forTimeInterval: 0.5)
                return 1
            }
            Issue.record("expected the time budget to run out")
        } catch let error as APIError {
            #expect(error.status.code == 503)
            #expect(error.message.contains("time budget"))
        }
    }

    @Test func workPastTheConcurrencyAndQueueBoundsIsRefused() async throws {
        let limiter = WorkLimiter(maxConcurrent: 1, maxWaiting: 0, timeBudget: .seconds(120))
        async let slow = limiter.perform { () -> Int in
            Thread.sleep(forTimeInterval: 0.5)
            return 1
        }
        try await Task.sleep(for: .milliseconds(100))
        do {
            _ = try await limiter.perform { 2 }
            Issue.record("expected the second request to be refused")
        } catch let error as APIError {
            #expect(error.status.code == 503)
            #expect(error.message.contains("busy"))
        }
        #expect(try await slow == 1)
        #expect(try await limiter.perform { 3 } == 3)
    }

    @Test func waitingWorkRunsWhenASlotFrees() async throws {
        let limiter = WorkLimiter(maxConcurrent: 1, maxWaiting: 4, timeBudget: .seconds(120))
        async let first = limiter.perform { () -> Int in
            Thread.sleep(forTimeInterval: 0.2)
            return 1
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(try await limiter.perform { 2 } == 2)
        #expect(try await first == 1)
    }
}
