import Foundation
import SSOPolicyProviderKit

/// Reads one regular file, never more than one byte past the limit: a 100 MB file is refused after reading the
/// limit, and a FIFO or a device is refused before a byte is read (opened non-blocking, checked with `fstat`).
enum BoundedFileReader {
    static func bytes(path: String, limit: Int) -> Result<[UInt8], DiagnosticsError> {
        let origin = SourcePosition(file: path, line: 1, column: 1)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno
            if reason == ENOENT || reason == ENOTDIR { return .failure(.error(at: origin, "no such file or folder")) }
            return .failure(.error(at: origin, "cannot open the file: \(String(cString: strerror(reason)))"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(.error(at: origin, "cannot read the file's status"))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(.error(at: origin, "not a regular file (a device, a pipe or a socket), so it was not read"))
        }
        if Int(info.st_size) > limit {
            return .failure(.error(at: origin, tooLarge(Int(info.st_size), limit: limit)))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.error(at: origin, "cannot read the file: \(String(cString: strerror(errno)))"))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return .failure(.error(at: origin, tooLarge(bytes.count, limit: limit))) }
        }
        return .success(bytes)
    }

    static func tooLarge(_ count: Int, limit: Int) -> String {
        let size = count > limit + 1 ? "\(count) bytes" : "over \(limit) bytes"
        return "file is \(size); the limit is \(limit) bytes (\(limit >> 20) MiB), so it was not read"
    }

    /// The files below `paths` an import reads: files as named, and in folders (recursively, sorted) those ending
    /// in .json, .mobileconfig or .plist.
    static func files(in paths: [String], limit: Int) -> (files: [String], problems: [Diagnostic]) {
        var files: [String] = []
        var problems: [Diagnostic] = []
        let extensions = ["json", "mobileconfig", "plist"]
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(.error(at: SourcePosition(file: path, line: 1, column: 1), "no such file or folder"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            var found: [String] = []
            if let enumerator = FileManager.default.enumerator(atPath: path) {
                for case let relative as String in enumerator {
                    let lowered = relative.lowercased()
                    if extensions.contains(where: { lowered.hasSuffix("." + $0) }) {
                        found.append(base + "/" + relative)
                    }
                    if found.count > limit { break }
                }
            }
            files.append(contentsOf: found.sorted())
        }
        if files.count > limit {
            problems.append(
                .error(
                    at: SourcePosition(file: paths.first ?? "", line: 1, column: 1),
                    "more than \(limit) files to import; name fewer files or folders"))
            return ([], problems)
        }
        return (files, problems)
    }
}
