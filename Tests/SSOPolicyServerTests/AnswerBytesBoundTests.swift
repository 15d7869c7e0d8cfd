import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import SSOPolicyCLI
import Testing

@testable import SSOPolicyServer

/// Issue 39, item 7: answers written to clients that do not read them are bounded across connections. Each
/// connection's guard counts its answer's bytes from its head (`Content-Length`) until the system takes them; an
/// answer that would pass the bound goes out as a 503 with `Retry-After: 1`, and room comes back as the held bytes
/// are taken or their connection closes.
@Suite(.serialized)
struct AnswerBytesBoundTests {
    static let logger = Logger(label: "test")

    /// A connection with only the guard in its pipeline, after one request has been read from it.
    static func connection(_ registry: ConnectionRegistry) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            ConnectionGuard(registry: registry, timeouts: ConnectionTimeouts(ServeOptions()), logger: logger))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/v1/openapi.json")
        head.headers.add(name: "Host", value: "localhost")
        try channel.writeInbound(HTTPServerRequestPart.head(head))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        while try channel.readInbound(as: HTTPServerRequestPart.self) != nil {}
        return channel
    }

    /// Writes an answer of `bytes` bytes; the system takes it only when `flushed`.
    static func answer(_ channel: EmbeddedChannel, bytes: Int, flushed: Bool) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Length", value: String(bytes))
        headers.add(name: "Content-Type", value: "application/json")
        channel.write(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)))
            .whenFailure { _ in }
        channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(repeating: 0x61, count: bytes))))
            .whenFailure { _ in }
        channel.write(HTTPServerResponsePart.end(nil)).whenFailure { _ in }
        if flushed { channel.flush() }
    }

    /// What went out: each head's status, and the body bytes.
    static func sent(_ channel: EmbeddedChannel) throws -> (statuses: [UInt], headers: [HTTPHeaders], body: String) {
        var statuses: [UInt] = []
        var headers: [HTTPHeaders] = []
        var body = ""
        while let part = try channel.readOutbound(as: HTTPServerResponsePart.self) {
            switch part {
            case .head(let head):
                statuses.append(head.status.code)
                headers.append(head.headers)
            case .body(.byteBuffer(let buffer)): body += String(buffer: buffer)
            case .body, .end: break
            }
        }
        return (statuses, headers, body)
    }

    @Test func anAnswerPastTheBoundIs503UntilHeldAnswersAreTaken() throws {
        let registry = ConnectionRegistry(maxConnections: 10, maxAnswerBytes: 3000, logger: Self.logger)
        let slow = try Self.connection(registry)
        Self.answer(slow, bytes: 2000, flushed: false)
        #expect(registry.answers.held == 2000)

        let second = try Self.connection(registry)
        Self.answer(second, bytes: 2000, flushed: true)
        let refused = try Self.sent(second)
        #expect(refused.statuses == [503])
        #expect(refused.headers.first?["Retry-After"] == ["1"])
        #expect(refused.body.contains("the server is holding too many answers that clients have not read yet"))
        #expect(refused.headers.first?["Content-Length"] == [String(refused.body.utf8.count)])
        #expect(registry.answers == (held: 2000, refused: 1))

        // A small answer still fits; once the slow client's answer is taken, a large one does too.
        let third = try Self.connection(registry)
        Self.answer(third, bytes: 500, flushed: true)
        #expect(try Self.sent(third).statuses == [200])
        slow.flush()
        #expect(registry.answers.held == 0)
        let fourth = try Self.connection(registry)
        Self.answer(fourth, bytes: 2500, flushed: true)
        #expect(try Self.sent(fourth).statuses == [200])
        #expect(registry.answers.held == 0)
    }

    @Test func aClosedConnectionGivesItsHeldBytesBack() throws {
        let registry = ConnectionRegistry(maxConnections: 10, maxAnswerBytes: 3000, logger: Self.logger)
        let slow = try Self.connection(registry)
        Self.answer(slow, bytes: 2000, flushed: false)
        #expect(registry.answers.held == 2000)
        _ = try? slow.close().wait()
        #expect(registry.answers.held == 0)
    }

    @Test func oneAnswerLargerThanTheBoundIsServedWhenNoneIsHeld() throws {
        let registry = ConnectionRegistry(maxConnections: 10, maxAnswerBytes: 1000, logger: Self.logger)
        let channel = try Self.connection(registry)
        Self.answer(channel, bytes: 5000, flushed: false)
        #expect(registry.answers.held == 5000)
        let other = try Self.connection(registry)
        Self.answer(other, bytes: 10, flushed: true)
        #expect(try Self.sent(other).statuses == [503])
        channel.flush()
        #expect(try Self.sent(channel).statuses == [200])
        #expect(registry.answers.held == 0)
    }

    @Test func theServerBoundsAnswersByDefault() {
        #expect(ServeOptions().maxAnswerBytes == 64 << 20)
    }
}
