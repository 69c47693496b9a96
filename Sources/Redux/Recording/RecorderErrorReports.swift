import Foundation

/// Hands the recorder's errors to the app's handler on a serial queue of its own, in the order
/// they happened, so that the writer thread never waits for the handler.
///
/// A handler that reads the store's state waits for the store's lock, which a dispatch holds
/// while it waits for room in a full queue; had the writer called the handler itself, it
/// would have stopped emptying the queue, and the app would have hung. ``waitUntilHandled(waitingAtMost:)``
/// lets ``Recorder/flush()`` and ``Recorder/close()`` return only once the errors found so far
/// have been handled.
final class RecorderErrorReports: Sendable {
    private let handler: @Sendable (RecorderError) -> Void
    private let queue = DispatchQueue(label: "redux.recorder.errors")
    private let pending = DispatchGroup()
    /// Set on ``queue`` to this instance's identity, so that a wait from the handler itself,
    /// which would never end, returns at once.
    private static let key = DispatchSpecificKey<ObjectIdentifier>()

    init(handler: @escaping @Sendable (RecorderError) -> Void) {
        self.handler = handler
        queue.setSpecific(key: Self.key, value: ObjectIdentifier(self))
    }

    /// Queues `error` for the handler and returns at once.
    func report(_ error: RecorderError) {
        pending.enter()
        queue.async { [handler, pending] in
            handler(error)
            pending.leave()
        }
    }

    /// Whether the caller is the handler, on the queue of these reports.
    var isHandling: Bool { DispatchQueue.getSpecific(key: Self.key) == ObjectIdentifier(self) }

    /// Waits until the handler has handled every error reported so far, or `seconds` have
    /// passed when given; from the handler itself, returns at once.
    func waitUntilHandled(waitingAtMost seconds: Double? = nil) {
        guard !isHandling else { return }
        if let seconds { _ = pending.wait(timeout: .now() + seconds) } else { pending.wait() }
    }
}
