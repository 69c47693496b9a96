import Foundation

/// The recorder's background side: takes queued lines in batches, encodes them, writes each
/// batch to the sink in one call, and turns lost entries into `gap` markers.
final class RecordWriter<State: Encodable & Sendable, Action: Encodable & Sendable>: @unchecked Sendable {
    // Unchecked Sendable: after `init`, all mutable state is touched only by the writer thread.
    typealias Line = RecordingLine<State, Action>

    let queue: RecordQueue<Line>
    private let sink: any RecordingSink
    private let lineWriter: JSONLineWriter
    /// Kept from line to line: its buffers and caches (action names) outlive a line.
    private let lineEncoder: StreamingEncoder
    /// Encodes part of a large batch while this thread encodes the rest; `nil` when the
    /// recorder encodes on one thread only.
    private let helper: EncodingHelper<State, Action>?
    /// Where errors go: to the app's handler, which the writer never waits for.
    let errors: RecorderErrorReports
    private let sinkName: String
    private let finished = DispatchGroup()
    /// Weak: the thread's closure holds the writer while it runs, so a strong reference here
    /// was a cycle that kept every recorder's writer, queue, encoder and sink after `close()`.
    /// The running thread keeps its `Thread` alive; once it has finished this is `nil`.
    private weak var thread: Thread?
    /// The header, kept until a write of it succeeds: without it the file would not say
    /// what it is.
    private var unwrittenHeader: [UInt8] = []
    /// The header as encoded, to start a new file with when the recording's file is removed.
    private var headerBytes: [UInt8] = []
    /// The highest `seq` written to the current file.
    private var lastWrittenSeq = 0
    /// Whether the last write failed: errors are reported once per run of failures.
    private var isFailing = false
    /// Entries lost to failed writes since the last successful one.
    private var lost: (after: Int, count: Int, reason: String)?
    /// The lines encoded and not yet written, with what they hold.
    private var batch = PendingBatch()
    /// Flushes waiting for the lines encoded so far to be written.
    private var barriers: [DispatchSemaphore] = []
    /// The longest line the writer writes, without its newline.
    private let maximumLineLength: Int
    /// Whether the last line that had a state to record was written without it: such
    /// failures are reported once per run.
    private var isLeavingOutStates = false
    /// Whether the last entry became a gap because its action could not be written: such
    /// failures are reported once per run.
    private var isFailingActions = false
    /// Set from another thread by ``stopAtExit(waitingAtMost:)``: the process is exiting
    /// before the writer has caught up.
    private let stopping = NSLock()
    private var stopRequested = false
    /// Signalled once the writer has stopped for ``stopAtExit(waitingAtMost:)``.
    private let stopped = DispatchSemaphore(value: 0)
    /// Once a stop is asked: the entries of the lines taken since, counted, not encoded.
    private var entriesLeft: Int?

    /// Bytes of encoded lines after which a batch is written without waiting for the rest of
    /// the queue: the writer's memory then stays near this whatever the size of the states.
    static var batchByteLimit: Int { 2 << 20 }
    /// The most buffer capacity kept from one batch to the next; a larger buffer (grown for a
    /// huge line) is given back.
    static var keptBatchCapacity: Int { 4 << 20 }

    init(
        sink: any RecordingSink, capacity: Int, redactedKeys: Set<String>,
        maximumLineLength: Int = RecordingFormat.maximumLineLength, encodingThreads: Int = 1,
        onError: @escaping @Sendable (RecorderError) -> Void
    ) {
        self.maximumLineLength = maximumLineLength
        self.queue = RecordQueue(capacity: capacity)
        self.sink = sink
        self.lineWriter = JSONLineWriter(redactedKeys: redactedKeys)
        self.lineEncoder = StreamingEncoder(writer: lineWriter, maximumDepth: RecordingFormat.maximumDepth)
        // On one core a helper could only take turns with the writer.
        self.helper =
            encodingThreads >= 2 && ProcessInfo.processInfo.activeProcessorCount > 1
            ? EncodingHelper(writer: lineWriter, maximumLineLength: maximumLineLength) : nil
        self.errors = RecorderErrorReports(handler: onError)
        self.sinkName = (sink as? FileRecordingSink)?.path ?? String(describing: type(of: sink))
    }

