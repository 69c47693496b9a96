import Foundation

/// A middleware that records every action, and by policy the state after it, to a
/// JSON-lines file that `redux-inspect` can replay, diff and step through.
///
/// Encoding and writing happen on a background thread fed by a bounded queue, so a
/// dispatch pays only for putting the action on the queue. While the app dispatches faster
/// than that thread encodes, and the queue is full, a second one helps
/// (``Options/encodingThreads``). Put the recorder **last** in the
/// middleware list: it then records exactly the actions that reach the reducer, in the
/// order the reducer sees them.
///
/// Faults never stop the app, and the recording always says what it lacks:
///
/// - A failed write (disk full, I/O error) is reported to ``Options/onError`` once per run of
///   failures; the entries it held are replaced by one `gap` marker with their count, written
///   before the next line that can be written. A partial write is cut back to whole lines.
/// - A file removed while recording: the next write notices, starts a new file at the same
///   path with the header and a `gap` marker for the entries that went with the removed file,
///   and reports ``RecorderError/fileRemoved(path:)`` once. (Writing on into the removed file
///   would lose everything silently.) A renamed file is written on where it now is.
/// - A full queue: with ``QueueFullPolicy/wait`` (the default) the dispatching thread waits and
///   nothing is lost; with ``QueueFullPolicy/drop`` entries are dropped and counted, and a
///   `gap` marker with the exact count takes their place.
/// - A state that cannot be encoded (a NaN or infinite `Double`), or whose line would be
///   longer than ``RecordingFormat/maximumLineLength``, is left out of that line and the
///   action kept; ``Options/onError`` hears once per run of such lines (again only after a
///   state has been written), and about the initial state on its own. An entry whose action
///   cannot be written becomes a `gap` marker, reported once per run of such entries.
/// - The writer encodes and writes in batches of a few megabytes at most, so its memory does
///   not grow with the size of the states.
/// - ``close()`` from several threads ends the recording once; dispatches after it are not
///   recorded. A process killed loses what was still in the queue (call ``flush()`` where
///   that matters), and leaves at most its last line incomplete, which `redux-inspect`
///   reports as a warning. The header is written before the store that installs the
///   recorder is created (waiting a quarter second at most), so even an app killed at
///   launch leaves a recording to read.
/// - A process that exits with the recorder still open (a store in a global is never
///   released) first waits, a few seconds at most, for what was recorded to be written; the
///   recording then has no `end` marker, which only ``close()`` writes. Entries still not
///   written then are left out, and a `gap` marker says how many.
///
/// ```swift
/// let recorder = try Recorder<Shop.State, Shop.Action>(
///     path: "shop-session.jsonl",
///     options: .init(reducer: "shop", redactedKeys: ["password", "token"])
/// )
/// let store = Store(
///     initialState: Shop.State(),
///     reducer: Shop.reducer,
///     middleware: [Shop.loginMiddleware(), recorder.middleware]
/// )
/// store.dispatch(.addToCart(productID: Shop.catalog[0].id, quantity: 1))
/// recorder.close()
/// ```
public final class Recorder<State: Encodable & Sendable, Action: Encodable & Sendable>: @unchecked Sendable {
    // Unchecked Sendable: mutable properties are guarded by `lock`; `storeGate` and
    // `getState` are set once, under `lock`, when the first store installs the middleware.
    /// How the recorder behaves.
    public let options: Options
    private let writer: RecordWriter<State, Action>
    // The dispatch path (`middleware`'s closure and `record`) is inlinable so that it is
    // specialized for the app's State and Action where the app builds its store: generic
    // code would look up type metadata and copy the state through value witnesses on every
    // dispatch, several times the cost of the rest of it. What it touches is therefore
    // `@usableFromInline`.
    @usableFromInline let queue: RecordQueue<RecordingLine<State, Action>>
    @usableFromInline let lock = NSLock()
    // Guarded by `lock`, so the run-time exclusivity checks would only add cost.
    @exclusivity(unchecked) @usableFromInline var seq = 0
    @exclusivity(unchecked) @usableFromInline var isClosed = false
    /// The store's lock, and whether the thread holding it is using the store.
    private var storeGate: DispatchGate?
    private var getState: (@Sendable () -> State)?
    // Changed only inside a dispatch, under the store's lock, so unchecked too.
    /// How many of the store's actions are between this middleware and their recording: the
    /// dispatching thread is inside the reducer, or a middleware after this one, while it is
    /// more than 0.
    @exclusivity(unchecked) @usableFromInline var actionsInFlight = 0
    /// ``close()`` was called while an action was in flight, on the dispatching thread; the
    /// recorder closes once that action is recorded.
    @exclusivity(unchecked) @usableFromInline var closesAfterDispatch = false
    /// Entries dropped from a full queue since the last one queued: `after` is the `seq`
    /// before the first of them.
    @exclusivity(unchecked) @usableFromInline var dropped: DroppedEntries?
    // The options a dispatch reads, held apart: reading them through `options` copied the
    // whole struct (its sets, strings and closures) on every dispatch.
    @usableFromInline let clock: RecordingClock
    @usableFromInline let shouldRecord: @Sendable (Action) -> Bool
    @usableFromInline let statePolicy: RecordingStatePolicy
    @usableFromInline let waitsWhenFull: Bool

