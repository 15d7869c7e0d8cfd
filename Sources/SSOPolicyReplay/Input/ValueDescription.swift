/// What an unreadable value is, said without saying it: sign-in logs and custody are personal data, and a shifted
/// column puts an account or a worker's name where a time was expected, so an error message names the field, the
/// position and the kind of value (`a word with '@'`), never the text, unless the text cannot name anyone (digits,
/// punctuation and the `T` and `Z` of a time).
enum ValueDescription {
    static func described(_ text: String) -> String {
        var scalars = 0
        var at = false
        var letters = false
        var timeLike = true
        for scalar in text.unicodeScalars {
            scalars += 1
            switch scalar {
            case "@": at = true
            case "0"..."9", " ", "-", "+", ":", ".", ",", "/", "T", "Z", "t", "z": break
            default:
                timeLike = false
                if scalar.properties.isAlphabetic { letters = true }
            }
        }
        if scalars == 0 { return "nothing" }
        let size = scalars == 1 ? "1 character" : "\(scalars) characters"
        if at { return "a word with '@' (\(size))" }
        if timeLike, scalars <= 40 { return "'\(text)'" }
        return letters ? "text with letters (\(size))" : "text of \(size), neither letters nor a date"
    }
}
