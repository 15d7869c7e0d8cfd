import SSOPolicyProviderKit

/// A bounded reader for XML property lists (Apple's plist 1.0 DTD), written for untrusted profiles.
///
/// Foundation's XMLParser is in FoundationXML on Linux, a separate module over libxml2 with DTD and entity
/// processing this input does not need; a plist uses a dozen elements and the five predefined entities, so this
/// reader handles exactly that: the XML declaration, comments, a `<!DOCTYPE>` without an internal subset (entity
/// declarations are refused, so there is no entity expansion at all), `<plist>` with one value, `<dict>`, `<array>`,
/// `<key>`, `<string>`, `<integer>`, `<real>`, `<date>`, `<data>`, `<true/>`, `<false/>`, character references and
/// CDATA sections. Depth and element count are bounded by `InputLimits`; `<data>` is measured, never kept.
struct XMLPlistReader: Sendable {
    let limits: InputLimits

    init(limits: InputLimits = .exports) { self.limits = limits }

    func read(_ bytes: [UInt8]) -> Result<PlistNode, ReadFailure> {
        guard bytes.count <= limits.maxBytes else {
            return .failure(ReadFailure(at: 0, "more than \(limits.maxBytes) bytes"))
        }
        var parser = Parser(bytes: bytes, limits: limits)
        do throws(ReadFailure) {
            try parser.prolog()
            guard parser.startsWith("<plist") else {
                throw parser.failure("expected '<plist>', found \(ReadFailure.describe(parser.current))")
            }
            let root = try parser.plist()
            try parser.skipMisc()
            guard parser.index == bytes.count else {
                throw parser.failure("unexpected \(ReadFailure.describe(parser.current)) after '</plist>'")
            }
            return .success(root)
        } catch {
            return .failure(error)
        }
    }

    struct Tag {
        var name: String
        var offset: Int
        var isEmpty: Bool
    }

    struct Parser: ByteParser {
        let bytes: [UInt8]
        let limits: InputLimits
        var index = 0
        var nodes = 0

        init(bytes: [UInt8], limits: InputLimits) {
            self.bytes = bytes
            self.limits = limits
        }

        func startsWith(_ text: String) -> Bool {
            let utf8 = Array(text.utf8)
            return index + utf8.count <= bytes.count && bytes[index..<index + utf8.count].elementsEqual(utf8)
        }

        /// Moves past `terminator`, or fails naming what was left open at `start`.
        mutating func skip(past terminator: String, opened what: String, at start: Int) throws(ReadFailure) {
            let utf8 = Array(terminator.utf8)
            while index + utf8.count <= bytes.count {
                if bytes[index..<index + utf8.count].elementsEqual(utf8) {
                    index += utf8.count
                    return
                }
                index += 1
            }
            throw failure("unterminated \(what)", at: start)
        }

        /// White space and comments between elements.
        mutating func skipMisc() throws(ReadFailure) {
            while true {
                skipWhitespace()
                if startsWith("<!--") {
                    let start = index
                    index += 4
                    try skip(past: "-->", opened: "comment", at: start)
                } else {
                    return
                }
            }
        }

        /// The XML declaration, comments and the document type, up to the root element.
        mutating func prolog() throws(ReadFailure) {
            while true {
                try skipMisc()
                if startsWith("<?") {
                    let start = index
                    index += 2
                    try skip(past: "?>", opened: "processing instruction", at: start)
                } else if startsWith("<!DOCTYPE") {
                    let start = index
                    while let byte = current, byte != UInt8(ascii: ">") {
                        if byte == UInt8(ascii: "[") {
                            throw failure(
                                "a DOCTYPE with an internal subset (entity declarations) is not read; a property "
                                    + "list needs none")
                        }
                        index += 1
                    }
                    guard current != nil else { throw failure("unterminated DOCTYPE", at: start) }
                    index += 1
                } else {
                    return
                }
            }
        }

        mutating func count() throws(ReadFailure) {
            nodes += 1
            if nodes > limits.maxNodes { throw failure("more than \(limits.maxNodes) plist elements") }
        }