    /// Creates a recorder that writes to any sink.
    ///
    /// - Precondition: A ``RecordingStatePolicy/every(_:)`` interval is 1 or more.
    /// - Parameters:
    ///   - sink: Receives whole lines from a background thread.
    ///   - options: What to record and how.
    public init(sink: any RecordingSink, options: Options = Options()) {
        Self.checkPreconditions(of: options)
        self.options = options
        self.writer = RecordWriter(
            sink: sink, capacity: options.queueCapacity, redactedKeys: options.redactedKeys,
            maximumLineLength: options.maximumLineLength, encodingThreads: options.encodingThreads,
            onError: options.onError)
        self.queue = writer.queue
        self.clock = options.clock
        self.shouldRecord = options.shouldRecord
        self.statePolicy = options.statePolicy
        self.waitsWhenFull = options.whenQueueFull == .wait
        writer.start()
        // At the process's exit, a few seconds at most (see OpenRecorders).
        OpenRecorders.shared.add(ObjectIdentifier(self)) { [weak self] in self?.flushAtExit(waitingAtMost: 5) }
    }

    /// Creates a recorder that writes to a new file with mode 0600.
    ///
    /// - Parameters:
    ///   - path: The recording file.
    ///   - ifExists: What to do when the file exists; by default the recorder refuses.
    ///   - options: What to record and how.
    /// - Throws: ``RecorderError/fileExists(path:)`` or ``RecorderError/cannotOpen(path:reason:)``.
    public convenience init(path: String, ifExists: ExistingFilePolicy = .refuse, options: Options = Options()) throws {
        // Before the file is made: a program stopped here must not leave an empty one behind.
        Self.checkPreconditions(of: options)
        self.init(sink: try FileRecordingSink(path: path, ifExists: ifExists), options: options)
    }

    /// Stops the program on options no recorder can follow.
    private static func checkPreconditions(of options: Options) {
        if case .every(let interval) = options.statePolicy {
            // Checked here, as `stride(by: 0)` is: an interval below 1 has no meaning, and
            // recording no state at all in its place would only show up at replay time.
            precondition(interval >= 1, "RecordingStatePolicy.every(\(interval)): the interval must be 1 or more")
        }
    }

    deinit {
        close()
    }

    /// The middleware to add to a store, last in its list.
    ///
    /// A recorder records one store, the first that installs it: the header holds that
    /// store's initial state. Another store that installs it is not recorded (nor a second
    /// place in one store's list), and the recorder reports
    /// ``RecorderError/installedInSecondStore`` through `onError`. The middleware may be wrapped
    /// in one of the app's own, whose `body` calls this one's `body` from its own, while the
    /// store is created.
    @inlinable
    public var middleware: Middleware<State, Action> {
        Middleware { [self] _, getState in
            guard install(getState: getState) else { return { next in next } }
            return { next in
                { action in
                    let time = self.clock.now()
                    let start = self.clock.nanoseconds?()
                    self.actionsInFlight &+= 1
                    next(action)
                    let microseconds = start.map { start in
                        Int((self.clock.nanoseconds!() &- start) / 1000)
                    }
                    self.record(action, time: time, microseconds: microseconds, getState: getState)
                    self.actionsInFlight &-= 1
                    if self.actionsInFlight == 0 && self.closesAfterDispatch { self.close() }
                }
            }
        }
    }

