import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replays a recording ahead while `step`'s prompt waits for a command, so that a far jump
/// typed a moment later finds checkpoints near it (``Timeline/fillCheckpoints(replaying:)``):
/// the first jump to the end of a million steps without states would otherwise replay them all
/// after the command, for a second or more.
///
/// The work is cut into slices of a few milliseconds, and input is looked for between them, so
/// that a key typed meanwhile waits no longer than a slice.
final class IdleReplay {
    private let timeline: Timeline
    /// Actions replayed in the next slice, adjusted to take about ``sliceNanoseconds``.
    private var actions = 32
    /// How long a slice should take: short enough that typing does not lag.
    static let sliceNanoseconds: UInt64 = 12_000_000

    /// Work for `timeline`'s session; `nil` when it has no reducer, and so nothing to replay.
    init?(_ timeline: Timeline) {
        guard timeline.reducer != nil else { return nil }
        self.timeline = timeline
    }

    /// Replays slice after slice while nothing can be read from `descriptor` and `stop` says
    /// nothing else should be looked at first.
    ///
    /// - Returns: Whether there is more to replay; once `false`, calling again does nothing.
    func run(untilReadable descriptor: Int32, orUntil stop: () -> Bool = { false }) -> Bool {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while !stop(), poll(&waiting, 1, 0) == 0 {
            guard slice() else { return false }
        }
        return true
    }

    /// Replays one slice; returns whether there is more.
    func slice() -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        let more = timeline.fillCheckpoints(replaying: actions)
        let took = DispatchTime.now().uptimeNanoseconds - start
        if took < Self.sliceNanoseconds / 2 {
            actions = min(actions * 2, 1 << 16)
        } else if took > Self.sliceNanoseconds * 2 {
            actions = max(actions / 2, 1)
        }
        return more
    }
}
