import SSOPolicy
import SSOPolicyReplay
import Testing

/// Each custody handover played through a policy's model as a dated scenario, beside what the log shows.
struct ModelComparisonTests {
    func model(_ name: String, _ pairs: [String]) throws -> ReplayModel {
        let engine = SSOPolicyEngine(registry: ReplayFixtures.registry)
        let policy = try engine.loadPolicy(path: ReplayFixtures.folder + "/../../../Policies/" + name)
        return ReplayModel(policy: policy, mapping: try AppMapping(pairs: pairs, policy: policy))
    }

    @Test func theModelsPredictionStandsBesideTheLogs() throws {
        let entra = try model("entra/frontline-entra.yaml", ["Rounds=inventory", "Chat=timesheet"])
        let report = ReplayFixtures.replay(["signins.jsonl"], model: entra).report
        #expect(report.policy == "frontline-entra")
        // Shared device mode signs everyone out at the handover: the model sees no exposure, the log does.
        let dan = report.interval("dev-11", "dan")?.model
        #expect(dan?.prediction == .clean)
        #expect(dan?.agreement == .realityWorse)
        #expect(report.interval("dev-07", "ben")?.model?.agreement == .realityMaybeWorse)
        #expect(report.interval("dev-12", "fay")?.model?.agreement == .agrees)
        // Unreplayable in the log: nothing to compare.
        #expect(report.interval("dev-14", "jon")?.model?.agreement == .notCompared)
        // The first custody of a device has no handover.
        #expect(report.interval("dev-07", "ana")?.model?.prediction == .notModelled)
        // Reality worse than the model comes first among the exposed.
        #expect(report.worstFirst.first?.model?.agreement == .realityWorse)
    }

    @Test func theScenarioIsDatedAndPlaysTheHandoverProcedure() throws {
        let entra = try model("entra/frontline-entra.yaml", ["Rounds=inventory", "Chat=timesheet"])
        let report = ReplayFixtures.replay(["signins.jsonl"], model: entra).report
        #expect(
            report.interval("dev-07", "ben")?.model?.steps == [
                "2026-05-04T05:58:12Z previous-worker open inventory",
                "2026-05-04T06:01:40Z previous-worker open timesheet",
                "2026-05-04T14:00:12Z handover previous-worker -> next-worker",
                "2026-05-04T14:03:05Z next-worker open timesheet",
                "2026-05-04T14:05:51Z next-worker open inventory",
            ])
        // kim never checked in: no handover procedure, lee simply opens the apps.
        #expect(
            report.interval("dev-15", "lee")?.model?.steps.contains { $0.contains("handover") } == false)
    }

    @Test func aModelThatExposesTheNextWorkerIsMorePessimisticThanACleanLog() throws {
        // The kiosk without authentication serves the previous session to whoever opens an app.
        let kiosk = try model("airwatch/kiosk-no-authentication.yaml", [])
        let apps = kiosk.policy.configuration.apps.map(\.id)
        let mapped = try model(
            "airwatch/kiosk-no-authentication.yaml", ["Rounds=\(apps[0])", "Chat=\(apps[min(1, apps.count - 1)])"])
        let report = ReplayFixtures.replay(["signins.jsonl"], model: mapped).report
        let fay = report.interval("dev-12", "fay")?.model
        #expect(fay?.prediction == .exposed)
        #expect(fay?.agreement == .modelMorePessimistic)
        #expect(fay?.reason.hasPrefix("step ") == true)
    }

    @Test func appMapsNameThePolicysApps() throws {
        let engine = SSOPolicyEngine(registry: ReplayFixtures.registry)
        let policy = try engine.loadPolicy(
            path: ReplayFixtures.folder + "/../../../Policies/entra/frontline-entra.yaml")
        #expect(throws: DiagnosticsError.self) { try AppMapping(pairs: ["Rounds=inventroy"], policy: policy) }
        do {
            _ = try AppMapping(pairs: ["Rounds=inventroy", "no-equals"], policy: policy)
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "<command-line>: error: --app-map: policy 'frontline-entra' has no app 'inventroy'; did you mean "
                        + "'inventory'?",
                    "<command-line>: error: --app-map: expected LOG_APP=POLICY_APP, found 'no-equals'",
                ])
        }
        let mapping = try AppMapping(pairs: ["a0000000-0000-4000-8000-000000000001=timesheet"], policy: policy)
        #expect(
            mapping.policyApp(name: "Rounds", appID: "A0000000-0000-4000-8000-000000000001", in: policy) == "timesheet")
        #expect(mapping.policyApp(name: "Inventory", appID: nil, in: policy) == "inventory")
        #expect(mapping.policyApp(name: "Chat", appID: nil, in: policy) == nil)
    }
}