    /// Makes the store being created (its `getState`) the one this recorder records, and
    /// queues the header; returns whether the store's actions are to be recorded: not when
    /// another store was installed first, or the recorder is closed.
    @usableFromInline
    func install(getState: @escaping @Sendable () -> State) -> Bool {
        let initialState = getState()
        // The store's lock, which `close()` takes to see the state and `seq` together.
        let storeGate = StoreSetup.gate
        var otherStore = false
        let installed = lock.withLock {
            guard !isClosed else { return false }
            guard self.getState == nil else {
                otherStore = true
                return false
            }
            self.getState = getState
            self.storeGate = storeGate
            _ = queue.append(
                .header(
                    reducer: options.reducer, app: options.app, started: options.clock.now(),
                    initialState: initialState),
                wait: true)
            return true
        }
        // An app killed soon after it starts (a crash at launch) would otherwise leave an
        // empty file, which no reader takes for a recording. With the header written, it
        // leaves a recording without an end marker, which readers accept with a warning. A
        // sink that hangs delays the store's creation by `headerWaitLimit` at most.
        if installed, !writer.isWriterThread { waitForWriter(atMost: Self.headerWaitLimit) }
        if otherStore { writer.errors.report(.installedInSecondStore) }
        return installed
    }

    /// How long creating a store waits for the recorder's header to be written.
    static var headerWaitLimit: Double { 0.25 }

    /// Waits until what was queued before the call has been handed to the sink, or `seconds`
    /// when given: whether it was, or timed out; `nil`, at once, when the queue no longer
    /// takes anything (closed).
    @discardableResult
    private func waitForWriter(atMost seconds: Double?) -> DispatchTimeoutResult? {
        let done = DispatchSemaphore(value: 0)
        guard queue.appendBarrier(.barrier(done)) else { return nil }
        guard let seconds else {
            done.wait()
            return .success
        }
        return done.wait(timeout: .now() + seconds)
    }

    /// Called on the dispatching thread, inside the store's serialized dispatch.
    @inlinable
    func record(_ action: Action, time: Date, microseconds: Int?, getState: @Sendable () -> State) {
        let wanted = shouldRecord(action)
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        seq += 1
        guard wanted else { return }
        let wait = waitsWhenFull
        let recordsState = statePolicy.recordsState(atSeq: seq)
        if let gap = dropped {
            // The marker goes in with the entry after it, or neither does. This branch builds
            // its entry apart from the usual one below: one `append` taking an optional marker
            // for both cost every dispatch ~125 instructions more (callgrind, 20k shop actions).
            if queue.append(
                .gap(after: gap.after, dropped: gap.count, reason: "queue full"),
                then: .entry(
                    seq: seq, time: time, action: action, state: recordsState ? getState() : nil,
                    microseconds: microseconds),
                wait: wait)
            {
                dropped = nil
            } else {
                dropped = DroppedEntries(after: gap.after, count: gap.count + 1)
            }
            return
        }
        // Built in the call, the entry and its state move into the queue: a local would be
        // copied, at the cost of a retain and a release of everything the state holds.
        if !queue.append(
            .entry(
                seq: seq, time: time, action: action, state: recordsState ? getState() : nil,
                microseconds: microseconds),
            wait: wait)
        {
            dropped = DroppedEntries(after: seq - 1, count: 1)
        }
    }

