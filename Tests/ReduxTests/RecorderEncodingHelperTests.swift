import Foundation
import Testing

@testable import Redux

/// Which threads encoded which states, in order: filled by ``HelperProbeState/encode(to:)``.
///
/// The writer encodes the first state (the header's initial state). With `holdsWriter`, the
/// writer waits at its second state until another thread (the helper) has encoded one: the
/// helper then takes every line from the back up to there, however the threads are scheduled.
private final class HelperEncodingLog: @unchecked Sendable {
    // Unchecked Sendable: `encoded` is guarded by its lock.
    let encoded = LockedBox<[(thread: ObjectIdentifier, label: String)]>([])
    let holdsWriter: Bool
    /// How long the writer waits for the helper at most.
    let holdTime: TimeInterval

    init(holdsWriter: Bool, holdTime: TimeInterval) {
        self.holdsWriter = holdsWriter
        self.holdTime = holdTime
    }

    func note(_ label: String) {
        let thread = ObjectIdentifier(Thread.current)
        let waits = encoded.withLock { encoded in
            encoded.append((thread, label))
            return holdsWriter && encoded.first?.thread == thread && encoded.count == 2
        }
        guard waits else { return }
        let deadline = Date(timeIntervalSinceNow: holdTime)
        while labelsNotEncodedByTheWriter.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
    }

    /// The labels of the states encoded on another thread than the first state.
    var labelsNotEncodedByTheWriter: Set<String> {
        let encoded = encoded.value
        guard let writer = encoded.first?.thread else { return [] }
        return Set(encoded.filter { $0.thread != writer }.map(\.label))
    }
}

/// A state that says which thread encodes it, and can be made to fail in each way a line can.
private struct HelperProbeState: Encodable, Sendable {
    let log: HelperEncodingLog
    /// NaN makes the state unencodable.
    var reading = 0.0
    var label = "start"
    /// Grows the line past the test's line limit.
    var items: [String] = []
    var password = "hunter2"
    /// Makes each state large, for the helper's byte limit.
    var padding = ""

    enum CodingKeys: String, CodingKey {
        case reading, label, items, password, padding
    }

    func encode(to encoder: any Encoder) throws {
        log.note(label)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reading, forKey: .reading)
        try container.encode(label, forKey: .label)
        try container.encode(items, forKey: .items)
        try container.encode(password, forKey: .password)
        try container.encode(padding, forKey: .padding)
    }
}

private enum HelperProbeAction: Encodable, Sendable {
    case label(String)
    /// The reading becomes NaN: the state after it cannot be encoded.
    case fail
    case read(Double)
    /// An action that cannot be encoded when its value is NaN: its entry becomes a gap.
    case measure(Double)
    /// Adds items, each of the given length: past the line limit, states are left out.
    case grow(count: Int, length: Int)
    case shrink
    case pad(Int)
    case signIn(password: String)
}

private let helperProbeReducer = Reducer<HelperProbeState, HelperProbeAction> { state, action in
    switch action {
    case .label(let text): state.label = text
    case .fail: state.reading = .nan
    case .read(let value): state.reading = value
    case .measure: break
    case .grow(let count, let length): state.items += Array(repeating: String(repeating: "x", count: length), count: count)
    case .shrink: state.items.removeAll()
    case .pad(let length): state.padding = String(repeating: "p", count: length)
    case .signIn(let password): state.password = password
    }
}

/// A sink whose first write (the header's) waits until ``open()``: everything dispatched
/// meanwhile waits in the queue, and the writer then takes it as one batch. The writes
/// numbered in `failingWrites` (the header's is 0) fail.
private final class HeaderGatedSink: RecordingSink, @unchecked Sendable {
    // Unchecked Sendable: the semaphores and boxes are thread-safe.
    let memory = MemoryRecordingSink()
    private let entered = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)
    private let writes = LockedBox(0)
    private let failingWrites: Set<Int>

    init(failingWrites: Set<Int> = []) {
        self.failingWrites = failingWrites
    }

    func write(_ bytes: [UInt8]) throws {
        let number = writes.withLock { count in defer { count += 1 }; return count }
        if number == 0 {
            entered.signal()
            gate.wait()
        }
        if failingWrites.contains(number) { throw RecorderError.writeFailed(path: "gated", reason: "device error") }
        try memory.write(bytes)
    }

    func close() throws {
        try memory.close()
    }

    /// Waits until the writer is inside the first write.
    func waitForFirstWrite() -> Bool {
        entered.wait(timeout: .now() + 30) == .success
    }

    func open() {
        gate.signal()
    }
}