    /// The writer thread's stack: room for encoding values nested as deep as a line may be,
    /// wrappers included (``LineTooDeep/maximumNesting(forDepth:)``), in a debug build too;
    /// a secondary thread's default is 512 KiB on macOS. Only the pages used take memory.
    static var threadStackSize: Int { 16 << 20 }

    /// Starts the writer thread.
    func start() {
        finished.enter()
        let thread = Thread { [self] in run() }
        thread.name = "redux.recorder"
        thread.stackSize = Self.threadStackSize
        self.thread = thread
        thread.start()
    }

    /// Whether the caller is the writer thread, which must never wait for itself, or its
    /// helper, which the writer waits for.
    var isWriterThread: Bool { Thread.current === thread || helper?.isHelperThread == true }

    /// Waits until the writer has written everything and closed the sink.
    func waitUntilFinished() {
        finished.wait()
    }

    private func run() {
        var busy = false
        while true {
            var (lines, wasFull) = queue.takeAll(busy: busy)
            busy = true
            if isStopRequested { entriesLeft = entriesLeft ?? 0 }
            if lines.isEmpty && entriesLeft == nil { break }
            // Only while the app waits for room in the queue (or drops entries): at any other
            // time the helper would take a core from the app.
            if let helper, wasFull, lines.count >= Self.sharedBatchMinimum {
                takeShared(&lines, with: helper)
            } else {
                takeAlone(&lines)
            }
            writeBatch()
            if entriesLeft != nil {
                // What was taken and not encoded, and what is still queued.
                for line in queue.finishTakingRest() { take(line) }
                stop()
                break
            }
        }
        helper?.stop()
        do { try sink.close() } catch { errors.report(asRecorderError(error)) }
        finished.leave()
    }

    /// The fewest lines, taken from a full queue, for which the helper is asked to help:
    /// with fewer, waking it costs more than it saves.
    static var sharedBatchMinimum: Int { 64 }

    /// Encodes and writes `lines` on this thread alone, emptying it.
    private func takeAlone(_ lines: inout [Line]) {
        // Taken from the end, so that each line (and the state it holds) is released once
        // it is encoded rather than when the whole batch is.
        lines.reverse()
        while let line = lines.popLast() { take(line) }
    }

    /// Whether ``stopAtExit(waitingAtMost:)`` has asked the writer to stop.
    private var isStopRequested: Bool {
        stopping.withLock { stopRequested }
    }

    /// Asks the writer, which has not written everything queued by the time the process
    /// exits, to stop after the lines it has encoded and write a `gap` marker for the entries
    /// it leaves (without one the recording would seem whole, only shorter), and waits at
    /// most `seconds` for that. Called by the `atexit` handler, once its wait has run out.
    func stopAtExit(waitingAtMost seconds: Double) {
        stopping.withLock { stopRequested = true }
        // A writer waiting for lines takes the queue's end for its own, and stops.
        queue.wake()
        _ = stopped.wait(timeout: .now() + seconds)
    }

    /// Counts, instead of encoding, the entries of a line taken once a stop is asked (and
    /// lets a flush go); `false` when the line is to be encoded. Asked for every line, as a
    /// line of a large state takes long to encode.
    private func countsInsteadOfEncoding(_ line: Line) -> Bool {
        if entriesLeft == nil {
            guard isStopRequested else { return false }
            entriesLeft = 0
        }
        switch line {
        case .entry: entriesLeft? += 1
        case .gap(_, let dropped, _): entriesLeft? += dropped
        case .barrier(let semaphore): semaphore.signal()
        case .header, .end: break
        }
        return true
    }

    /// Writes a `gap` marker for the entries counted since a stop was asked, which the writer
    /// leaves unwritten as the process exits.
    private func stop() {
        defer { stopped.signal() }
        guard let left = entriesLeft, left > 0 else { return }
        let reason = "the process exited before they were written"
        lost = (lost?.after ?? lastWrittenSeq, (lost?.count ?? 0) + left, lost.map { "\($0.reason); then \(reason)" } ?? reason)
        do {
            try sink.write(unwrittenPrefix())
            lost = nil
        } catch {
            errors.report(asRecorderError(error))
        }
    }