        /// A start tag at '<': its name, and whether it closes itself (`<true/>`). Attributes are read and ignored.
        mutating func startTag() throws(ReadFailure) -> Tag {
            let start = index
            guard current == UInt8(ascii: "<") else {
                throw failure("expected an element, found \(ReadFailure.describe(current))")
            }
            index += 1
            let name = try self.name()
            while true {
                skipWhitespace()
                guard let byte = current else { throw failure("unterminated tag '<\(name)'", at: start) }
                if byte == UInt8(ascii: ">") {
                    index += 1
                    return Tag(name: name, offset: start, isEmpty: false)
                }
                if byte == UInt8(ascii: "/") {
                    index += 1
                    guard current == UInt8(ascii: ">") else {
                        throw failure("expected '>' after '/', found \(ReadFailure.describe(current))")
                    }
                    index += 1
                    return Tag(name: name, offset: start, isEmpty: true)
                }
                _ = try self.name()
                skipWhitespace()
                guard current == UInt8(ascii: "=") else {
                    throw failure("expected '=' in an attribute, found \(ReadFailure.describe(current))")
                }
                index += 1
                skipWhitespace()
                guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                    throw failure("expected a quoted attribute value, found \(ReadFailure.describe(current))")
                }
                let open = index
                index += 1
                while let byte = current, byte != quote {
                    if byte == UInt8(ascii: "<") { throw failure("'<' in an attribute value") }
                    index += 1
                }
                guard current != nil else { throw failure("unterminated attribute value", at: open) }
                index += 1
            }
        }

