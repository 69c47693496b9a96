import Foundation
import Redux

/// Replays a concrete reducer: the one place where the inspector's JSON is decoded into
/// the app's types and encoded back.
final class TypedReplayer<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: StateReplayer {
    private let reducer: Reducer<State, Action>
    private let initialState: State
    private var state: State
    private let encoder = RecordingEncoder()
    /// Encode states to text, on any thread, faster than `encoder` (which starts afresh each time).
    private let sessions = EncoderSessions()
    private let bytesDecoder = JSONBytesDecoder()
    /// What to say of a recording that names another reducer than this one (`--reducer`
    /// overrode it), the likeliest reason its values do not decode.
    private let otherReducerNote: String?
    var namesActions = false
    private(set) var lastActionType: String?
    /// Naming by reflection costs more than reducing; the cache names each case once.
    private lazy var actionTypes = ActionTypeCache()
    private let crashNote = ReplayCrashNote()

    init(reducer: Reducer<State, Action>, initialState: State, otherReducerNote: String? = nil) {
        self.reducer = reducer
        self.initialState = initialState
        self.state = initialState
        self.otherReducerNote = otherReducerNote
    }

    func defaultInitialState() throws(ReplayError) -> JSONValue {
        try json(of: initialState)
    }

    func reset() {
        state = initialState
    }

    func setState(_ json: JSONValue) throws(ReplayError) {
        do {
            state = try JSONValueDecoder().decode(State.self, from: json)
        } catch {
            throw .cannotDecodeState(
                typeName: String(reflecting: State.self),
                detail: JSONValueDecoder.describe(error) + hint(for: error),
                at: JSONValueDecoder.valuePath(of: error))
        }
    }

    /// Why a recorded value may not decode, when a likely cause is known: a recording of
    /// another reducer, or (for a state missing a key) one made before a property was added.
    private func hint(for error: any Error) -> String {
        if let otherReducerNote { return "; " + otherReducerNote }
        return Self.missingPropertyHint(error)
    }

    /// For a state missing a key: how a recording made before a property was added can still
    /// be read. Synthesized `Codable` requires every property that is not optional, even one
    /// with a default value, which surprises.
    private static func missingPropertyHint(_ error: any Error) -> String {
        guard case .keyNotFound(let key, _) = error as? DecodingError else { return "" }
        return "; if \(key.stringValue) was added after this recording was made, make it optional or "
            + "decode it with a default in its type's init(from:) (see help inspector)"
    }

    func noteReplaying(_ index: Int, of recording: Recording) {
        crashNote.note(index, of: recording)
    }

    func noteReplayDone() {
        crashNote.clear()
    }

    func actionStandIns(_ action: JSONValue) -> [StandIn] {
        guard action.holdsRedactionPlaceholder, let decoded = try? JSONValueDecoder().decode(Action.self, from: action),
            let read = try? encoder.encodeTree(decoded)
        else { return [] }
        return action.standIns(read: JSONValue(read))
    }

    func apply(_ action: JSONValue) throws(ReplayError) {
        try reduce { try JSONValueDecoder().decode(Action.self, from: action) }
    }

    func apply(validActionText: UnsafeBufferPointer<UInt8>) throws(ReplayError) {
        try reduce { try bytesDecoder.decode(Action.self, fromCertainlyValid: validActionText) }
    }

    /// Runs the reducer on the action `decode` makes, or says why it could not be decoded.
    @inline(__always)
    private func reduce(_ decode: () throws -> Action) throws(ReplayError) {
        let decoded: Action
        do {
            decoded = try decode()
        } catch {
            throw .cannotDecodeAction(
                typeName: String(reflecting: Action.self),
                detail: JSONValueDecoder.describe(error) + (otherReducerNote.map { "; " + $0 } ?? ""),
                at: JSONValueDecoder.valuePath(of: error))
        }
        reduce(decoded)
    }

    /// Runs the reducer on `action` and the current state.
    func reduce(_ action: Action) {
        if namesActions { lastActionType = actionTypes.name(of: action) }
        reducer.reduce(&state, action)
    }

    func currentState() throws(ReplayError) -> JSONValue {
        try json(of: state)
    }

    func currentStateText() throws(ReplayError) -> (text: [UInt8], depth: Int) {
        try text(of: state, keeping: nil)
    }

    func currentStateEncodes(as recorded: UnsafeBufferPointer<UInt8>) -> Bool {
        encodes(state, as: recorded)
    }

    func encodes(_ snapshot: ReplaySnapshot, as recorded: UnsafeBufferPointer<UInt8>) -> Bool {
        // `sessions` is safe to share.
        encodes(snapshot.state as! State, as: recorded)
    }

    private func encodes(_ value: State, as recorded: UnsafeBufferPointer<UInt8>) -> Bool {
        // An encoding failure is not decided here: the full comparison reports it.
        sessions.encodes(value, as: recorded)
    }

    func currentStateByteCount() -> Int? {
        try? sessions.encodeMeasuringDepth(state).text.count
    }

    func snapshot() -> ReplaySnapshot {
        ReplaySnapshot(state)
    }

    func json(of snapshot: ReplaySnapshot) throws(ReplayError) -> JSONValue {
        // `encoder` and `sessions` are safe to share.
        try json(of: snapshot.state as! State)
    }

    func text(of snapshot: ReplaySnapshot, keeping paths: KeptPaths?) throws(ReplayError) -> (text: [UInt8], depth: Int) {
        // `sessions` is safe to share.
        try text(of: snapshot.state as! State, keeping: paths)
    }

    /// The value as the text the recorder would write (what `paths` need of it), and its depth.
    private func text(of value: State, keeping paths: KeptPaths?) throws(ReplayError) -> (text: [UInt8], depth: Int) {
        do {
            return try sessions.encodeMeasuringDepth(value, keeping: paths)
        } catch {
            throw .cannotEncode(error)
        }
    }

    func restore(_ snapshot: ReplaySnapshot) {
        state = snapshot.state as! State
    }

    /// The value as JSON: the text the recorder would write, parsed. Encoding to text and
    /// parsing it cost half of encoding to a tree of `EncodedValue`s and converting that (its
    /// nodes are allocated and freed one by one), and the text is what recordings hold. Text
    /// the parser refuses (a state nested deeper than its limit) takes the tree's way.
    private func json(of value: State) throws(ReplayError) -> JSONValue {
        do {
            let text = try sessions.encodeMeasuringDepth(value).text
            if let parsed = try? text.withUnsafeBufferPointer({ bytes throws(JSONParseError) in try JSONParser.parse(bytes) }) {
                return parsed
            }
            return JSONValue(try encoder.encodeTree(value))
        } catch {
            throw .cannotEncode(error)
        }
    }
}
