import SSOPolicyProviderKit

/// The public documents the catalogue of Microsoft apps rests on. Every provider that signs Microsoft apps in or out
/// lists them in its own `sources`, so the catalogue's citations resolve in each.
package enum MicrosoftAppsSources {
    /// Microsoft Learn's iOS tutorial, whose section "Microsoft applications that support shared device mode" is
    /// the list.
    package static let iosTutorial = "entra-sdm-ios-tutorial"
    /// Microsoft Learn's Android shared-device page: the same list, and what a supported app does at sign-out.
    package static let android = "entra-sdm-android"

    package static let iosTutorialDocument = SourceDocument(
        iosTutorial, title: "Modify your iOS or iPadOS application to support shared device mode",
        publisher: "Microsoft Learn", url: "https://learn.microsoft.com/en-us/entra/msal/objc/shared-devices-ios",
        language: "en", documentedAsOf: "2024-06-14",
        note: "the tutorial the model follows literally; sections: Detect shared device mode, Get the signed-in "
            + "user and determine if a user has changed, Globally sign out a user, Receive broadcast to detect "
            + "global sign out, Microsoft applications that support shared device mode")

    package static let androidDocument = SourceDocument(
        android, title: "Shared device mode for Android devices", publisher: "Microsoft Learn",
        url: "https://learn.microsoft.com/en-us/entra/identity-platform/msal-android-shared-devices",
        language: "en", documentedAsOf: "2024-09-03",
        note: "Microsoft's apps that support shared device mode need no change, only installing; at sign-out the "
            + "worker is signed out of the device and every supported app, ready for the next user; an app must "
            + "clear the previous user's data when the user changes")

    /// Both documents, in the order a provider's catalogue lists them.
    package static let documents = [iosTutorialDocument, androidDocument]
}
