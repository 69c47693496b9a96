import Foundation
import Redux

/// The states of a recording, step by step: recorded where the recording holds them,
/// replayed through the reducer otherwise, from the nearest state already known (past a
/// recorded state the reducer would read a redacted number in as 0, see ``StandInStart``).
///
/// Replayed states are kept as checkpoints every ``checkpointInterval`` steps, so going
/// back never replays from the start.
///
/// Step indices are 0-based positions in ``Recording/steps``; index `-1` is the initial
/// state, before the first action.
public final class Timeline {
    /// The recording.
    public let recording: Recording
    /// The reducer used for steps without a recorded state, if any.
    public let reducer: InspectableReducer?
    /// How many steps apart replayed checkpoints are kept: the interval asked for at first,
    /// doubled each time the checkpoints would pass ``checkpointBudget``.
    public private(set) var checkpointInterval: Int
    /// About how many bytes of state (counted encoded) the checkpoints may hold, and at most how
    /// many there are: a state that grows step after step (a list that only gets longer) would
    /// otherwise make a long replay keep a copy of it every few steps, memory growing with the
    /// square of the recording. Past either limit, every other checkpoint is dropped and the
    /// interval doubles, so that a jump replays at most one interval of actions.
    public static let checkpointBudget = (bytes: 256 << 20, count: 4096)
    /// The encoded size of a recent checkpoint's state, measured every 16th checkpoint.
    private var checkpointStateSize = 0
    private var checkpointsSinceMeasured = 0
    private let replayer: (any StateReplayer)?
    private let availableReducers: [String]
    /// The step whose state the replayer holds now.
    private var replayPosition: Int?
    private var checkpoints: [Int: ReplaySnapshot] = [:]
    private var cachedInitialState: JSONValue?
    /// The indices of the steps whose state is recorded, made when first needed (where entries
    /// are missing): a move in `step` must not search back through a million steps.
    private lazy var stepsWithStates: [Int32] = recording.steps.indices.filter { recording.steps[$0].hasState }
        .map { Int32(truncatingIfNeeded: $0) }
    /// Whether the recording's bytes hold the recorder's placeholder anywhere, looked for once
    /// (``Recording/mayHoldPlaceholder(_:)``): the warnings about redacted actions ask for each
    /// step they look at.
    lazy var mayHoldPlaceholder = Recording.mayHoldPlaceholder(recording.bytes.buffer)
    /// The header's initial state as the reducer reads it, once ``state(before:)`` needed it.
    private var cachedInitialStateAsRead: JSONValue?
    /// Told how a replay of at least ``reportedReplayLength`` steps goes, for a progress line:
    /// the step just replayed and the step the replay goes to, every 1,024 steps, then `nil`
    /// when the replay ends, however it ends. The first far jump into a long recording without
    /// states replays every step before it, which takes seconds on a million steps.
    var replayProgress: ((_ reached: (step: Int, target: Int)?) -> Void)?
    /// Asked every 1,024 steps of a replay, and once a window of the walks that read many
    /// states (``walk(_:projecting:_:)``, ``lastStep(before:where:)``), whether the user wants
    /// it stopped (Ctrl-C in `step`); a replay or walk stopped so throws
    /// ``InspectorError/interrupted(step:)`` with the last step it went through, and the next
    /// replay goes on from where it stopped.
    var isInterrupted: (() -> Bool)?
    /// How many cores the walks over many states (``walk(_:projecting:projectingText:_:)``)
    /// make and read states on: the machine's, or fewer for a test.
    var walkCores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// The fewest steps a replay reported to ``replayProgress`` has.
    static let reportedReplayLength = 4096
    /// The step a caller of ``heading(to:_:)`` is going to, which a replay that stops short of
    /// it reports as its target.
    private var progressGoal: Int?
    /// The seqs of the steps, in the order found, whose recorded state the reducer does not
    /// make from the replayed state before it (``checkReplay(into:)``): the reducer has
    /// changed since the recording, and a change shown at such a step, from a replayed state
    /// to a recorded one, mixes the two. Only steps the timeline has passed are looked at, a
    /// few beyond those a caller visited among them (a walk replays ahead).
    public var unreproducedSeqs: [Int] {
        compareReplays()
        return unreproduced
    }
    private var unreproduced: [Int] = []
    /// The states replays started from although the reducer reads a redacted value in them as
    /// a stand-in (``StandInStart``), in the order met: the states replayed from them may not
    /// be the app's.
    public private(set) var standInStarts: [StandInStart] = []
    /// The steps whose recorded state the reducer reads with stand-ins, and where.
    private var statesWithStandIns: [Int: StandInStart] = [:]
    /// The steps whose recorded state the reducer reads as written, among those looked at.
    private var statesReadAsWritten: Set<Int> = []
    /// The steps whose recorded state replays go through, not from (``passesOver(_:at:_:)``).
    private var passedOver: Set<Int> = []
    /// The steps whose recorded state replays start from although the reducer reads stand-ins
    /// in it, because a replay through it fails before it (``startDespiteStandIns(at:)``).
    private var startedDespiteStandIns: Set<Int> = []
    /// Whether the state the replayer holds was replayed from a recorded state whose redacted
    /// values the reducer reads as stand-ins (after missing entries, or where a replay through
    /// it failed): the app's values there were other, so the recorded states a replay from it
    /// meets are not compared with it (``checkReplay(into:)``). The initial state's stand-ins
    /// are most often the app's own first values (a count starting at 0), and count as those.
    private var replaysFromStandIns = false
    /// The checkpoints kept while ``replaysFromStandIns``.
    private var checkpointsFromStandIns: Set<Int> = []
    /// The stand-ins of the state an interrupted replay started from, and the step it stopped
    /// after, where the replayer is: noted once a replay going on from there gets where it goes.
    private var pendingStandIns: (step: Int, standIns: StandInStart)?
    /// The initial state's stand-ins, once read (``standIns(ofInitial:in:)``).
    private var initialStandIns: StandInStart??
    /// The steps ``checkReplay(into:)`` has looked at.
    private var checkedSteps: Set<Int> = []
    /// The replays into recorded states not yet compared with them: compared in a batch, on
    /// every core, so that the walk of a recording with a state every few steps does not
    /// encode each one on its own thread as it goes.
    private var uncompared: [(index: Int, replayed: ReplaySnapshot)] = []
    /// How far ``fillCheckpoints(replaying:)`` has got: up to this step, every state is
    /// recorded or about one ``checkpointInterval`` of replay from a known one.
    private var filledThrough = -1

