import Foundation

/// Captures what a command writes to standard output and standard error, for in-process command-line tests.
public final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    public init() {}

    public func out(_ text: String) { lock.withLock { outText += text } }
    public func err(_ text: String) { lock.withLock { errText += text } }
    public var output: String { lock.withLock { outText } }
    public var errors: String { lock.withLock { errText } }
}
