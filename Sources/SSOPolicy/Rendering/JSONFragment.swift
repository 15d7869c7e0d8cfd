/// A JSON value serialized once, pretty at the indent it is expected at, and copied wherever it recurs there: a
/// what-if's answers repeat the same few trace entries in every outcome, and writing their bytes again is most of a
/// large answer's time. Written at another indent, or compact, it is serialized as usual, so the bytes never depend
/// on whether the expectation held.
public struct JSONFragment: Sendable, Hashable {
    let value: JSONValue
    /// The indent `bytes` were written at (nil: compact).
    let indent: Int?
    private let bytes: [UInt8]

    init(_ value: JSONValue, indent: Int?) {
        self.value = value
        self.indent = indent
        var bytes: [UInt8] = []
        value.write(to: &bytes, indent: indent)
        self.bytes = bytes
    }

    func write(to out: inout [UInt8], indent: Int?) {
        if indent == self.indent {
            out.append(contentsOf: bytes)
        } else {
            value.write(to: &out, indent: indent)
        }
    }
}
