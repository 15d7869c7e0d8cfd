import Foundation
import Hummingbird
import Logging
import NIOEmbedded
import SSOPolicyCLI
import ServiceLifecycle
import Testing

@testable import SSOPolicyServer

/// The real server on a free loopback port under `options`, with its connection registry, for clients that send
/// raw bytes; stopped when `body` returns.
func withLiveServer(
    _ options: ServeOptions,
    _ body: @escaping @Sendable (_ port: Int, _ connections: ConnectionRegistry) async throws -> Void
) async throws {
    let context = CLIContext(registry: registry, write: { _ in }, writeError: { _ in })
    var logger = Logger(label: "test")
    logger.logLevel = .error
    let connections = ConnectionRegistry(
        maxConnections: options.maxConnections, maxAnswerBytes: options.maxAnswerBytes, logger: logger)
    var bound = options
    bound.port = 0
    let (ports, announce) = AsyncStream<Int>.makeStream()
    let app = PolicyServer.application(bound, context: context.queryContext, connections: connections, logger: logger) {
        port in
        announce.yield(port)
    }
    // Stopped by a graceful shutdown, not by cancelling its task: cancelling while an accepted connection is still
    // queued for the accept loop traps in NIO ("Deinited NIOAsyncWriter without calling finish()",
    // https://github.com/apple/swift-nio/issues/3481), which under load crashed the test process.
    let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
    let server = Task { try await group.run() }
    var iterator = ports.makeAsyncIterator()
    let port = try #require(await iterator.next())
    var failure: (any Error)?
    do {
        try await body(port, connections)
    } catch {
        failure = error
    }
    await group.triggerGracefulShutdown()
    // A connection a test left open ends at its own time-out; past this, give up waiting and cancel.
    let deadline = Task {
        try await Task.sleep(for: .seconds(30))
        server.cancel()
    }
    _ = await server.result
    deadline.cancel()
    if let failure { throw failure }
}

