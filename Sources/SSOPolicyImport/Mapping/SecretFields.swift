import SSOPolicyProviderKit

/// Fields of an export that hold secrets. The importer copies only the fields it maps, so these never reach a
/// policy, a note or an error; the ones present are named (never shown) in the policy's header, so the reader
/// knows they were seen and left out.
enum SecretFields {
    /// Graph `androidDeviceOwnerEnrollmentProfile` (tokenValue, qrCodeContent, qrCodeImage, wifiPassword) and
    /// `androidDeviceOwnerGeneralDeviceConfiguration` (kioskModeExitCode), lower-cased.
    static let named: Set<String> = ["tokenvalue", "qrcodecontent", "qrcodeimage", "wifipassword", "kioskmodeexitcode"]

    /// True for a field name that holds or looks like it holds a secret.
    static func isSecret(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return named.contains(lowered) || lowered.contains("password") || lowered.contains("secret")
            || lowered.hasSuffix("token") || lowered.contains("privatekey")
    }

    /// The secret fields of an object that have a value, in the object's order.
    static func present(in node: JSONNode) -> [String] {
        (node.members ?? []).filter { isSecret($0.key) && !$0.value.isNull }.map(\.key)
    }
}
