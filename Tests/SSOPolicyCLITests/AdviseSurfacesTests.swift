import Foundation
import SSOPolicyTestSupport
import Testing

@testable import SSOPolicy

/// Where users read `advise` (docs/advise.md, "Where you read it"): the guide's "How to make it safe", the first
/// screen's smallest fix under each misconfiguration, and `advise --format markdown|text`, all one answer laid out
/// one way. Snapshots of a bundled case, so a change to the section's words fails here.
struct AdviseSurfacesTests {
    static let entraSection = """
        ### misconfigured-entra on shift-change-handover

        Before: 1 critical, 3 high, 0 medium, 0 low; effort alice 1m20s, bob 40s.
        1 minimal suggestion within 2 changes: configuration-only first, then by the sign-in seconds they add, then \
        by size.

        | # | changes | removes | after | effort per worker (before → after) | needs |
        |---|---|---|---|---|---|
        | 1 | `sso_extension: enabled` | not-covered-by-global-signout (step 3), previous-user-session-active (step \
        4), previous-user-data-visible (step 4), shared-mode-not-active (the policy itself) | 0 critical, 0 high, 1 \
        medium, 0 low | alice 1m20s → 40s, bob 40s (saves 40s) | console: set sso\\_extension to enabled in the \
        entra-shared-device console |

        1\\. To paste into the policy file (sources: entra-sdm-ios-zh-cn; entra-sdm-ios-sv-se; \
        entra-shared-devices-overview (Supported scenarios); msal-objc MSAL/src/instance/MSALDeviceInfoProvider.m; \
        entra-sdm-ios-tutorial ("Globally sign out a user"); msal-objc MSAL/src/MSALPublicClientApplication.m \
        (signoutWithAccount:signoutParameters:completionBlock:)):

        ```yaml
        settings:
          sso_extension: enabled
        ```

        The same answer: `ssopolicy advise misconfigured-entra --scenario shift-change-handover --max-changes 2`

        """