    /// Creates a timeline.
    ///
    /// - Parameters:
    ///   - recording: The indexed recording.
    ///   - reducer: The reducer to replay with, or `nil` when the inspector has none for it.
    ///   - availableReducers: Names the inspector has, for the message when one is needed.
    ///   - checkpointInterval: Steps between kept replay states.
    public init(
        recording: Recording, reducer: InspectableReducer?, availableReducers: [String] = [],
        checkpointInterval: Int = 128
    ) {
        self.recording = recording
        self.reducer = reducer
        self.replayer = reducer?.makeReplayer(for: recording)
        self.availableReducers = availableReducers
        self.checkpointInterval = max(1, checkpointInterval)
    }

    /// The number of steps.
    public var count: Int { recording.steps.count }

    /// The state before the first action: the header's, else the reducer's default.
    public func initialState() throws(InspectorError) -> JSONValue {
        if let cachedInitialState { return cachedInitialState }
        let state: JSONValue
        if let recorded = recording.header?.initialState {
            state = recorded
        } else {
            let replayer = try requireReplayer()
            do {
                state = try replayer.defaultInitialState()
            } catch {
                throw .recording(RecordingError(.malformed, path: recording.path, message: error.description))
            }
        }
        cachedInitialState = state
        return state
    }

    /// The state before step `index`, as the step's changes are worked out from: the state
    /// after step `index - 1`, except before a first step whose state is replayed.
    ///
    /// A replayed state is the reducer's own encoding of the app's state, while the header's
    /// initial state is text as written, perhaps by hand: `4.50` where the app writes `4.5`,
    /// `0.0` for an integer. Diffed against that text, the first step would seem to change
    /// what only the writing differs in. So the header's state is taken there as the reducer
    /// reads it — decoded into the app's state and encoded again, which is also what the replay
    /// of the first step starts from — and the step's changes are the action's alone. A first
    /// step whose state is recorded is diffed against the header's text, text against text.
    ///
    /// - Throws: ``InspectorError`` as ``state(after:)`` does; for the header's state read by
    ///   the reducer, when the reducer cannot decode or encode it, or there is no reducer.
    public func state(before index: Int) throws(InspectorError) -> JSONValue {
        guard index == 0, index < count, !hasRecordedState(at: 0), recording.header?.initialState != nil else {
            return try state(after: index - 1)
        }
        if let cachedInitialStateAsRead { return cachedInitialStateAsRead }
        let replayer = try requireReplayer()
        let initial = try initialState()
        try load(initial, into: replayer, from: nil)
        // The first step's changes are worked out from it, and its replay starts there.
        if let standIns = standIns(ofInitial: initial, in: replayer) { note(standIns) }
        // The replayer now holds the state before the first step: replaying it is one action.
        replayPosition = -1
        replaysFromStandIns = false
        let state: JSONValue
        do {
            state = try replayer.currentState()
        } catch {
            throw .recording(recording.initialStateFailure(error))
        }
        cachedInitialStateAsRead = state
        return state
    }

    /// The state after step `index` (`-1` for the initial state).
    ///
    /// - Throws: ``InspectorError`` when the line is malformed, an action cannot be replayed,
    ///   or a replay is needed and there is no reducer.
    public func state(after index: Int) throws(InspectorError) -> JSONValue {
        if index < 0 { return try initialState() }
        if recording.steps[index].hasState, let state = try entry(at: index).state {
            checkReplay(into: index)
            return state
        }
        if let final = try recording.finalState(after: index) {
            checkReplay(into: index)
            return final
        }
        return try replayedState(after: index)
    }

    /// The state after step `index` as the steps beside it are diffed and walked (`diff`,
    /// `blame`, `bisect`, `step`): ``state(after:)``'s, except a recorded state (or the end
    /// marker's) next to a replayed one (``Recording/mayCompareReplayedValues(after:)``) that
    /// holds the recorder's placeholders, where a replay goes through it (for a recorded
    /// state, where the reducer reads its placeholders as stand-ins, ``passesOver(_:at:_:)``):
    /// the recorded state with the replay's values in place of its placeholders, and
    /// everything else as recorded.
    ///
    /// Next to a replayed state, a placeholder kept as recorded would seem to change the value
    /// at every recorded state (`0 → "<redacted>"`, then back), and one filled from the other
    /// side of the step would hide what the step did to it (`count` going from 1 to 2).
    /// Further from a replayed state, a recorded one is compared as written, as between two
    /// recorded states `diff` reads them from the lines' bytes: so a step from a recorded
    /// state next to a replayed one to another recorded state may show its placeholder
    /// replaced.
    ///
    /// - Throws: ``InspectorError`` as ``state(after:)`` does. A replay that fails on the
    ///   way leaves the state as recorded: the step that fails says so where it is shown.
    func comparedState(after index: Int) throws(InspectorError) -> JSONValue {
        let state = try state(after: index)
        guard let replayer, recording.mayCompareReplayedValues(after: index), state.holdsRedactionPlaceholder
        else { return state }
        do {
            if recording.steps[index].hasState {
                guard passedOver.contains(index) || passesOver(state, at: index, replayer) else { return state }
            }
            // Through a recorded state, the replay takes its values and the replay's in place
            // of its placeholders, as the reducer encodes them: only those are taken from it.
            return state.fillingRedactions(from: try replayedState(after: index)) ?? state
        } catch .interrupted(let step) {
            throw .interrupted(step: step)
        } catch {
            return state
        }
    }

