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
    private let onError: @Sendable (RecorderError) -> Void
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

    init(
        sink: any RecordingSink, capacity: Int, redactedKeys: Set<String>,
        onError: @escaping @Sendable (RecorderError) -> Void
    ) {
        self.queue = RecordQueue(capacity: capacity)
        self.sink = sink
        self.lineWriter = JSONLineWriter(redactedKeys: redactedKeys)
        self.lineEncoder = StreamingEncoder(writer: lineWriter)
        self.onError = onError
        self.sinkName = (sink as? FileRecordingSink)?.path ?? String(describing: type(of: sink))
    }

    /// Starts the writer thread.
    func start() {
        finished.enter()
        let thread = Thread { [self] in run() }
        thread.name = "redux.recorder"
        self.thread = thread
        thread.start()
    }

    /// Whether the caller is the writer thread, which must never wait for itself.
    var isWriterThread: Bool { Thread.current === thread }

    /// Waits until the writer has written everything and closed the sink.
    func waitUntilFinished() {
        finished.wait()
    }

    private func run() {
        var batchBytes: [UInt8] = []
        var busy = false
        while true {
            let batch = queue.takeAll(busy: busy)
            busy = true
            if batch.isEmpty { break }
            var barriers: [DispatchSemaphore] = []
            var entriesInBatch = 0
            var highestSeq: Int?
            for line in batch {
                switch line {
                case .barrier(let semaphore):
                    barriers.append(semaphore)
                    continue
                case .header:
                    var header: [UInt8] = []
                    encode(line, to: &header)
                    unwrittenHeader = header
                    headerBytes = header
                    continue
                case .gap(_, let dropped, _):
                    entriesInBatch += dropped
                case .entry(let seq, _, _, _, _):
                    entriesInBatch += 1
                    highestSeq = seq
                case .end(let seq, _):
                    highestSeq = max(highestSeq ?? seq, seq)
                }
                encode(line, to: &batchBytes)
            }
            write(&batchBytes, entries: entriesInBatch, highestSeq: highestSeq)
            barriers.forEach { $0.signal() }
        }
        do { try sink.close() } catch { onError(asRecorderError(error)) }
        finished.leave()
    }

    private func encode(_ line: Line, to output: inout [UInt8]) {
        do {
            try line.encode(with: lineEncoder, to: &output)
        } catch {
            let reason = String(describing: error)
            // What stands in for the line that could not be encoded depends on its kind: an
            // entry becomes a gap, the header and end marker are written without their state.
            let replacement: Line
            switch line {
            case .header(let reducer, let app, let started, _):
                onError(.encodingFailed(seq: 0, reason: reason))
                replacement = .header(reducer: reducer, app: app, started: started, initialState: nil)
            case .end(let seq, _):
                onError(.encodingFailed(seq: seq, reason: reason))
                replacement = .end(seq: seq, state: nil)
            default:
                let seq = line.seq ?? lastWrittenSeq
                onError(.encodingFailed(seq: seq, reason: reason))
                replacement = .gap(after: seq - 1, dropped: 1, reason: "encoding failed")
            }
            try? replacement.encode(with: lineWriter, to: &output)
        }
    }

    /// Writes the batch, preceded by the header and the gap marker of earlier lost entries.
    ///
    /// When the sink reports that the recording's file was removed (and it has started a new,
    /// empty one at the same path), everything written so far went with the old file: the
    /// batch is written again after the header and a gap marker for the entries up to here.
    private func write(_ batchBytes: inout [UInt8], entries: Int, highestSeq: Int?) {
        defer { batchBytes.removeAll(keepingCapacity: true) }
        guard !batchBytes.isEmpty || !unwrittenHeader.isEmpty else { return }
        for attempt in 0..<2 {
            var bytes = unwrittenHeader
            if let lost {
                let gap = Line.gap(after: lost.after, dropped: lost.count, reason: lost.reason)
                try? gap.encode(with: lineWriter, to: &bytes)
            }
            bytes.append(contentsOf: batchBytes)
            do {
                try sink.write(bytes)
                unwrittenHeader = []
                lost = nil
                isFailing = false
                if let highestSeq { lastWrittenSeq = highestSeq }
                return
            } catch RecorderError.fileRemoved(let path) where attempt == 0 {
                onError(.fileRemoved(path: path))
                // Entries 1…lastWrittenSeq were in the removed file; failed writes since then
                // (`lost`, which starts right after them) are missing too.
                let missing = lastWrittenSeq + (lost?.count ?? 0)
                lost = missing > 0 ? (0, missing, "file removed while recording") : nil
                lastWrittenSeq = 0
                unwrittenHeader = headerBytes
            } catch {
                let recorderError = asRecorderError(error)
                if !isFailing { onError(recorderError) }
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

    private func asRecorderError(_ error: any Error) -> RecorderError {
        (error as? RecorderError) ?? .writeFailed(path: sinkName, reason: String(describing: error))
    }

    private func reasonText(_ error: RecorderError) -> String {
        if case .writeFailed(_, let reason) = error { return reason }
        return error.description
    }
}