    @Test func theGuideSaysHowToMakeEachPolicySafe() throws {
        let guide = ssopolicy("guide", "misconfigured-entra", "frontline-entra", "--scenario", "shift-change-handover")
        #expect(guide.code == 0, "\(guide.err)")
        let section = try #require(guide.out.components(separatedBy: "## How to make it safe\n").dropFirst().first)
        #expect(section.contains(Self.entraSection), "\(section)")
        // A safe policy says so, with the command that gives the same answer.
        #expect(
            section.contains(
                "### frontline-entra on shift-change-handover\n\nBefore: 0 critical, 0 high, 1 medium, 0 low; "
                    + "effort alice 40s, bob 40s.\nAlready safe: no finding at high or worse; nothing to change.\n\n"
                    + "The same answer: `ssopolicy advise frontline-entra --scenario shift-change-handover "
                    + "--max-changes 2`\n"), "\(section)")
        // It comes after the comparisons and before the handovers.
        let order = ["## Comparisons", "## How to make it safe", "## Handover"].map {
            guide.out.range(of: $0)?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! })
    }

    @Test func theBundledGuideSaysWhatStandsInTheWayWhenNoFixIsWithinTheBound() throws {
        let guide = try String(contentsOfFile: repository + "/Policies/GUIDE.md", encoding: .utf8)
        let section = try #require(
            guide.components(separatedBy: "## How to make it safe\n").dropFirst().first?
                .components(separatedBy: "\n## ").first)
        #expect(section.contains("### sso-requirements-missing on shift-change-handover\n"))
        #expect(
            section.contains(
                "No change within 2 changes reaches the goal (no finding at high or worse). The closest, fewest "
                    + "findings at high or worse left first:\n"))
        #expect(section.contains("What still stands in the way:\n\n- high "))
        // Three at most, the first of nine (Epic Rover's logout is offered to no other app).
        #expect(section.contains("\n9 minimal suggestions within 2 changes, the top 3: "))
        #expect(!section.contains("| 4 | "))
    }

    @Test func theHTMLGuideHasTheSameSectionInItsContents() throws {
        let guide = ssopolicy(
            "guide", "misconfigured-entra", "--scenario", "shift-change-handover", "--format", "html")
        #expect(guide.code == 0, "\(guide.err)")
        #expect(guide.out.contains("<li><a href=\"#how-to-make-it-safe\">How to make it safe</a></li>"))
        #expect(
            guide.out.contains(
                "<section id=\"advice-1\" class=\"advice\">\n<h3>misconfigured-entra on shift-change-handover</h3>\n"
                    + "<p>Before: 1 critical, 3 high, 0 medium, 0 low; effort alice 1m20s, bob 40s.</p>\n"))
        #expect(guide.out.contains("<tr><th scope=\"row\">1</th><td><code>sso_extension: enabled</code></td>"))
        #expect(guide.out.contains("<pre class=\"yaml\">settings:\n  sso_extension: enabled</pre>"))
    }

    @Test func theFirstScreenNamesTheSmallestFixUnderEachMisconfiguration() throws {
        let screen = ssopolicy().out
        let breaks = try #require(
            screen.components(
                separatedBy: "What breaks it, and the smallest fix: each bundled misconfiguration on it\n"
            )
            .dropFirst().first?.components(separatedBy: "\nThe details").first)
        #expect(
            breaks.contains(
                "  misconfigured-entra (entra-shared-device): critical\n"
                    + "    previous-user-session-active at step 4 (findings: 1 critical, 2 high); bob\n"
                    + "    safe from step 5 (after 2m; working in 2m40s); effort alice 1m20s, bob 40s\n"
                    + "    → smallest fix: sso_extension: enabled (console; saves 40s)\n"), "\(breaks)")
        #expect(breaks.contains("    → smallest fix: shared_device_mode: true (console; no added effort)\n"))
        #expect(
            breaks.contains(
                "    → smallest fix: inventory.logout_method: universal_link_callback;\n"
                    + "      timesheet.logout_method: universal_link_callback (console; +40s of\n      sign-in)\n"))
        #expect(breaks.contains("    → no fix within 2 changes; in the way: high "))
        // One fix line per misconfiguration: the answer of advise, not words written by hand.
        #expect(breaks.components(separatedBy: "    → ").count - 1 == 7)
        let advice = ssopolicy(
            "advise", "misconfigured-entra", "--scenario", "day-shift-handover", "--max-changes", "2", "--format",
            "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(advice.out.utf8)) as? [String: Any])
        let first = try #require((object["suggestions"] as? [[String: Any]])?.first)
        #expect((first["changes"] as? [[String: String]]) == [["setting": "sso_extension", "value": "enabled"]])
    }

    @Test func adviseMarkdownIsTheGuidesSectionWithEverySuggestion() throws {
        let markdown = ssopolicy(
            "advise", "misconfigured-entra", "--scenario", "shift-change-handover", "--max-changes", "2", "--format",
            "markdown")
        #expect(markdown.code == 0, "\(markdown.err)")
        let body = Self.entraSection.components(separatedBy: "\n").dropFirst().dropLast(3).joined(separator: "\n")
        #expect(markdown.out == "# misconfigured-entra on shift-change-handover\n" + body + "\n\n", "\(markdown.out)")
        // Text says the same verdict in the same words.
        let text = ssopolicy("advise", "misconfigured-entra", "--scenario", "shift-change-handover")
        #expect(text.out.contains("\n1 minimal suggestion within 3 changes: configuration-only first, then by the\n"))
        let weak = ssopolicy(
            "advise", "weak-logout-imprivata", "--scenario", "nursing-shift-change", "--max-changes", "2", "--format",
            "markdown")
        #expect(weak.out.contains("\n9 minimal suggestions within 2 changes: "))
        #expect(weak.out.contains("| 9 | ") && !weak.out.contains("| 10 | "))
    }

    @Test func markupInAnAnswerIsEscapedByScalarsInEveryFormat() {
        let hostile = "\u{0600}<script>&\"|`*"
        let state = Advice.State(findings: [.high: 1], effort: [(user: hostile, seconds: 10)])
        let change = AdviceChange(kind: .appBuild, app: hostile, key: "k", value: hostile)
        let suggestion = Advice.Suggestion(
            changes: [change], removes: [Advice.Removed(id: hostile, step: 2, group: nil)], after: state,
            remaining: 0, needs: [FleetNeed(.appBuild, hostile)], sources: [], yaml: [hostile, "```"], addedEffort: 0)
        let advice = Advice(
            subject: hostile, setup: nil, provider: "p", scenario: hostile, goal: .high, maxChanges: 2,
            before: state, alreadyMeets: false, suggestions: [suggestion], closest: [], unreachable: [], tried: 1,
            stopped: nil)
        let html = advice.sectionHTML(id: hostile, level: 3, command: hostile)
        #expect(!html.contains("<script"))
        #expect(!html.contains("id=\"\u{0600}<"))
        #expect(html.contains("\u{0600}&lt;script&gt;&amp;"))
        // In Markdown, text is escaped and code (a change, the YAML, the command) is fenced longer than any run of
        // backticks in it, so neither renders markup.
        let markdown = advice.sectionMarkdown(level: 3, command: hostile)
        #expect(
            markdown.hasPrefix("### \u{0600}&lt;script&gt;&amp;\"\\|\\`\\* on \u{0600}&lt;script&gt;"), "\(markdown)")
        #expect(markdown.contains("| \u{0600}&lt;script&gt;&amp;\"\\|\\`\\* (step 2) |"))
        #expect(markdown.contains("\n````yaml\n\u{0600}<script>&\"|`*\n```\n````\n"), "\(markdown)")
        let outsideCode = markdown.components(separatedBy: "````").enumerated().filter { $0.offset % 2 == 0 }
        #expect(outsideCode.allSatisfy { !$0.element.contains("\n\u{0600}<script") })
    }
}
