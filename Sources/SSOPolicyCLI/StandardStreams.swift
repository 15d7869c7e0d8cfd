import Foundation

/// The executable's standard output and standard error. A write error on standard output (a full disk, a file
/// system that refuses the write) is one line on standard error and exit status 1, never a trap with a backtrace;
/// nothing can be reported about a failing standard error, so its errors are dropped.
package enum StandardStreams {
    package static func writeOutput(_ text: String) {
        guard let error = Descriptor.write(text, to: STDOUT_FILENO) else { return }
        writeError("error: cannot write to standard output: \(Descriptor.message(error))\n")
        exit(1)
    }

    package static func writeError(_ text: String) {
        _ = Descriptor.write(text, to: STDERR_FILENO)
    }
}
