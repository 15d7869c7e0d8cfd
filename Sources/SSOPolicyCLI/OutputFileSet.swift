import Foundation

/// Several files written by `OutputFile`'s rule, all or nothing (`import --output`): every path is looked at first
/// (a folder, a socket or a link to nothing refuses the whole set), then each regular file is written in full to a
/// temporary file beside its target, then devices and FIFOs are written through, and only when all of that
/// succeeded is each temporary file renamed into place. Anything already at a path refuses the set unless
/// `replacing`.
enum OutputFileSet {
    enum Failure: Error, Equatable {
        /// Something is at `path` and the set may not replace it.
        case exists(path: String)
        /// A path could not be written; `writtenBefore` are the files renamed into place before it (only a rename
        /// can fail after another file is in place).
        case cannotWrite(OutputFile.Failure, writtenBefore: [String])
    }

    static func write(_ files: [(path: String, bytes: [UInt8])], replacing: Bool) throws(Failure) {
        var destinations: [OutputFile.Destination] = []
        for file in files {
            let output = OutputFile(file.path)
            do {
                destinations.append(try output.destination())
            } catch {
                throw .cannotWrite(error, writtenBefore: [])
            }
            if !replacing {
                var info = stat()
                if lstat(file.path, &info) == 0 { throw .exists(path: file.path) }
            }
        }
        var temporaries: [(temporary: String, target: String, path: String)] = []
        func removeTemporaries() { for staged in temporaries { unlink(staged.temporary) } }
        for (file, destination) in zip(files, destinations) {
            guard case .file(let target, let existing) = destination else { continue }
            do {
                let temporary = try OutputFile(file.path).temporaryCopy(
                    for: target, existing: existing, bytes: file.bytes)
                temporaries.append((temporary, target, file.path))
            } catch {
                removeTemporaries()
                throw .cannotWrite(error, writtenBefore: [])
            }
        }
        for (file, destination) in zip(files, destinations) {
            do {
                switch destination {
                case .file: continue
                case .device: try OutputFile(file.path).writeThrough(bytes: file.bytes)
                case .descriptor: try OutputFile(file.path).write(bytes: file.bytes)
                }
            } catch {
                removeTemporaries()
                throw .cannotWrite(error, writtenBefore: [])
            }
        }
        for (index, staged) in temporaries.enumerated() {
            do {
                try OutputFile(staged.path).moveIntoPlace(staged.temporary, staged.target)
            } catch {
                for later in temporaries[(index + 1)...] { unlink(later.temporary) }
                throw .cannotWrite(error, writtenBefore: temporaries[..<index].map(\.path))
            }
        }
    }
}
