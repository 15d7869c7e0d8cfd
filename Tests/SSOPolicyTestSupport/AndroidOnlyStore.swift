/// A store whose only devices are Android handhelds, with setups whose providers model none of them (Workspace ONE
/// and Shared iPad): the fleet that compares no policy, and a two-step scenario to play on it.
public enum AndroidOnlyStore {
    /// The fleet: Workspace ONE and Shared iPad, neither of which plays on Android.
    public static let fleet = """
        fleet: droid-store
        devices:
          - { group: tc21, platform: android, os_version: "11" }
        apps:
          - { id: pos, sign_in: own_login, own_session: until_sign_out }
        setups:
          - { setup: ws1, provider: airwatch-sdk, settings: { sso: enabled } }
          - { setup: ipad, provider: apple-shared-ipad }
        """

    /// The same fleet with a setup that plays on its handhelds (Entra shared device mode).
    public static let fleetWithEntra = fleet + "\n  - { setup: entra, provider: entra-shared-device }"

    public static let scenario = """
        scenario: ds
        steps:
          - { at: "08:00", user: ann, open: pos }
          - { at: "12:00", user: bo, open: pos }
        """
}
