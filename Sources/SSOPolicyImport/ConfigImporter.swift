import SSOPolicyProviderKit

/// `ssopolicy import` as a library: reads Microsoft Graph JSON for Intune and Apple configuration profiles and
/// makes `entra-shared-device` policies from them, each value with where it came from and everything the exports
/// cannot say written as an explicit `unknown`.
///
/// Reading and mapping are separate from writing: `run` returns the policies and every error and note, and the
/// caller writes nothing when there is an error. Android enrollment profiles are paired with the dedicated-device
/// restrictions profiles (apps, Managed Home Screen) among all the inputs, since an export does not say which
/// configuration goes with which enrollment.
package struct ConfigImporter: Sendable {
    /// The `entra-shared-device` declarations: every setting and app key they declare is written.
    package let entra: ProviderDescriptor
    /// The `apple-shared-ipad` declarations, for ADE enrollment profiles with Shared iPad; nil skips those.
    package let apple: ProviderDescriptor?
    package let limits: InputLimits

    package init(entra: ProviderDescriptor, apple: ProviderDescriptor? = nil, limits: InputLimits = .exports) {
        self.entra = entra
        self.apple = apple
        self.limits = limits
    }

    package struct Outcome: Sendable {
        package var policies: [ImportedPolicy] = []
        /// Errors and notes (profiles skipped and why), in the order the inputs were read.
        package var diagnostics: [Diagnostic] = []
        package var filesRead = 0

        package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Imports files and folders (a folder's .json, .mobileconfig and .plist files, recursively, sorted).
    package func run(paths: [String]) -> Outcome {
        let (files, problems) = BoundedFileReader.files(in: paths, limit: limits.maxFiles)
        var documents: [(bytes: [UInt8], file: String)] = []
        var outcome = Outcome()
        outcome.diagnostics = problems
        for file in files {
            switch BoundedFileReader.bytes(path: file, limit: limits.maxBytes) {
            case .success(let bytes): documents.append((bytes, file))
            case .failure(let problem): outcome.diagnostics += problem.diagnostics
            }
        }
        let imported = run(documents: documents)
        outcome.policies = imported.policies
        outcome.diagnostics += imported.diagnostics
        outcome.filesRead = files.count
        return outcome
    }

    /// Imports documents held in memory, each with the name its positions and provenance carry.
    package func run(documents: [(bytes: [UInt8], file: String)]) -> Outcome {
        var outcome = Outcome()
        var drafts: [EntraDraft] = []
        var sharedIPads: [SharedIPadDraft] = []
        var kiosks: [AndroidKiosk] = []
        /// Indices into `drafts` of Android enrollments, which take the kiosk profiles' apps.
        var enrollments: [Int] = []
        for document in documents {
            outcome.filesRead += 1
            switch ExportDocument.read(document.bytes, file: document.file, limits: limits) {
            case .failure(let problem):
                outcome.diagnostics += problem.diagnostics
            case .success(.graph(let root, let locator)):
                var mapper = GraphMapper(file: document.file, locator: locator)
                mapper.read(root)
                outcome.diagnostics += mapper.errors + mapper.notes
                drafts += mapper.drafts
                for enrollment in mapper.enrollments {
                    enrollments.append(drafts.count)
                    drafts.append(enrollment)
                }
                kiosks += mapper.kiosks
                sharedIPads += mapper.sharedIPads
            case .success(.profile(let root, let positions, let signed)):
                var mapper = ProfileMapper(file: document.file, positions: positions, signed: signed)
                mapper.read(root)
                outcome.diagnostics += mapper.errors + mapper.notes
                drafts += mapper.drafts
            }
        }
        for index in enrollments { Self.pair(&drafts[index], with: kiosks) }
        if enrollments.isEmpty {
            for kiosk in kiosks { drafts.append(Self.draft(from: kiosk)) }
        }
        var ids = UniqueNames()
        let composer = EntraPolicyComposer(descriptor: entra)
        for draft in drafts {
            outcome.policies.append(composer.policy(draft, id: Self.uniqueID(draft.name, &ids)))
        }
        for draft in sharedIPads {
            guard let apple else {
                outcome.diagnostics.append(
                    Diagnostic(
                        .note, at: draft.position,
                        "skipped a Shared iPad enrollment profile: provider 'apple-shared-ipad' is not registered"))
                continue
            }
            let policy = SharedIPadComposer(descriptor: apple).policy(draft, id: Self.uniqueID(draft.name, &ids))
            outcome.policies.append(policy)
        }
        return outcome
    }

    /// An enrollment profile gets the apps and Managed Home Screen notes of every dedicated-device restrictions
    /// profile read with it.
    static func pair(_ draft: inout EntraDraft, with kiosks: [AndroidKiosk]) {
        guard !kiosks.isEmpty else { return }
        for kiosk in kiosks {
            draft.apps += kiosk.apps
            draft.unmodelled += kiosk.unmodelled
            draft.omitted += kiosk.omitted
            draft.settings.merge(kiosk.settings) { mine, _ in mine }
        }
        draft.apps = GraphMapper.distinct(draft.apps, blocked: [])
        draft.remarks.append(
            "Apps and Managed Home Screen settings from " + kiosks.map(\.source).joined(separator: "; ")
                + ". The export does not say which devices get which profile: check the assignments.")
    }

    /// A restrictions profile read without an enrollment profile: an Android policy whose shared mode is unknown.
    static func draft(from kiosk: AndroidKiosk) -> EntraDraft {
        let missing =
            "the enrollment profile, which says whether devices enroll in shared mode, was not among the inputs"
        var draft = EntraDraft(
            name: kiosk.name, source: kiosk.source, origin: kiosk.origin, position: kiosk.position, platform: .android,
            platformProvenance: kiosk.origin.with(remark: "a profile for Android dedicated devices"))
        draft.apps = kiosk.apps
        draft.unmodelled = kiosk.unmodelled
        draft.omitted = kiosk.omitted
        draft.settings = kiosk.settings
        draft.settings["shared_device_mode"] = .unknown(kiosk.origin.with(remark: missing))
        draft.settings["authenticator"] = .unknown(kiosk.origin.with(remark: missing))
        draft.settings["os_version"] = .unknown(
            kiosk.origin.with(remark: "not in the profile: the devices' versions are in device inventory"))
        return draft
    }

    /// A policy id from a profile's name, unique in this import.
    static func uniqueID(_ name: String, _ used: inout UniqueNames) -> String {
        var base = Slug.make(name, maxLength: 56)
        if base.isEmpty { base = "imported" }
        return Slug.unique(base, in: &used)
    }
}
