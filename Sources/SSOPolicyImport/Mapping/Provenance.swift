/// Where an imported value came from: the file as named on the command line, a JSON Pointer into it (plists use
/// the same form over their dictionaries and arrays), and, when the export says it only indirectly or not at all,
/// a remark. Written after the value as `# from: FILE#POINTER (REMARK)`, which `ssopolicy check` reads back.
struct Provenance: Sendable, Hashable, CustomStringConvertible {
    var file: String
    var pointer: JSONPointer
    var remark: String?

    init(_ file: String, _ pointer: JSONPointer, remark: String? = nil) {
        self.file = file
        self.pointer = pointer
        self.remark = remark
    }

    func with(remark: String) -> Provenance { Provenance(file, pointer, remark: remark) }

    var description: String { "\(file)#\(pointer)" + (remark.map { " (\($0))" } ?? "") }
}
