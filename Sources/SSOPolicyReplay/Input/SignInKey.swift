/// The keys of a sign-in object replay reads, in the spellings of Microsoft Graph's `signIn` resource
/// (`createdDateTime`), Log Analytics' tables `SigninLogs` and `AADNonInteractiveUserSignInLogs` (`TimeGenerated`,
/// `UserPrincipalName`, …) and Azure Monitor's diagnostic records (`time`, `properties`); matched ignoring case.
enum SignInKey {
    case createdDateTime, timeGenerated, time
    case userPrincipalName, appID, appDisplayName
    case isInteractive, signInEventTypes
    case deviceDetail, status, resultType, correlationID
    case table
    case properties, value
    case deviceID, displayName, errorCode, operatingSystem
    case other

    /// The key whose name is `p[0..<count]`.
    @inline(__always)
    static func classify(_ p: UnsafePointer<UInt8>, _ count: Int) -> SignInKey {
        @inline(__always)
        func matches(_ name: StaticString) -> Bool {
            let other = name.utf8Start
            for index in 0..<count where ASCII.lower(p[index]) != other[index] { return false }
            return true
        }
        switch count {
        case 4:
            if matches("time") { return .time }
            if matches("type") { return .table }
        case 5:
            if matches("appid") { return .appID }
            if matches("value") { return .value }
        case 6:
            if matches("status") { return .status }
        case 8:
            if matches("category") { return .table }
            if matches("deviceid") { return .deviceID }
        case 9:
            if matches("errorcode") { return .errorCode }
        case 10:
            if matches("resulttype") { return .resultType }
            if matches("properties") { return .properties }
        case 11:
            if matches("displayname") { return .displayName }
        case 12:
            if matches("devicedetail") { return .deviceDetail }
        case 13:
            switch ASCII.lower(p[0]) {
            case UInt8(ascii: "t"): if matches("timegenerated") { return .timeGenerated }
            case UInt8(ascii: "i"): if matches("isinteractive") { return .isInteractive }
            case UInt8(ascii: "c"): if matches("correlationid") { return .correlationID }
            default: break
            }
        case 14:
            if matches("appdisplayname") { return .appDisplayName }
        case 15:
            if matches("createddatetime") { return .createdDateTime }
            if matches("operatingsystem") { return .operatingSystem }
        case 16:
            if matches("signineventtypes") { return .signInEventTypes }
        case 17:
            if matches("userprincipalname") { return .userPrincipalName }
        default: break
        }
        return .other
    }
}
