/// The operating system a sign-in row names (`deviceDetail.operatingSystem`, the portal download's `Operating System`
/// column: `Ios 17.5`, `Android`, `Windows10`, `MacOs`, …), as a family. A row without a device id cannot be put on
/// a device, but its operating system can say it was not a given device: the shared phones and handhelds custody
/// covers (iOS and Android, the platforms the three vendors' shared-device modes run on) are not a Windows PC.
enum DevicePlatform: UInt8, Sendable, Hashable, CaseIterable {
    case unknown, ios, android, windows, macos, linux, chromeos, other

    /// The family of an operating system's text; empty text is `unknown`.
    static func of(_ text: ByteSlice) -> DevicePlatform {
        guard !text.isEmpty else { return .unknown }
        if text.containsIgnoringCase("android") { return .android }
        if text.containsIgnoringCase("ios") || text.containsIgnoringCase("ipad") || text.containsIgnoringCase("iphone")
        {
            return .ios
        }
        if text.containsIgnoringCase("windows") { return .windows }
        if text.containsIgnoringCase("mac") || text.containsIgnoringCase("os x") { return .macos }
        if text.containsIgnoringCase("chrome") { return .chromeos }
        if text.containsIgnoringCase("linux") || text.containsIgnoringCase("ubuntu") { return .linux }
        if text.equalsIgnoringCase("unknown") { return .unknown }
        return .other
    }

    /// A phone or handheld's system: what the custody of a shared device can be.
    var isMobile: Bool {
        switch self {
        case .ios, .android: return true
        case .unknown, .windows, .macos, .linux, .chromeos, .other: return false
        }
    }

    /// A desktop system: a row from one cannot be a shared phone's.
    var isDesktop: Bool {
        switch self {
        case .windows, .macos, .linux, .chromeos: return true
        case .unknown, .ios, .android, .other: return false
        }
    }

    var bit: UInt8 { self == .unknown ? 0 : 1 << (rawValue - 1) }

    var name: String {
        switch self {
        case .unknown: return "an unknown system"
        case .ios: return "iOS"
        case .android: return "Android"
        case .windows: return "Windows"
        case .macos: return "macOS"
        case .linux: return "Linux"
        case .chromeos: return "ChromeOS"
        case .other: return "another system"
        }
    }

    /// Whether a row from this system, without a device id, may have been the device whose own rows showed the
    /// systems in `seen` (a mask of `bit`s; 0: its rows never said): unknown may be anything; a device whose rows
    /// name its system is only that; a device whose rows never say is a shared phone or handheld, never a desktop.
    func mayBe(deviceShowing seen: UInt8) -> Bool {
        if self == .unknown { return true }
        if seen != 0 { return seen & bit != 0 }
        return !isDesktop
    }

    /// The systems of a mask, in declaration order, as words (`iOS`, `iOS or Android`).
    static func names(_ seen: UInt8) -> String {
        allCases.filter { $0 != .unknown && seen & $0.bit != 0 }.map(\.name).joined(separator: " or ")
    }
}