    /// Encodes `lines` with the helper, which takes entries from the back while this thread
    /// takes lines from the front, then writes the helper's lines in order. Empties `lines`:
    /// the batch holds them, and each is released once it is encoded.
    private func takeShared(_ lines: inout [Line], with helper: EncodingHelper<State, Action>) {
        let shared = SharedBatch(lines, helperByteLimit: Self.batchByteLimit)
        lines.removeAll()
        helper.help(with: shared)
        while let index = shared.claimFront() { take(shared.takeLine(at: index)) }
        let (results, helperBytes) = helper.waitUntilDone()
        // `results` runs from the back.
        for result in results.reversed() {
            if let bytes = result.bytes {
                takeEncoded(helperBytes[bytes], seq: result.seq, hasState: result.hasState)
            } else {
                take(shared.takeLine(at: result.index), failure: result.failure)
            }
        }
    }

    /// Handles one line: a barrier or header is kept for the batch's write; anything else is
    /// encoded (or, when `failure` says it could not be, what stands in for it) into the batch.
    private func take(_ line: Line, failure: (any Error)? = nil) {
        if countsInsteadOfEncoding(line) { return }
        switch line {
        case .barrier(let semaphore):
            barriers.append(semaphore)
            return
        case .header:
            var header: [UInt8] = []
            encode(line, to: &header)
            unwrittenHeader = header
            headerBytes = header
            return
        case .gap(_, let dropped, _):
            batch.entries += dropped
        case .entry(let seq, _, _, _, _):
            batch.entries += 1
            batch.highestSeq = seq
        case .end(let seq, _):
            batch.highestSeq = max(batch.highestSeq ?? seq, seq)
            batch.endSeq = seq
        }
        let start = batch.bytes.count
        if let failure {
            recover(line, from: failure, to: &batch.bytes)
        } else {
            encode(line, to: &batch.bytes)
        }
        if case .end = line { batch.endLine = start..<batch.bytes.count }
        writeBatchIfFull()
    }

    /// Adds an entry the helper encoded to the batch, as ``take(_:failure:)`` adds one
    /// encoded here.
    private func takeEncoded(_ bytes: ArraySlice<UInt8>, seq: Int, hasState: Bool) {
        if entriesLeft != nil || isStopRequested {
            entriesLeft = (entriesLeft ?? 0) + 1
            return
        }
        batch.entries += 1
        batch.highestSeq = seq
        noteEncoded(hasState: hasState, inRun: true, isEntry: true)
        batch.bytes.append(contentsOf: bytes)
        writeBatchIfFull()
    }

    /// Writes the batch once it holds ``batchByteLimit`` bytes: bounded in bytes, not only in
    /// lines, as a queue of large states encoded whole took gigabytes.
    private func writeBatchIfFull() {
        if batch.bytes.count >= Self.batchByteLimit { writeBatch() }
    }

    /// Writes the lines encoded so far, signals the flushes waiting for them, and trims the
    /// buffer back to a modest size.
    private func writeBatch() {
        write(&batch.bytes, entries: batch.entries, highestSeq: batch.highestSeq)
        if lost != nil, let endSeq = batch.endSeq { writeEnd(after: batch, seq: endSeq) }
        if batch.bytes.capacity > Self.keptBatchCapacity {
            batch.bytes = []
        } else {
            batch.bytes.removeAll(keepingCapacity: true)
        }
        batch.entries = 0
        batch.highestSeq = nil
        batch.endSeq = nil
        batch.endLine = nil
        lineEncoder.bytes.releaseCapacity(above: Self.keptBatchCapacity)
        for barrier in barriers { barrier.signal() }
        barriers.removeAll()
    }

