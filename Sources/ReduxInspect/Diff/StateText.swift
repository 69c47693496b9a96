import Foundation

/// A state as JSON text, in memory that stays where it is as long as this object lives: what
/// a replayed state is diffed from (``StateTextDiffer``), and what the raw views of it
/// (``RawJSON``) and the changes found in it point into.
final class StateText: @unchecked Sendable {
    // Unchecked Sendable: the bytes are immutable after `init`.
    /// The text, UTF-8.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the text holds the recorder's placeholder for a redacted value, as a string:
    /// a diff against such a state needs the values' view (`JSONDiff.matchingRedactions`).
    /// Found once here, where every thread that reads the text may ask.
    let holdsPlaceholder: Bool
    private let allocation: UnsafeMutablePointer<UInt8>

    /// Copies `text`.
    convenience init(_ text: [UInt8]) {
        self.init(allocation: text.withUnsafeBufferPointer(Self.copy), count: text.count)
    }

    /// Copies `text`, such as a state on a recording's mapped line.
    convenience init(copying text: UnsafeBufferPointer<UInt8>) {
        self.init(allocation: Self.copy(text), count: text.count)
    }

    private init(allocation: UnsafeMutablePointer<UInt8>, count: Int) {
        self.allocation = allocation
        bytes = UnsafeBufferPointer(start: allocation, count: count)
        holdsPlaceholder = Self.findsPlaceholder(in: bytes)
    }

    private static func copy(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let allocation = UnsafeMutablePointer<UInt8>.allocate(capacity: max(text.count, 1))
        if let start = text.baseAddress { allocation.initialize(from: start, count: text.count) }
        return allocation
    }

    /// Writes `value` as compact JSON.
    convenience init(_ value: JSONValue) {
        var text: [UInt8] = []
        JSONTextWriter(indent: nil).write(value, to: &text, level: 0)
        self.init(text)
    }

    deinit {
        allocation.deallocate()
    }

    /// Whether `bytes` hold `"<redacted>"`. Both writers of state text (the recorder's encoder
    /// and ``JSONTextWriter``) write `<` as it is, never escaped.
    private static func findsPlaceholder(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let placeholder = JSONValue.redactionPlaceholderText
        guard let base = bytes.baseAddress else { return false }
        var start = 1
        // `<` is rare in a state, and `memchr` finds it many bytes at a time.
        while start < bytes.count, let found = memchr(base + start, Int32(UInt8(ascii: "<")), bytes.count - start) {
            let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes[offset - 1] == UInt8(ascii: "\""), offset + placeholder.count < bytes.count,
                bytes[offset + placeholder.count] == UInt8(ascii: "\""),
                memcmp(found, placeholder, placeholder.count) == 0
            {
                return true
            }
            start = offset + 1
        }
        return false
    }
}

/// What keeps the bytes of a ``RecordedRawStepChanges`` alive.
enum RawTextOwner {
    /// The recording whose mapped lines they are.
    case recording(Recording)
    /// The two texts of the states before and after the step.
    case texts(StateText, StateText)
}
