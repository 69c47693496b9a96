import Foundation

extension Recording {
    /// Whether the recording holds the state after step `index` (`-1`: the initial state in
    /// the header): in the step's entry, or in the `end` marker closing the last step.
    func holdsState(after index: Int) -> Bool {
        if index < 0 { return header?.initialState != nil }
        return steps[index].hasState || endMarkerHoldsState(after: index)
    }

    /// Whether the state recorded after step `index` may hold the recorder's placeholder for a
    /// redacted value in a recording that does not hold every state: it is then compared with
    /// the replay's values in place of its placeholders (``Timeline/comparedState(after:)``),
    /// as the replayed states around it are made, and as the recorded states next to it are
    /// too, so that no step compares one way with the other.
    ///
    /// Read from the bytes, on any thread: `true` may still be wrong (the word in another
    /// string, or past the state on a line of another shape), for the parsed state to settle.
    func mayCompareReplayedValues(after index: Int) -> Bool {
        guard index >= 0, !holdsEveryState, holdsState(after: index) else { return false }
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

    private static let placeholderWord: [UInt8] = Array("redacted".utf8)

    /// Whether the `end` marker's line holds the placeholder's word.
    private var endMayHoldPlaceholder: Bool {
        guard let line = endLineIndex else { return false }
        return Self.mayHoldPlaceholder(lineBytes(line))
    }
}
