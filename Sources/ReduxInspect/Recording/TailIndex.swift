import Foundation

/// The second half of a large recording, indexed on another core while ``RecordingIndexer``
/// reads the first half: the index is then built in about half the time on two cores.
///
/// It takes only the lines that the indexer would index the same way whatever came before
/// them: an entry line exactly as the recorder writes it
/// (``KnownMembers/recorderEntry(_:skippingState:)``), right after another such line, with
/// the `seq` after that one's. Every other line — the first after the split, a header, a
/// marker, white space, a line with a jump in `seq` or one too long or of another shape, the
/// file's last line when it has no newline — it leaves to the indexer. The lines it takes come
/// in ``Run``s, each starting right after a line left to the indexer; the indexer, reaching a
/// run, takes it only if its first `seq` follows on from the step it has just indexed. So
/// errors, gaps and warnings are found exactly as in one pass, and the first problem in the
/// file is still the one reported.
struct TailIndex {
    /// Consecutive lines taken, each with the `seq` after the one before.
    struct Run {
        /// Where the first line starts.
        var start: Int
        /// Where the line after the last one starts.
        var end: Int
        /// Where its lines are in ``TailIndex/lineStarts`` and ``TailIndex/steps``.
        var lines: Range<Int>
    }

    /// Where each line taken starts.
    let lineStarts: PageBuffer<Int>
    /// One location per line taken, its `lineIndex` left for the indexer to fill in.
    let steps: PageBuffer<StepLocation>
    /// The runs of lines taken, in file order.
    private(set) var runs: [Run] = []

    /// Indexes the lines of `buffer` from `start`, which must follow a newline, until the
    /// end or until `stop` says to give up.
    init(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, stop: TailIndexTask.StopFlag? = nil) {
        // Room for as many lines as the shortest line the recorder writes allows; only the
        // pages written to take memory.
        let room = (buffer.count - min(start, buffer.count)) / Self.shortestEntry + 1
        lineStarts = PageBuffer(capacity: room)
        steps = PageBuffer(capacity: room)
        let maximumLength = JSONParser.Options().maximumLength
        // The `seq` of the line before, when it is one of the recorder's entries.
        var previousSeq: Int?
        var runStart: Int?
        var offset = start
        var linesLooked = 0
        while let end = buffer.newline(from: offset) {
            linesLooked &+= 1
            if linesLooked & 4095 == 0, stop?.isSet == true { break }
            let line = UnsafeBufferPointer(rebasing: buffer[offset..<end])
            var seq: Int?
            if line.count <= maximumLength, let entry = KnownMembers.recorderEntry(line, skippingState: true) {
                seq = TopLevelMembers.integer(entry.seq, in: line)
                if let seq, let before = previousSeq, seq == before + 1,
                    steps.append(
                        StepLocation(
                            seq: seq, lineIndex: 0, hasState: KnownMembers.holdsState(entry.state, in: line),
                            checkedActionStart: entry.checkedActionStart, checkedStateStart: entry.checkedStateStart))
                {
                    _ = lineStarts.append(offset)
                    if runStart == nil { runStart = steps.count - 1 }
                    offset = end + 1
                    previousSeq = seq
                    continue
                }
            }
            // Left to the indexer: the run so far ends here.
            closeRun(&runStart, before: offset)
            previousSeq = seq
            offset = end + 1
        }
        closeRun(&runStart, before: offset)
    }

    /// Ends the run whose first line is step `runStart`, if any, at the line starting at `next`.
    private mutating func closeRun(_ runStart: inout Int?, before next: Int) {
        guard let first = runStart else { return }
        runs.append(Run(start: lineStarts.elements[first], end: next, lines: first..<steps.count))
        runStart = nil
    }

    /// Fewer bytes than any line ``KnownMembers/recorderEntry(_:skippingState:)`` accepts,
    /// with its newline: `{"seq":1,"time":"` and 24 more, `","type":"","action":0}`.
    static let shortestEntry = 48

    /// Where a second core should start indexing `buffer`: the line after its middle, or `nil`
    /// when the file is too small for a second thread to pay, or there is no second core.
    static func splitPoint(of buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard buffer.count >= minimumSplitSize, ProcessInfo.processInfo.activeProcessorCount > 1,
            let newline = buffer.newline(from: buffer.count / 2)
        else { return nil }
        return newline + 1 < buffer.count ? newline + 1 : nil
    }

    /// Below this a file is indexed on one thread: starting one costs tens of microseconds,
    /// and 8 MiB takes about a millisecond.
    static let minimumSplitSize = 8 << 20
}

/// A ``TailIndex`` being built on another thread.
final class TailIndexTask: @unchecked Sendable {
    // Unchecked Sendable: `result` is written once by the worker before its work item ends,
    // and read only after `wait()` has waited for that; `buffer` is not written at all.
    private let buffer: UnsafeBufferPointer<UInt8>
    /// Where the worker starts.
    let start: Int
    private var result: TailIndex?
    private var work: DispatchWorkItem?
    private let stopFlag = StopFlag()

    /// Tells a worker to give up: the indexer found an error and will not take its lines.
    final class StopFlag: @unchecked Sendable {
        // Unchecked Sendable: `set` is read and written under `lock`.
        private let lock = NSLock()
        private var set = false

        /// Whether the worker should stop; it looks every few thousand lines.
        var isSet: Bool { lock.withLock { set } }

        /// Asks the worker to stop.
        func raise() { lock.withLock { set = true } }
    }

    /// Starts indexing `buffer` from `start` on another thread. The buffer must stay valid
    /// until ``wait()`` or ``cancel()`` has returned.
    init(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) {
        self.buffer = buffer
        self.start = start
        // Waiting on a work item lends the waiter's priority to it, which a semaphore does not.
        let work = DispatchWorkItem(flags: .inheritQoS) { [self] in
            result = TailIndex(self.buffer, from: self.start, stop: stopFlag)
        }
        self.work = work
        DispatchQueue.global().async(execute: work)
    }

    /// Waits for the worker and returns what it indexed. Call it once, and not after
    /// ``cancel()``.
    func wait() -> TailIndex {
        work?.wait()
        work = nil
        defer { result = nil }
        return result!
    }

    /// Tells the worker to stop and waits until it no longer reads the buffer.
    func cancel() {
        stopFlag.raise()
        work?.wait()
        work = nil
        result = nil
    }
}
