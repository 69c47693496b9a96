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

    /// Ends the helper's thread, if it was started: woken without a batch (``waitUntilDone()``
    /// took the last one away), it returns.
    func stop() {
        guard isStarted else { return }
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
