import Foundation

/// A batch of lines that the writer and the helper take from both ends.
///
/// The lines live in memory of the batch's own, so that each thread releases a line (and the
/// state it holds) as soon as it is done with it, without touching an array both share.
final class SharedBatch<State: Encodable & Sendable, Action: Encodable & Sendable>: @unchecked Sendable {
    // Unchecked Sendable: `front` and `back` are guarded by `lock`; each line, and each
    // result, belongs to the one thread that claimed its index.
    typealias Line = RecordingLine<State, Action>

    /// What the helper did with one line, in the order it took them (from the back).
    struct Result {
        /// The line's index in the batch.
        var index: Int
        /// Where its encoded bytes are in ``helperBytes``, or `nil` when the writer must
        /// handle the line itself.
        var bytes: Range<Int>?
        /// Why the line could not be encoded, for the writer's usual handling.
        var failure: (any Error)?
        /// An encoded entry's `seq`, and whether it had a state.
        var seq = 0
        var hasState = false
    }

    private let lines: UnsafeMutablePointer<Line>
    private let lock = NSLock()
    private var front = 0
    private var back: Int
    /// The helper's lines, each ending in a newline, in the order it took them.
    private var helperBytes: [UInt8] = []
    private var results: [Result] = []
    /// The most bytes the helper holds: past it the writer does the rest, so that the
    /// batch's memory stays bounded whatever the size of the states.
    private let helperByteLimit: Int

    init(_ lines: [Line], helperByteLimit: Int) {
        self.lines = .allocate(capacity: lines.count)
        self.lines.initialize(from: lines, count: lines.count)
        back = lines.count
        self.helperByteLimit = helperByteLimit
    }

    deinit {
        // Every line is released as it is handled; this frees the memory that held them.
        lines.deallocate()
    }

    /// The next line from the front, for the writer, which must release it with
    /// ``takeLine(at:)``; `nil` once the helper's part begins.
    func claimFront() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard front < back else { return nil }
        front += 1
        return front - 1
    }

    private func claimBack() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard back > front else { return nil }
        back -= 1
        return back
    }

    /// What the helper did, moved out of the batch: only for the writer, once the helper is
    /// done (``EncodingHelper/waitUntilDone()``).
    func takeHelperWork() -> (results: [Result], bytes: [UInt8]) {
        defer {
            results = []
            helperBytes = []
        }
        return (results, helperBytes)
    }

    /// Moves the line at `index` out of the batch.
    func takeLine(at index: Int) -> Line {
        (lines + index).move()
    }

    /// The helper's side: encodes entries from the back until it meets the writer or holds
    /// ``helperByteLimit`` bytes. Encoded entries are released; anything else stays for the
    /// writer.
    func encodeFromBack(with encoder: StreamingEncoder, maximumLength: Int) {
        while helperBytes.count < helperByteLimit, let index = claimBack() {
            var result = Result(index: index)
            if case .entry(let seq, _, _, let state, _) = lines[index] {
                let start = helperBytes.count
                do {
                    try lines[index].encode(with: encoder, to: &helperBytes, maximumLength: maximumLength)
                    result.bytes = start..<helperBytes.count
                    result.seq = seq
                    result.hasState = state != nil
                    (lines + index).deinitialize(count: 1)
                } catch {
                    result.failure = error
                }
            }
            results.append(result)
        }
    }
}
