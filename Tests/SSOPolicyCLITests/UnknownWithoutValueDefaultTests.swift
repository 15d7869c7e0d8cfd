import Foundation
import SSOPolicyTestSupport
import Testing

/// A setting whose default is "not set" (no value of its kind) can still be written `unknown`: it plays as the
/// absent key does, and the note names it.
@Suite struct UnknownWithoutValueDefaultTests {
    @Test func aSettingWhoseDefaultIsUnsetPlaysUnknownAsAbsent() throws {
        let folder = Fixtures.folder()
        let shown = ssopolicy("show", "ward3-shared-ipad")
        #expect(shown.code == 0, "\(shown.err)")
        let absent = shown.out.components(separatedBy: "\n").filter {
            !$0.contains("passcode_lock_grace_period:") && !$0.contains("online_auth_grace_days:")
        }.joined(separator: "\n")
        let unknown = absent.replacingOccurrences(
            of: "\nsettings:\n",
            with: "\nsettings:\n  passcode_lock_grace_period: unknown\n  online_auth_grace_days: unknown\n")
        #expect(unknown != absent)
        let absentPath = Fixtures.write(absent, to: "absent.yaml", in: folder)
        let unknownPath = Fixtures.write(unknown, to: "unknown.yaml", in: folder)
        let played = ssopolicy("run", "--scenario", "ward3-0700-handover", unknownPath, "--format", "json")
        let reference = ssopolicy("run", "--scenario", "ward3-0700-handover", absentPath, "--format", "json")
        #expect(played.code == 0, "\(played.err)")
        #expect(reference.code == 0, "\(reference.err)")
        #expect(played.out == reference.out)
        #expect(played.err.contains("passcode_lock_grace_period"), "the note names the unknown setting")
    }
}