/// Waits (a bounded number of short sleeps) until `condition` holds; returns whether it did.
func eventually(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// Issue 13, point 4: read and idle time-outs, HTTP/1.0, the connection cap.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ConnectionTests {
    static let quick = ServeOptions(headerTimeoutSeconds: 0.3, bodyTimeoutSeconds: 0.3, idleTimeoutSeconds: 0.3)

    @Test func aHeadSentByteByByteIsCutOffAtTheHeaderTimeout() async throws {
        try await withLiveServer(Self.quick) { port, _ in
            let slow = try RawConnection(port: port)
            slow.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: a")
            let answer = await slow.received()
            #expect(answer.closed)
            #expect(answer.text.isEmpty)
        }
    }

    @Test func aBodyThatStopsShortIsCutOffAtTheBodyTimeout() async throws {
        try await withLiveServer(Self.quick) { port, _ in
            let slow = try RawConnection(port: port)
            slow.send(
                "POST /v1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 1000\r\n\r\n{\"documents\": ")
            #expect(await slow.received().closed)
        }
    }

    @Test func anIdleKeptAliveConnectionIsClosedAtTheIdleTimeout() async throws {
        try await withLiveServer(Self.quick) { port, _ in
            let client = try RawConnection(port: port)
            client.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let first = await client.received(until: "ok\n")
            #expect(first.text.hasPrefix("HTTP/1.1 200"))
            #expect(!first.closed)
            #expect(await client.received().closed)
        }
    }

    @Test func http10WithoutKeepAliveIsClosedAfterTheResponse() async throws {
        // Time-outs far longer than the read's own time-out: only the HTTP/1.0 rule can close it.
        let patient = ServeOptions(headerTimeoutSeconds: 600, bodyTimeoutSeconds: 600, idleTimeoutSeconds: 600)
        try await withLiveServer(patient) { port, _ in
            let old = try RawConnection(port: port, receiveTimeout: 20)
            old.send("GET /healthz HTTP/1.0\r\n\r\n")
            let answer = await old.received()
            #expect(answer.text.contains(" 200 "))
            #expect(answer.text.hasSuffix("ok\n"))
            #expect(answer.closed)
            let keep = try RawConnection(port: port, receiveTimeout: 1)
            keep.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(!(await keep.received().closed), "HTTP/1.1 stays open")
        }
    }

    @Test func atTheCapTheLongestWaitingConnectionMakesRoom() async throws {
        var options = ServeOptions(headerTimeoutSeconds: 600, idleTimeoutSeconds: 600)
        options.maxConnections = 2
        try await withLiveServer(options) { port, connections in
            let oldest = try RawConnection(port: port)
            #expect(try await eventually { connections.count == 1 })
            let second = try RawConnection(port: port)
            second.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n")
            #expect(try await eventually { connections.count == 2 })
            let newcomer = try RawConnection(port: port)
            newcomer.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(await newcomer.received(until: "ok\n").text.hasPrefix("HTTP/1.1 200"))
            #expect(await oldest.received().closed)
            #expect(connections.count == 2)
            #expect(connections.pressure.evicted == 1)
        }
    }

    @Test func whenEveryConnectionIsBusyTheNewOneIsAnswered503() throws {
        let connections = ConnectionRegistry(maxConnections: 1, logger: Logger(label: "test"))
        let busy = EmbeddedChannel()
        guard case .admitted = connections.admit(busy) else {
            Issue.record("the first connection is admitted")
            return
        }
        connections.setEvictable(busy, false)
        guard case .refused = connections.admit(EmbeddedChannel()) else {
            Issue.record("a connection past the cap, with none evictable, is refused")
            return
        }
        connections.setEvictable(busy, true)
        guard case .admittedEvicting(let victim) = connections.admit(EmbeddedChannel()) else {
            Issue.record("an evictable connection makes room")
            return
        }
        #expect(victim === busy)
        #expect(connections.pressure == (evicted: 1, refused: 1))
    }

    @Test func aRefusedConnectionGetsA503AndIsClosed() async throws {
        var options = ServeOptions(headerTimeoutSeconds: 600, idleTimeoutSeconds: 600)
        options.maxConnections = 1
        try await withLiveServer(options) { port, connections in
            let holder = try RawConnection(port: port)
            #expect(try await eventually { connections.count == 1 })
            connections.setEvictable(try #require(connections.channels.first), false)
            let refused = try RawConnection(port: port)
            refused.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let answer = await refused.received()
            #expect(answer.text.hasPrefix("HTTP/1.1 503"))
            #expect(answer.text.contains("too many open connections"))
            #expect(answer.closed)
            _ = holder
        }
    }
}

/// Issue 13, point 9, on the wire: chunk sizes and the Host header.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct WireHygieneTests {
    /// Long time-outs and budget: these tests are about what the server answers, not when, and the test process
    /// shares two cores with hundreds of other tests.
    static let patient = ServeOptions(
        timeBudgetSeconds: 120, headerTimeoutSeconds: 600, bodyTimeoutSeconds: 600, idleTimeoutSeconds: 600)

    @Test func aNonHexChunkSizeIs400() async throws {
        try await withLiveServer(Self.patient) { port, _ in
            let client = try RawConnection(port: port, receiveTimeout: 60)
            client.send(
                "POST /v1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n")
            let answer = await client.received()
            #expect(answer.text.hasPrefix("HTTP/1.1 400"), "\(answer.text)")
            #expect(!answer.text.contains(" 500 "))
        }
    }

    @Test func aRebindingHostIsRefused() async throws {
        try await withLiveServer(Self.patient) { port, _ in
            let rebound = try RawConnection(port: port, receiveTimeout: 60)
            rebound.send("GET /v1/policies HTTP/1.1\r\nHost: attacker.example:\(port)\r\n\r\n")
            let answer = await rebound.received(until: "}\n")
            #expect(answer.text.hasPrefix("HTTP/1.1 421"), "\(answer.text)")
            #expect(!answer.text.contains("warehouse-airwatch"))
            let local = try RawConnection(port: port, receiveTimeout: 60)
            local.send("GET /v1/policies HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
            #expect(await local.received(until: "warehouse-airwatch").text.hasPrefix("HTTP/1.1 200"))
        }
    }
}
