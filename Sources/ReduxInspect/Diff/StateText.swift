import Foundation

/// A state as JSON text, in memory that stays where it is as long as this object lives: what
/// a replayed state is diffed from (``StateTextDiffer``), and what the raw views of it
/// (``RawJSON``) and the changes found in it point into.
final class StateText: @unchecked Sendable {
    // Unchecked Sendable: the bytes are immutable after `init`.
    /// The text, UTF-8.
    let bytes: UnsafeBufferPointer<UInt8>
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
}

/// What keeps the bytes of a ``RecordedRawStepChanges`` alive.
enum RawTextOwner {
    /// The recording whose mapped lines they are.
    case recording(Recording)
    /// The two texts of the states before and after the step.
    case texts(StateText, StateText)
}
