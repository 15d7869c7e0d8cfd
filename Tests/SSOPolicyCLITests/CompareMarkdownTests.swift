import Foundation
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// Markdown `compare` keeps what the text output says, and diagrams show where each session lives.
struct CompareMarkdownTests {
    @Test func markdownCompareKeepsNotesAppNamesAndConfigurationFindings() {
        let result = ssopolicy(
            "compare", "--scenario", "forgotten-sign-out", "warehouse-airwatch", "frontline-entra", "--format",
            "markdown")
        #expect(result.code == 0)
        #expect(result.out.contains("| 12:00 | bob | `open` Timesheet (`timesheet`)<br>*Alice never signed out* |"))
        #expect(result.out.contains("Findings of the configurations themselves:"))
        #expect(
            result.out.contains(
                "- `warehouse-airwatch`: **medium** `jailbreak-not-blocked`: compromised protection is off: "
                    + "jailbroken devices keep access\n"))
        #expect(result.out.contains("| none<br>`shared_reused` (alice)") == false)
        #expect(result.out.contains("| -<br>`shared_reused` (alice)"))
    }

    @Test func mermaidKeepsAnAppsOwnSessionWithTheApp() {
        let legacy = ssopolicy("run", "--scenario", "legacy-app", "legacy-app-entra", "--format", "mermaid")
        #expect(legacy.code == 0)
        #expect(legacy.out.contains("->>broker: session shared_new (alice)"))
        #expect(legacy.out.contains("Note over a_legacy_scanner: session app_new"))
        #expect(!legacy.out.contains("a_legacy_scanner->>broker: session app_"))
    }
}
