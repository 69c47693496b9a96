import Foundation

/// The second half of a large recording, indexed on another core while ``RecordingIndexer``
/// reads the first half: the index is then built in about half the time on two cores.
///
/// It takes only the lines that the indexer would index the same way whatever came before
/// them — entry lines exactly as the recorder writes them (``KnownMembers/recorderEntry(_:skippingState:)``),
/// each with the `seq` after the one before — and stops at the first other line: a header,
/// a marker, white space, a gap in `seq`, a line too long, a line of another shape, or the
/// file's last line when it has no newline. The indexer, reaching ``start``, takes these
/// lines only if the first one's `seq` follows its own last, and indexes everything from
/// ``stop`` on itself. So errors, gaps and warnings are found exactly as in one pass, and
/// the first problem in the file is still the one reported.
struct TailIndex {
    /// Where the first line taken (or looked at) starts: just after a newline.
    let start: Int
    /// Where each line taken starts.
    let lineStarts: PageBuffer<Int>
    /// One location per line taken; `lineIndex` counts from the line at ``start``.
    let steps: PageBuffer<StepLocation>
    /// Where the first line not taken starts.
    private(set) var stop: Int

    /// Indexes the lines of `buffer` from `start`, which must follow a newline, until one
    /// the indexer must see itself.
    init(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) {
        self.start = start
        stop = start
        // Room for as many lines as the shortest line the recorder writes allows; only the
        // pages written to take memory.
        let room = (buffer.count - min(start, buffer.count)) / Self.shortestEntry + 1
        lineStarts = PageBuffer(capacity: room)
        steps = PageBuffer(capacity: room)
        guard let base = buffer.baseAddress, start < buffer.count else { return }
        let count = buffer.count
        let maximumLength = JSONParser.Options().maximumLength
        var offset = start
        // Safe: `memchr` reads `count - offset` bytes from `offset`, inside the buffer.
        while offset < count, let found = memchr(base + offset, 0x0A, count - offset) {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let line = UnsafeBufferPointer(rebasing: buffer[offset..<end])
            guard line.count <= maximumLength,
                let entry = KnownMembers.recorderEntry(line, skippingState: true),
                let seq = TopLevelMembers.integer(entry.seq, in: line),
                steps.last.map({ seq == $0.seq + 1 }) ?? (seq > 0),
                let lineIndex = Int32(exactly: lineStarts.count),
                steps.append(StepLocation(seq: seq, lineIndex: lineIndex, hasState: KnownMembers.holdsState(entry.state, in: line)))
            else { break }
            _ = lineStarts.append(offset)
            offset = end + 1
        }
        stop = offset
    }

    /// Fewer bytes than any line ``KnownMembers/recorderEntry(_:skippingState:)`` accepts,
    /// with its newline: `{"seq":1,"time":"` and 24 more, `","type":"","action":0}`.
    static let shortestEntry = 48

    /// Where a second core should start indexing `buffer`: the line after its middle, or `nil`
    /// when the file is too small for a second thread to pay, or there is no second core.
    static func splitPoint(of buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard buffer.count >= minimumSplitSize, ProcessInfo.processInfo.activeProcessorCount > 1,
            let base = buffer.baseAddress
        else { return nil }
        let middle = buffer.count / 2
        // Safe: reads from the middle to the end of the buffer.
        guard let found = memchr(base + middle, 0x0A, buffer.count - middle) else { return nil }
        let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        return start < buffer.count ? start : nil
    }

    /// Below this a file is indexed on one thread: starting one costs tens of microseconds,
    /// and 8 MiB takes about a millisecond.
    static let minimumSplitSize = 8 << 20
}

/// A ``TailIndex`` being built on another thread.
final class TailIndexTask: @unchecked Sendable {
    // Unchecked Sendable: `result` is written once by the worker before it signals `done`,
    // and read only after `wait()` has seen that signal; `buffer` is not written at all.
    private let buffer: UnsafeBufferPointer<UInt8>
    /// Where the worker starts.
    let start: Int
    private var result: TailIndex?
    private let done = DispatchSemaphore(value: 0)

    /// Starts indexing `buffer` from `start` on another thread. The buffer must stay valid
    /// until ``wait()`` has returned.
    init(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) {
        self.buffer = buffer
        self.start = start
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = TailIndex(self.buffer, from: self.start)
            done.signal()
        }
    }

    /// Waits for the worker and returns what it indexed. Call it exactly once.
    func wait() -> TailIndex {
        done.wait()
        defer { result = nil }
        return result!
    }
}