/// How many lines wait in the recorder's queue.
private func queuedLines<State, Action>(_ recorder: Recorder<State, Action>) -> Int {
    recorder.queue.condition.lock()
    defer { recorder.queue.condition.unlock() }
    return recorder.queue.items.count
}

/// What a gated recording of a session wrote and reported.
private struct GatedRecording {
    var text: String
    var errors: [String]
    var log: HelperEncodingLog

    /// The labels of the states the helper thread encoded.
    var helperLabels: Set<String> { log.labelsNotEncodedByTheWriter }
}

/// Records `actions` with everything after the header waiting in the queue, then written.
/// The queue holds exactly the entries unless `queueCapacity` says otherwise: it is full, as
/// when the app waits for room, which is when the helper helps.
private func recordGated(
    _ actions: [HelperProbeAction], encodingThreads: Int, statePolicy: RecordingStatePolicy = .everyAction,
    whenQueueFull: QueueFullPolicy = .wait, queueCapacity: Int? = nil,
    maximumLineLength: Int = 4096, flushAfter flushPoint: Int? = nil, holdTime: TimeInterval = 30,
    failingWrites: Set<Int> = []
) throws -> GatedRecording {
    let log = HelperEncodingLog(
        holdsWriter: encodingThreads > 1 && ProcessInfo.processInfo.activeProcessorCount > 1, holdTime: holdTime)
    let errors = LockedBox<[String]>([])
    let sink = HeaderGatedSink(failingWrites: failingWrites)
    let shouldRecord: @Sendable (HelperProbeAction) -> Bool = { if case .label("skipped") = $0 { false } else { true } }
    var options = Recorder<HelperProbeState, HelperProbeAction>.Options(
        reducer: "probe", statePolicy: statePolicy, redactedKeys: ["password"], shouldRecord: shouldRecord,
        queueCapacity: queueCapacity ?? actions.filter(shouldRecord).count, whenQueueFull: whenQueueFull, encodingThreads: encodingThreads,
        clock: .stepping(from: recordingStart, by: 0.1),
        onError: { error in errors.withLock { $0.append("\(error)") } })
    options.maximumLineLength = maximumLineLength
    let recorder = Recorder<HelperProbeState, HelperProbeAction>(sink: sink, options: options)
    let store = Store(initialState: HelperProbeState(log: log), reducer: helperProbeReducer, middleware: [recorder.middleware])
    try #require(sink.waitForFirstWrite(), "the writer never wrote the header")
    let flushed = DispatchSemaphore(value: 0)
    for (index, action) in actions.enumerated() {
        store.dispatch(action)
        if index == flushPoint {
            // A flush from another thread puts a barrier into the batch, and waits for it.
            let queued = queuedLines(recorder)
            Thread.detachNewThread {
                recorder.flush()
                flushed.signal()
            }
            // The barrier takes a place in the queue: dispatching on before it has would
            // make what a full queue drops depend on the threads' timing.
            let deadline = Date(timeIntervalSinceNow: 30)
            while queuedLines(recorder) == queued && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        }
    }
    sink.open()
    // Everything queued is written before the end marker is queued, so that the writes, and
    // which of them fail, are the same from run to run.
    recorder.flush()
    recorder.close()
    if flushPoint != nil { #expect(flushed.wait(timeout: .now() + 30) == .success, "the flush never returned") }
    return GatedRecording(text: sink.memory.text, errors: errors.value, log: log)
}

/// A session with every way a line can fail, spread over it, so that some fall where the
/// writer encodes and some where the helper does.
private func troubledSession(steps: Int) -> [HelperProbeAction] {
    (0..<steps).map { step in
        switch step % 53 {
        case 5: .fail
        case 6, 7, 8: .label("after a failure \(step)")
        case 9: .read(Double(step))
        case 17: .measure(.nan)
        case 18: .measure(.nan)
        case 25: .grow(count: 40, length: 100)
        case 26, 27: .label("too long \(step)")
        case 28: .shrink
        case 33: .signIn(password: "secret \(step)")
        case 40: .label("skipped")
        default: .label("step \(step)")
        }
    }
}

/// Holds the app's last reference to its store (and so to the recorder) inside a queued
/// action: releasing the line releases the recorder, whose `deinit` closes it.
private final class StoreKeeper: Encodable, @unchecked Sendable {
    // Unchecked Sendable: set once, before the action is dispatched.
    let store: AnyObject
    /// Set when the line holding this is encoded.
    let encoded: LockedBox<Bool>

    init(store: AnyObject, encoded: LockedBox<Bool>) {
        self.store = store
        self.encoded = encoded
    }

    func encode(to encoder: any Encoder) throws {
        encoded.withLock { $0 = true }
        var container = encoder.singleValueContainer()
        try container.encode("keeper")
    }
}

private enum KeepingAction: Encodable, Sendable {
    /// Waits, when encoded, until the keeper's line has been encoded: the helper, which
    /// takes the batch from the back, encodes and releases that line while the writer waits.
    case tick(LockedBox<Bool>)
    case keep(StoreKeeper)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .tick(let keeperEncoded):
            let deadline = Date(timeIntervalSinceNow: 30)
            while !keeperEncoded.value && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
            try container.encode("tick")
        case .keep(let keeper):
            try container.encode(keeper)
        }
    }
}