    /// Waits until every action recorded so far has been handed to the sink, and the errors
    /// that writing them met have been handled by ``Options/onError`` — except when called
    /// inside a dispatch of the store (from a middleware, the reducer or a subscriber), where
    /// the handler, which may read the state, would wait for that dispatch to end.
    ///
    /// Safe to call from any thread, the error handler included. It blocks until the backlog
    /// is written: after a burst of large states, seconds; on the main thread, hand it to a
    /// background task (`await Task.detached { recorder.flush() }.value`).
    public func flush() {
        guard !writer.isWriterThread else { return }
        if waitForWriter(atMost: nil) == nil { writer.waitUntilFinished() }
        if !isInsideDispatch { writer.errors.waitUntilHandled(waitingAtMost: nil) }
    }

    /// What the `atexit` handler does for a recorder still open (``OpenRecorders``): waits at
    /// most `seconds` for what was recorded to be written, and as long again for the error
    /// handler. A writer still behind then stops, with a `gap` marker for the entries it
    /// leaves (waiting a second at most for that): the recording says they are missing,
    /// where it used to end at the last one written as if the session had.
    func flushAtExit(waitingAtMost seconds: Double) {
        guard !writer.isWriterThread else { return }
        if waitForWriter(atMost: seconds) == .timedOut { writer.stopAtExit(waitingAtMost: 1) }
        if !isInsideDispatch { writer.errors.waitUntilHandled(waitingAtMost: seconds) }
    }

    /// Whether the calling thread is inside a dispatch of the store: it holds the store's
    /// lock, which a reader of the state, such as the error handler, then waits for.
    private var isInsideDispatch: Bool {
        // Held by another thread, the lock is not this one's: no need to wait for it.
        guard let gate = lock.withLock({ storeGate }), gate.lock.try() else { return false }
        defer { gate.lock.unlock() }
        return gate.isBusy
    }

    /// Writes the final state in an `end` marker, drains the queue and closes the sink.
    /// Later dispatches are no longer recorded. Safe to call more than once and from any
    /// thread; every call returns once the recording is complete, except one made while an
    /// action is dispatched (from its reducer, say): that action has no state after it yet,
    /// so the recorder closes once it has recorded it, as the dispatch returns through it.
    /// Inside a dispatch (a subscriber, say) it does not wait for ``Options/onError`` to
    /// handle the last errors, as ``flush()`` does not.
    ///
    /// A recorder that no store ever used has no header and nothing to end: it writes nothing,
    /// and its file (``FileRecordingSink``) is removed.
    public func close() {
        OpenRecorders.shared.remove(ObjectIdentifier(self))
        let gate = lock.withLock { self.storeGate }
        // Same lock order as dispatch (store, then recorder), so the final state and the
        // last `seq` agree.
        gate?.lock.lock()
        // Only the dispatching thread gets the store's lock while an action is in flight.
        if actionsInFlight > 0 {
            closesAfterDispatch = true
            gate?.lock.unlock()
            return
        }
        // The store's lock stays held by this thread after it lets go of it here.
        let insideDispatch = gate?.isBusy ?? false
        closesAfterDispatch = false
        lock.lock()
        let firstClose = !isClosed
        if firstClose {
            isClosed = true
            var markers: [RecordingLine<State, Action>] = []
            if let gap = dropped {
                markers.append(.gap(after: gap.after, dropped: gap.count, reason: "queue full"))
            }
            // The header is written when a store installs the recorder; an end marker alone
            // would be a file the inspector rejects.
            if let getState { markers.append(.end(seq: seq, state: getState())) }
            queue.force(markers)
            queue.finish()
        }
        lock.unlock()
        gate?.lock.unlock()
        if !writer.isWriterThread {
            writer.waitUntilFinished()
            if !insideDispatch { writer.errors.waitUntilHandled() }
        }
    }
}

/// Entries a full queue turned away since the last one it took, for the `gap` marker that
/// takes their place.
@usableFromInline
struct DroppedEntries: Sendable {
    /// The `seq` before the first dropped entry.
    @usableFromInline let after: Int
    /// How many entries were dropped.
    @usableFromInline let count: Int

    @usableFromInline
    init(after: Int, count: Int) {
        self.after = after
        self.count = count
    }
}
