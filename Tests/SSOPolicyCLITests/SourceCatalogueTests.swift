import AirWatchSDKProvider
import AppleSharedIPadProvider
import EntraSharedDeviceProvider
import Foundation
import ImprivataMAMProvider
import SSOPolicyCLI
import SSOPolicyTestSupport
import Testing

/// Every citation names a catalogue entry, every entry can be opened and dated, and the catalogue is listed.
struct SourceCatalogueTests {
    let registry = ProviderRegistry([
        AnyPolicyProvider(AirWatchSDKProvider()), AnyPolicyProvider(EntraSharedDeviceProvider()),
        AnyPolicyProvider(ImprivataMAMProvider()),
        AnyPolicyProvider(AppleSharedIPadProvider()),
    ])

    @Test func everyCitationOfTheShippedProvidersResolves() {
        for provider in registry.providers {
            let descriptor = provider.descriptor
            #expect(descriptor.citationProblems() == [], "\(descriptor.id)")
            for (owner, citations) in descriptor.citationLists {
                #expect(!citations.isEmpty, "\(descriptor.id): \(owner) cites nothing")
                for citation in citations {
                    #expect(
                        descriptor.sourceDocument(citation.source) != nil,
                        "\(descriptor.id): \(owner): \(citations.text)")
                }
            }
        }
    }

    @Test func everyEntryIsPublicDatedAndCited() {
        let entries = SourceCatalogue.entries(registry.providers.map(\.descriptor))
        for entry in entries {
            let document = entry.document
            let year = document.documentedAsOf.prefix(4)
            #expect(year.count == 4 && year.allSatisfy { $0.isNumber }, "\(document.id)")
            if document.publisher != "ssopolicy" {
                #expect(document.url.hasPrefix("https://"), "\(document.id)")
            }
            #expect(entry.citations > 0, "\(document.id) is never cited")
        }
        #expect(Set(entries.map(\.document.id)).count == entries.count)
    }

    @Test func anUnknownSourceIdFailsTheSelfCheck() {
        var descriptor = registry.providers[0].descriptor
        descriptor.rules[0].sources = [Citation("002_b9d7e61b51e742a7.txt", "(Identify)")]
        descriptor.findings[0].sources = [Citation("airwatch-sdk-sso.md", "E25")]
        let problems = descriptor.selfCheck()
        #expect(problems.contains { $0.contains("cites unknown source '002_b9d7e61b51e742a7.txt'") })
        #expect(problems.contains { $0.contains("cites unknown source 'airwatch-sdk-sso.md'") })
        descriptor.rules[0].sources = []
        #expect(descriptor.selfCheck().contains { $0.contains("cites no source") })
        descriptor.rules[0].sources = [Citation(descriptor.sources[0].id, "a; b")]
        #expect(descriptor.selfCheck().contains { $0.contains("holds '; '") })
    }

    /// JSON traces carry typed citations (`sources: [{id, locator}]`) that `ssopolicy sources` resolves; text
    /// explanations show the titles, dates and URLs.
    @Test func tracesCiteTheCatalogueByIdAndLocator() throws {
        let result = ssopolicy(
            "run", "--scenario", "shift-change", "warehouse-airwatch", "--format", "json", "--explain")
        #expect(result.code == 0)
        #expect(result.out.contains(#""id": "airwatch-9.2-sso-ios""#))
        #expect(result.out.contains(#""locator": "(Silent login: registers credentials with the managed token"#))
        #expect(!result.out.contains("002_b9d7e61b51e742a7"))
        #expect(!result.out.contains("airwatch-sdk-sso.md"))
        let catalogue = ssopolicy("sources", "airwatch-9.2-sso-ios", "--format", "json")
        #expect(catalogue.code == 0)
        #expect(catalogue.out.contains("SSO Explanation (AirWatch SDK for iOS, VMware AirWatch 9.2 guides)"))
        #expect(catalogue.out.contains("https://docs.vmware.com/en/VMware-AirWatch/9.2/"))
        let text = ssopolicy(
            "run", "--scenario", "shift-change", "warehouse-airwatch", "--explain", "--format", "markdown")
        #expect(text.out.contains("SSO Explanation (AirWatch SDK for iOS, VMware AirWatch 9.2 guides) (2017"))
    }

    @Test func providersAndSchemaCiteTheCatalogue() {
        for text in [
            ssopolicy("providers").out, ssopolicy("providers", "--format", "json").out, ssopolicy("schema").out,
        ] {
            #expect(text.contains("https://learn.microsoft.com/en-us/entra/msal/objc/shared-devices-ios"))
            #expect(!text.contains("entra-sdm.md"))
            #expect(!text.contains("000_5d87fc7c445fd252"))
        }
    }

    @Test func sourcesListsTheCatalogue() {
        let text = ssopolicy("sources")
        #expect(text.code == 0)
        #expect(text.out.contains("airwatch-9.2-sso-ios\n"))
        #expect(text.out.contains("  documented as of: 2024-06-14\n"))
        #expect(text.out.contains("  language: zh-CN\n"))
        let one = ssopolicy("sources", "msal-objc", "--format", "json")
        #expect(one.code == 0)
        #expect(one.out.contains("\"documented_as_of\": \"2026-07-22 (MSAL 2.13.0)\""))
        #expect(one.out.contains("\"cited_by\""))
        #expect(!one.out.contains("airwatch"))
        let markdown = ssopolicy("sources", "--format", "markdown")
        #expect(markdown.out.contains("- `entra-sdm-ios-fr-fr`: [Mode d’appareil partagé"))
        let unknown = ssopolicy("sources", "msal-objcc")
        #expect(unknown.code == 1)
        #expect(unknown.err.contains("unknown source 'msal-objcc'; did you mean 'msal-objc'?"))
        #expect(ssopolicy("sources", "--format", "mermaid").code == 64)
    }

    @Test func theGuideEndsWithABibliography() throws {
        let guide = try String(contentsOfFile: repository + "/Policies/GUIDE.md", encoding: .utf8)
        let sources = try #require(guide.range(of: "\n## Sources\n"))
        #expect(
            guide[sources.upperBound...].contains(
                "[Modify your iOS or iPadOS application to support shared device mode]"))
        #expect(!guide.contains("## ", after: sources.upperBound))
    }

    @Test func theRepositoryDependsOnNoFileOutsideIt() throws {
        let readme = try String(contentsOfFile: repository + "/README.md", encoding: .utf8)
        #expect(!readme.contains("../shared"))
        #expect(!readme.contains("SPEC.md"))
        #expect(FileManager.default.fileExists(atPath: repository + "/docs/FORMATS.md"))
    }
}

extension String {
    fileprivate func contains(_ text: String, after index: String.Index) -> Bool {
        self[index...].contains(text)
    }
}