    /// The last step before step `index` whose state is recorded, `-1` for none (the initial
    /// state): where the replay that makes the state after `index` starts.
    func lastRecordedStep(before index: Int) -> Int {
        let later = stepsWithStates.partitionIndex(atOrPast: { Int($0) >= index })
        return later > 0 ? Int(stepsWithStates[later - 1]) : -1
    }

    /// The first step at or after step `index` whose state is recorded (the last step's in
    /// the end marker too), or the number of steps when none is: where a stretch of replayed
    /// steps from `index` ends.
    func replayedStretchEnd(from index: Int) -> Int {
        guard index < recording.steps.count else { return recording.steps.count }
        if hasRecordedState(at: index) { return index }
        if let next = nextRecordedStep(after: index) { return next }
        let last = recording.steps.count - 1
        return last > index && hasRecordedState(at: last) ? last : recording.steps.count
    }

    /// The places where the action of step `index` holds the recorder's placeholder and the
    /// app's decoder reads it as another value (``StateReplayer/actionStandIns(_:)``);
    /// empty without a reducer, or when the line cannot be read (what replays it says why).
    func actionStandIns(at index: Int) -> [StandIn] {
        guard let replayer, let action = try? recording.readEntry(at: index).action else { return [] }
        return replayer.actionStandIns(action)
    }

    /// The state before step `index` as ``comparedState(after:)`` gives it; before the first
    /// step, as ``state(before:)`` does.
    func comparedState(before index: Int) throws(InspectorError) -> JSONValue {
        index > 0 ? try comparedState(after: index - 1) : try state(before: index)
    }

    /// The state ``comparedState(after:)`` gives, as compact JSON text.
    func comparedStateText(after index: Int) throws(InspectorError) -> StateText {
        guard recording.mayCompareReplayedValues(after: index) else { return try stateText(after: index) }
        return StateText(try comparedState(after: index))
    }

    /// The state ``comparedState(before:)`` gives, as compact JSON text.
    func comparedStateText(before index: Int) throws(InspectorError) -> StateText {
        index > 0 ? try comparedStateText(after: index - 1) : try stateText(before: index)
    }

    /// The state ``state(before:)`` gives, as compact JSON text: a state to replay is encoded
    /// straight to text, without the tree; one the recording holds is written from its tree.
    ///
    /// - Throws: ``InspectorError`` as ``state(before:)`` does.
    func stateText(before index: Int) throws(InspectorError) -> StateText {
        guard index == 0, index < count, !hasRecordedState(at: 0), recording.header?.initialState != nil else {
            return try stateText(after: index - 1)
        }
        return StateText(try state(before: index))
    }

    /// The state ``state(after:)`` gives, as compact JSON text, made as ``stateText(before:)``
    /// makes it.
    ///
    /// - Throws: ``InspectorError`` as ``state(after:)`` does.
    func stateText(after index: Int) throws(InspectorError) -> StateText {
        guard index >= 0, !hasRecordedState(at: index) else { return StateText(try state(after: index)) }
        let replayer = try replay(through: index)
        do {
            return StateText(try replayer.currentStateText().text)
        } catch {
            throw recording.replayFailure(error, at: index)
        }
    }

    /// The entry of step `index`.
    public func entry(at index: Int) throws(InspectorError) -> RecordingEntry {
        try recording.readEntry(at: index)
    }

    /// Whether a state for step `index` can be had without a reducer.
    public func hasRecordedState(at index: Int) -> Bool {
        recording.holdsState(after: index)
    }

    /// How many entries are missing between the last state recorded at or before step
    /// `index` (the initial state, when none is) and the step: the state after the step, when
    /// replayed, leaves out what their actions did. 0 when the step's own state is recorded.
    public func missingEntries(replayedThrough index: Int) -> Int {
        guard !recording.gaps.isEmpty, index >= 0, !hasRecordedState(at: index) else { return 0 }
        // The first step replayed: the one after the last recorded state before `index`.
        let first = lastRecordedStep(before: index) + 1
        return recording.gaps(before: first..<(index + 1)).reduce(0) { $0.addingSaturated($1.dropped) }
    }

    private func requireReplayer() throws(InspectorError) -> any StateReplayer {
        guard let replayer else {
            throw .missingReducer(path: recording.path, named: recording.reducerName, available: availableReducers)
        }
        return replayer
    }

    /// Replays up to step `index` from the nearest known state at or before it.
    private func replayedState(after index: Int) throws(InspectorError) -> JSONValue {
        let replayer = try replay(through: index)
        do {
            return try replayer.currentState()
        } catch {
            // Named by the step whose state it is, as a replay names it.
            throw recording.replayFailure(error, at: index)
        }
    }

