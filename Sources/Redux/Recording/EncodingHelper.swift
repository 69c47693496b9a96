import Foundation

/// A second thread that encodes entries for the writer while the writer falls behind.
///
/// When the app dispatches faster than one thread can encode (the writer takes a large batch
/// off a full queue), the writer hands the batch to a ``SharedBatch``: it encodes lines from the
/// front, in order, while the helper encodes entries from the back into a buffer of its own;
/// they meet where the work runs out. The writer then takes the helper's lines in order, as
/// if it had encoded them itself. The helper only encodes: whatever it cannot encode (a
/// marker, an entry whose encoding fails) it leaves to the writer, which handles it exactly
/// as when it works alone, so the file and the errors reported are the same either way.
final class EncodingHelper<State: Encodable & Sendable, Action: Encodable & Sendable>: @unchecked Sendable {
    // Unchecked Sendable: `batch` is set by the writer before it signals `work` and read by
    // the helper after; `isStarted` is the writer's; the encoder is the helper thread's alone.
    typealias Line = RecordingLine<State, Action>

    private let encoder: StreamingEncoder
    private let maximumLineLength: Int
    private let work = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var batch: SharedBatch<State, Action>?
    /// Made with the helper and started with the first batch; a constant, so that any thread
    /// may ask whether it is this one (``isHelperThread``).
    private let thread: Thread
    private var isStarted = false

    /// Creates a helper; its thread starts with the first batch.
    init(writer: JSONLineWriter, maximumLineLength: Int) {
        self.encoder = StreamingEncoder(writer: writer, maximumDepth: RecordingFormat.maximumDepth)
        self.maximumLineLength = maximumLineLength
        let holder = WeakHelper<State, Action>()
        // Weak until the thread runs: a thread never started would otherwise keep the helper.
        thread = Thread { holder.helper?.run() }
        thread.name = "redux.recorder.helper"
        // Room for values nested as deep as a line may be, as on the writer thread.
        thread.stackSize = RecordWriter<State, Action>.threadStackSize
        holder.helper = self
    }

    /// Whether the caller is the helper thread. A line it releases may hold the app's last
    /// reference to the recorder, whose `deinit` then closes it on this thread: like the
    /// writer, the helper must never wait for the writer, which waits for it.
    var isHelperThread: Bool { Thread.current === thread }

    /// Starts helping with `batch`; ``waitUntilDone()`` returns once the helper has stopped
    /// taking its lines.
    func help(with batch: SharedBatch<State, Action>) {
        if !isStarted {
            isStarted = true
            thread.start()
        }
        self.batch = batch
        work.signal()
    }

    /// Waits until the helper has stopped working on the batch it was given, and returns
    /// what it did: only then may the writer read it.
    func waitUntilDone() -> (results: [SharedBatch<State, Action>.Result], bytes: [UInt8]) {
        done.wait()
        defer { batch = nil }
        return batch?.takeHelperWork() ?? ([], [])
    }

    /// Ends the helper's thread, if it was started.
    func stop() {
        guard isStarted else { return }
        batch = nil
        work.signal()
    }

    fileprivate func run() {
        while true {
            work.wait()
            guard let batch else { return }
            batch.encodeFromBack(with: encoder, maximumLength: maximumLineLength)
            encoder.bytes.releaseCapacity(above: RecordWriter<State, Action>.keptBatchCapacity)
            done.signal()
        }
    }
}

/// The helper, for its thread's closure, which must not keep a helper whose thread never
/// started.
private final class WeakHelper<State: Encodable & Sendable, Action: Encodable & Sendable>: @unchecked Sendable {
    // Unchecked Sendable: set once, before the thread can start.
    weak var helper: EncodingHelper<State, Action>?
}

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

    let count: Int
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
        count = lines.count
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
    fileprivate func takeHelperWork() -> (results: [Result], bytes: [UInt8]) {
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
