import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import SSOPolicy
import SSOPolicyQueries

/// How long a client may take at each phase of a request.
struct ConnectionTimeouts: Sendable {
    /// From accepting the connection to a complete request head.
    var header: TimeAmount
    /// From the request head to the end of its body.
    var body: TimeAmount
    /// From a response on a kept-alive connection to the next complete request head.
    var idle: TimeAmount

    init(_ options: ServeOptions) {
        header = .nanoseconds(Int64(options.headerTimeoutSeconds * 1e9))
        body = .nanoseconds(Int64(options.bodyTimeoutSeconds * 1e9))
        idle = .nanoseconds(Int64(options.idleTimeoutSeconds * 1e9))
    }
}

/// HTTP/1.1 as Hummingbird's `HTTP1Channel` sets it up, with tighter header limits and a `ConnectionGuard` in each
/// connection's pipeline.
struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let connections: ConnectionRegistry
    let timeouts: ConnectionTimeouts

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = 16 * 1024
            limits.maxHeaderListSize = 32 * 1024
            limits.maxHeaderFieldCount = 100
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGuard(registry: connections, timeouts: timeouts, logger: logger))
            try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try channel.pipeline.syncOperations.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try NIOAsyncChannel(
                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}

/// The open connections, for the cap. A connection is evictable while it waits for a request or is still sending
/// one (a request in progress is never cut off); when the cap is reached, the one that has waited longest makes
/// room, so connections held open by slow or idle clients cannot keep new clients out. Only when every connection
/// is busy is the new one refused.
final class ConnectionRegistry: @unchecked Sendable {
    enum Admission {
        case admitted
        case admittedEvicting(any Channel)
        case refused
    }

    struct Entry {
        var channel: any Channel
        var evictable: Bool
        /// When it last became evictable, as a sequence number: the smallest has waited longest.
        var since: UInt64
    }

    let maxConnections: Int
    /// Answer bytes the connections may hold at once, written by the server and not yet taken by the system's
    /// socket buffers (a client that does not read leaves its answer here).
    let maxAnswerBytes: Int
    private let logger: Logger
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var answerBytes = 0
    private var answersRefusedCount = 0
    private var sequence: UInt64 = 0
    private var evictedCount = 0
    private var refusedCount = 0
    private var lastReport: ContinuousClock.Instant?
    private var lastAnswersReport: ContinuousClock.Instant?

    init(maxConnections: Int, maxAnswerBytes: Int = ServeOptions().maxAnswerBytes, logger: Logger) {
        self.maxConnections = max(1, maxConnections)
        self.maxAnswerBytes = max(1, maxAnswerBytes)
        self.logger = logger
    }

    /// Answer bytes held by the connections now, and answers refused for want of room since the start.
    var answers: (held: Int, refused: Int) { lock.withLock { (answerBytes, answersRefusedCount) } }

    /// Room for an answer of `count` bytes: granted when the answers held stay within `maxAnswerBytes`, or when no
    /// answer is held (so an answer larger than the bound is still served, one at a time).
    func reserveAnswer(_ count: Int) -> Bool {
        let granted: Bool = lock.withLock {
            guard answerBytes == 0 || count <= maxAnswerBytes - answerBytes else {
                answersRefusedCount += 1
                return false
            }
            answerBytes += count
            return true
        }
        if !granted { reportAnswers() }
        return granted
    }

    /// Bytes of an answer without a declared length, counted as they are written: never refused.
    func holdAnswer(_ count: Int) {
        lock.withLock { answerBytes += count }
    }

    /// Bytes the system took (or that were dropped with their connection).
    func releaseAnswer(_ count: Int) {
        lock.withLock { answerBytes = max(0, answerBytes - count) }
    }

    var count: Int { lock.withLock { entries.count } }
    /// The admitted connections (for tests).
    var channels: [any Channel] { lock.withLock { entries.values.map(\.channel) } }
    /// Connections closed to make room, and connections refused, since the start.
    var pressure: (evicted: Int, refused: Int) { lock.withLock { (evictedCount, refusedCount) } }

    func admit(_ channel: any Channel) -> Admission {
        let admission: Admission = lock.withLock {
            sequence += 1
            if entries.count < maxConnections {
                entries[ObjectIdentifier(channel)] = Entry(channel: channel, evictable: true, since: sequence)
                return .admitted
            }
            guard let victim = entries.filter(\.value.evictable).min(by: { $0.value.since < $1.value.since }) else {
                refusedCount += 1
                return .refused
            }
            entries.removeValue(forKey: victim.key)
            evictedCount += 1
            entries[ObjectIdentifier(channel)] = Entry(channel: channel, evictable: true, since: sequence)
            return .admittedEvicting(victim.value.channel)
        }
        if case .admitted = admission { return admission }
        report()
        return admission
    }

    func setEvictable(_ channel: any Channel, _ evictable: Bool) {
        lock.withLock {
            guard var entry = entries[ObjectIdentifier(channel)], entry.evictable != evictable else { return }
            sequence += 1
            entry.evictable = evictable
            entry.since = sequence
            entries[ObjectIdentifier(channel)] = entry
        }
    }

