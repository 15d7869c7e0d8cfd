import Foundation

/// The one rule for every file the command line writes (`schema --output`, `guide --output`, `run --emit-suite`,
/// `verify --counterexample-dir`, `replay --output`, `import --output`), so that a path never does more than the user
/// asked and a failure leaves nothing behind (docs/output-files.md):
///
/// - no file there: a new regular file, written to a temporary file in the same folder and renamed into place, with
///   the mode a new file gets (0666 less the umask);
/// - a regular file: replaced the same way, atomically, keeping its permission bits (a 0600 file stays 0600) and,
///   where the system allows, its owner;
/// - a symbolic link: followed, and the rule applied to what it names (the link stays a link); a link to nothing is
///   refused, so no file is ever created somewhere else through it;
/// - a character or block device or a FIFO (`/dev/null`, a terminal, a named pipe): opened and written through,
///   never replaced or truncated; `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` are written to
///   that descriptor, as a shell redirection would;
/// - a directory or a socket: refused.
///
/// On any error the temporary file is removed and the target is as it was; the error is one sentence.
struct OutputFile: Sendable {
    let path: String

    init(_ path: String) { self.path = path }

    /// A write that did not happen, as one line for standard error.
    struct Failure: Error, CustomStringConvertible, Equatable {
        var path: String
        var reason: String
        var description: String { "error: cannot write \(path): \(reason)" }
    }

    func write(_ text: String) throws(Failure) {
        try write(bytes: Array(text.utf8))
    }

    func write(bytes: [UInt8]) throws(Failure) {
        try write(into: Self.writer(of: bytes))
    }

    /// Writes the text `render` hands over as it comes, in chunks of about 64 KiB (a report too large to hold
    /// twice), under the same rule: a regular file gets all of it or keeps what it had.
    func write(streaming render: ((String) -> Void) -> Void) throws(Failure) {
        try write(into: { descriptor in
            var pending = ""
            var error: Int32?
            render { text in
                guard error == nil else { return }
                pending += text
                if pending.utf8.count >= 1 << 16 {
                    error = Descriptor.write(pending, to: descriptor)
                    pending = ""
                }
            }
            if error == nil, !pending.isEmpty { error = Descriptor.write(pending, to: descriptor) }
            return error
        })
    }

    /// Applies the rule, with `body` writing everything into the descriptor it is given (nil, or an `errno`).
    private func write(into body: (Int32) -> Int32?) throws(Failure) {
        switch try destination() {
        case .descriptor(let descriptor):
            if let error = body(descriptor) { throw failure(error) }
        case .file(let target, let existing):
            let temporary = try temporaryCopy(for: target, existing: existing, body)
            try moveIntoPlace(temporary, target)
        case .device:
            try writeThrough(body)
        }
    }

    /// A body for `write(into:)` that writes `bytes` whole.
    private static func writer(of bytes: [UInt8]) -> (Int32) -> Int32? {
        { descriptor in bytes.withUnsafeBytes { Descriptor.writeAll(descriptor, $0) } }
    }

    /// What writing to `path` does, decided from what is there now (nothing is written).
    enum Destination {
        /// `/dev/stdout` and its kin: written to that descriptor.
        case descriptor(Int32)
        /// A regular file at `target` (the path, or the file a link names), or nothing there (`existing` nil):
        /// replaced through a temporary file.
        case file(target: String, existing: stat?)
        /// A character or block device or a FIFO: written through.
        case device
    }

    /// Where the bytes would go; a folder, a socket and a link to nothing are refused here.
    func destination() throws(Failure) -> Destination {
        if path.isEmpty { throw Failure(path: "''", reason: "the path is empty") }
        if let descriptor = Self.descriptor(named: path) { return .descriptor(descriptor) }
        var info = stat()
        if lstat(path, &info) != 0 {
            let error = errno
            guard error == ENOENT else { throw failure(error) }
            return .file(target: path, existing: nil)
        }
        var target = path
        if Self.type(info) == S_IFLNK {
            if stat(path, &info) != 0 {
                let error = errno
                guard error == ENOENT else { throw failure(error) }
                let destination = Self.linkText(path).map { " to '\($0)'" } ?? ""
                throw Failure(
                    path: path,
                    reason: "it is a symbolic link\(destination), which names no existing file; create the file it "
                        + "names or write to another path (files are never created through a link)")
            }
            if Self.type(info) == S_IFREG {
                guard let resolved = realpath(path, nil) else { throw failure(errno) }
                target = String(cString: resolved)
                free(resolved)
            }
        }
        switch Self.type(info) {
        case S_IFREG:
            return .file(target: target, existing: info)
        case S_IFCHR, S_IFBLK, S_IFIFO:
            return .device
        case S_IFDIR:
            throw Failure(path: path, reason: "it is a directory; name a file")
        default:
            throw Failure(path: path, reason: "it is a socket or another special file, not a file to write")
        }
    }

