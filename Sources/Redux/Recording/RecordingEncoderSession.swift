import Foundation

/// ``RecordingEncoder``'s work for one thread at a time, keeping what it learned between
/// values: the key names it quoted, the containers it made.
///
/// ``RecordingEncoder/encode(_:)`` starts afresh at every value, as a `Sendable` value must,
/// and learning a type's keys again costs a third of encoding a small state. An inspector
/// that encodes every replayed state of a recording keeps a session for each thread instead,
/// as the recorder's writer thread keeps its own.
package final class RecordingEncoderSession {
    private let encoder: StreamingEncoder

    init(writer: JSONLineWriter) {
        encoder = StreamingEncoder(writer: writer)
    }

    /// Encodes a value as ``RecordingEncoder/encodeMeasuringDepth(_:)`` does.
    package func encodeMeasuringDepth(_ value: some Encodable) throws -> (text: [UInt8], depth: Int) {
        try encodeHere(value)
        return (Array(encoder.bytes.bytes), encoder.deepest)
    }

    /// Encodes a value as ``encodeMeasuringDepth(_:)`` does, leaving out the members off
    /// `paths` (see ``KeptPaths``): the values at the paths are written exactly as in the
    /// whole value's text. The depth is that of the text written.
    package func encodeMeasuringDepth(
        _ value: some Encodable, keeping paths: KeptPaths
    ) throws -> (text: [UInt8], depth: Int) {
        encoder.keptPaths = paths
        defer { encoder.keptPaths = nil }
        return try encodeMeasuringDepth(value)
    }

    /// Whether the value encodes to exactly `text`, without copying its encoding out;
    /// `false` also when it cannot be encoded.
    package func encodes(_ value: some Encodable, as text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard (try? encodeHere(value)) != nil else { return false }
        let encoded = encoder.bytes.bytes
        guard encoded.count == text.count else { return false }
        guard let first = encoded.baseAddress, let second = text.baseAddress else { return true }
        return memcmp(first, second, text.count) == 0
    }

    /// Encodes the value into the encoder's buffer, after what a value before it (or its
    /// failure) left there.
    private func encodeHere(_ value: some Encodable) throws {
        encoder.reset()
        try encoder.encodeTopLevel(value)
    }
}

extension RecordingEncoder {
    /// A session encoding as this encoder does, redacting the same keys, for one thread at a
    /// time.
    package func makeSession() -> RecordingEncoderSession {
        RecordingEncoderSession(writer: writer)
    }
}
