import Foundation
import NIOHTTP1
import SSOPolicyCLI
import Testing

@testable import SSOPolicyServer

/// Hardening, third pass, points 3 and 4, on the wire: keep-alive per pipelined request, transfer codings, Host.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PipeliningTests {
    static let patient = WireHygieneTests.patient

    /// The reproducer's ten pipelined requests in one write, the last asking to close.
    static func pipelined(_ count: Int, closeAt: Int?) -> String {
        (1...count).map { index in
            "GET /healthz HTTP/1.1\r\nHost: localhost\r\n" + (index == closeAt ? "Connection: close\r\n" : "") + "\r\n"
        }.joined()
    }

    static func answers(_ text: String) -> Int { text.components(separatedBy: "HTTP/1.1 200 OK\r\n").count - 1 }

    @Test func everyPipelinedRequestIsAnsweredWhenTheLastAsksToClose() async throws {
        try await withLiveServer(Self.patient) { port, _ in
            let client = try RawConnection(port: port, receiveTimeout: 60)
            client.send(Self.pipelined(10, closeAt: 10))
            let answer = await client.received()
            #expect(Self.answers(answer.text) == 10, "\(answer.text)")
            #expect(answer.closed)
        }
    }

    @Test func requestsAfterTheOneThatAsksToCloseAreNotAnswered() async throws {
        try await withLiveServer(Self.patient) { port, _ in
            let client = try RawConnection(port: port, receiveTimeout: 60)
            client.send(Self.pipelined(5, closeAt: 2))
            let answer = await client.received()
            #expect(Self.answers(answer.text) == 2, "\(answer.text)")
            #expect(answer.closed)
            // HTTP/1.0 without keep-alive closes after its own answer, however many follow it.
            let old = try RawConnection(port: port, receiveTimeout: 60)
            old.send(String(repeating: "GET /healthz HTTP/1.0\r\n\r\n", count: 3))
            let oldAnswer = await old.received()
            #expect(oldAnswer.text.components(separatedBy: " 200 OK\r\n").count - 1 == 1, "\(oldAnswer.text)")
            #expect(oldAnswer.closed)
        }
    }

    @Test func pipelinedKeptAliveRequestsStayOpen() async throws {
        try await withLiveServer(Self.patient) { port, _ in
            let client = try RawConnection(port: port, receiveTimeout: 20)
            client.send(Self.pipelined(10, closeAt: nil))
            var text = ""
            var closed = false
            while Self.answers(text) < 10 && !closed {
                let more = await client.received(until: "ok\n")
                if more.text.isEmpty && !more.closed { break }
                text += more.text
                closed = more.closed
            }
            #expect(Self.answers(text) == 10)
            #expect(!closed)
        }
    }

    @Test(arguments: ["gzip, chunked", "deflate,chunked", "x-custom, chunked", "gzip\r\nTransfer-Encoding: chunked"])
    func aTransferCodingOtherThanChunkedIs501(_ coding: String) async throws {
        try await withLiveServer(Self.patient) { port, _ in
            let client = try RawConnection(port: port, receiveTimeout: 60)
            client.send(
                "POST /v1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: \(coding)\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
            let answer = await client.received()
            #expect(answer.text.hasPrefix("HTTP/1.1 501"), "\(answer.text)")
            #expect(answer.text.contains("is not supported"))
            #expect(answer.text.lowercased().contains("connection: close"))
            #expect(answer.closed)
        }
    }

    /// `chunked` twice is refused by the HTTP parser itself, before the guard sees a head.
    @Test func chunkedTwiceIsRefused() async throws {
        try await withLiveServer(Self.patient) { port, _ in
            let client = try RawConnection(port: port, receiveTimeout: 60)
            client.send(
                "POST /v1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
            let answer = await client.received()
            #expect(answer.text.hasPrefix("HTTP/1.1 400"), "\(answer.text)")
            #expect(answer.closed)
        }
    }

    @Test func plainChunkedStillWorks() async throws {
        try await withLiveServer(Self.patient) { port, _ in
            let body = #"{"documents": ["frontline-entra"], "quiet": true}"#
            let client = try RawConnection(port: port, receiveTimeout: 60)
            client.send(
                "POST /v1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                    + String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n")
            let answer = await client.received()
            #expect(answer.text.hasPrefix("HTTP/1.1 200"), "\(answer.text)")
        }
    }

    @Test(arguments: [
        ("GET /healthz HTTP/1.1\r\n\r\n", "must have a Host header"),
        ("GET /healthz HTTP/1.1\r\nHost: localhost\r\nHost: localhost\r\n\r\n", "2 Host headers"),
        ("GET /healthz HTTP/1.1\r\nHost: localhost\r\nhost: attacker.example\r\n\r\n", "2 Host headers"),
        ("GET /healthz HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", "2 Host headers"),
        ("GET /healthz HTTP/1.1\r\nHost: localhost, attacker.example\r\n\r\n", "more than one host"),
        ("POST /v1/check HTTP/1.0\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "HTTP/1.0"),
    ])
    func badHostsAndHTTP10TransferCodingsAre400(_ request: String, _ message: String) async throws {
        try await withLiveServer(Self.patient) { port, _ in
            let client = try RawConnection(port: port, receiveTimeout: 60)
            client.send(request)
            let answer = await client.received()
            #expect(answer.text.hasPrefix("HTTP/1.1 400"), "\(answer.text)")
            #expect(answer.text.contains(message))
            #expect(answer.text.contains("X-Content-Type-Options: nosniff"))
            #expect(answer.closed)
        }
    }

    @Test func http10WithoutHostIsAnswered() async throws {
        try await withLiveServer(Self.patient) { port, _ in
            let client = try RawConnection(port: port, receiveTimeout: 60)
            client.send("GET /healthz HTTP/1.0\r\n\r\n")
            let answer = await client.received()
            #expect(answer.text.hasPrefix("HTTP/1.1 200"), "\(answer.text)")
        }
    }

    /// A refused head in a pipeline is answered in its place: after the answers to the requests before it.
    @Test func aRefusedHeadIsAnsweredAfterTheRequestsBeforeIt() async throws {
        try await withLiveServer(Self.patient) { port, _ in
            let client = try RawConnection(port: port, receiveTimeout: 60)
            client.send(
                Self.pipelined(3, closeAt: nil) + "GET /healthz HTTP/1.1\r\n\r\n" + Self.pipelined(2, closeAt: nil))
            let answer = await client.received()
            #expect(Self.answers(answer.text) == 3, "\(answer.text)")
            let refusal = try #require(answer.text.range(of: "HTTP/1.1 400"))
            #expect(answer.text[refusal.lowerBound...].components(separatedBy: "HTTP/1.1 200").count == 1)
            #expect(answer.closed)
        }
    }
}

/// The rules themselves, on heads built in memory.
struct RequestHeadCheckTests {
    func head(_ version: HTTPVersion, _ headers: [(String, String)]) -> HTTPRequestHead {
        HTTPRequestHead(version: version, method: .POST, uri: "/v1/check", headers: HTTPHeaders(headers))
    }

    @Test func theRules() {
        let host = ("Host", "localhost")
        #expect(RequestHeadCheck.refusal(for: head(.http1_1, [host])) == nil)
        #expect(RequestHeadCheck.refusal(for: head(.http1_1, [host, ("Transfer-Encoding", "chunked")])) == nil)
        #expect(RequestHeadCheck.refusal(for: head(.http1_1, [host, ("Transfer-Encoding", "Chunked")])) == nil)
        #expect(RequestHeadCheck.refusal(for: head(.http1_0, [])) == nil)
        #expect(
            RequestHeadCheck.refusal(for: head(.http1_1, [host, ("Transfer-Encoding", "gzip, chunked")]))?.status
                == .notImplemented)
        // Two header lines are one list: `gzip` then `chunked`.
        #expect(
            RequestHeadCheck.refusal(
                for: head(.http1_1, [host, ("Transfer-Encoding", "gzip"), ("Transfer-Encoding", "chunked")]))?.status
                == .notImplemented)
        #expect(RequestHeadCheck.refusal(for: head(.http1_1, []))?.status == .badRequest)
        #expect(RequestHeadCheck.refusal(for: head(.http1_0, [host, host]))?.status == .badRequest)
        #expect(
            RequestHeadCheck.refusal(for: head(.http1_0, [("Transfer-Encoding", "chunked")]))?.status == .badRequest)
        // Control characters in a refused coding are not echoed.
        let echoed = RequestHeadCheck.refusal(
            for: head(.http1_1, [host, ("Transfer-Encoding", "a\u{1B}[31m, chunked")]))
        #expect(echoed?.message.contains("\u{1B}") == false)
    }
}