        mutating func name() throws(ReadFailure) -> String {
            let start = index
            while let byte = current,
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) && index > start
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
                    || (byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")) && index > start
            {
                index += 1
                if index - start > 64 { throw failure("a name longer than 64 characters", at: start) }
            }
            guard index > start else { throw failure("expected a name, found \(ReadFailure.describe(current))") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func endTag(_ name: String, openedAt start: Int) throws(ReadFailure) {
            guard startsWith("</") else {
                throw failure("expected '</\(name)>', found \(ReadFailure.describe(current))")
            }
            let at = index
            index += 2
            let found = try self.name()
            skipWhitespace()
            guard found == name, current == UInt8(ascii: ">") else {
                throw failure("expected '</\(name)>' to close the element at byte \(start)", at: at)
            }
            index += 1
        }

        mutating func plist() throws(ReadFailure) -> PlistNode {
            let tag = try startTag()
            guard !tag.isEmpty else { throw failure("'<plist/>' holds no value", at: tag.offset) }
            try skipMisc()
            let root = try value(depth: 1)
            try skipMisc()
            try endTag("plist", openedAt: tag.offset)
            return root
        }

        mutating func value(depth: Int) throws(ReadFailure) -> PlistNode {
            try count()
            guard depth <= limits.maxDepth else { throw failure("nesting deeper than \(limits.maxDepth) levels") }
            let tag = try startTag()
            switch tag.name {
            case "dict": return PlistNode(.dictionary(try dictionary(tag, depth: depth)), offset: tag.offset)
            case "array":
                var items: [PlistNode] = []
                if !tag.isEmpty {
                    while true {
                        try skipMisc()
                        if startsWith("</") { break }
                        items.append(try value(depth: depth + 1))
                    }
                    try endTag("array", openedAt: tag.offset)
                }
                return PlistNode(.array(items), offset: tag.offset)
            case "string": return PlistNode(.string(try text(tag)), offset: tag.offset)
            case "integer":
                let text = try self.text(tag).trimmingWhitespace
                guard Self.isInteger(text) else { throw failure("<integer> holds no whole number", at: tag.offset) }
                return PlistNode(.integer(text), offset: tag.offset)
            case "real":
                let text = try self.text(tag).trimmingWhitespace
                guard !text.isEmpty, text.count <= 64 else { throw failure("<real> holds no number", at: tag.offset) }
                return PlistNode(.real(text), offset: tag.offset)
            case "date": return PlistNode(.date(try text(tag).trimmingWhitespace), offset: tag.offset)
            case "data": return PlistNode(.data(byteCount: try data(tag)), offset: tag.offset)
            case "true", "false":
                if !tag.isEmpty {
                    try skipMisc()
                    try endTag(tag.name, openedAt: tag.offset)
                }
                return PlistNode(.bool(tag.name == "true"), offset: tag.offset)
            case "key": throw failure("a <key> outside a <dict>", at: tag.offset)
            default:
                throw failure(
                    "unknown plist element '<\(tag.name)>'; expected dict, array, string, integer, real, date, data, "
                        + "true or false", at: tag.offset)
            }
        }

        mutating func dictionary(_ tag: Tag, depth: Int) throws(ReadFailure) -> [PlistEntry] {
            var entries: [PlistEntry] = []
            guard !tag.isEmpty else { return entries }
            var seen = Set<String>()
            while true {
                try skipMisc()
                if startsWith("</") { break }
                let keyTag = try startTag()
                guard keyTag.name == "key" else {
                    throw failure("expected a <key> in a <dict>, found '<\(keyTag.name)>'", at: keyTag.offset)
                }
                let key = try text(keyTag)
                guard seen.insert(key).inserted else {
                    throw failure("duplicate key \(Excerpt.quoted(key)) in one <dict>", at: keyTag.offset)
                }
                try skipMisc()
                if startsWith("</") { throw failure("the <key> has no value", at: keyTag.offset) }
                entries.append(PlistEntry(key: key, keyOffset: keyTag.offset, value: try value(depth: depth + 1)))
            }
            try endTag("dict", openedAt: tag.offset)
            return entries
        }

        /// The character data of a text element up to its end tag: entities and CDATA decoded, comments dropped.
        mutating func text(_ tag: Tag) throws(ReadFailure) -> String {
            guard !tag.isEmpty else { return "" }
            var out: [UInt8] = []
            while true {
                guard let byte = current else { throw failure("unterminated <\(tag.name)>", at: tag.offset) }
                if byte == UInt8(ascii: "<") {
                    if startsWith("<![CDATA[") {
                        let start = index
                        index += 9
                        let from = index
                        try skip(past: "]]>", opened: "CDATA section", at: start)
                        out.append(contentsOf: bytes[from..<index - 3])
                    } else if startsWith("<!--") {
                        let start = index
                        index += 4
                        try skip(past: "-->", opened: "comment", at: start)
                    } else {
                        try endTag(tag.name, openedAt: tag.offset)
                        break
                    }
                } else if byte == UInt8(ascii: "&") {
                    try entity(into: &out)
                } else {
                    out.append(byte)
                    index += 1
                }
            }
            let text = String(decoding: out, as: UTF8.self)
            guard text.utf8.elementsEqual(out) else { throw failure("invalid UTF-8 in <\(tag.name)>", at: tag.offset) }
            return text
        }

        /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and character references; nothing else is defined in a plist.
        mutating func entity(into out: inout [UInt8]) throws(ReadFailure) {
            let start = index
            index += 1
            var name: [UInt8] = []
            while let byte = current, byte != UInt8(ascii: ";") {
                guard name.count < 10 else { throw failure("an entity reference without ';'", at: start) }
                name.append(byte)
                index += 1
            }
            guard current == UInt8(ascii: ";") else { throw failure("an entity reference without ';'", at: start) }
            index += 1
            let text = String(decoding: name, as: UTF8.self)
            switch text {
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "amp": out.append(UInt8(ascii: "&"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                var value: UInt32?
                if text.hasPrefix("#x") {
                    value = UInt32(text.dropFirst(2), radix: 16)
                } else if text.hasPrefix("#") {
                    value = UInt32(text.dropFirst(), radix: 10)
                }
                guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
                    throw failure(
                        "unknown entity reference; a plist uses only &lt; &gt; &amp; &quot; &apos; and &#…;",
                        at: start)
                }
                out.append(contentsOf: Array(String(scalar).utf8))
            }
        }

        /// The size of base64 `<data>`; the content is checked and dropped.
        mutating func data(_ tag: Tag) throws(ReadFailure) -> Int {
            guard !tag.isEmpty else { return 0 }
            var characters = 0
            while let byte = current, byte != UInt8(ascii: "<") {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                    characters += 1
                case UInt8(ascii: "="), 0x20, 0x09, 0x0A, 0x0D: break
                default: throw failure("<data> holds something other than base64")
                }
                index += 1
            }
            try endTag("data", openedAt: tag.offset)
            return characters * 3 / 4
        }

        static func isInteger(_ text: String) -> Bool {
            var scalars = Substring(text)
            if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
            if scalars.hasPrefix("0x") || scalars.hasPrefix("0X") {
                let digits = scalars.dropFirst(2)
                return !digits.isEmpty && digits.count <= 16 && digits.allSatisfy(\.isHexDigit)
            }
            return !scalars.isEmpty && scalars.count <= 20 && scalars.allSatisfy { $0 >= "0" && $0 <= "9" }
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        var scalars = Substring(self).unicodeScalars
        let space: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]
        while let first = scalars.first, space.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, space.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