    /// The states after the steps from `range.lowerBound` on, replayed one after another and
    /// not yet made JSON (``snapshotJSON`` makes them, on any thread, so that the states of
    /// many steps are made at once): up to the end of `range`,
    /// the first step whose state is recorded, or a step that cannot be replayed, and as many
    /// as ``snapshotBudget`` allows for the state's size. Empty when the first step cannot be
    /// replayed (``state(after:)`` then says why).
    ///
    /// One replay makes them all, so that a long stretch has its actions decoded on another
    /// thread ahead of the reducer, as a far jump has: replayed one step at a time, decoding
    /// each action took longer than running it and making its state JSON together.
    ///
    /// - Throws: ``InspectorError/interrupted(step:)`` when ``isInterrupted`` stops the replay.
    func replayedSnapshots(_ range: Range<Int>) throws(InspectorError) -> [ReplaySnapshot] {
        let first = range.lowerBound
        guard first < range.upperBound, !hasRecordedState(at: first) else { return [] }
        let replayer: any StateReplayer
        do {
            replayer = try replay(through: first)
        } catch .interrupted(let step) {
            throw .interrupted(step: step)
        } catch {
            return []
        }
        var snapshots = [replayer.snapshot()]
        let limit = Swift.min(range.upperBound, nextRecordedStep(after: first) ?? count, first + Self.snapshotRun)
        // The end marker may hold the last step's state.
        let last = hasRecordedState(at: limit - 1) ? limit - 2 : limit - 1
        guard last > first else { return snapshots }
        // The walk that asks shows its own progress.
        let progress = replayProgress
        replayProgress = nil
        defer { replayProgress = progress }
        var reached = first
        let interrupted: Int?
        // The state's size is weighed again each time the copies double, as it may grow or
        // shrink as it goes (weighing encodes it); one that cannot be weighed counts as large.
        func weigh() -> Int { Swift.max(1, replayer.currentStateByteCount() ?? Self.snapshotBudget) }
        var size = weigh()
        do {
            interrupted = try replay(from: first, through: last, replayer, reached: &reached) {
                snapshots.append(replayer.snapshot())
                if snapshots.count & (snapshots.count - 1) == 0 { size = Swift.max(size, weigh()) }
                return snapshots.count < Swift.max(Self.snapshotBudget / size, size <= 4096 ? Self.decodedRun : 0)
            }
        } catch {
            // The steps replayed are kept; the one that failed says why when it is asked for.
            replayPosition = nil
            return snapshots
        }
        if let interrupted { throw .interrupted(step: interrupted) }
        return snapshots
    }

    /// How much state text the copies ``replayedSnapshots(_:)`` keeps may stand for: a state
    /// is a value whose unchanged parts its copies share, but an array an action changes is
    /// copied whole. Small, so that the copies are still in the processor's cache when they
    /// are encoded: with 32 MiB, a `diff` of the to-do example's 30 kB states took 15% longer.
    static let snapshotBudget = 4 << 20

    /// How many copies of a state of up to 4 kB ``replayedSnapshots(_:)`` keeps, whatever
    /// ``snapshotBudget`` says (16 MiB at most): enough for a replay that decodes its actions
    /// ahead (``TypedReplayer/decodeAheadThreshold``), which small states gain most from.
    static let decodedRun = 4_097

    /// The most steps ``replayedSnapshots(_:)`` replays at once: enough for a thread to decode
    /// ahead (``TypedReplayer/decodeAheadThreshold``) most of the time.
    static let snapshotRun = 8_192

    /// Runs `body`, whose replays are on the way to step `goal`, with ``replayProgress`` told
    /// that they go to `goal`: a caller that shows a step gets the state before it first, so
    /// that the state after it is one action further, and the progress line of that first
    /// replay should count to the step the user asked for, not to the one before it.
    func heading<Result>(
        to goal: Int, _ body: () throws(InspectorError) -> Result
    ) throws(InspectorError) -> Result {
        progressGoal = goal
        defer { progressGoal = nil }
        return try body()
    }

    /// What makes the states of ``replayedSnapshots(_:)`` JSON on other threads; `nil`
    /// without a reducer.
    var snapshotJSON: SnapshotJSON? {
        replayer.map { SnapshotJSON(replayer: $0, recording: recording) }
    }

