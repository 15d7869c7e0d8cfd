/// A choice whose words are listed in case order: its raw value is its position among `words` (which a step's
/// details report), so it stays an `Int` enum. The declaration lists `words` (`.choice(LogoutMethod.words)`), and
/// `SettingValues.choice(_:as:)` reads it as it reads an enum whose raw values are the words.
public protocol WordChoice: RawRepresentable, CaseIterable where RawValue == Int {
    static var words: [String] { get }
}

extension SettingValues {
    /// A choice setting read as the provider's `Int` enum of words (`WordChoice`). The core has checked the word
    /// against the declaration (which lists `words`), so a word the enum lacks is a provider defect.
    @inlinable
    public func choice<Choice: WordChoice>(_ key: some SettingKey, as _: Choice.Type = Choice.self) -> Choice {
        let word = word(key)
        guard let index = Choice.words.firstIndex(of: word), let choice = Choice(rawValue: index) else {
            preconditionFailure("setting '\(key.key)': '\(word)' is not a case of \(Choice.self)")
        }
        return choice
    }
}