    /// Appends `line`, or what stands in for it when it cannot be written whole.
    ///
    /// A line whose state cannot be encoded, or would make it longer than the inspector reads,
    /// is written without its state: an entry's action is what a replay needs. Only an entry
    /// whose action cannot be written becomes a `gap` marker.
    private func encode(_ line: Line, to output: inout [UInt8]) {
        do {
            try line.encode(with: lineEncoder, to: &output, maximumLength: maximumLineLength)
            let (hasState, _, inRun) = Self.facts(of: line)
            noteEncoded(hasState: hasState, inRun: inRun, isEntry: line.seq != nil)
        } catch {
            recover(line, from: error, to: &output)
        }
    }

    /// Whether `line` holds a state, the `seq` a failure to write its state is reported for,
    /// and whether such failures are reported once per run of lines. The header is reported
    /// on its own: a replay without the initial state starts elsewhere, which the report
    /// about later lines would not say.
    private static func facts(of line: Line) -> (hasState: Bool, stateSeq: Int, inRun: Bool) {
        switch line {
        case .header(_, _, _, let initialState): (initialState != nil, 0, false)
        case .entry(let seq, _, _, let state, _): (state != nil, seq, true)
        case .end(let seq, let state): (state != nil, seq, true)
        case .gap, .barrier: (false, 0, false)
        }
    }

    /// Ends the runs of failures that a line written whole ends.
    private func noteEncoded(hasState: Bool, inRun: Bool, isEntry: Bool) {
        if hasState && inRun { isLeavingOutStates = false }
        if isEntry { isFailingActions = false }
    }

    /// Appends what stands in for `line`, whose encoding failed with `error`: the line without
    /// its state, or a `gap` marker; and reports the failure.
    private func recover(_ line: Line, from error: any Error, to output: inout [UInt8]) {
        let (hasState, stateSeq, inRun) = Self.facts(of: line)
        var failure = error
        if hasState, let withoutState = Self.withoutState(line) {
            do {
                try withoutState.encode(with: lineEncoder, to: &output, maximumLength: maximumLineLength)
                // Once per run of lines without their state: one unencodable value in a state
                // that every entry carries would otherwise report every entry.
                if !(isLeavingOutStates && inRun) {
                    if let tooLong = failure as? LineTooLong {
                        errors.report(.lineTooLong(seq: stateSeq, length: tooLong.length, limit: tooLong.limit))
                    } else {
                        errors.report(.stateEncodingFailed(seq: stateSeq, reason: String(describing: failure)))
                    }
                }
                if inRun { isLeavingOutStates = true }
                if line.seq != nil { isFailingActions = false }
                return
            } catch {
                // The state was not the (only) trouble: the action cannot be written either.
                failure = error
            }
        }
        let reason: String
        let gapReason: String
        if let tooLong = failure as? LineTooLong {
            reason =
                "the line would be \(tooLong.length) bytes without a state, more than the \(tooLong.limit) a line may hold"
            gapReason = "line too long"
        } else {
            reason = String(describing: failure)
            gapReason = "encoding failed"
        }
        // Only an entry gets this far in practice (a header or marker without its state is a
        // few short fields); anything else is reported and left out.
        guard let seq = line.seq else {
            errors.report(.encodingFailed(seq: stateSeq, reason: reason))
            return
        }
        if !isFailingActions { errors.report(.encodingFailed(seq: seq, reason: reason)) }
        isFailingActions = true
        try? Line.gap(after: seq - 1, dropped: 1, reason: gapReason).encode(with: lineWriter, to: &output)
    }

    /// `line` without its state; made only when a line has failed, to keep the usual path free
    /// of copies.
    private static func withoutState(_ line: Line) -> Line? {
        switch line {
        case .header(let reducer, let app, let started, _):
            .header(reducer: reducer, app: app, started: started, initialState: nil)
        case .entry(let seq, let time, let action, _, let microseconds):
            .entry(seq: seq, time: time, action: action, state: nil, microseconds: microseconds)
        case .end(let seq, _): .end(seq: seq, state: nil)
        case .gap, .barrier: nil
        }
    }