@Suite struct RecorderEncodingHelperTests {
    /// The app lets go of its store and recorder without closing it while a queued line
    /// holds them: the helper releases that line, the recorder's `deinit` closes it on the
    /// helper's thread, and the recording still ends (it waited for the writer, which waited
    /// for the helper).
    @Test func aRecorderReleasedOnTheHelperThreadStillEnds() throws {
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return }
        let sink = HeaderGatedSink()
        let entries = 200
        let keeperEncoded = LockedBox(false)
        do {
            let recorder = Recorder<Int, KeepingAction>(
                sink: sink, options: .init(queueCapacity: entries, clock: .stepping(from: recordingStart, by: 0.1)))
            let store = Store(
                initialState: 0, reducer: Reducer<Int, KeepingAction> { count, _ in count += 1 },
                middleware: [recorder.middleware])
            try #require(sink.waitForFirstWrite(), "the writer never wrote the header")
            for _ in 1..<entries { store.dispatch(.tick(keeperEncoded)) }
            store.dispatch(.keep(StoreKeeper(store: store, encoded: keeperEncoded)))
        }
        // Only the queued line holds the store and the recorder now.
        sink.open()
        let deadline = Date(timeIntervalSinceNow: 30)
        while !sink.memory.isClosed && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(sink.memory.isClosed, "the recording never ended")
        #expect(keeperEncoded.value)
        // The header, the entries and the end marker.
        #expect(sink.memory.lines.count == entries + 2)
    }

    /// The helper encodes part of a large batch, and the file and the errors are those of the
    /// writer alone: states left out, gaps for actions that cannot be written, lines too long,
    /// redaction, skipped actions and states by policy, wherever they fall.
    @Test(arguments: [RecordingStatePolicy.everyAction, .every(3)])
    func aBatchEncodedWithTheHelperIsWrittenAsByTheWriterAlone(policy: RecordingStatePolicy) throws {
        let actions = troubledSession(steps: 1_500)
        let alone = try recordGated(actions, encodingThreads: 1, statePolicy: policy)
        let helped = try recordGated(actions, encodingThreads: 2, statePolicy: policy)

        #expect(helped.text == alone.text)
        #expect(helped.errors == alone.errors)
        #expect(alone.helperLabels.isEmpty)
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return }
        // The helper took the lines from the back of the batch, up to the writer's second
        // state: failures, lines too long and redacted ones among them.
        #expect(helped.helperLabels.count > 100, "the helper encoded \(helped.helperLabels.count) states")
        guard policy == .everyAction else { return }
        #expect(helped.helperLabels.isSuperset(of: ["step 1499", "after a failure 1491", "too long 1457"]))
        // The session does meet every kind of failure, and redacts.
        #expect(alone.errors.contains { $0.hasPrefix("seq 1490: cannot encode the state") }, "\(alone.errors.suffix(3))")
        #expect(alone.errors.contains { $0.hasPrefix("seq 1449: cannot encode: EncodingError") })
        #expect(alone.errors.contains { $0.hasPrefix("seq 1457: the line would be") })
        #expect(alone.text.contains(#""reason":"encoding failed""#))
        #expect(!alone.text.contains("secret"))
    }

    /// Large states: the helper stops taking lines once it holds a batch's worth of bytes,
    /// and the writer encodes the rest; the file is the same.
    @Test func theHelperStopsAtItsByteLimitAndTheWriterDoesTheRest() throws {
        // About 20 KB a line, 12 MB in all: the helper's 2 MiB hold about a hundred lines.
        let actions: [HelperProbeAction] = [.pad(20_000)] + (1...600).map { .label("step \($0)") }
        let alone = try recordGated(actions, encodingThreads: 1, maximumLineLength: 1 << 20)
        let helped = try recordGated(actions, encodingThreads: 2, maximumLineLength: 1 << 20)

        #expect(helped.text == alone.text)
        #expect(helped.errors.isEmpty && alone.errors.isEmpty, "\(helped.errors.prefix(2))")
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return }
        // The writer waits at its second line until the helper has encoded one, so the helper
        // goes on until its 2 MiB are full: about a hundred 20 KB lines.
        let helperLines = helped.helperLabels.count
        #expect((90...110).contains(helperLines), "the helper encoded \(helperLines) lines")
    }

    /// While the queue has room, the app is not waiting for the writer, and the writer
    /// encodes alone: the helper would take a core from the app.
    @Test func theWriterEncodesAloneWhileTheQueueHasRoom() throws {
        let actions = (1...1_000).map { HelperProbeAction.label("step \($0)") }
        // The writer waits half a second at its second line for a helper that never comes.
        let roomy = try recordGated(actions, encodingThreads: 2, queueCapacity: 2_000, holdTime: 0.5)

        #expect(roomy.helperLabels.isEmpty)
        #expect(roomy.text.split(separator: "\n").count == 1_002)
    }

    /// Failed writes in a shared batch: the gap marker after them counts the entries the
    /// helper encoded as well as the writer's.
    @Test func failedWritesOfASharedBatchCountEveryEntry() throws {
        // About 5 KB a line: a write every 2 MiB, about 400 lines, the helper's share the last
        // of them; writes 2 and 3 fail, and write 4 starts with their gap marker.
        let actions: [HelperProbeAction] = [.pad(5_000)] + (1...1_500).map { .label("step \($0)") }
        let alone = try recordGated(actions, encodingThreads: 1, maximumLineLength: 1 << 20, failingWrites: [2, 3])
        let helped = try recordGated(actions, encodingThreads: 2, maximumLineLength: 1 << 20, failingWrites: [2, 3])

        #expect(helped.text == alone.text)
        #expect(helped.errors == alone.errors)
        let gap = try #require(alone.text.split(separator: "\n").first { $0.contains(#""gap""#) })
        #expect(gap.contains(#""reason":"write failed: device error""#), "\(gap)")
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return }
        #expect(helped.helperLabels.contains("step 1200"))
    }

    /// A flush from another thread waits in the batch, and a full queue that drops entries
    /// leaves a gap marker; both come out as without the helper.
    @Test func flushesAndDroppedEntriesInASharedBatch() throws {
        let actions = (1...1_000).map { HelperProbeAction.label("step \($0)") }
        let alone = try recordGated(
            actions, encodingThreads: 1, whenQueueFull: .drop, queueCapacity: 700, flushAfter: 300)
        let helped = try recordGated(
            actions, encodingThreads: 2, whenQueueFull: .drop, queueCapacity: 700, flushAfter: 300)

        #expect(helped.text == alone.text)
        #expect(alone.text.contains(#""reason":"queue full""#))
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return }
        #expect(!helped.helperLabels.isEmpty)
    }
}
