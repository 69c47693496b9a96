/// What verifying one recording found.
public struct VerifyResult: Sendable {
    /// How the verification of a file ended.
    public enum Outcome: Sendable {
        /// Every recorded state matches the replay.
        case passed
        /// The replay first differs from the recording at this step.
        case diverged(Divergence)
        /// The reducer is not deterministic: two replays differ at this step.
        case nondeterministic(Divergence)
        /// The file could not be verified.
        case error(InspectorError)
    }

    /// Where and how a replay differed.
    public struct Divergence: Sendable {
        /// The step's `seq`; 0 when the recording holds no step and its end marker's state is
        /// not the initial one.
        public let seq: Int
        /// The action's type (empty without a step).
        public let type: String
        /// The action (`null` without a step).
        public let action: JSONValue
        /// The line of the entry (or of the `end` marker).
        public let line: Int
        /// The changes from what was expected (recorded, or the first replay) to what the
        /// reducer produced now.
        public let changes: [JSONChange]
        /// Paths among the changes whose expected value is redacted in the recording.
        public let redactedPaths: [JSONPath]
        /// The steps that may have made the difference, when there are several: every step
        /// after the last state compared (or from the first), up to this one. A recording
        /// with a state every N steps, or none but the end marker's, leaves them unchecked,
        /// so the step named above is only where the difference was seen.
        public var candidates: ClosedRange<Int>?
        /// The first step among ``candidates`` (or this one) whose action holds a value the
        /// recorder redacted: a state computed from it cannot be replayed.
        public var redactedActionSeq: Int?
        /// How many steps among ``candidates`` (or this one) have such an action.
        public var redactedActions = 0
        /// The state the replay went on from before this step, the initial state or one
        /// recorded after missing entries, when it holds redacted values the app's decoder
        /// reads as stand-ins: the replayed states computed with those may be why they differ.
        public var standIns: StandInStart?

        /// `seq 12 addToCart`, or `seq 0 (no step)`, as reports name the step.
        var stepName: String { seq == 0 ? "seq 0 (no step)" : "seq \(seq) \(type)" }
    }

    /// The recording's path.
    public let path: String
    /// How it ended.
    public let outcome: Outcome
    /// Steps replayed.
    public let steps: Int
    /// Recorded states compared.
    public let comparedStates: Int
    /// Seconds spent.
    public let seconds: Double
    /// Problems that did not stop verification, such as a truncated last line.
    public var warnings: [RecordingError] = []
    /// Recorded states after missing entries, taken as recorded rather than compared: the
    /// replay cannot know what the missing actions did.
    public var statesAfterMissing = 0
    /// The recorded states `--update` rewrote with the replayed ones: the file passes now,
    /// without having been verified again.
    public var rewrittenStates = 0
    /// Where the states `--update` rewrites differ, path by path.
    var rewrittenPaths = RewrittenPaths()

    /// Whether the file passed.
    public var passed: Bool {
        if case .passed = outcome { return true }
        return false
    }
}
