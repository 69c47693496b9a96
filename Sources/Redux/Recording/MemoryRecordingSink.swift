import Foundation

/// A sink that keeps the recording in memory, for tests and previews.
///
/// ```swift
/// let sink = MemoryRecordingSink()
/// let recorder = Recorder<AppState, AppAction>(sink: sink)
/// // … dispatch …
/// recorder.close()
/// print(sink.lines)
/// ```
public final class MemoryRecordingSink: RecordingSink, @unchecked Sendable {
    // Unchecked Sendable: `storage` and `closed` are guarded by `lock`.
    private let lock = NSLock()
    private var storage: [UInt8] = []
    private var closed = false

    /// Creates an empty sink.
    public init() {}

    /// Appends the bytes.
    public func write(_ bytes: [UInt8]) throws {
        lock.withLock { storage.append(contentsOf: bytes) }
    }

    /// Marks the sink closed.
    public func close() throws {
        lock.withLock { closed = true }
    }

    /// Everything written so far.
    public var bytes: [UInt8] { lock.withLock { storage } }

    /// Everything written so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The complete lines written so far, without their newlines.
    public var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Whether ``close()`` has been called.
    public var isClosed: Bool { lock.withLock { closed } }
}
