import Foundation

/// Writing to an open file descriptor with every error reported, never trapped: standard output on a full disk or
/// a closed pipe, a device, a file being written.
package enum Descriptor {
    /// Writes all of `bytes`, resuming after interruptions, short writes and a non-blocking descriptor that is full.
    /// Nil when everything was written, else the `errno` of the failure.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let written = Foundation.write(descriptor, next, left)
            if written > 0 {
                next += written
                left -= written
                continue
            }
            if written == 0 { return EIO }
            let error = errno
            switch error {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            default:
                return error
            }
        }
        return nil
    }

    /// Writes `text` in UTF-8; nil when all of it was written, else the `errno`.
    package static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }

    /// The system's sentence for an `errno`, e.g. "No space left on device".
    package static func message(_ error: Int32) -> String {
        String(cString: strerror(error))
    }
}