    /// Brings the replayer to the state after step `index`, from the nearest known state at or
    /// before it.
    ///
    /// Where the replay fails on the way (an action that no longer decodes, a malformed line,
    /// a state the reducer cannot read) before a recorded state it would go through
    /// (``passesOver(_:at:_:)``), it starts from that state instead, with its stand-ins, as
    /// before replays went through such states (``startDespiteStandIns(at:)``); failing again,
    /// from the next one, and so on. A start's stand-ins are noted in ``standInStarts`` once
    /// the replay from it has got where it was going.
    private func replay(through index: Int) throws(InspectorError) -> any StateReplayer {
        let replayer = try requireReplayer()
        // Already there: asked again for the state the last replay ended at (or stopped at,
        // interrupted, which is now shown).
        if replayPosition == index {
            if let pending = pendingStandIns, pending.step == index {
                note(pending.standIns)
                pendingStandIns = nil
            }
            return replayer
        }
        // A step before where an interrupted replay stopped is not reached by going on with it.
        if let pending = pendingStandIns, index <= pending.step { forgetInterruptedReplay() }
        // The state a failed replay falls back to.
        var fallback: Int?
        while true {
            // The last step whose state the replayer holds, or whose state it tried to load.
            var reached = fallback ?? index - 1
            // Where this replay starts, and the stand-ins of the state there.
            var start = reached
            var standIns: StandInStart?
            do throws(InspectorError) {
                if let fallback {
                    standIns = try loadFallback(fallback, into: replayer)
                } else {
                    standIns = try loadStart(before: index, into: replayer, reached: &reached)
                    start = reached
                }
                // After a fallback, a first stretch too short for a thread to decode ahead
                // (``TypedReplayer/decodeAheadThreshold``): a replay that fails again soon,
                // as one stretch after another of a recording may, costs no thread.
                var interruptedAfter: Int?
                var from = start
                if fallback != nil, index - start > Self.fallbackTrial {
                    from = start + Self.fallbackTrial
                    interruptedAfter = try replay(from: start, through: from, replayer, reached: &reached)
                }
                if interruptedAfter == nil {
                    interruptedAfter = try replay(from: from, through: index, replayer, reached: &reached)
                }
                // The replayer holds the state after that step, kept as `replayPosition`; a
                // replay that goes on from there notes the start's stand-ins once it gets there.
                if let interruptedAfter {
                    pendingStandIns = standIns.map { (interruptedAfter, $0) }
                    throw .interrupted(step: interruptedAfter)
                }
                if let standIns { note(standIns) }
                return replayer
            } catch .interrupted(let step) {
                throw .interrupted(step: step)
            } catch {
                replayPosition = nil
                // Checkpoints replayed from stand-ins not noted would give states computed with
                // them without a word: the next replay there starts from the state again (also
                // those of an interrupted replay that this one went on with).
                if let standIns { dropCheckpoints(from: standIns, through: reached) }
                // The first state the replay went through past the failure is where it can start.
                let later = stepsWithStates.partitionIndex(atOrPast: { Int($0) > reached })
                guard
                    let next = stepsWithStates[later...].lazy.map(Int.init).prefix(while: { $0 < index })
                        .first(where: { passedOver.contains($0) })
                else { throw error }
                startDespiteStandIns(at: next)
                fallback = next
            }
        }
    }

    /// Loads the nearest known state before step `index` into `replayer`: the one it holds, a
    /// checkpoint, a recorded state replays start from, or the initial state. `reached` is the
    /// step whose state it is (`-1` for the initial state), or, when it throws, the step whose
    /// state could not be had.
    ///
    /// - Returns: The state's stand-ins, for a recorded or initial state that has them.
    private func loadStart(
        before index: Int, into replayer: any StateReplayer, reached start: inout Int
    ) throws(InspectorError) -> StandInStart? {
        start = index - 1
        while true {
            if start == replayPosition {
                // An interrupted replay's start, not yet noted, whose replay goes on from here.
                guard let pending = pendingStandIns, pending.step == start else { return nil }
                pendingStandIns = nil
                return pending.standIns
            }
            if let checkpoint = checkpoints[start] {
                replayer.restore(checkpoint)
                replaysFromStandIns = checkpointsFromStandIns.contains(start)
                return nil
            }
            if start < 0 {
                let state = try initialState()
                try load(state, into: replayer, from: nil)
                replaysFromStandIns = false
                return standIns(ofInitial: state, in: replayer)
            }
            if recording.steps[start].hasState, !passedOver.contains(start) {
                let recorded = try entry(at: start)
                if let state = recorded.state, !passesOver(state, at: start, replayer) {
                    // Read once already, by `passesOver`.
                    let standIns = standIns(in: state, at: start, replayer)
                    checkReplay(into: start)
                    try load(state, into: replayer, from: recorded)
                    replaysFromStandIns = standIns != nil
                    return standIns
                }
            }
            start -= 1
        }
    }

    /// Loads the state recorded at step `index`, which a replay went through until one to a
    /// later step failed before it, into `replayer`.
    ///
    /// - Returns: The state's stand-ins.
    private func loadFallback(_ index: Int, into replayer: any StateReplayer) throws(InspectorError) -> StandInStart? {
        let recorded = try entry(at: index)
        guard let state = recorded.state else { return nil }
        let standIns = standIns(in: state, at: index, replayer)
        try load(state, into: replayer, from: recorded)
        replaysFromStandIns = standIns != nil
        return standIns
    }

    /// Drops the checkpoints a replay kept from `start`, a state with stand-ins it has not
    /// noted, up to step `last`: a later replay there starts from the state again, and notes
    /// it once it gets where it goes.
    private func dropCheckpoints(from start: StandInStart, through last: Int) {
        let origin = start.seq.flatMap { recording.index(ofSeq: $0) } ?? -1
        guard last > origin else { return }
        checkpoints = checkpoints.filter { !(origin + 1...last).contains($0.key) }
    }

    /// Forgets an interrupted replay whose start's stand-ins are not noted
    /// (``pendingStandIns``), which no replay goes on with: its checkpoints would give states
    /// computed with them without a word.
    private func forgetInterruptedReplay() {
        guard let pending = pendingStandIns else { return }
        dropCheckpoints(from: pending.standIns, through: pending.step)
        pendingStandIns = nil
    }

    /// How many steps a replay that fell back to a state tries first
    /// (``replay(through:)``): fewer than a thread decoding ahead needs.
    static let fallbackTrial = 4_000

