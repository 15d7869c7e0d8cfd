import SSOPolicy

/// The Kusto query that keeps only the rows replay needs (the rule of `PreFilter`), over the documented Log
/// Analytics tables `SigninLogs` and `AADNonInteractiveUserSignInLogs` and their columns (`TimeGenerated`,
/// `CreatedDateTime`, `UserPrincipalName`, `DeviceDetail`, which is dynamic in one table and a string in the other,
/// `AppDisplayName`, `AppId`, `IsInteractive`, `Status`, `ResultType`, `CorrelationId`, `Type`). Its result,
/// exported as CSV, is a file `ssopolicy replay --signins` reads.
package enum KQLPreFilter {
    /// `from` and `to`: the time range (milliseconds), else the last 30 days up to now.
    package static func query(filter: PreFilter, from: Int64?, to: Int64?) -> String {
        var out = "// ssopolicy replay pre-filter: the sign-ins 'ssopolicy replay' needs, and no others.\n"
        let window = duration(filter.window)
        if filter.custodyDevices.isEmpty {
            out += "// Keeps the rows of each device on which two or more accounts signed in within the same\n"
            out += "// window (\(window), bins aligned to midnight UTC); drops rows without a device id.\n"
        } else {
            out += "// Keeps every row of the devices the custody timeline names (by device id or display name),\n"
            out += "// the rows without a device id of the custodians' accounts, and the rows of any other device\n"
            out += "// on which two or more accounts signed in within the same window (\(window), bins aligned to\n"
            out += "// midnight UTC).\n"
        }
        out += "// Export the result as CSV for: ssopolicy replay --signins FILE"
        out += filter.custodyDevices.isEmpty ? "" : " --custody CUSTODY"
        out += from != nil || to != nil ? " --from … --to … (the same)" : ""
        out += "\n"
        out += "let from = " + (from.map(datetime) ?? "ago(30d)") + ";\n"
        out += "let to = " + (to.map(datetime) ?? "now()") + ";\n"
        out += "let window = \(duration(filter.window));\n"
        if !filter.custodyDevices.isEmpty {
            out += "let custodyDevices = dynamic(\(list(filter.custodyDevices)));\n"
            out += "let custodians = dynamic(\(list(filter.custodians)));\n"
        }
        out += """
            // DeviceDetail and Status are dynamic in SigninLogs and strings in AADNonInteractiveUserSignInLogs: each
            // table is projected to strings before the union, so the columns keep their names.
            let signIns = union
                    (SigninLogs
                    | where TimeGenerated between (from .. to)
                    | project \(columns)),
                    (AADNonInteractiveUserSignInLogs
                    | where TimeGenerated between (from .. to)
                    | project \(columns))
                | where isnotempty(UserPrincipalName)
                | extend Detail = parse_json(tostring(DeviceDetail))
                | extend Account = tolower(UserPrincipalName), DeviceName = tolower(tostring(Detail.displayName)),
                    Time = coalesce(CreatedDateTime, TimeGenerated)
                | extend Device = iff(isnotempty(tostring(Detail.deviceId)), tolower(tostring(Detail.deviceId)), DeviceName),
                    Window = bin(Time, window);

            """
        if filter.custodyDevices.isEmpty {
            out += """
                let others = signIns | where isnotempty(Device);
                let shared = others
                    | summarize Accounts = make_set(Account, 2) by Device, Window
                    | where array_length(Accounts) > 1
                    | project Device, Window;
                others
                | join kind = inner (shared) on Device, Window

                """
        } else {
            out += """
                let onCustody = signIns | where Device in (custodyDevices) or DeviceName in (custodyDevices);
                let withoutDevice = signIns
                    | where isempty(Device)
                    | where Account in (custodians) or tostring(split(Account, "@")[0]) in (custodians);
                let others = signIns
                    | where isnotempty(Device) and not(Device in (custodyDevices) or DeviceName in (custodyDevices));
                let shared = others
                    | summarize Accounts = make_set(Account, 2) by Device, Window
                    | where array_length(Accounts) > 1
                    | project Device, Window;
                union onCustody, withoutDevice, (others | join kind = inner (shared) on Device, Window)

                """
        }
        out += """
            | project \(exported)
            | order by TimeGenerated asc

            """
        return out
    }

    /// The columns each table is projected to (replay reads them by these names).
    static let columns =
        "TimeGenerated, CreatedDateTime, Type, UserPrincipalName, AppDisplayName, AppId, IsInteractive,\n"
        + "                DeviceDetail = tostring(DeviceDetail), Status = tostring(Status), ResultType, CorrelationId"

    static let exported =
        "TimeGenerated, CreatedDateTime, Type, UserPrincipalName, AppDisplayName, AppId, IsInteractive, DeviceDetail,\n"
        + "    Status, ResultType, CorrelationId"

    /// `datetime(2026-05-01T00:00:00Z)`.
    static func datetime(_ millis: Int64) -> String {
        "datetime(" + ReplayTime.text(millis, zone: nil) + ")"
    }

    /// `1d`, `12h`.
    static func duration(_ millis: Int64) -> String {
        millis % 86_400_000 == 0 ? "\(millis / 86_400_000)d" : "\(millis / 3_600_000)h"
    }

    /// A JSON array of strings, sorted, as a `dynamic` literal holds it.
    static func list(_ values: Set<String>) -> String {
        "[" + values.sorted().map(quoted).joined(separator: ", ") + "]"
    }

    /// A double-quoted literal with `\` and `"` escaped and control characters as `\uXXXX`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
