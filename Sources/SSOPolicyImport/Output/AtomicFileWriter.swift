import Foundation
import SSOPolicyProviderKit

/// Writes a set of files all or nothing, so an import never leaves a partial policy behind: every file is first
/// written in full to a temporary file beside it (created exclusively, flushed to disk), and only when all are
/// written is each renamed into place (a rename within a folder is atomic). Any failure before the renames removes
/// the temporary files and leaves the folder as it was. Existing files are refused unless `replacing`.
public enum AtomicFileWriter {
    public static func write(_ files: [(path: String, text: String)], replacing: Bool) -> Result<Void, DiagnosticsError>
    {
        func failure(_ path: String, _ message: String) -> DiagnosticsError {
            .error(at: SourcePosition(file: path, line: 0, column: 0), message)
        }
        if !replacing {
            for file in files where FileManager.default.fileExists(atPath: file.path) {
                return .failure(failure(file.path, "already exists; pass --force to replace it (nothing was written)"))
            }
        }
        var temporaries: [String] = []
        func removeTemporaries() { for path in temporaries { unlink(path) } }
        for file in files {
            let folder = (file.path as NSString).deletingLastPathComponent
            let name = (file.path as NSString).lastPathComponent
            let temporary =
                (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                removeTemporaries()
                return .failure(failure(file.path, "cannot write the file: \(reason) (nothing was written)"))
            }
            temporaries.append(temporary)
            let bytes = Array(file.text.utf8)
            var written = 0
            var problem: String?
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    problem = String(cString: strerror(errno))
                    break
                }
                written += count
            }
            if problem == nil, fsync(descriptor) != 0 { problem = String(cString: strerror(errno)) }
            if close(descriptor) != 0, problem == nil { problem = String(cString: strerror(errno)) }
            if let problem {
                removeTemporaries()
                return .failure(failure(file.path, "cannot write the file: \(problem) (nothing was written)"))
            }
        }
        for (index, file) in files.enumerated() where rename(temporaries[index], file.path) != 0 {
            let reason = String(cString: strerror(errno))
            for path in temporaries[index...] { unlink(path) }
            let done = files[..<index].map(\.path)
            return .failure(
                failure(
                    file.path,
                    "cannot move the file into place: \(reason)"
                        + (done.isEmpty
                            ? " (nothing was written)" : "; written before it: " + done.joined(separator: ", "))))
        }
        return .success(())
    }
}