    /// Replays the actions after step `start`, whose state `replayer` holds, through step
    /// `index`, keeping checkpoints, and updating `reached` to the last step replayed.
    ///
    /// - Returns: The step after which ``isInterrupted`` stopped the replay, if it did.
    ///
    /// `observe` is called after each step, with the state after it in `replayer`; when it
    /// returns `false`, the replay ends there, as if that step were `index`.
    private func replay(
        from start: Int, through index: Int, _ replayer: any StateReplayer, reached: inout Int,
        observe: (() -> Bool)? = nil
    ) throws(InspectorError) -> Int? {
        // An interrupted replay not gone on with (another start was nearer).
        forgetInterruptedReplay()
        replayPosition = start
        let progress = index - start >= Self.reportedReplayLength ? replayProgress : nil
        defer { progress?(nil) }
        let isInterrupted = self.isInterrupted
        var interruptedAfter: Int?
        var last = start
        defer { reached = last }
        _ = try replayer.applyActions(
            of: (start + 1)..<(index + 1), in: recording, statesCheckedByCaller: false,
            fallback: { step throws(InspectorError) in
                var entry: RecordingEntry?
                try replayer.applyAction(of: step, in: recording, entry: &entry, stateCheckedByCaller: false)
            },
            after: { step throws(InspectorError) in
                replayPosition = step
                last = step
                if passedOver.contains(step) {
                    try takeRecordedValues(at: step, into: replayer)
                    keepCheckpoint(at: step, of: replayer)
                } else if step % checkpointInterval == 0 {
                    keepCheckpoint(at: step, of: replayer)
                }
                if let observe, !observe() { return false }
                guard step & 1023 == 0 else { return true }
                progress?((step, max(index, progressGoal ?? index)))
                if isInterrupted?() == true {
                    interruptedAfter = step
                    return false
                }
                return true
            })
        return interruptedAfter
    }

    /// Replays at most `limit` actions past the steps whose states are already at hand,
    /// keeping checkpoints as a jump's replay does, so that a later jump to any step up to
    /// there replays about one ``checkpointInterval`` at most: what `step` does, a slice at a
    /// time, while its prompt waits for a command, so that a far jump typed once it has caught
    /// up takes a fraction of a millisecond instead of replaying the recording from the start.
    ///
    /// Stretches whose states are recorded, or which a replay has already passed, are stepped
    /// over. A replay that fails (a malformed line, an action the reducer cannot decode) ends
    /// the filling of its stretch without a word, up to the next recorded state: the command
    /// that needs such a step says what is wrong there. The replay neither reports progress
    /// nor looks at ``isInterrupted``.
    ///
    /// - Parameter limit: The most actions to replay in this call.
    /// - Returns: Whether there may be more to fill; once `false`, a call does nothing.
    public func fillCheckpoints(replaying limit: Int) -> Bool {
        guard replayer != nil else { return false }
        // Stepping over what is at hand is bounded too, as a call must be short.
        for _ in 0..<65_536 {
            guard filledThrough < count - 1 else { return false }
            // The first checkpoint after `filledThrough` (at -1: step 0).
            let mark = (filledThrough + checkpointInterval) / checkpointInterval * checkpointInterval
            if hasRecordedState(at: filledThrough + 1) {
                filledThrough += 1
                continue
            }
            if mark < count, checkpoints[mark] != nil {
                filledThrough = mark
                continue
            }
            let recorded = nextRecordedStep(after: filledThrough)
            // A stretch up to a state that replays go through is no shorter than the one before.
            if let recorded, recorded - filledThrough <= Self.shortStretch, startsReplays(at: recorded) {
                filledThrough = recorded
                continue
            }
            // Never into a recorded state: a replay there would start from that state, leaving
            // the stretch before it without checkpoints, and a replay through it would check
            // the steps after it against a replayed state, not the recording's.
            let end = recorded.map { $0 - 1 } ?? count - 1
            let target = min(filledThrough + max(1, limit), end)
            let (progress, isInterrupted) = (replayProgress, self.isInterrupted)
            (replayProgress, self.isInterrupted) = (nil, nil)
            defer { (replayProgress, self.isInterrupted) = (progress, isInterrupted) }
            do {
                _ = try replay(through: target)
                filledThrough = target
            } catch {
                // Nothing can be replayed past the failure up to the next recorded state, from
                // which the replay goes on.
                filledThrough = end
            }
            return filledThrough < count - 1
        }
        return filledThrough < count - 1
    }

    /// The longest stretch of steps without states, up to a recorded one, that
    /// ``fillCheckpoints(replaying:)`` leaves to the jump: a jump into it replays at most this
    /// many actions from the state before, about a millisecond for the shop example, so a
    /// recording made with `.every(1000)` is not replayed at all for a few microseconds less.
    static let shortStretch = 1024

    /// Whether a replay past step `index`, whose state is recorded, starts from that state
    /// rather than going through it (``passesOver(_:at:_:)``). A line that cannot be read is
    /// taken as a start: the replay that reads it says what is wrong.
    private func startsReplays(at index: Int) -> Bool {
        guard !passedOver.contains(index) else { return false }
        guard let replayer, let state = try? entry(at: index).state else { return true }
        return !passesOver(state, at: index, replayer)
    }

    /// The first step after `index` whose state is recorded in its entry, if any.
    private func nextRecordedStep(after index: Int) -> Int? {
        let later = stepsWithStates.partitionIndex(atOrPast: { Int($0) > index })
        return later < stepsWithStates.count ? Int(stepsWithStates[later]) : nil
    }

