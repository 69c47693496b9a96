import Dispatch
import Foundation

/// Where the recorder gets wall-clock times (the `time` of each entry) and reducer
/// durations (`us`) from. Inject a fixed clock to make recordings byte-identical.
public struct RecordingClock: Sendable {
    /// The current wall-clock time.
    public let now: @Sendable () -> Date
    /// A monotonic tick count in nanoseconds for measuring reducer time, or `nil` to leave
    /// durations out of the recording.
    public let nanoseconds: (@Sendable () -> UInt64)?

    /// Creates a clock.
    ///
    /// - Parameters:
    ///   - now: Returns the current wall-clock time.
    ///   - nanoseconds: Returns monotonic nanoseconds, or `nil` to record no durations.
    public init(now: @escaping @Sendable () -> Date, nanoseconds: (@Sendable () -> UInt64)?) {
        self.now = now
        self.nanoseconds = nanoseconds
    }

    /// The system clock, with reducer durations.
    public static let system = RecordingClock(
        now: { Date() },
        nanoseconds: { DispatchTime.now().uptimeNanoseconds }
    )

    /// A deterministic clock for tests and fixtures: starts at `start`, advances by `step`
    /// seconds every time it is read, and records no durations.
    ///
    /// - Parameters:
    ///   - start: The first time it returns.
    ///   - step: Seconds added per reading.
    /// - Returns: The clock.
    public static func stepping(from start: Date, by step: TimeInterval) -> RecordingClock {
        let counter = Counter()
        return RecordingClock(
            now: { start.addingTimeInterval(step * Double(counter.next())) },
            nanoseconds: nil
        )
    }
}

/// A thread-safe counter for ``RecordingClock/stepping(from:by:)``.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}
