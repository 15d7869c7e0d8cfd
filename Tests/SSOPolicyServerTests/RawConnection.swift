import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to the server under test, to send exactly the bytes a hostile or old client sends
/// (partial heads, stalled bodies, HTTP/1.0, bad chunk sizes) and to see whether the server closes it.
final class RawConnection: @unchecked Sendable {
    let socket: Int32

    init(port: Int, receiveTimeout seconds: Int = 10) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(socket) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// `read` on a thread of its own. The server under test answers on Swift's cooperative thread pool (two threads
    /// on a 2-core machine): a test blocked in `recv` on one of them, while another test held the other, starved
    /// the server until the receive time-out, and the test failed under load.
    func received(until marker: String? = nil) async -> (text: String, closed: Bool) {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.read(until: marker)) }.start()
        }
    }

    /// Reads until the server closes the connection (`closed`), the receive time-out passes, or `until` appears.
    private func read(until marker: String? = nil) -> (text: String, closed: Bool) {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { return (String(decoding: data, as: UTF8.self), true) }
            if count < 0 { return (String(decoding: data, as: UTF8.self), errno == ECONNRESET) }
            data += buffer[0..<count]
            if let marker, String(decoding: data, as: UTF8.self).contains(marker) {
                return (String(decoding: data, as: UTF8.self), false)
            }
        }
    }
}