    /// Makes sure the step at `index` was checked as ``checkReplay(into:)`` checks the steps a
    /// replay passes, for a caller that shows the step's changes without having replayed up to
    /// it (`step` coming back to a step whose states it kept): replays up to the step before
    /// it when that state is not recorded and the step's is.
    func checkReplay(at index: Int) {
        guard reducer != nil, index > 0, index < count, !checkedSteps.contains(index), hasRecordedState(at: index),
            !hasRecordedState(at: index - 1)
        else { return }
        guard (try? replay(through: index - 1)) != nil else { return }
        checkReplay(into: index)
    }

    /// Where the replayer holds the state after `index - 1`, replayed, and the recording holds
    /// the state after `index`: runs that step's action too, and keeps the state it makes for
    /// ``compareReplays()``, which notes the step in ``unreproducedSeqs`` when the two differ
    /// as `verify` tells them apart (``ReplayRun/divergence(recorded:replayed:)``). Nothing
    /// else changes: the replay goes on from the recorded state, as before.
    ///
    /// Only where a replayed state meets a recorded one can the recording's states and the
    /// reducer's be shown side by side as if an action had made the difference; a step after
    /// entries are missing is expected to differ, and is not looked at. An action that cannot
    /// be replayed here is reported, if at all, by what needs it replayed.
    private func checkReplay(into index: Int) {
        guard let replayer, index > 0, replayPosition == index - 1, !replaysFromStandIns,
            checkedSteps.insert(index).inserted, recording.gap(before: index) == nil,
            missingEntries(replayedThrough: index - 1) == 0
        else { return }
        defer { replayPosition = nil }
        var entry: RecordingEntry?
        guard (try? replayer.applyAction(of: index, in: recording, entry: &entry, stateCheckedByCaller: false)) != nil
        else { return }
        keepForComparison(index, replayer)
    }

    /// Keeps the replayer's state, made by replaying up to step `index`, for
    /// ``compareReplays()`` to compare with the state recorded there.
    private func keepForComparison(_ index: Int, _ replayer: any StateReplayer) {
        uncompared.append((index, replayer.snapshot()))
        if uncompared.count >= 256 { compareReplays() }
    }

    /// Compares the replays ``checkReplay(into:)`` kept with the recorded states, on every
    /// core, and notes those that differ in ``unreproducedSeqs``.
    private func compareReplays() {
        guard let maker = snapshotJSON, !uncompared.isEmpty else { return }
        let (taken, recording) = (uncompared, self.recording)
        uncompared = []
        let differs = ParallelMap.map(taken.count, cores: ProcessInfo.processInfo.activeProcessorCount) { offsets in
            offsets.map { offset -> Bool in
                let (index, replayed) = taken[offset]
                if maker.encodes(replayed, asRecordedAt: index) { return false }
                let recorded =
                    recording.steps[index].hasState
                    ? (try? recording.entry(at: index))?.state : (try? recording.finalState(after: index))
                guard let recorded, let state = try? maker.json(of: replayed, at: index) else { return false }
                return !ReplayRun.divergence(recorded: recorded, replayed: state).isEmpty
            }
        }
        for (offset, different) in differs.enumerated() where different {
            unreproduced.append(recording.steps[taken[offset].index].seq)
        }
    }

    /// Keeps the replayer's state as the checkpoint of `step`, and thins the checkpoints out
    /// when they pass ``checkpointBudget``.
    private func keepCheckpoint(at step: Int, of replayer: any StateReplayer) {
        checkpoints[step] = replayer.snapshot()
        if replaysFromStandIns {
            checkpointsFromStandIns.insert(step)
        } else {
            checkpointsFromStandIns.remove(step)
        }
        if checkpointStateSize == 0 || checkpointsSinceMeasured >= 16 {
            checkpointStateSize = max(1, replayer.currentStateByteCount() ?? 1)
            checkpointsSinceMeasured = 0
        }
        checkpointsSinceMeasured += 1
        let limit = max(4, min(Self.checkpointBudget.count, Self.checkpointBudget.bytes / checkpointStateSize))
        while checkpoints.count > limit {
            checkpointInterval *= 2
            let interval = checkpointInterval
            checkpoints = checkpoints.filter { $0.key % interval == 0 }
        }
    }

    /// Whether a replay to a later step should not start from `state`, recorded at step
    /// `index`, but replay through it from an earlier state: the reducer reads a redacted value
    /// in it as a stand-in (``standIns(in:at:_:)``), no entries are missing since the state
    /// recorded before it (a replay cannot pass those), and no replay through it has failed.
    private func passesOver(_ state: JSONValue, at index: Int, _ replayer: any StateReplayer) -> Bool {
        guard standIns(in: state, at: index, replayer) != nil else { return false }
        let previous = lastRecordedStep(before: index)
        guard recording.gaps(before: (previous + 1)..<(index + 1)).isEmpty, !startedDespiteStandIns.contains(index)
        else { return false }
        passedOver.insert(index)
        return true
    }

    /// Makes replays start from the state recorded at step `index` again, which they went
    /// through (``passesOver(_:at:_:)``), because a replay fails on the way to it: an action
    /// before it that no longer decodes, a line or a state before it that cannot be read. The
    /// steps after it can be shown from the recorded state, with its stand-ins, as before
    /// replays went through it (``replay(through:)`` notes it in ``standInStarts``); the step
    /// that fails says what is wrong when it is shown.
    private func startDespiteStandIns(at index: Int) {
        passedOver.remove(index)
        startedDespiteStandIns.insert(index)
    }

