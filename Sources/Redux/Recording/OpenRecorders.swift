import Foundation

/// The recorders of this process that are not closed yet, flushed when the process exits.
///
/// A recorder writes on a background thread, and a store kept in a global (top-level code, a
/// command-line tool) is never released, so its recorder is never closed: when the process
/// exits, `exit(3)` would end that thread with the recording still in its queue, and a short
/// session would leave an empty file. An `atexit` handler, registered with the first recorder,
/// waits instead until each open recorder's writer has written what it holds (at most a few
/// seconds each, so that a writer stuck on a blocked file cannot hang the exit). It does not
/// close them: the end marker needs the store's lock, which the exiting thread may not get.
final class OpenRecorders: @unchecked Sendable {
    // Unchecked Sendable: `flushes` and `isRegistered` are guarded by `lock`.
    static let shared = OpenRecorders()

    private let lock = NSLock()
    private var flushes: [ObjectIdentifier: @Sendable () -> Void] = [:]
    private var isRegistered = false

    /// Remembers an open recorder; `flush` writes what it holds.
    func add(_ recorder: ObjectIdentifier, flush: @escaping @Sendable () -> Void) {
        lock.withLock {
            flushes[recorder] = flush
            guard !isRegistered else { return }
            isRegistered = true
            atexit { OpenRecorders.shared.flushAll() }
        }
    }

    /// Forgets a recorder that has been closed.
    func remove(_ recorder: ObjectIdentifier) {
        _ = lock.withLock { flushes.removeValue(forKey: recorder) }
    }

    /// Flushes every open recorder, outside the lock (a flush may take a while).
    func flushAll() {
        let all = lock.withLock { Array(flushes.values) }
        for flush in all { flush() }
    }
}