    func remove(_ channel: any Channel) {
        _ = lock.withLock { entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// At most one warning a second while answers are refused for want of room.
    private func reportAnswers() {
        let now = ContinuousClock.now
        let counts: (Int, Int)? = lock.withLock {
            if let last = lastAnswersReport, now - last < .seconds(1) { return nil }
            lastAnswersReport = now
            return (answerBytes, answersRefusedCount)
        }
        guard let (held, refused) = counts else { return }
        logger.warning(
            "answer bytes bound reached",
            metadata: [
                "max_answer_bytes": .stringConvertible(maxAnswerBytes), "held": .stringConvertible(held),
                "refused_total": .stringConvertible(refused),
            ])
    }

    /// At most one warning a second while the cap is being hit.
    private func report() {
        let now = ContinuousClock.now
        let counts: (Int, Int)? = lock.withLock {
            if let last = lastReport, now - last < .seconds(1) { return nil }
            lastReport = now
            return (evictedCount, refusedCount)
        }
        guard let (evicted, refused) = counts else { return }
        logger.warning(
            "connection cap reached",
            metadata: [
                "max_connections": .stringConvertible(maxConnections), "evicted_total": .stringConvertible(evicted),
                "refused_total": .stringConvertible(refused),
            ])
    }
}

/// One connection's guard: admits it under the cap (or answers 503 and closes), closes it when the client is too
/// slow to send a request head or body or stays idle too long, refuses a head that breaks the framing or Host rules
/// (`RequestHeadCheck`), and closes the connection after the response to the first request that did not ask to keep
/// it alive (HTTP/1.0 without `Connection: keep-alive`, or `Connection: close`).
///
/// Keep-alive is a property of each request: pipelined requests before the one that asks to close are all answered,
/// in order, and the connection closes after that one's response. Requests after it, and after a refused head, are
/// not passed on (RFC 9112 section 9.6: the server does not process further requests on a closing connection).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let registry: ConnectionRegistry
    let timeouts: ConnectionTimeouts
    let logger: Logger
    private var activated = false
    private var admitted = false
    private var refused = false
    /// Requests passed on (heads and ends) and responses written to the end.
    private var headsRead = 0
    private var endsRead = 0
    private var responsesEnded = 0
    /// The number (counted from 1) of the request that asked to close the connection: the last one passed on.
    private var closeAfterResponse: Int?
    /// A head refused by `RequestHeadCheck`, answered once every request before it has been answered.
    private var pendingRefusal: RequestHeadCheck.Refusal?
    /// Nothing more is passed on: a request asked to close, or a head was refused, and that request has ended.
    private var stopReading = false
    private var timer: Scheduled<Void>?
    /// Bytes reserved for the answer being written (its Content-Length) and not yet written.
    private var reservedLeft = 0
    /// Answer bytes written and not yet taken by the system; given back at once when the connection ends.
    private var heldBytes = 0
    private var ended = false
    /// The answer being written is replaced by a 503: the server holds too many answer bytes.
    private var replacingAnswer = false

    init(registry: ConnectionRegistry, timeouts: ConnectionTimeouts, logger: Logger) {
        self.registry = registry
        self.timeouts = timeouts
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { activate(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        activate(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(context)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish(context)
    }

    private func activate(_ context: ChannelHandlerContext) {
        guard !activated else { return }
        activated = true
        switch registry.admit(context.channel) {
        case .admitted:
            admitted = true
        case .admittedEvicting(let victim):
            admitted = true
            victim.close(promise: nil)
        case .refused:
            refuse(context)
            return
        }
        arm(context, timeouts.header, "header")
    }

    private func finish(_ context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        if !ended {
            ended = true
            registry.releaseAnswer(reservedLeft + heldBytes)
            reservedLeft = 0
            heldBytes = 0
        }
        if admitted {
            admitted = false
            registry.remove(context.channel)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused, !stopReading else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if let refusal = RequestHeadCheck.refusal(for: head) {
                refuseRequest(context, refusal)
                return
            }
            headsRead += 1
            if !head.isKeepAlive { closeAfterResponse = headsRead }
            if endsRead == responsesEnded { arm(context, timeouts.body, "body") }
        case .body: break
        case .end:
            endsRead += 1
            timer?.cancel()
            timer = nil
            registry.setEvictable(context.channel, false)
            if closeAfterResponse != nil { stopReading = true }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            writeHead(context, head, promise: promise)
            return
        case .body(let part):
            writeBody(context, part, promise: promise)
            return
        case .end:
            if replacingAnswer {
                replacingAnswer = false
                let body = context.channel.allocator.buffer(string: Self.answerBoundBody)
                context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            }
            if reservedLeft > 0 {
                registry.releaseAnswer(reservedLeft)
                reservedLeft = 0
            }
        }
        responsesEnded += 1
        // A response with no request left to answer (the 400 written for a malformed request) ends the connection.
        if responsesEnded == closeAfterResponse || responsesEnded > headsRead {
            context.writeAndFlush(data, promise: promise)
            context.close(promise: nil)
            return
        }
        context.write(data, promise: promise)
        if responsesEnded == headsRead, let refusal = pendingRefusal {
            answerRefusal(context, refusal)
            return
        }
        if responsesEnded >= endsRead, headsRead == endsRead {
            registry.setEvictable(context.channel, true)
            arm(context, timeouts.idle, "idle")
        }
    }

    // MARK: The bound on answer bytes held

    static let answerBoundBody = JSONAnswer.document(
        .object([
            ("error", .string("the server is holding too many answers that clients have not read yet; try again")),
            ("status", .int(503)), ("diagnostics", .array([])),
        ]))

    /// An answer with a length is written only when the registry has room for it; otherwise a 503 with
    /// `Retry-After: 1` goes out in its place (same version and `Connection` header) and its body is dropped.
    private func writeHead(_ context: ChannelHandlerContext, _ head: HTTPResponseHead, promise: EventLoopPromise<Void>?)
    {
        let length = head.headers.first(name: "content-length").flatMap { Int($0) } ?? 0
        guard length > 0, head.status.code >= 200, !ended else {
            context.write(wrapOutboundOut(.head(head)), promise: promise)
            return
        }
        if registry.reserveAnswer(length) {
            reservedLeft = length
            context.write(wrapOutboundOut(.head(head)), promise: promise)
            return
        }
        replacingAnswer = true
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: String(Self.answerBoundBody.utf8.count))
        headers.add(name: "Retry-After", value: "1")
        for value in head.headers["connection"] { headers.add(name: "Connection", value: value) }
        for (name, value) in SecurityHeaders.dataHeaders { headers.add(name: name, value: value) }
        logger.info("answer refused: too many answer bytes held", metadata: ["bytes": .stringConvertible(length)])
        context.write(
            wrapOutboundOut(
                .head(HTTPResponseHead(version: head.version, status: .serviceUnavailable, headers: headers))),
            promise: promise)
    }

    /// Counts the part's bytes as held until the system takes them (the write's promise completes, or fails with
    /// the connection); a replaced answer's parts are dropped.
    private func writeBody(_ context: ChannelHandlerContext, _ part: IOData, promise: EventLoopPromise<Void>?) {
        if replacingAnswer {
            promise?.succeed()
            return
        }
        let count = part.readableBytes
        let prepaid = min(count, reservedLeft)
        reservedLeft -= prepaid
        if !ended {
            if count > prepaid { registry.holdAnswer(count - prepaid) }
            heldBytes += count
        }
        let written = promise ?? context.eventLoop.makePromise()
        written.futureResult.assumeIsolated().whenComplete { _ in
            guard !self.ended else { return }
            self.heldBytes -= count
            self.registry.releaseAnswer(count)
        }
        context.write(wrapOutboundOut(.body(part)), promise: written)
    }

    /// Closes the connection after `delay` unless the phase changes first.
    private func arm(_ context: ChannelHandlerContext, _ delay: TimeAmount, _ phase: String) {
        timer?.cancel()
        let logger = self.logger
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: delay) {
            logger.debug("connection timed out", metadata: ["phase": .string(phase)])
            context.close(promise: nil)
        }
    }

    /// A head that breaks the rules: nothing more is read from this connection, and the refusal is answered after
    /// the responses to the requests before it.
    private func refuseRequest(_ context: ChannelHandlerContext, _ refusal: RequestHeadCheck.Refusal) {
        stopReading = true
        timer?.cancel()
        timer = nil
        logger.info(
            "request refused",
            metadata: ["status": .stringConvertible(refusal.status.code), "reason": .string(refusal.message)])
        if responsesEnded == headsRead {
            answerRefusal(context, refusal)
        } else {
            pendingRefusal = refusal
        }
    }

    private func answerRefusal(_ context: ChannelHandlerContext, _ refusal: RequestHeadCheck.Refusal) {
        pendingRefusal = nil
        answerAndClose(context, status: refusal.status, message: refusal.message)
    }

    /// Answers 503 without reading the request, half-closes so the answer is not lost to a reset, and closes fully
    /// a second later at most.
    private func refuse(_ context: ChannelHandlerContext) {
        refused = true
        answerAndClose(
            context, status: .serviceUnavailable, message: "the server has too many open connections; try again",
            extraHeaders: [("Retry-After", "1")])
    }

    /// Writes a JSON error answer of the API's shape with `Connection: close`, half-closes so the answer is not lost
    /// to a reset by unread input, and closes fully a second later at most.
    private func answerAndClose(
        _ context: ChannelHandlerContext, status: HTTPResponseStatus, message: String,
        extraHeaders: [(String, String)] = []
    ) {
        let body = JSONAnswer.document(
            .object([("error", .string(message)), ("status", .int(Int(status.code))), ("diagnostics", .array([]))]))
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.utf8.count))
        headers.add(name: "Connection", value: "close")
        for (name, value) in extraHeaders + SecurityHeaders.dataHeaders { headers.add(name: name, value: value) }
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
        }
        timer?.cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
    }
}