    /// At a step whose recorded state the replay went through (``passesOver(_:at:_:)``), makes
    /// the replayer's state the recorded one with the replayed values in place of its
    /// placeholders: what the recording holds stays the truth, as where a replay starts from
    /// it, and only what it hid is the replay's. The replayed state is kept to be compared with
    /// the recorded one, as ``checkReplay(into:)`` keeps it, for ``unreproducedSeqs``.
    private func takeRecordedValues(at index: Int, into replayer: any StateReplayer) throws(InspectorError) {
        let recorded = try entry(at: index)
        guard let state = recorded.state else { return }
        let replayed: JSONValue
        do {
            replayed = try replayer.currentState()
        } catch {
            throw .recording(recording.failure(error, at: recorded))
        }
        if !replaysFromStandIns, checkedSteps.insert(index).inserted { keepForComparison(index, replayer) }
        try load(state.fillingRedactions(from: replayed) ?? state, into: replayer, from: recorded)
    }

    /// The stand-ins the reducer reads in `state`, recorded at step `index`, if any. The state
    /// is read once, when a replay first comes to it, and the replayer's own state is kept for
    /// the replay that may go on from it.
    private func standIns(in state: JSONValue, at index: Int, _ replayer: any StateReplayer) -> StandInStart? {
        if let known = statesWithStandIns[index] { return known }
        guard !statesReadAsWritten.contains(index) else { return nil }
        guard state.holdsRedactionPlaceholder else {
            statesReadAsWritten.insert(index)
            return nil
        }
        let kept = replayPosition.map { _ in replayer.snapshot() }
        defer { if let kept { replayer.restore(kept) } }
        // A state the reducer cannot read is reported by the load that follows.
        guard (try? replayer.setState(state)) != nil else { return nil }
        let found = StandInStart(seq: recording.steps[index].seq, state: state, loadedIn: replayer)
        if let found { statesWithStandIns[index] = found } else { statesReadAsWritten.insert(index) }
        return found
    }

    /// The stand-ins the reducer reads in the initial state, `state`, just loaded into
    /// `replayer`, if any; read once.
    private func standIns(ofInitial state: JSONValue, in replayer: any StateReplayer) -> StandInStart? {
        if let initialStandIns { return initialStandIns }
        let found = StandInStart(seq: nil, state: state, loadedIn: replayer)
        initialStandIns = .some(found)
        return found
    }

    private func note(_ standIns: StandInStart) {
        if !standInStarts.contains(where: { $0.seq == standIns.seq }) { standInStarts.append(standIns) }
    }

    /// Makes `state` the replayer's, the state recorded with `entry`, or with `nil` the state
    /// replays start from; a state the reducer cannot read is reported where it was written.
    private func load(_ state: JSONValue, into replayer: any StateReplayer, from entry: RecordingEntry?) throws(InspectorError) {
        do {
            try replayer.setState(state)
        } catch {
            throw .recording(entry.map { recording.failure(error, at: $0) } ?? recording.initialStateFailure(error))
        }
    }
}

/// Makes the states a timeline replayed JSON, on any thread: the replayer's
/// ``StateReplayer/json(of:)`` is safe to call from several at once.
struct SnapshotJSON: @unchecked Sendable {
    // Unchecked Sendable: only `json(of:)`, `text(of:)` and `encodes(_:as:)` of the replayer
    // are called, which are thread-safe, and the recording is only read.
    let replayer: any StateReplayer
    let recording: Recording

    /// The JSON of a state from ``Timeline/replayedSnapshots(_:)`` for step `index`, with
    /// the error ``Timeline/state(after:)`` would give.
    func json(of snapshot: ReplaySnapshot, at index: Int) throws(InspectorError) -> JSONValue {
        do {
            return try replayer.json(of: snapshot)
        } catch {
            throw recording.replayFailure(error, at: index)
        }
    }

    /// The text of a state from ``Timeline/replayedSnapshots(_:)``, as
    /// ``Timeline/stateText(after:)`` would make it (what `paths` need of it); `nil` when it
    /// cannot be encoded, for ``Timeline/stateText(after:)`` to report.
    func text(of snapshot: ReplaySnapshot, keeping paths: KeptPaths? = nil) -> StateText? {
        (try? encoded(snapshot, keeping: paths).get()).map { StateText($0.text) }
    }

    /// Whether a state from a replay's ``StateReplayer/snapshot()`` encodes to exactly the
    /// bytes of the state recorded at step `index`; `false` also when the line holds no state
    /// it can find without parsing it, or the state does not encode.
    func encodes(_ snapshot: ReplaySnapshot, asRecordedAt index: Int) -> Bool {
        guard let recorded = recording.recordedStateBytes(at: index) else { return false }
        return replayer.encodes(snapshot, as: recorded)
    }

    /// The text of a state from a replay's ``StateReplayer/snapshot()`` (what `paths` need of
    /// it), with its depth, or why it cannot be encoded.
    func encoded(
        _ snapshot: ReplaySnapshot, keeping paths: KeptPaths? = nil
    ) -> Result<(text: [UInt8], depth: Int), ReplayError> {
        Result { () throws(ReplayError) in try replayer.text(of: snapshot, keeping: paths) }
    }
}

extension Recording {
    /// Whether the `end` marker holds the state after step `index`: the last step, closed by a
    /// marker with a state (a recording made with `.never` still holds that state there).
    func endMarkerHoldsState(after index: Int) -> Bool {
        index == steps.count - 1 && endHasState && endSeq == steps[index].seq
    }

    /// The `end` marker's state when it is the state after step `index`, else `nil`.
    func finalState(after index: Int) throws(InspectorError) -> JSONValue? {
        guard endMarkerHoldsState(after: index) else { return nil }
        return try finalState()
    }
}
