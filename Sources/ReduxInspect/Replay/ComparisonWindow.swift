/// Steps of a replay whose replayed states are compared with the recorded ones a window at a
/// time, on every core at once (what `verify` does to a recording with states).
///
/// Encoding a replayed state to compare it with the recorder's bytes costs about ten times
/// running its action through the reducer, and whether it matches changes nothing of the
/// replay: a step that differs is reported, and the replay goes on from the replayed state,
/// not the recorded one. So the replay keeps a copy of each state to compare (cheap: the app's
/// state is a value whose unchanged parts are shared) and goes on; the window's copies are
/// then encoded and compared on every core, and its steps handed out in order, each as the
/// replay on one thread would have made it, error included.
struct ComparisonWindow {
    /// A step of the window.
    enum Step {
        /// A step made as it was replayed: it compares no state.
        case made(ReplayCheck)
        /// A step whose replayed state is still to be compared with the recorded one.
        case comparing(Comparison)
    }

    /// What a step whose state is still to be compared keeps.
    struct Comparison {
        let index: Int
        let seq: Int
        /// The entry, when the replay had to parse it already (to apply its action).
        let entry: RecordingEntry?
        /// Whether `entry` was read without its state (``Recording/entryLeavingState(at:)``):
        /// a step whose state differs is parsed again, with it.
        var entryLeavesState = false
        /// Whether a matching step keeps the recorded bytes as its text
        /// (``ReplayCheck/afterText``), for a replay made with texts.
        var keepsText = false
        let gapBefore: RecordingGap?
        /// The replayed state after the step.
        let copy: ReplaySnapshot
    }

    /// The cores to compare on.
    let cores: Int
    private var steps: [Step] = []
    private var comparisons = 0
    /// The longest line of a step compared so far: the copies a window holds grow with the
    /// states' size, so large states make the window smaller (``windowSize(cores:stateSize:)``).
    private var longestLine = 1

    /// A window for `cores` cores.
    init(cores: Int) {
        self.cores = cores
    }

    /// Whether no step waits.
    var isEmpty: Bool { steps.isEmpty }

    /// The text memory a window may hold, which sets how many steps it takes for a state's size.
    static let budget = 32 << 20

    /// How many steps a window takes on `cores` cores, for states of `size` bytes of text: 64
    /// a core, fewer for large states (``budget``), at least two a core.
    static func windowSize(cores: Int, stateSize size: Int) -> Int {
        max(2 * cores, min(64 * cores, budget / max(1, size)))
    }

    /// How many steps a window holds at most: steps that compare no state wait behind one
    /// that does, and a long run of them need not wait for the next state to compare.
    static var maximumSteps: Int { 4096 }

    /// Adds a step; returns whether the window is full, for the caller to
    /// ``flush(of:into:)`` it.
    ///
    /// - Parameters:
    ///   - step: The step.
    ///   - lineLength: The length of its line, for a step whose state is to be compared.
    mutating func append(_ step: Step, lineLength: Int = 0) -> Bool {
        steps.append(step)
        if case .comparing = step {
            comparisons += 1
            longestLine = max(longestLine, lineLength)
        }
        return comparisons >= Self.windowSize(cores: cores, stateSize: longestLine)
            || steps.count >= Self.maximumSteps
    }

    /// Compares the window's states on every core, then hands its steps to `visit` in order;
    /// empties the window. A step whose state differs is parsed and its difference found here,
    /// on this thread, in order, so that an error (a malformed line, a state that does not
    /// encode) comes after the steps before it, as on one thread.
    ///
    /// - Parameters:
    ///   - replay: The replay, whose recording and replayer the window's steps come from.
    ///   - visit: Receives each step; returns `false` to stop.
    /// - Returns: `false` when `visit` did; the steps after it are dropped.
    mutating func flush(
        of replay: ReplayRun, into visit: (ReplayCheck) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> Bool {
        let waiting = steps
        steps = []
        comparisons = 0
        let comparing: [Comparison] = waiting.compactMap { step in
            guard case .comparing(let comparison) = step else { return nil }
            return comparison
        }
        let states = SnapshotJSON(replayer: replay.replayer, recording: replay.recording)
        let matches = ParallelMap.map(comparing.count, cores: cores) { offsets in
            offsets.map { states.encodes(comparing[$0].copy, asRecordedAt: comparing[$0].index) }
        }
        var next = 0
        for step in waiting {
            let made: ReplayCheck
            switch step {
            case .made(let check):
                made = check
            case .comparing(let comparison):
                defer { next += 1 }
                made = try replay.compared(comparison, matching: matches[next], states: states)
            }
            guard try visit(made) else { return false }
        }
        return true
    }
}

extension ReplayRun {
    /// The step of a ``ComparisonWindow/Comparison``, as ``check(through:comparingStates:_:)``
    /// makes it on one thread: `matching` when the state encodes to the recorded bytes, else
    /// parsed and compared with the replayed state made a tree.
    fileprivate func compared(
        _ comparison: ComparisonWindow.Comparison, matching: Bool, states: SnapshotJSON
    ) throws(InspectorError) -> ReplayCheck {
        if matching {
            // The bytes it matched are there: `encodes(_:asRecordedAt:)` found them.
            let text = comparison.keepsText ? recording.recordedStateBytes(at: comparison.index).map { StateText(copying: $0) } : nil
            return ReplayCheck(
                index: comparison.index, seq: comparison.seq, entry: comparison.entry, after: comparison.entry?.state,
                afterText: text, afterSnapshot: nil, divergence: [], gapBefore: comparison.gapBefore)
        }
        var entry = comparison.entryLeavesState ? nil : comparison.entry
        let parsed = try recording.readEntry(at: comparison.index, keepingIn: &entry)
        guard let recorded = parsed.state else { preconditionFailure("a state the index saw") }
        let replayed: JSONValue
        do {
            replayed = try replayer.json(of: comparison.copy)
        } catch {
            throw .recording(recording.failure(error, at: parsed))
        }
        return ReplayCheck(
            index: comparison.index, seq: comparison.seq, entry: parsed, after: replayed, afterText: nil,
            afterSnapshot: nil, divergence: Self.divergence(recorded: recorded, replayed: replayed),
            gapBefore: comparison.gapBefore)
    }
}
