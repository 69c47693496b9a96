import Foundation

/// One step of a replay that compares states without reading more of the recording than it
/// must (``ReplayRun/check(through:comparingStates:_:)``): where the replayed state matches the recorded one,
/// it says so, and nothing of the step was parsed.
public struct ReplayCheck: Sendable {
    /// The step's 0-based index in ``Recording/steps``.
    public let index: Int
    /// The step's `seq`.
    public let seq: Int
    /// The recorded entry, when the step had to be parsed: its state differs from the
    /// replayed one, it follows a gap, or its line could not be read without parsing it.
    /// ``Recording/entry(at:)`` reads it otherwise.
    public let entry: RecordingEntry?
    /// The state after the step as a tree, when the replay made one: the recorded one after a
    /// gap, the replayed one where it differs from the recorded one, and the recorded one where
    /// the entry was parsed and the states match.
    public let after: JSONValue?
    /// The state after the step as text, where a replay made with texts made one instead of a
    /// tree (see ``ReplayRun/replay(through:trees:texts:comparingStates:start:_:)``).
    let afterText: StateText?
    /// A copy of the replayed state after the step, where a replay made with texts left it to
    /// its caller to encode, on other threads.
    let afterSnapshot: ReplaySnapshot?
    /// Recorded → replayed differences when the recording holds a state for this step and
    /// it differs; empty when it matches; `nil` when the recording holds no state here, or
    /// when entries missing before it make the replay unable to match.
    public let divergence: [JSONChange]?
    /// Entries missing just before this step, if any. The replay continues from the next
    /// recorded state.
    public let gapBefore: RecordingGap?
    /// At a step after missing entries whose recorded state the replay goes on from, the
    /// redacted values in that state the reducer reads as stand-ins (``StandInStart``): the
    /// states replayed from it compute with those. `nil` at any other step, or when there
    /// are none.
    public internal(set) var standIns: StandInStart? = nil
}

extension ReplayRun {
    /// Replays every step (up to `lastSeq`) as ``run(through:_:)`` does, with the same
    /// divergences, errors and end comparison, but reads a step only as far as the replay
    /// needs: what `verify` and `check` do.
    ///
    /// A step's action is decoded from its bytes, and a replayed state that encodes to
    /// exactly the bytes the recorder wrote matches without either state becoming a tree;
    /// at a step without a recorded state, the replayed state is not encoded at all. Parsing
    /// every entry and making every state a tree, as ``run(through:_:)`` does for its
    /// ``ReplayStep``s, cost more than the replay itself.
    ///
    /// One thing differs from ``run(through:_:)``: a replayed state that cannot be encoded
    /// (a `Decimal` that overflowed to NaN, say) is reported where it is compared — at the
    /// next step with a recorded state, or at the end marker, naming the last step — not at
    /// the step that made it, and not at all when no state is compared after it.
    ///
    /// - Parameters:
    ///   - lastSeq: The last `seq` to replay, or `nil` for all.
    ///   - comparingStates: Whether to compare the replayed states with the recorded ones.
    ///     Without, every ``ReplayCheck/divergence`` is `nil`, no state is encoded, and what is
    ///     checked is that every action decodes and replays (and every state after a gap
    ///     decodes): what `check` does.
    ///   - visit: Receives each step; returns `false` to stop.
    /// - Returns: The comparison with the `end` marker's state, as ``run(through:_:)``;
    ///   always `nil` without `comparingStates`.
    /// - Throws: ``InspectorError`` for a malformed line or an action that cannot be replayed.
    @discardableResult
    public func check(
        through lastSeq: Int? = nil, comparingStates: Bool = true,
        _ visit: (ReplayCheck) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> EndComparison? {
        try check(
            through: lastSeq, comparingStates: comparingStates, cores: ProcessInfo.processInfo.activeProcessorCount,
            visit)
    }

    /// ``check(through:comparingStates:_:)``, comparing the replayed states with the recorded
    /// ones on `cores` cores (``ComparisonWindow``): `visit` sees the same steps, and the same
    /// error after the same steps, on any number.
    @discardableResult
    func check(
        through lastSeq: Int?, comparingStates: Bool, cores: Int,
        _ visit: (ReplayCheck) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> EndComparison? {
        try replay(through: lastSeq, trees: false, comparingStates: comparingStates, cores: cores, start: nil, visit)
    }
}