    // MARK: The two ways of writing

    /// A temporary file beside `target`, written in full and flushed, with the mode and owner of `existing` (the
    /// file it is to replace) or a new file's mode; its path. On failure nothing is left.
    func temporaryCopy(for target: String, existing: stat?, bytes: [UInt8]) throws(Failure) -> String {
        try temporaryCopy(for: target, existing: existing, Self.writer(of: bytes))
    }

    private func temporaryCopy(for target: String, existing: stat?, _ body: (Int32) -> Int32?) throws(Failure)
        -> String
    {
        let folder = Self.folder(of: target)
        let name = Self.lastComponent(of: target)
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<64 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            temporary = folder + "/." + name.prefix(64) + "." + suffix + ".tmp"
            // A new file gets 0666 less the umask from the system itself; an existing file's mode is set below.
            descriptor = open(
                temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, existing == nil ? 0o666 : 0o600)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR {
                throw Failure(path: path, reason: "the folder \(folder) does not exist")
            }
            throw failure(error)
        }
        var error: Int32?
        if let existing {
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                // Keeps the owner when allowed (root, or a group the user is in); otherwise the file becomes the
                // user's, still with its own permission bits.
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            }
            if fchmod(descriptor, existing.st_mode & 0o777) != 0 { error = errno }
        }
        if error == nil { error = body(descriptor) }
        if error == nil, fsync(descriptor) != 0, errno != EINVAL, errno != EROFS { error = errno }
        if close(descriptor) != 0, error == nil { error = errno }
        if let error {
            unlink(temporary)
            throw failure(error)
        }
        return temporary
    }

    /// Renames a temporary file of `temporaryCopy` over `target`; on failure the temporary file is removed.
    func moveIntoPlace(_ temporary: String, _ target: String) throws(Failure) {
        if rename(temporary, target) != 0 {
            let error = errno
            unlink(temporary)
            throw failure(error)
        }
    }

    /// A device or a FIFO: opened as it is (never created, never truncated) and written.
    func writeThrough(bytes: [UInt8]) throws(Failure) {
        try writeThrough(Self.writer(of: bytes))
    }

    private func writeThrough(_ body: (Int32) -> Int32?) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno) }
        var error = body(descriptor)
        if close(descriptor) != 0, error == nil, errno != EINTR { error = errno }
        if let error { throw failure(error) }
    }

    // MARK: Helpers

    private func failure(_ error: Int32) -> Failure {
        Failure(path: path, reason: Descriptor.message(error))
    }

    /// The descriptor a path names by itself: `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`.
    static func descriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                let digits = path.dropFirst(prefix.count)
                guard !digits.isEmpty, digits.count <= 9, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) })
                else { return nil }
                return Int32(digits)
            }
            return nil
        }
    }

    static func type(_ info: stat) -> mode_t { info.st_mode & S_IFMT }

    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func linkText(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension OutputFile {
    /// Creates `path` and its missing parents as folders (mode 0777 less the umask), like `mkdir -p`; a folder or a
    /// link to one that is already there is fine.
    static func makeFolder(_ path: String) throws(Failure) {
        guard !path.isEmpty else { throw Failure(path: "''", reason: "the path is empty") }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            var info = stat()
            if stat(prefix, &info) == 0 {
                guard type(info) == S_IFDIR else {
                    throw Failure(path: path, reason: "\(prefix) is not a folder")
                }
                continue
            }
            if mkdir(prefix, 0o777) != 0 {
                let error = errno
                if error == EEXIST, stat(prefix, &info) == 0, type(info) == S_IFDIR { continue }
                throw Failure(
                    path: path,
                    reason: error == EEXIST
                        ? "\(prefix) is a symbolic link that names no existing folder"
                        : "cannot create the folder \(prefix): \(Descriptor.message(error))")
            }
        }
    }
}
