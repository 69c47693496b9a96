import Foundation
import Redux

/// Sessions of one ``RecordingEncoder``, lent to the threads encoding at the same time, one
/// each, and kept between values: a session encodes a type's keys faster the second time
/// (``RecordingEncoderSession``), and replays encode one state after another.
final class EncoderSessions: @unchecked Sendable {
    // Unchecked Sendable: `idle` is guarded by `lock`, and a session is lent to one thread
    // at a time.
    private let encoder: RecordingEncoder
    private let lock = NSLock()
    private var idle: [RecordingEncoderSession] = []

    /// Sessions of `encoder`.
    init(_ encoder: RecordingEncoder = RecordingEncoder()) {
        self.encoder = encoder
    }

    /// Runs `body` with a session no other thread uses meanwhile.
    func withSession<Result>(_ body: (RecordingEncoderSession) throws -> Result) rethrows -> Result {
        let session = lock.withLock { idle.popLast() } ?? encoder.makeSession()
        defer { lock.withLock { idle.append(session) } }
        return try body(session)
    }

    /// The value as ``RecordingEncoder/encodeMeasuringDepth(_:)`` encodes it.
    func encodeMeasuringDepth(_ value: some Encodable) throws -> (text: [UInt8], depth: Int) {
        try withSession { try $0.encodeMeasuringDepth(value) }
    }

    /// The value as ``encodeMeasuringDepth(_:)`` encodes it, without the members off `paths`
    /// (see `KeptPaths`); all of it when `paths` is `nil`.
    func encodeMeasuringDepth(_ value: some Encodable, keeping paths: KeptPaths?) throws -> (text: [UInt8], depth: Int) {
        guard let paths else { return try encodeMeasuringDepth(value) }
        return try withSession { try $0.encodeMeasuringDepth(value, keeping: paths) }
    }

    /// Whether the value encodes to exactly `text`; `false` also when it cannot be encoded.
    func encodes(_ value: some Encodable, as text: UnsafeBufferPointer<UInt8>) -> Bool {
        withSession { $0.encodes(value, as: text) }
    }
}
