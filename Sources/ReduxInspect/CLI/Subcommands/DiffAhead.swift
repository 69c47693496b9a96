import Foundation
import Redux

/// Steps of `diff` whose states are replayed, made ahead a stretch at a time on every core.
///
/// Encoding a replayed state costs many times running its action through the reducer, and it
/// need not wait for the steps before it. So the timeline replays a stretch of steps at once
/// (``Timeline/replayedSnapshots(_:)``: its actions decoded on another thread ahead of the
/// reducer), keeping a copy of each state (cheap: the app's state is a value whose unchanged
/// parts are shared); then the states are encoded, and each step's output made, on every core
/// at once.
///
/// Without a prefix, each step is diffed from the texts of the states before and after it.
/// Under `diff --path`, a state is encoded only as far as the prefix (`KeptPaths`), parsed,
/// and diffed there as ``JSONDiff/changes(from:to:under:asPatch:)`` diffs it; where a patch
/// must show an ancestor that was added or replaced, from the whole states.
///
/// A step the stretch cannot make (its line or action fails, its state does not encode, its
/// texts need the values' view, or, under a prefix, the state before it is not replayed in the
/// stretch) is left to ``DiffReplay``, which makes it, or reports the error, as it would have
/// without the stretch.
struct DiffAhead {
    /// The cores to share the work among.
    let cores: Int
    /// Only changes at or under this path, when given.
    let prefix: JSONPath?
    /// What a state's text keeps under ``prefix``.
    let keptPaths: KeptPaths?
    /// The steps of the current stretch.
    private var range = 0..<0
    /// The state after each step of the stretch, as text, without a prefix; `nil` where it
    /// could not be made.
    private var texts: [StateText?] = []
    /// Each step's output; `nil` where ``DiffReplay`` must make it.
    private var outputs: [[UInt8]?] = []
    /// Whether a state of a stretch made so far has a value at ``prefix``.
    private(set) var prefixSeen = false

    /// Creates an empty stretch for `cores` cores, diffing under `prefix` when it is given.
    init(cores: Int, prefix: JSONPath? = nil) {
        self.cores = cores
        self.prefix = prefix
        keptPaths = prefix.map { KeptPaths([RawJSON.SkeletonPath($0, need: .whole).leadingKeys]) }
    }

    /// Whether the stretch holds step `index`.
    func covers(_ index: Int) -> Bool {
        range.contains(index)
    }

    /// The state after step `index`, when the stretch made it (without a prefix).
    func text(after index: Int) -> StateText? {
        range.contains(index) && index - range.lowerBound < texts.count ? texts[index - range.lowerBound] : nil
    }

    /// Step `index`'s output, when the stretch made it.
    func output(at index: Int) -> [UInt8]? {
        range.contains(index) ? outputs[index - range.lowerBound] : nil
    }

    /// Makes the steps from `index` on whose states are not recorded, as many as one replay of
    /// ``Timeline/replayedSnapshots(_:)`` gives.
    ///
    /// - Parameters:
    ///   - index: The first step; its state after must not be recorded.
    ///   - end: One past the last step to make.
    ///   - before: The state before it, as text, without a prefix. Under a prefix, the state
    ///     before is replayed with the others when it is not recorded; when it is, the first
    ///     step is left to ``DiffReplay``.
    ///   - timeline: Where the states come from; it replays up to the stretch's last step.
    ///   - text: How to print a step.
    mutating func prepare(from index: Int, upTo end: Int, before: StateText?, timeline: Timeline, _ text: DiffStepText) {
        (range, texts, outputs) = (index..<index, [], [])
        guard let maker = timeline.snapshotJSON else { return }
        // Under a prefix, the state before the first step is made as the others are.
        let replaysBefore = prefix != nil && index > 0 && !timeline.hasRecordedState(at: index - 1)
        let first = replaysBefore ? index - 1 : index
        let snapshots: [ReplaySnapshot]
        do {
            snapshots = try timeline.replayedSnapshots(first..<end)
        } catch {
            // Interrupted: ``DiffReplay`` asks again, and says so.
            return
        }
        guard snapshots.count > (replaysBefore ? 1 : 0) else { return }
        range = index..<(first + snapshots.count)
        if let prefix, let keptPaths {
            outputs = prefixOutputs(
                snapshots, first: first, replaysBefore: replaysBefore, under: prefix, keeping: keptPaths,
                maker: maker, timeline.recording, text)
        } else {
            (texts, outputs) = textOutputs(snapshots, first: index, before: before, maker: maker, timeline.recording, text)
        }
    }

    /// The texts of the states after the steps from `first` on, and the steps' outputs, diffed
    /// from the texts.
    private func textOutputs(
        _ snapshots: [ReplaySnapshot], first: Int, before: StateText?, maker: SnapshotJSON, _ recording: Recording,
        _ text: DiffStepText
    ) -> ([StateText?], [[UInt8]?]) {
        let texts = ParallelMap.map(snapshots.count, cores: cores) { offsets in
            offsets.map { maker.text(of: snapshots[$0]) }
        }
        let outputs = ParallelMap.map(snapshots.count, cores: cores) { offsets in
            var differ = StateTextDiffer()
            return offsets.map { offset -> [UInt8]? in
                guard let new = texts[offset], let old = offset == 0 ? before : texts[offset - 1],
                    let heading = try? recording.readListedAction(at: first + offset)
                else { return nil }
                return DiffReplay.output(from: old, to: new, seq: heading.seq, type: heading.type, text, differ: &differ)
            }
        }
        return (texts, outputs)
    }

    /// The outputs of the steps after the states of `snapshots`, from `first` on, diffed under
    /// `prefix`: the first state is only the state before when `replaysBefore`.
    private mutating func prefixOutputs(
        _ snapshots: [ReplaySnapshot], first: Int, replaysBefore: Bool, under prefix: JSONPath, keeping keptPaths: KeptPaths,
        maker: SnapshotJSON, _ recording: Recording, _ text: DiffStepText
    ) -> [[UInt8]?] {
        // Each state's parts on the way to the prefix, as a tree.
        let trees = ParallelMap.map(snapshots.count, cores: cores) { offsets in
            offsets.map { offset -> JSONValue? in
                maker.text(of: snapshots[offset], keeping: keptPaths).flatMap { try? JSONParser.parse($0.bytes) }
            }
        }
        prefixSeen = prefixSeen || trees.contains { $0?.value(at: prefix) != nil }
        let made = ParallelMap.map(snapshots.count, cores: cores) { offsets in
            offsets.map { offset -> [UInt8]? in
                guard offset > 0, let old = trees[offset - 1], let new = trees[offset] else { return nil }
                let step = first + offset
                var states = (before: old, after: new)
                // A patch shows an ancestor that was added or replaced whole: the trees of the
                // parts on the way would leave out its other members.
                if text.writesPatch, (old.value(at: prefix) == nil) != (new.value(at: prefix) == nil) {
                    guard let whole = try? maker.json(of: snapshots[offset - 1], at: step - 1),
                        let after = try? maker.json(of: snapshots[offset], at: step)
                    else { return nil }
                    states = (whole, after)
                }
                guard let heading = try? recording.readListedAction(at: step) else { return nil }
                return DiffReplay.output(
                    from: states.before, to: states.after, seq: heading.seq, type: heading.type, under: prefix, text)
            }
        }
        // The first state is the one before the stretch, or, without it, the first step's,
        // which is left to the caller.
        return replaysBefore ? Array(made.dropFirst()) : made
    }
}
