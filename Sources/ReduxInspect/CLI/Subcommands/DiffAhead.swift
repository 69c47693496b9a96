import Foundation

/// Steps of `diff` whose states are replayed, made ahead a window at a time on every core.
///
/// Encoding a replayed state costs many times running its action through the reducer (three
/// quarters of such a step's time), and it need not wait for the steps before it. So the main
/// thread replays the window's steps, one action each, keeping a copy of each state (cheap:
/// the app's state is a value whose unchanged parts are shared); then the states are encoded,
/// and each step's output made from the texts before and after it, on every core at once.
/// A step the window cannot make (its line or action fails, its state does not encode, or its
/// texts need the values' view) is left to ``DiffReplay``, which makes it, or reports the
/// error, as it would have without the window.
struct DiffAhead {
    /// The cores to share the work among.
    let cores: Int
    /// The steps of the current window.
    private var range = 0..<0
    /// The state after each step of the window, as text; `nil` where it could not be made.
    private var texts: [StateText?] = []
    /// Each step's output; `nil` where ``DiffReplay`` must make it.
    private var outputs: [[UInt8]?] = []

    /// The text memory a window may hold, which sets how many steps it takes for a state's size.
    static let budget = 32 << 20

    /// How many steps a window takes on `cores` cores, for states of `size` bytes of text: 64
    /// a core, fewer for large states (``budget``), at least two a core.
    static func windowSize(cores: Int, stateSize size: Int) -> Int {
        max(2 * cores, min(64 * cores, budget / max(1, size)))
    }

    /// Creates an empty window for `cores` cores.
    init(cores: Int) {
        self.cores = cores
    }

    /// The state after step `index`, when the window made it.
    func text(after index: Int) -> StateText? {
        range.contains(index) ? texts[index - range.lowerBound] : nil
    }

    /// Step `index`'s output, when the window made it.
    func output(at index: Int) -> [UInt8]? {
        range.contains(index) ? outputs[index - range.lowerBound] : nil
    }

    /// Makes the steps from `index` on whose states are not recorded, up to a window's worth.
    ///
    /// - Parameters:
    ///   - index: The first step; its state after must not be recorded.
    ///   - end: One past the last step to make.
    ///   - before: The state before it, as text.
    ///   - timeline: Where the states come from; it replays up to the window's last step.
    ///   - text: How to print a step.
    mutating func prepare(from index: Int, upTo end: Int, before: StateText, timeline: Timeline, _ text: DiffStepText) {
        let limit = min(end, index + Self.windowSize(cores: cores, stateSize: before.bytes.count))
        var snapshots: [ReplaySnapshot] = []
        var headings: [(seq: Int, type: String)] = []
        var reached = index
        while reached < limit, !timeline.hasRecordedState(at: reached),
            let entry = try? timeline.entry(at: reached), let snapshot = try? timeline.replayedSnapshot(after: reached)
        {
            snapshots.append(snapshot)
            headings.append((entry.seq, entry.type))
            reached += 1
        }
        range = index..<reached
        guard let maker = timeline.snapshotJSON, !snapshots.isEmpty else {
            (texts, outputs) = ([], [])
            return
        }
        let taken = snapshots
        texts = ParallelMap.map(taken.count, cores: cores) { offsets in
            offsets.map { maker.text(of: taken[$0]) }
        }
        let made = texts
        let steps = headings
        outputs = ParallelMap.map(snapshots.count, cores: cores) { offsets in
            var differ = StateTextDiffer()
            return offsets.map { offset -> [UInt8]? in
                guard let new = made[offset], let old = offset == 0 ? before : made[offset - 1] else { return nil }
                let heading = steps[offset]
                return DiffReplay.output(from: old, to: new, seq: heading.seq, type: heading.type, text, differ: &differ)
            }
        }
    }
}
