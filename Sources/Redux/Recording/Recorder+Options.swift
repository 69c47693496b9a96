import Foundation

extension Recorder {
    /// What a ``Recorder`` writes and how it behaves under load and failure.
    public struct Options: Sendable {
        /// The reducer's name in the header, which picks the reducer `redux-inspect` replays with.
        public var reducer: String?
        /// The app's name in the header, for people.
        public var app: String?
        /// Which entries carry the state after their action.
        public var statePolicy: RecordingStatePolicy
        /// Key names (compared without regard to case) whose values are redacted wherever
        /// they occur in actions and states: every string and number in such a value is
        /// written as `"<redacted>"`, while objects keep their keys, arrays their length, and
        /// booleans and `null` stay, so that the inspector can still decode and replay it.
        public var redactedKeys: Set<String>
        /// Returns `false` for actions to leave out; they still take a `seq`, so the
        /// inspector sees the gap.
        public var shouldRecord: @Sendable (Action) -> Bool
        /// How many entries may wait for the writer.
        public var queueCapacity: Int
        /// What a dispatch does when the queue is full.
        public var whenQueueFull: QueueFullPolicy
        /// The most threads that encode lines. The writer thread encodes alone while it keeps
        /// up. While the queue is full (the app dispatches faster than that, so a dispatch
        /// waits for room, or drops its entry) and holds 64 lines or more, a second thread
        /// encodes part of each batch; at any other time it would take a core from the app.
        /// The recording is the same either way. `1` keeps encoding to the writer thread; on
        /// a machine with one core the writer always works alone.
        public var encodingThreads: Int
        /// Where times and durations come from.
        public var clock: RecordingClock
        /// Receives errors, in order, on a serial queue of its own that the writer never
        /// waits for: it may read the store's state, dispatch, flush or close. ``flush()`` and
        /// ``close()`` return once the errors found so far have been handled, so while one of
        /// them is called inside a dispatch (from a middleware, holding the store's lock),
        /// the handler must not read the state, dispatch or close, which take that lock.
        /// The default prints them to standard error.
        public var onError: @Sendable (RecorderError) -> Void
        /// The longest line to write, without its newline: what `redux-inspect` reads. Only
        /// tests set a smaller one, to exercise the limit without writing 64 MiB lines.
        var maximumLineLength = RecordingFormat.maximumLineLength

        /// Creates options; every parameter has a sensible default.
        ///
        /// - Parameters:
        ///   - reducer: The reducer's name, for the header.
        ///   - app: The app's name, for the header.
        ///   - statePolicy: Which entries carry a state; by default every one.
        ///   - redactedKeys: Key names to redact inside actions and states (never the
        ///     recording's own keys around them); by default `password` and `token`.
        ///   - shouldRecord: A filter for noisy actions; by default everything is recorded.
        ///   - queueCapacity: Entries that may wait for the writer.
        ///   - whenQueueFull: Wait (lose nothing, the default) or drop and mark a gap.
        ///   - encodingThreads: 2 (the default) lets a second thread encode while the queue
        ///     is full; 1 keeps encoding to the writer thread.
        ///   - clock: The clock; inject ``RecordingClock/stepping(from:by:)`` for stable output.
        ///   - onError: Receives write and encoding errors.
        public init(
            reducer: String? = nil,
            app: String? = nil,
            statePolicy: RecordingStatePolicy = .everyAction,
            redactedKeys: Set<String> = ["password", "token"],
            shouldRecord: @escaping @Sendable (Action) -> Bool = { _ in true },
            queueCapacity: Int = 4096,
            whenQueueFull: QueueFullPolicy = .wait,
            encodingThreads: Int = 2,
            clock: RecordingClock = .system,
            onError: @escaping @Sendable (RecorderError) -> Void = Options.printToStandardError
        ) {
            self.reducer = reducer
            self.app = app
            self.statePolicy = statePolicy
            self.redactedKeys = redactedKeys
            self.shouldRecord = shouldRecord
            self.queueCapacity = queueCapacity
            self.whenQueueFull = whenQueueFull
            self.encodingThreads = encodingThreads
            self.clock = clock
            self.onError = onError
        }

        /// The default error handler: one line on standard error.
        public static var printToStandardError: @Sendable (RecorderError) -> Void {
            { error in FileHandle.standardError.write(Data("redux recorder: \(error)\n".utf8)) }
        }
    }
}
