import Foundation
import Redux

extension Recording {
    /// Whether the recording holds the state after step `index` (`-1`: the initial state in
    /// the header): in the step's entry, or in the `end` marker closing the last step.
    func holdsState(after index: Int) -> Bool {
        if index < 0 { return header?.initialState != nil }
        return steps[index].hasState || endMarkerHoldsState(after: index)
    }

    /// Whether the state recorded after step `index` may hold the recorder's placeholder for a
    /// redacted value next to a replayed state: the step's own entry holds no state (the
    /// `end` marker's is the step's), or the entry of a step next to it holds none. It is then
    /// compared with the replay's values in place of its placeholders
    /// (``Timeline/comparedState(after:)``), as the replayed states beside it are made.
    ///
    /// Only there: a recorded state further from a replayed one is compared as written, as
    /// between two recorded states, and needs no replay, which for a state with stand-ins
    /// goes back through every such state before it.
    ///
    /// Read from the bytes, on any thread: `true` may still be wrong (the word in another
    /// string, or past the state on a line of another shape), for the parsed state to settle.
    func mayCompareReplayedValues(after index: Int) -> Bool {
        guard index >= 0, !holdsEveryState, holdsState(after: index),
            !steps[index].hasState || (index > 0 && !steps[index - 1].hasState)
                || (index + 1 < steps.count && !steps[index + 1].hasState)
        else { return false }
        if steps[index].hasState {
            // A line the index cannot read the state of: its entry says.
            guard let bytes = recordedStateBytes(at: index) else { return true }
            return Self.mayHoldPlaceholder(bytes)
        }
        return endMayHoldPlaceholder
    }

    /// Whether `bytes` hold the word of the recorder's placeholder, `redacted`, which a
    /// placeholder written with its `<` or `>` escaped holds too.
    static func mayHoldPlaceholder(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let word = Self.placeholderWord
        guard let base = bytes.baseAddress, bytes.count >= word.count else { return false }
        // `c`, the word's fifth letter, is found many bytes at a time by `memchr`.
        var from = 4
        let last = bytes.count - (word.count - 4)
        while from <= last, let found = memchr(base + from, Int32(UInt8(ascii: "c")), last + 1 - from) {
            let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + offset - 4, word, word.count) == 0 { return true }
            from = offset + 1
        }
        return false
    }

    /// The word inside the recorder's placeholder, `<redacted>`.
    private static let placeholderWord: [UInt8] = Array(
        RecordingEncoder.redactedPlaceholder.utf8.dropFirst().dropLast())

    /// Whether the `end` marker's line holds the placeholder's word.
    private var endMayHoldPlaceholder: Bool {
        guard let line = endLineIndex else { return false }
        return Self.mayHoldPlaceholder(lineBytes(line))
    }
}
