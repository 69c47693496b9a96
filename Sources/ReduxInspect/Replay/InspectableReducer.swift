import Redux

/// An app's reducer and initial state, registered with an inspector under a name.
///
/// The inspector works in JSON; this is where JSON meets the app's types: actions are
/// decoded into `Action`, run through the reducer, and states encoded back the way the
/// ``Recorder`` encodes them.
///
/// ```swift
/// let shop = InspectableReducer(name: "shop", reducer: Shop.reducer, initialState: Shop.State())
/// ```
public struct InspectableReducer: Sendable {
    /// The name recordings use in their header's `reducer` field.
    public let name: String
    /// The state type's name, for messages.
    public let stateTypeName: String
    /// The action type's name, for messages.
    public let actionTypeName: String
    /// Makes a replayer; given what to say of a recording that names another reducer (a
    /// `--reducer` that overrides it), its errors about recorded values say it.
    let makeReplayer: @Sendable (_ otherReducerNote: String?) -> any StateReplayer

    /// Registers a reducer.
    ///
    /// - Parameters:
    ///   - name: The name recordings use for it (the header's `reducer`).
    ///   - reducer: The app's reducer.
    ///   - initialState: The state replays start from when a recording has no initial state.
    public init<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
        name: String, reducer: Reducer<State, Action>, initialState: State
    ) {
        self.name = name
        self.stateTypeName = String(reflecting: State.self)
        self.actionTypeName = String(reflecting: Action.self)
        self.makeReplayer = { TypedReplayer(reducer: reducer, initialState: initialState, otherReducerNote: $0) }
    }

    /// A replayer for `recording`.
    func makeReplayer(for recording: Recording) -> any StateReplayer {
        guard let named = recording.reducerName, named != name else { return makeReplayer(nil) }
        return makeReplayer(
            "the recording names reducer \"\(TerminalText.echo(named))\": --reducer \(TerminalText.echo(name)) replays it with another")
    }
}

/// Why a replay step failed.
public enum ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The action's JSON does not decode into the reducer's `Action` type; `at` is where
    /// inside the action, as the decoder's coding path.
    case cannotDecodeAction(typeName: String, detail: String, at: JSONPath = .root)
    /// A recorded state's JSON does not decode into the reducer's `State` type; `at` is where
    /// inside the state.
    case cannotDecodeState(typeName: String, detail: String, at: JSONPath = .root)
    /// The replayed state cannot be encoded.
    case cannotEncodeState(detail: String)

    public var description: String {
        switch self {
        case .cannotDecodeAction(let typeName, let detail, _): "cannot decode the action as \(typeName): \(detail)"
        case .cannotDecodeState(let typeName, let detail, _): "cannot decode the state as \(typeName): \(detail)"
        case .cannotEncodeState(let detail): "cannot encode the replayed state: \(detail)"
        }
    }

    /// ``cannotEncodeState(detail:)`` for an error the encoder threw, said as a decoding error
    /// is: `at stats.ratio: nan cannot be written as JSON`.
    static func cannotEncode(_ error: any Error) -> ReplayError {
        guard case EncodingError.invalidValue(_, let context) = error else {
            return .cannotEncodeState(detail: JSONValueDecoder.describe(error))
        }
        let what = JSONValueDecoder.oneLine(context.debugDescription)
        return .cannotEncodeState(detail: "at \(JSONValueDecoder.path(context.codingPath)): \(what)")
    }

    /// Where the value that failed is on its line, for an error message's column: within the
    /// `action` member, or the state's member (`state` on an entry, `initialState` on the
    /// header); `nil` when the failure is not about a recorded value.
    func valuePath(stateMember: String) -> JSONPath? {
        switch self {
        case .cannotDecodeAction(_, _, let path): JSONPath([.key("action")] + path.components)
        case .cannotDecodeState(_, _, let path): JSONPath([.key(stateMember)] + path.components)
        case .cannotEncodeState: nil
        }
    }
}