    /// Writes the batch, preceded by the header and the gap marker of earlier lost entries.
    ///
    /// When the sink reports that the recording's file was removed (and it has started a new,
    /// empty one at the same path), everything written so far went with the old file: the
    /// batch is written again after the header and a gap marker for the entries up to here.
    private func write(_ batchBytes: inout [UInt8], entries: Int, highestSeq: Int?) {
        guard !batchBytes.isEmpty || !unwrittenHeader.isEmpty else { return }
        for attempt in 0..<2 {
            let prefix = unwrittenPrefix()
            // Put in front of the batch in place (rarely: the first batch, or after a failure)
            // rather than copying the batch after it; taken off again if the batch is retried.
            if !prefix.isEmpty { batchBytes.insert(contentsOf: prefix, at: 0) }
            defer { batchBytes.removeFirst(prefix.count) }
            do {
                try sink.write(batchBytes)
                unwrittenHeader = []
                lost = nil
                isFailing = false
                if let highestSeq { lastWrittenSeq = highestSeq }
                return
            } catch RecorderError.fileRemoved(let path) where attempt == 0 {
                errors.report(.fileRemoved(path: path))
                // Entries 1…lastWrittenSeq were in the removed file; failed writes since then
                // (`lost`, which starts right after them) are missing too.
                let missing = lastWrittenSeq + (lost?.count ?? 0)
                lost = missing > 0 ? (0, missing, "file removed while recording") : nil
                lastWrittenSeq = 0
                unwrittenHeader = headerBytes
            } catch {
                let recorderError = asRecorderError(error)
                if !isFailing { errors.report(recorderError) }
                isFailing = true
                // A batch without entries (only the header, say, which is kept and written
                // again) loses no entry: a gap marker for it would claim `dropped: 0`.
                let count = (lost?.count ?? 0) + entries
                if count > 0 {
                    lost = (lost?.after ?? lastWrittenSeq, count, "write failed: \(reasonText(recorderError))")
                }
                return
            }
        }
    }

    /// What goes before the next lines written: the header, until it is written, and the gap
    /// marker of the entries lost to failed writes since the last one that worked.
    private func unwrittenPrefix() -> [UInt8] {
        var prefix = unwrittenHeader
        if let lost {
            try? Line.gap(after: lost.after, dropped: lost.count, reason: lost.reason).encode(with: lineWriter, to: &prefix)
        }
        return prefix
    }

    /// After the last batch failed to be written (a disk still full when the recorder is
    /// closed), writes what is much smaller and says the most: the gap marker for the entries
    /// lost, then the end line, with its state if it fits, else without it; else the gap marker
    /// alone. Otherwise the file would end at the last entry written, as if none were missing.
    private func writeEnd(after failed: PendingBatch, seq: Int) {
        var stateless: [UInt8] = []
        try? Line.end(seq: seq, state: nil).encode(with: lineWriter, to: &stateless)
        var tails: [[UInt8]] = []
        if let range = failed.endLine, failed.bytes[range].elementsEqual(stateless) == false {
            tails.append(Array(failed.bytes[range]))
        }
        tails += [stateless, []]
        for tail in tails {
            guard lost != nil else { return }
            let bytes = unwrittenPrefix() + tail
            do {
                try sink.write(bytes)
                unwrittenHeader = []
                self.lost = nil
                lastWrittenSeq = seq
            } catch {
                // The next, smaller, may fit.
            }
        }
    }

    private func asRecorderError(_ error: any Error) -> RecorderError {
        (error as? RecorderError) ?? .writeFailed(path: sinkName, reason: String(describing: error))
    }

    private func reasonText(_ error: RecorderError) -> String {
        if case .writeFailed(_, let reason) = error { return reason }
        return error.description
    }
}

/// The lines the writer has encoded and not yet written.
private struct PendingBatch {
    /// The lines, each ending in a newline.
    var bytes: [UInt8] = []
    /// How many entries the lines stand for (a gap marker stands for its count), should the
    /// write fail.
    var entries = 0
    /// The highest `seq` among the lines.
    var highestSeq: Int?
    /// The `seq` of the end line among them, if it is there: the recorder is being closed.
    var endSeq: Int?
    /// Where the end line's bytes are, among ``bytes``.
    var endLine: Range<Int>?
}
