import Foundation

/// A request as the cache knows it: the route and the body's bytes. Hashed over every byte, once, when it is
/// made (`Data` hashes only its first 80, so bodies that differ past them would all collide).
struct RequestKey: Hashable, Sendable, CacheSized {
    let route: String
    let body: Data
    private let digest: Int

    init(route: String, body: Data) {
        self.route = route
        self.body = body
        var hasher = Hasher()
        hasher.combine(route)
        hasher.combine(body.count)
        body.withUnsafeBytes { hasher.combine(bytes: $0) }
        digest = hasher.finalize()
    }

    var byteCount: Int { route.utf8.count + body.count }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    static func == (lhs: RequestKey, rhs: RequestKey) -> Bool {
        lhs.digest == rhs.digest && lhs.route == rhs.route && lhs.body == rhs.body
    }
}