/// A replay in progress, with its state and action types hidden.
protocol StateReplayer: AnyObject {
    /// Whether to name each action reduced as the recorder names it, for ``lastActionType``
    /// (off by default: it costs a replay a lookup a step).
    var namesActions: Bool { get set }
    /// The `type` the recorder writes for the last action reduced (see ``ActionType``), while
    /// ``namesActions`` is on: what `check` compares with the `type` each entry writes.
    var lastActionType: String? { get }
    /// The reducer's default initial state, as JSON.
    func defaultInitialState() throws(ReplayError) -> JSONValue
    /// Makes the reducer's default initial state the current state.
    func reset()
    /// Makes `json` the current state.
    func setState(_ json: JSONValue) throws(ReplayError)
    /// Notes that this thread replays step `index` of `recording` now, for a crash of the
    /// app's code to name it (``ReplayCrashNote``).
    func noteReplaying(_ index: Int, of recording: Recording)
    /// Notes that this thread replays no step now.
    func noteReplayDone()
    /// Where `action` holds the recorder's placeholder and the app's decoder reads another
    /// value there (a number as `0`, a Boolean as `false`, a `UUID` as the all-zero one): what
    /// a replay of it computes with in place of the app's values. Empty when it reads every
    /// placeholder as written, or cannot decode the action.
    func actionStandIns(_ action: JSONValue) -> [StandIn]
    /// Decodes the action and runs the reducer on the current state.
    func apply(_ action: JSONValue) throws(ReplayError)
    /// Decodes the action from its JSON text, which `RawJSON.isCertainlyValid` accepts, and
    /// runs the reducer on the current state, as ``apply(_:)`` does with the parsed text,
    /// errors included, without parsing it first.
    func apply(validActionText: UnsafeBufferPointer<UInt8>) throws(ReplayError)
    /// Runs the actions of `steps` of `recording` through the reducer in order, as running
    /// `fallback` for each would, and calls `after` after each step; returns `false` when
    /// `after` did, which stops the run there.
    ///
    /// On a long run the actions are decoded from their bytes (``Recording/actionText(at:)``)
    /// ahead of the reducer, on other threads, while this one runs the reducer: decoding costs
    /// more than many reducers, and a replay can only run its reducer one step after another.
    /// `fallback` runs a step the usual way, on this thread: every step of a short run, and a
    /// step whose action was not decoded ahead (its line cannot be read without parsing, or
    /// the action does not decode, which `fallback` then reports as it would have). Actions
    /// after the last step run, up to two chunks of 256, may be decoded and dropped. With
    /// `statesCheckedByCaller`, lines are read as ``Recording/actionText(at:stateCheckedByCaller:)``
    /// reads them.
    func applyActions(
        of steps: Range<Int>, in recording: Recording, statesCheckedByCaller: Bool,
        fallback: (Int) throws(InspectorError) -> Void,
        after: (Int) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> Bool
    /// The current state as JSON, encoded as the recorder encodes it.
    func currentState() throws(ReplayError) -> JSONValue
    /// The current state as the compact JSON text the recorder writes, without making a tree
    /// (what a diff of replayed states compares byte by byte), and how deeply the text nests.
    func currentStateText() throws(ReplayError) -> (text: [UInt8], depth: Int)
    /// Whether the current state, encoded as the recorder encodes it, is exactly `recorded`:
    /// the cheap check that settles most steps of a replay without building a tree.
    func currentStateEncodes(as recorded: UnsafeBufferPointer<UInt8>) -> Bool
    /// Whether a snapshot's state, encoded as the recorder encodes it, is exactly `recorded`,
    /// as ``currentStateEncodes(as:)`` tells of the current one; safe to call from several
    /// threads at once, also while the replay goes on.
    func encodes(_ snapshot: ReplaySnapshot, as recorded: UnsafeBufferPointer<UInt8>) -> Bool
    /// A copy of the current state to come back to.
    func snapshot() -> ReplaySnapshot
    /// How many bytes the current state takes encoded, or `nil` when it cannot be encoded: a
    /// measure of what a copy of it holds.
    func currentStateByteCount() -> Int?
    /// A snapshot's state as JSON, as ``currentState()`` gives the current one; safe to call
    /// from several threads at once, also while the replay goes on.
    func json(of snapshot: ReplaySnapshot) throws(ReplayError) -> JSONValue
    /// A snapshot's state as the text ``currentStateText()`` gives for the current one (with
    /// `paths`, only what they need of it: `KeptPaths`, the members off them left out), and its
    /// depth; safe to call from several threads at once, also while the replay goes on.
    func text(of snapshot: ReplaySnapshot, keeping paths: KeptPaths?) throws(ReplayError) -> (text: [UInt8], depth: Int)
    /// Makes a snapshot's state the current state.
    func restore(_ snapshot: ReplaySnapshot)
}

/// A state kept by a replay, opaque to everything but its replayer.
///
/// Unchecked Sendable: the state is the app's, which ``InspectableReducer`` requires to be
/// `Sendable`, and it is never changed.
final class ReplaySnapshot: @unchecked Sendable {
    let state: Any

    init(_ state: Any) {
        self.state = state
    }
}
