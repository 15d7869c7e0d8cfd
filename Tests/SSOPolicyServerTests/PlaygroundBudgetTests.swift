import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SSOPolicy
import SSOPolicyCLI
import SSOPolicyQueries
import Testing

@testable import SSOPolicyServer

/// Hardening, third pass, point 5: a playground view that does not finish gets a readable 503 page saying what was
/// left out and what to try; the API keeps its JSON errors (422 for the work bound).
struct PlaygroundBudgetTests {
    /// Every fact of an Imprivata policy unknown: tens of thousands of combinations, past any modest bound.
    static let openQuestion = "/?policies=hospital-imprivata&scenario=shift-change&whatif=hospital-imprivata&ask=1"

    static var smallWork: ServeOptions {
        var options = ServeOptions.underTest
        options.maxWorkUnits = 1_000
        return options
    }

    /// A bound the comparison fits in and the what-if, split only where Imprivata's decision reads, does not.
    static var tinyWork: ServeOptions {
        var options = ServeOptions.underTest
        options.maxWorkUnits = 30
        return options
    }

    @Test func aWhatIfPastTheWorkBoundGetsAPageNotJSON() async throws {
        let page = try await exchange(.get, Self.openQuestion, options: Self.tinyWork)
        #expect(page.status == 503)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        #expect(page.body.hasPrefix("<!doctype html>"))
        #expect(!page.body.contains("{\"error\""))
        #expect(page.body.contains("This view asks for more work than one request may do."))
        #expect(page.body.contains("The request asks for more than 30 units of work"))
        #expect(page.body.contains("working out the what-if answer for bob in inventory under hospital-imprivata"))
        #expect(page.body.contains("with 13 unknown facts, after the comparison had been computed"))
        #expect(page.body.contains("Fewer unknown facts"))
        // Waiting does not help a view that asks for too much.
        #expect(!page.body.contains("Ask again"))
        #expect(page.body.contains("status, custodian, session_owner"))
        // The way out: the same view without the question, and the form to change it.
        #expect(
            page.body.contains("<a href=\"/?policies=hospital-imprivata&amp;scenario=shift-change&amp;view=compare\">"))
        #expect(page.body.contains("<form method=\"post\" action=\"/\""))
        // The page carries the same security headers as any page.
        #expect(page.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("script-src 'none'") == true)
    }

    @Test func theSameQuestionFromTheAPIIsStillJSON() async throws {
        let answer = try await exchange(
            .post, "/v1/evaluate", body: #"{"policy": "hospital-imprivata", "app": "inventory", "user": "bob"}"#,
            options: Self.tinyWork)
        #expect(answer.status == 422)
        #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
        #expect(answer.body.contains("\"error\": \"the request asks for more than 30 units of work"))
    }

    /// The time budget runs out long before the question could be answered (it is bounded by no work count here):
    /// the answer is a 503 page, whichever part was being computed.
    @Test func aViewPastItsTimeBudgetGetsA503Page() async throws {
        var options = ServeOptions(timeBudgetSeconds: 0.05)
        options.maxWorkUnits = .max
        let page = try await exchange(.get, Self.openQuestion, options: options)
        #expect(page.status == 503)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        #expect(page.body.contains("This view was not finished within the server's time budget."))
        #expect(page.body.contains("time budget of 0.05 s"))
        #expect(page.body.contains("Left out: the whole view"))
        #expect(!page.body.contains("{\"error\""))
    }

    @Test func aPostedViewQueuedPastItsBudgetGetsABusyPage() async throws {
        let (api, router) = limitedAPI(ServeOptions(maxConcurrent: 1, maxWaiting: 4, timeBudgetSeconds: 0.2))
        let release = DispatchSemaphore(value: 0)
        let holders = await holdAllSlots(api.limiter, until: release)
        let page = try await Application(router: router).test(.router) { client in
            try await client.execute(
                uri: "/", method: .post, headers: formType, body: ByteBuffer(string: "policies=frontline-entra")
            ) { ($0.status.code, String(buffer: $0.body)) }
        }
        release.signal()
        for holder in holders { _ = try? await holder.value }
        #expect(page.0 == 503)
        #expect(page.1.contains("The server is busy: this view was not computed."))
        #expect(page.1.contains("Left out: the whole view; nothing of it was computed."))
        #expect(page.1.contains("Ask again in a moment"))
    }

    @Test func theEmbedViewFailsAsAPageToo() async throws {
        var options = Self.smallWork
        options.maxWorkUnits = 1
        let page = try await exchange(.get, "/embed?policies=hospital-imprivata,frontline-entra", options: options)
        #expect(page.status == 503)
        #expect(page.body.contains("<body class=\"embed\">"))
        #expect(page.body.contains("the comparison of 2 policies over the scenario shift-change-handover"))
        #expect(page.body.contains("Fewer policies compared at once."))
        #expect(!page.body.contains("<form"))
    }

    @Test func formErrorsArePagesToo() async throws {
        let wrongType = try await exchange(
            .post, "/", body: "policies=frontline-entra", headers: [.contentType: "application/json"])
        #expect(wrongType.status == 415)
        #expect(wrongType.body.hasPrefix("<!doctype html>"))
        #expect(wrongType.body.contains("application/x-www-form-urlencoded"))
    }

    /// What the page says, part by part, from the progress the computation recorded.
    @Test func thePageSaysWhatWasLeftOutAndWhatToTry() throws {
        let query = PlaygroundQuery(
            fields: PlaygroundQuery.formFields(
                "policies=warehouse-airwatch,frontline-entra&view=matrix&matrix=frontline-entra&whatif=frontline-entra&ask=1"
            ),
            posted: false)
        let context = CLIContext(registry: registry, write: { _ in }, writeError: { _ in })
        let catalog = BundledCatalog(files: context.bundled, engine: context.engine)
        var progress = PlaygroundProgress.Snapshot()
        progress.query = query
        progress.current = .matrix
        progress.finished = [.comparison]
        let html = PlaygroundStoppedPage.html(
            error: WorkLimiter.overBudget("5"), progress: progress, catalog: catalog, embed: false)
        #expect(
            html.contains(
                "Left out: the whole view (the comparison, the decision table and the what-if answer); the server "
                    + "stopped while working out the decision table of frontline-entra for its first app, after "
                    + "the comparison had been computed."))
        #expect(html.contains("The decision table of one app"))
        #expect(html.contains("Ask again when the server is less busy"))
        #expect(html.contains("The request took longer than the time budget of 5 s."))
    }
}
